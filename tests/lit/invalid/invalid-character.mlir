// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A character that starts no token.
// CHECK: {{.*}}invalid-character.mlir:9:32: error: unexpected character
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a : i32 `{{$}}
// CHECK-NEXT: {{^}}                               ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 `
  return %0 : i32
}
