// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A type name that does not exist.
// CHECK: {{.*}}unknown-type.mlir:9:32: error: expected non-function type
// CHECK-NEXT: {{^}}  %0 = "test.op"(%a) : (i32) -> quux{{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) {
  %0 = "test.op"(%a) : (i32) -> quux
  return
}
