// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -affine-loop-coalescing %s | FileCheck %s --check-prefixes=CHECK,PYAFFINE
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -affine-loop-coalescing %s | FileCheck %s --check-prefixes=CHECK,MLIR22 %}

// An scf.for nest: each loop normalized (its trip count folded when its
// bounds are constants), the outer loop to the product, the IVs from one
// affine.delinearize_index and, where a loop did not start at 0 by 1,
// lb + iv * step; the iter_args that run through the nest stay.
// CHECK-LABEL: func.func @nest
// CHECK:         %[[C0:.*]] = arith.constant 0 : index
// CHECK:         %[[C1:.*]] = arith.constant 1 : index
// CHECK:         %[[N:.*]] = arith.constant 12 : index
// CHECK:         %[[R:.*]] = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %[[C1]] iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[D:.*]]:2 = affine.delinearize_index %[[I]] into (3, 4) : index, index
// CHECK-NEXT:      %[[J:.*]] = affine.apply #{{.*}}(%[[D]]#1)
// CHECK-NEXT:      %[[K:.*]] = affine.apply #{{.*}}(%[[D]]#0)
// CHECK-NEXT:      %[[S:.*]] = "test.step"(%[[A]], %[[K]], %[[J]]) : (f32, index, index) -> f32
// CHECK-NEXT:      scf.yield %[[S]] : f32
// CHECK:         "test.use"(%[[R]]) : (f32) -> ()
func.func @nest(%init: f32) {
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c17 = arith.constant 17 : index
  %r = scf.for %i = %c5 to %c10 step %c2 iter_args(%a = %init) -> (f32) {
    %s = scf.for %j = %c7 to %c17 step %c3 iter_args(%b = %a) -> (f32) {
      %t = "test.step"(%b, %i, %j) : (f32, index, index) -> f32
      scf.yield %t : f32
    }
    scf.yield %s : f32
  }
  "test.use"(%r) : (f32) -> ()
  return
}

// -----

// A zero step: normalizing would divide by it, so the nest stays (as
// upstream decided after LLVM 22).  mlir-opt 22 coalesces it into a loop
// of `ceildiv 0` iterations whose body sees both IVs as the lower bound.
// MLIR22:       #[[$CEILDIV0:.*]] = affine_map<()[s0, s1] -> ((s1 - s0) ceildiv 0)>
// CHECK-LABEL: func.func @zero_step
// PYAFFINE:     scf.for
// PYAFFINE:     scf.for
// MLIR22:       affine.apply #[[$CEILDIV0]]()
// MLIR22:       "test.use"(%arg0, %arg0)
func.func @zero_step(%lb: index, %ub: index) {
  %c0 = arith.constant 0 : index
  scf.for %i = %lb to %ub step %c0 {
    scf.for %j = %lb to %ub step %c0 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}
