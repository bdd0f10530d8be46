// RUN: pyaffine-opt -split-input-file -pass-pipeline="builtin.module(func.func(test-affine-loop-unswitch))" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -pass-pipeline="builtin.module(func.func(test-affine-loop-unswitch))" %s | FileCheck %s %}

// The condition uses %i but not %j: the affine.if goes above the %j loop
// (not above %i); each branch gets its copy of the %j loop, the else copy
// with the else block in the if's place.
// CHECK-LABEL: func.func @above_inner_loop
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.if #{{.*}}(%[[I]]) {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 20 {
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    } else {
// CHECK-NEXT:      affine.for %[[J2:.*]] = 0 to 20 {
// CHECK-NEXT:        affine.load
// CHECK-NEXT:        affine.store %{{.*}}, %{{.*}}[%[[J2]], %[[I]]]
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:  }
func.func @above_inner_loop(%A: memref<20x20xf32>, %B: memref<20xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %B[%j] : memref<20xf32>
      affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
        affine.store %v, %A[%i, %j] : memref<20x20xf32>
      } else {
        affine.store %v, %A[%j, %i] : memref<20x20xf32>
      }
    }
  }
  return
}

// -----

// A condition on the IV of the loop around it stays; only one affine.if is
// hoisted per run, the first that can be in post-order (here the second).
// CHECK-LABEL: func.func @first_hoistable
// CHECK:       affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:    affine.if #{{.*}}(%[[I]]) {
// CHECK:       affine.if #{{.*}}()[%{{.*}}] {
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      affine.if
// CHECK:       } else {
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.if
func.func @first_hoistable(%A: memref<20xf32>, %n: index, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%i) {
      affine.store %v, %A[%i] : memref<20xf32>
    }
  }
  affine.for %k = 0 to 10 {
    affine.if affine_set<()[s0] : (s0 - 5 >= 0)>()[%n] {
      affine.store %v, %A[%k] : memref<20xf32>
    }
    affine.if affine_set<(d0)[s0] : (d0 - s0 >= 0)>(%k)[%n] {
      affine.store %v, %A[0] : memref<20xf32>
    }
  }
  return
}
