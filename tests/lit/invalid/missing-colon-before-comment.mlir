// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// The error is placed before a trailing comment, as mlir does.
// CHECK: {{.*}}missing-colon-before-comment.mlir:9:25: error: expected ':'
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a // no type{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a // no type
  return %0 : i32
}
