// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A function body without its closing brace.
// CHECK: {{.*}}unterminated-region.mlir:10:18: error: expected operation name in quotes
// CHECK-NEXT: {{^}}  return %0 : i32{{$}}
// CHECK-NEXT: {{^}}                 ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  return %0 : i32
