// Five-point Jacobi stencil B = 0.2 * (A[i][j] + its four neighbours), swept
// column by column (j outer).
func.func @kernel(%A: memref<2400x2400xf64>, %B: memref<2400x2400xf64>) {
  %fifth = arith.constant 0.2 : f64
  affine.for %j = 1 to 2399 {
    affine.for %i = 1 to 2399 {
      %c = affine.load %A[%i, %j] : memref<2400x2400xf64>
      %n = affine.load %A[%i - 1, %j] : memref<2400x2400xf64>
      %s = affine.load %A[%i + 1, %j] : memref<2400x2400xf64>
      %w = affine.load %A[%i, %j - 1] : memref<2400x2400xf64>
      %e = affine.load %A[%i, %j + 1] : memref<2400x2400xf64>
      %t0 = arith.addf %c, %n : f64
      %t1 = arith.addf %t0, %s : f64
      %t2 = arith.addf %t1, %w : f64
      %t3 = arith.addf %t2, %e : f64
      %r = arith.mulf %fifth, %t3 : f64
      affine.store %r, %B[%i, %j] : memref<2400x2400xf64>
    }
  }
  return
}
