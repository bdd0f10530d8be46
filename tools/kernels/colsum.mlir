// Column sums of a row-major matrix, s[j] += w[i] * A[i][j], written one
// column at a time (j outer): the innermost i loop walks A down a column.
func.func @kernel(%A: memref<4000x4000xf64>, %w: memref<4000xf64>, %s: memref<4000xf64>) {
  affine.for %j = 0 to 4000 {
    affine.for %i = 0 to 4000 {
      %a = affine.load %A[%i, %j] : memref<4000x4000xf64>
      %wv = affine.load %w[%i] : memref<4000xf64>
      %sv = affine.load %s[%j] : memref<4000xf64>
      %p = arith.mulf %a, %wv : f64
      %t = arith.addf %sv, %p : f64
      affine.store %t, %s[%j] : memref<4000xf64>
    }
  }
  return
}
