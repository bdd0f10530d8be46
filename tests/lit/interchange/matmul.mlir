// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s

// C += A * B in i-j-k order becomes i-k-j: B and C are then walked along
// their rows in the innermost loop, and A[i][k] is invariant there.

// CHECK-LABEL: func.func @matmul
// CHECK:      affine.for %[[I:.*]] = 0 to 96 {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 96 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 96 {
// CHECK-NEXT:       affine.load %arg0[%[[I]], %[[K]]]
// CHECK-NEXT:       affine.load %arg1[%[[K]], %[[J]]]
// CHECK-NEXT:       affine.load %arg2[%[[I]], %[[J]]]
func.func @matmul(%A: memref<96x96xf64>, %B: memref<96x96xf64>, %C: memref<96x96xf64>) {
  affine.for %i = 0 to 96 {
    affine.for %j = 0 to 96 {
      affine.for %k = 0 to 96 {
        %a = affine.load %A[%i, %k] : memref<96x96xf64>
        %b = affine.load %B[%k, %j] : memref<96x96xf64>
        %c = affine.load %C[%i, %j] : memref<96x96xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<96x96xf64>
      }
    }
  }
  return
}
