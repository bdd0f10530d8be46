// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A generic op with more operands than operand types.
// CHECK: {{.*}}generic-operand-count.mlir:9:23: error: expected 2 operand types but had 1
// CHECK-NEXT: {{^}}  "test.op"(%a, %a) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) {
  "test.op"(%a, %a) : (i32) -> ()
  return
}
