// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// SSA names and values: a use must be dominated by its definition, and a
// name may not be defined again in a region nested in the one defining it.
// CHECK: {{.*}}ssa-dominance.mlir:18:8: error: operand #0 does not dominate this use
// CHECK-NEXT: {{^}}  %1 = arith.addi %0, %a : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: {{.*}}ssa-dominance.mlir:29:7: error: redefinition of SSA value '%0'
// CHECK-NEXT: {{^}}      %0 = arith.mulf %a, %a : f32{{$}}
// CHECK-NEXT: {{^}}      ^{{$}}
// CHECK: {{.*}}ssa-dominance.mlir:40:16: error: region entry argument '%j' is already in use
// CHECK-NEXT: {{^}}    affine.for %j = 0 to 4 {{{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback


func.func @f(%a: i32) -> i32 {
  %1 = arith.addi %0, %a : i32
  %0 = arith.addi %a, %a : i32
  return %1 : i32
}

// -----

func.func @f(%a: f32) {
  affine.for %i = 0 to 4 {
    %0 = arith.addf %a, %a : f32
    affine.for %j = 0 to 4 {
      %0 = arith.mulf %a, %a : f32
    }
  }
  return
}

// -----

func.func @f(%m: memref<4xindex>) {
  affine.for %i = 0 to 4 {
    affine.store %j, %m[%i] : memref<4xindex>
    affine.for %j = 0 to 4 {
    }
  }
  return
}
