// Tensor contraction C[a][b][c] += A[a][d][c] * B[d][b] over d, 4 deep, in the
// order c-b-a-d: the innermost d loop walks A with a stride of one plane row
// and B down a column, and C is written with its last index outermost.
func.func @kernel(%A: memref<96x96x96xf64>, %B: memref<96x96xf64>, %C: memref<96x96x96xf64>) {
  affine.for %c = 0 to 96 {
    affine.for %b = 0 to 96 {
      affine.for %a = 0 to 96 {
        affine.for %d = 0 to 96 {
          %x = affine.load %A[%a, %d, %c] : memref<96x96x96xf64>
          %y = affine.load %B[%d, %b] : memref<96x96xf64>
          %z = affine.load %C[%a, %b, %c] : memref<96x96x96xf64>
          %xy = arith.mulf %x, %y : f64
          %s = arith.addf %z, %xy : f64
          affine.store %s, %C[%a, %b, %c] : memref<96x96x96xf64>
        }
      }
    }
  }
  return
}
