// RUN: pyaffine-opt -affine-loop-interchange="cache-line-size=8 remarks=true" %s 2>&1 | FileCheck %s

// With one f64 per cache line there is no spatial reuse to gain and the
// temporal term speaks: y[i] is invariant in j and x[j] in i, and j runs
// 1024 times to i's 64, so putting j innermost reuses y[i] 1024 times
// (temporal 65536 - 1024 - 2) where i innermost reuses x[j] 64 times
// (65536 - 64 - 2).

// CHECK: perfect nest of depth 2, trip counts [1024, 64]; 2 of 2 orders legal
// CHECK: legal order (0, 1) = (%j, %i): parallelism 0, spatial 134145, temporal 65470, total 199615
// CHECK: legal order (1, 0) = (%i, %j): parallelism 0, spatial 131265, temporal 64510, total 195775
// CHECK: chose order (1, 0) = (%i, %j) (permutation-map=1,0)
// CHECK-LABEL: func.func @reuse
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 1024 {
// CHECK-NEXT:     affine.load %arg0[%[[J]]]
// CHECK-NEXT:     affine.load %arg1[%[[I]]]
func.func @reuse(%x: memref<1024xf64>, %y: memref<64xf64>, %Z: memref<64x1024xf64>) {
  affine.for %j = 0 to 1024 {
    affine.for %i = 0 to 64 {
      %a = affine.load %x[%j] : memref<1024xf64>
      %b = affine.load %y[%i] : memref<64xf64>
      %p = arith.mulf %a, %b : f64
      affine.store %p, %Z[%i, %j] : memref<64x1024xf64>
    }
  }
  return
}
