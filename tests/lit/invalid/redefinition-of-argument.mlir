// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A result that reuses the name of a function argument.
// CHECK: {{.*}}redefinition-of-argument.mlir:12:3: error: redefinition of SSA value '%a'
// CHECK-NEXT: {{^}}  %a = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{.*}}redefinition-of-argument.mlir:11:14: note: previously defined here
// CHECK-NEXT: {{^}}func.func @f(%a: i32) -> i32 {{[{]$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %a = arith.addi %a, %a : i32
  return %a : i32
}
