// RUN: pyaffine-opt -split-input-file -loop-invariant-code-motion %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -loop-invariant-code-motion %s | FileCheck %s %}

// Invariant pure ops leave both loops, in order; the ones that use the
// induction variables, the loads and stores stay.
// CHECK-LABEL: func.func @nest
// CHECK:      %[[C:.*]] = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[C]], %[[C]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[S]], %[[C]] : f32
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:   %[[A:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 10 {
// CHECK-NEXT:     %[[L:.*]] = affine.load %{{.*}}[%[[A]]] : memref<20xf32>
// CHECK-NEXT:     %[[X:.*]] = arith.addf %[[L]], %[[M]] : f32
// CHECK-NEXT:     affine.store %[[X]], %{{.*}}[%[[J]]] : memref<20xf32>
func.func @nest(%A: memref<20xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %c = arith.constant 7.0 : f32
      %s = arith.addf %c, %c : f32
      %m = arith.mulf %s, %c : f32
      %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %l = affine.load %A[%a] : memref<20xf32>
      %x = arith.addf %l, %m : f32
      affine.store %x, %A[%j] : memref<20xf32>
    }
  }
  return
}

// -----

// A division by a value may trap: it stays.  The invariant addition leaves
// both loops; the empty scf.for of step 1 may be speculated and is hoisted
// whole, the one of unknown step (it might not end) is not.
// CHECK-LABEL: func.func @speculation
// CHECK:      %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.for %{{.*}} step %[[C1]] {
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT:   arith.divsi
// CHECK-NEXT:   scf.for
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @speculation(%lb: index, %ub: index, %step: index, %d: index) {
  %c1 = arith.constant 1 : index
  scf.for %i = %lb to %ub step %step {
    %q = arith.divsi %lb, %d : index
    scf.for %j = %lb to %ub step %step {
      %s = arith.addi %ub, %lb : index
    }
    scf.for %k = %lb to %ub step %c1 {
    }
  }
  return
}
