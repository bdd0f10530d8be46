// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A use of a value that is never defined.
// CHECK: {{.*}}undefined-value.mlir:9:23: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %b : i32{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %b : i32
  return %0 : i32
}
