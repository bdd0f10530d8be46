// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An undefined alias in an attribute dictionary.
// CHECK: {{.*}}unknown-attribute-alias-in-dict.mlir:9:28: error: undefined symbol alias id 'nomap'
// CHECK-NEXT: {{^}}  "test.op"() {map = #nomap} : () -> (){{$}}
// CHECK-NEXT: {{^}}                           ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.op"() {map = #nomap} : () -> ()
  return
}
