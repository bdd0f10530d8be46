// The lower triangle of A read by columns (A[k][i], k from i): the interchange
// walks it by rows (for k, for i in 0..k+1).
func.func @kernel(%A: memref<2048x2048xf64>, %B: memref<2048x2048xf64>) {
  affine.for %i = 0 to 2048 {
    affine.for %k = affine_map<(d0)->(d0)>(%i) to 2048 {
      %v = affine.load %A[%k, %i] : memref<2048x2048xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %B[%k, %i] : memref<2048x2048xf64>
    }
  }
  return
}
