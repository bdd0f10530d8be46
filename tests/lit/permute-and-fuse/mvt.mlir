// RUN: pyaffine-opt -affine-permute-and-fuse %s | FileCheck %s
// RUN: pyaffine-opt -affine-permute-and-fuse="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// x1[i] += A[i][j] * y1[j] and x2[i] += A[j][i] * y2[j]: the two nests share
// A, but only once the second is permuted do both walk A row by row.  The
// fusion conflict graph has no edge (no dependence between them); the cost
// model fuses the outer loops with the second nest interchanged, and keeps
// the inner loops apart: fused, the reduction into x1 would share its
// innermost loop with a store to another memref.

// REMARK: level 0: FCG of S0, S1: 4 vertices, 0 self edges, 0 fusion conflict edges
// REMARK: level 0: S1: 2 colourings alone (best S1:i1, cost {{.*}}), 2 fused with S0 (best S1:i1, added cost {{.*}})
// REMARK: level 1: S1: fusion with S0 on S1:i0 not offered: an innermost loop with a reduction and a store to another memref
// REMARK: chose schedule S0(i0, i1); S1(i1, i0): 2 nests became 1, 1 fused loops

// CHECK-LABEL: func.func @mvt
// CHECK:      affine.for %[[I:.*]] = 0 to 2048 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 2048 {
// CHECK:          affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK:          affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 2048 {
// CHECK:          affine.load %{{.*}}[%[[I]], %[[K]]]
// CHECK:          affine.store %{{.*}}, %{{.*}}[%[[K]]]
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
func.func @mvt(%A: memref<2048x2048xf64>, %x1: memref<2048xf64>, %x2: memref<2048xf64>,
               %y1: memref<2048xf64>, %y2: memref<2048xf64>) {
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %x = affine.load %x1[%i] : memref<2048xf64>
      %a = affine.load %A[%i, %j] : memref<2048x2048xf64>
      %y = affine.load %y1[%j] : memref<2048xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x1[%i] : memref<2048xf64>
    }
  }
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %x = affine.load %x2[%i] : memref<2048xf64>
      %a = affine.load %A[%j, %i] : memref<2048x2048xf64>
      %y = affine.load %y2[%j] : memref<2048xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x2[%i] : memref<2048xf64>
    }
  }
  return
}
