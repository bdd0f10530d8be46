// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Two definitions of the same SSA name.
// CHECK: {{.*}}redefinition.mlir:13:3: error: redefinition of SSA value '%0'
// CHECK-NEXT: {{^}}  %0 = arith.muli %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{.*}}redefinition.mlir:12:3: note: previously defined here
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %0 = arith.muli %a, %a : i32
  return %0 : i32
}
