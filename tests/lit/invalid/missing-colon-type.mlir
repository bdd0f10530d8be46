// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An op without its ': type'.
// CHECK: {{.*}}missing-colon-type.mlir:9:25: error: expected ':'
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a
  return %0 : i32
}
