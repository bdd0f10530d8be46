// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="parallelism-weight=0" %s | FileCheck %s --check-prefix=NOPAR

// Column sums: s[i] accumulates over j, so j carries the dependence.
// Locality alone prefers j outer (i then walks both arrays with stride 1),
// but then every iteration of the outer loop depends on the previous one.
// The weighted parallelism term keeps the free loop i outside; with the
// weight set to 0 the locality-only choice wins.

// CHECK-LABEL: func.func @column_sums
// CHECK:      affine.for %[[I:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// NOPAR-LABEL: func.func @column_sums
// NOPAR:      affine.for %[[J:.*]] = 0 to 64 {
// NOPAR-NEXT:   affine.for %[[I:.*]] = 0 to 256 {
func.func @column_sums(%A: memref<64x256xf64>, %s: memref<256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%j, %i] : memref<64x256xf64>
      %acc = affine.load %s[%i] : memref<256xf64>
      %sum = arith.addf %acc, %a : f64
      affine.store %sum, %s[%i] : memref<256xf64>
    }
  }
  return
}
