// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A result number past the op's results.
// CHECK: {{.*}}invalid-result-number.mlir:10:10: error: reference to invalid result number
// CHECK-NEXT: {{^}}  return %0#1 : i32{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0#1 : i32
}
