// C += A * B with an i-j-k loop nest over 64x64 f64 matrices.
func.func @matmul(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %C: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<64x64xf64>
        %b = affine.load %B[%k, %j] : memref<64x64xf64>
        %c = affine.load %C[%i, %j] : memref<64x64xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}
