// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Three levels: i holds a store and a j loop; j holds an address
// computation, a k loop and a store.  j is distributed first, then i over
// its parts.  %ij, used by two parts, is pure: it is recomputed right
// where each part uses it (the part that only computed it disappears).
// The 3-deep part walks B and D with i in the last subscript, so i becomes
// the innermost loop; C[ij] is invariant in k, which makes k the cheaper
// middle loop: order (j, k, i).

// REMARK: perfect nest of depth 3, trip counts [64, 64, 64]; 6 of 6 orders legal
// REMARK: chose order (1, 2, 0) = (%j, %k, %i) (permutation-map=2,0,1)
// REMARK: distributed an imperfect nest into 3 perfect nests

// CHECK-LABEL: func.func @three_levels
// CHECK:      affine.for %[[A0:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.store %cst, %arg3[%[[A0]]] : memref<64xf64>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:       affine.load %arg0[%[[K]], %[[J]], %[[I]]]
// CHECK-NEXT:       affine.apply #map(%[[I]], %[[J]])
// CHECK-NEXT:       affine.load %arg2
// CHECK:            affine.store %{{.*}}, %arg1[%[[K]], %[[J]], %[[I]]]
// CHECK:      affine.for %[[I2:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J2:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.apply #map(%[[I2]], %[[J2]])
// CHECK-NEXT:     affine.store %cst, %arg4
func.func @three_levels(%B: memref<64x64x64xf64>, %D: memref<64x64x64xf64>, %C: memref<4096xf64>,
                        %x: memref<64xf64>, %y: memref<4096xf64>) {
  %cst = arith.constant 0.0 : f64
  affine.for %i = 0 to 64 {
    affine.store %cst, %x[%i] : memref<64xf64>
    affine.for %j = 0 to 64 {
      %ij = affine.apply affine_map<(d0, d1) -> (d0 * 64 + d1)>(%i, %j)
      affine.for %k = 0 to 64 {
        %b = affine.load %B[%k, %j, %i] : memref<64x64x64xf64>
        %c = affine.load %C[%ij] : memref<4096xf64>
        %s = arith.addf %b, %c : f64
        affine.store %s, %D[%k, %j, %i] : memref<64x64x64xf64>
      }
      affine.store %cst, %y[%ij] : memref<4096xf64>
    }
  }
  return
}
