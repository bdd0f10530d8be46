// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// XFAIL: *
// An attribute dictionary with a key given twice.
// The checks are mlir-opt's diagnostic, which pyaffine-opt does not give yet.
// CHECK: {{.*}}duplicate-attribute.mlir:11:23: error: duplicate key 'a' in dictionary attribute
// CHECK-NEXT: {{^}}  "test.op"() {a = 1, a = 2} : () -> (){{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.op"() {a = 1, a = 2} : () -> ()
  return
}
