// REQUIRES: mlir-opt
// RUN: pyaffine-opt -affine-loop-interchange %s -o %t.py.mlir
// RUN: mlir-opt %t.py.mlir -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt -affine-loop-interchange %S/non-rectangular.mlir -o %t.nr.mlir
// RUN: mlir-opt %t.nr.mlir -o %t.nr.ref.mlir
// RUN: diff %t.nr.ref.mlir %t.nr.mlir
// RUN: pyaffine-opt -affine-loop-interchange %S/affine-if.mlir -o %t.if.mlir
// RUN: mlir-opt %t.if.mlir -o %t.if.ref.mlir
// RUN: diff %t.if.ref.mlir %t.if.mlir
// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s

// The bounds and conditions isl generates for non-rectangular nests and
// nests with affine.if are printed as mlir-opt prints them.

// A syrk-like update of a triangle stored by columns, C[j][i] += A[k][i] *
// A[k][j] for j <= i: i, the row index of every access, goes innermost,
// and its lower bound becomes j.
// CHECK:      #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-LABEL: func.func @lower_triangle_update
// CHECK:      affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 48 {
// CHECK-NEXT:     affine.for %[[I:.*]] = #[[ID]](%[[J]]) to 64 {
// CHECK-NEXT:       affine.load %arg0[%[[K]], %[[I]]]
func.func @lower_triangle_update(%A: memref<48x64xf64>, %C: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 48 {
        %a = affine.load %A[%k, %i] : memref<48x64xf64>
        %b = affine.load %A[%k, %j] : memref<48x64xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%j, %i] : memref<64x64xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%j, %i] : memref<64x64xf64>
      }
    }
  }
  return
}
