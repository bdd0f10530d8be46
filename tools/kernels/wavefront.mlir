// A 3-d wavefront, A[i][j][k] = 0.5 * (A[i - 1][j + 1][k] + A[i][j][k - 1]), in
// the order k-i-j.  The dependence distances over (i, j, k) are (1, -1, 0)
// and (0, 0, 1): i must stay outside j, so only (i, j, k), (i, k, j) and
// (k, i, j) are legal.  The innermost j loop strides over whole rows.
func.func @kernel(%A: memref<256x256x256xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %k = 1 to 256 {
    affine.for %i = 1 to 256 {
      affine.for %j = 0 to 255 {
        %a = affine.load %A[%i - 1, %j + 1, %k] : memref<256x256x256xf64>
        %b = affine.load %A[%i, %j, %k - 1] : memref<256x256x256xf64>
        %s = arith.addf %a, %b : f64
        %h = arith.mulf %half, %s : f64
        affine.store %h, %A[%i, %j, %k] : memref<256x256x256xf64>
      }
    }
  }
  return
}
