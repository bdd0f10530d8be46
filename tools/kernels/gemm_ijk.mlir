// gemm, C += alpha * A * B, in the textbook i-j-k order: the innermost k loop
// walks B down a column (a new cache line every iteration).
func.func @kernel(%A: memref<480x480xf64>, %B: memref<480x480xf64>, %C: memref<480x480xf64>) {
  %alpha = arith.constant 1.5 : f64
  affine.for %i = 0 to 480 {
    affine.for %j = 0 to 480 {
      affine.for %k = 0 to 480 {
        %a = affine.load %A[%i, %k] : memref<480x480xf64>
        %b = affine.load %B[%k, %j] : memref<480x480xf64>
        %c = affine.load %C[%i, %j] : memref<480x480xf64>
        %ab = arith.mulf %a, %b : f64
        %p = arith.mulf %alpha, %ab : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<480x480xf64>
      }
    }
  }
  return
}
