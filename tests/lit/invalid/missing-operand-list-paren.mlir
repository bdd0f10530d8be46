// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A generic op's operand list without ')'.
// CHECK: {{.*}}missing-operand-list-paren.mlir:9:15: error: expected ')' to end operand list
// CHECK-NEXT: {{^}}  "test.op"(%a : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}              ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) {
  "test.op"(%a : (i32) -> ()
  return
}
