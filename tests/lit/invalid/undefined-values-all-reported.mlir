// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Every undefined value of a function is reported, in source order.
// CHECK: {{.*}}undefined-values-all-reported.mlir:12:23: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %u : i32{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NEXT: {{.*}}undefined-values-all-reported.mlir:13:23: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %1 = arith.addi %0, %v : i32{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %u : i32
  %1 = arith.addi %0, %v : i32
  return %1 : i32
}
