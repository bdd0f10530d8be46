// Out-of-place transpose with a scale, B = 2 * A^T, in i-j order: B is
// written along rows while A is read down columns.
func.func @kernel(%A: memref<3072x3072xf64>, %B: memref<3072x3072xf64>) {
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 3072 {
    affine.for %j = 0 to 3072 {
      %a = affine.load %A[%j, %i] : memref<3072x3072xf64>
      %s = arith.mulf %two, %a : f64
      affine.store %s, %B[%i, %j] : memref<3072x3072xf64>
    }
  }
  return
}
