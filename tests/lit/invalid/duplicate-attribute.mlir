// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An attribute dictionary with a key given twice.
// CHECK: {{.*}}duplicate-attribute.mlir:9:23: error: duplicate key 'a' in dictionary attribute
// CHECK-NEXT: {{^}}  "test.op"() {a = 1, a = 2} : () -> (){{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.op"() {a = 1, a = 2} : () -> ()
  return
}
