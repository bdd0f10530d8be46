// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A column-order walk over a row-major array: the j loop must become the
// outer one so that i, which indexes the last dimension, runs innermost.
// (cost-model.md's worked example: 2048 + 256 * 2048 < 256 + 2048 * 2048.)

// CHECK-LABEL: func.func @column_walk
// CHECK:      affine.for %[[J:.*]] = 0 to 2048 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to 2048 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]] : memref<2048x2048xf64>
// REMARK: remark: affine-loop-interchange: perfect nest of depth 2, trip counts [2048, 2048]; 2 of 2 orders legal
// REMARK: legal order (0, 1) = (%i, %j): parallelism 0, spatial 8389120,
// REMARK: legal order (1, 0) = (%j, %i): parallelism 0, spatial 1052672,
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
func.func @column_walk(%A: memref<2048x2048xf64>, %B: memref<2048x2048xf64>) {
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %v = affine.load %A[%j, %i] : memref<2048x2048xf64>
      affine.store %v, %B[%j, %i] : memref<2048x2048xf64>
    }
  }
  return
}
