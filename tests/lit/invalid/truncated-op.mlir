// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// The file ends in the middle of an operation.
// CHECK: {{.*}}truncated-op.mlir:9:22: error: expected SSA operand
// CHECK-NEXT: {{^}}  %0 = arith.addi %a,{{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a,
