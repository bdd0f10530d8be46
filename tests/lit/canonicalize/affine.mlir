// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s %}

// An affine.apply feeding another is composed into it; a function argument
// used as a dim becomes a symbol; a constant operand folds into the map.
// CHECK-DAG: #[[$COMPOSED:.*]] = affine_map<(d0)[s0] -> (d0 * 2 + s0 + 3)>
// CHECK-LABEL: func.func @compose
// CHECK:       affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:    %[[A:.*]] = affine.apply #[[$COMPOSED]](%[[I]])[%arg0]
// CHECK-NEXT:    "use"(%[[A]]) : (index) -> ()
func.func @compose(%n: index) {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 8 {
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %b = affine.apply affine_map<(d0, d1, d2) -> (d0 + d1 + d2)>(%a, %n, %c3)
    "use"(%b) : (index) -> ()
  }
  return
}

// -----

// Loop bounds of constants fold; the loop IV's range simplifies a floordiv
// and a mod; a loop that never runs is its init value.
// CHECK-LABEL: func.func @bounds
// CHECK:       affine.for %[[I:.*]] = 4 to 12 {
// CHECK-NEXT:    affine.load %arg0[0, %[[I]] - 4] : memref<4x16xf32>
// CHECK:       return %arg1 : f32
func.func @bounds(%m: memref<4x16xf32>, %init: f32) -> f32 {
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  affine.for %i = %c4 to %c12 {
    %v = affine.load %m[%i floordiv 16, (%i - 4) mod 16] : memref<4x16xf32>
    "use"(%v) : (f32) -> ()
  }
  %r = affine.for %j = 0 to 0 iter_args(%acc = %init) -> (f32) {
    %s = arith.addf %acc, %acc : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// affine.min: repeated results go, a nested min merges, constants fold, the
// results are ordered by their coefficients, one result is an affine.apply.
// CHECK-DAG: #[[$MIN:.*]] = affine_map<()[s0, s1] -> (16, s1 * 4, s0 + 2)>
// CHECK-LABEL: func.func @min
// CHECK:       %[[C5:.*]] = arith.constant 5 : index
// CHECK-NEXT:  %[[M:.*]] = affine.min #[[$MIN]]()[%arg1, %arg0]
// CHECK-NEXT:  %[[S:.*]] = affine.apply #{{.*}}()[%arg0]
// CHECK-NEXT:  return %[[M]], %[[S]], %[[C5]] : index, index, index
func.func @min(%a: index, %b: index) -> (index, index, index) {
  %inner = affine.min affine_map<()[s0] -> (s0 * 4, 16)>()[%a]
  %m = affine.min affine_map<(d0)[s0] -> (d0, s0 + 2, s0 + 2)>(%inner)[%b]
  %single = affine.min affine_map<()[s0] -> (s0 + 1)>()[%a]
  %c5 = affine.min affine_map<() -> (5, 7)>()
  return %m, %single, %c5 : index, index, index
}

// -----

// A semi-affine map is simplified as upstream's simplifyAffineExpr does:
// like terms merged, the products and the mods by a symbol ordered after
// the symbols they start with, and `(x - x mod q) mod q` folded to 0.
// CHECK-DAG: #[[$SEMI:.*]] = affine_map<()[s0, s1] -> (s0 * 8 + (s0 * s0) * 6 + s1 mod (s0 * 3))>
// CHECK-LABEL: func.func @semi_affine
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[S:.*]] = affine.apply #[[$SEMI]]()[%arg0, %arg1]
// CHECK:       return %[[S]], %[[C0]]
func.func @semi_affine(%i0: index, %i1: index, %step: index) -> (index, index) {
  %0 = affine.apply affine_map<()[s0] -> (2 * s0)>()[%i0]
  %1 = affine.apply affine_map<()[s0] -> (3 * s0)>()[%i0]
  %2 = affine.apply affine_map<(d0)[s0, s1] -> (d0 mod s1 + s0 * s1 + s0 * 4)>(%i1)[%0, %1]
  %3 = affine.apply affine_map<()[s0, s1] -> ((s0 - (s0 mod s1)) mod s1)>()[%i1, %step]
  return %2, %3 : index, index
}
