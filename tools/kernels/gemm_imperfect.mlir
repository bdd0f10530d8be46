// PolyBench gemm as written there, C = beta * C + alpha * A * B, with the
// beta scaling between the j and k loops: the nest is imperfect, and the
// innermost k loop walks B down a column.  Interchanging k outwards needs
// the scaling distributed into a nest of its own first.
func.func @kernel(%A: memref<480x512xf64>, %B: memref<512x544xf64>, %C: memref<480x544xf64>) {
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  affine.for %i = 0 to 480 {
    affine.for %j = 0 to 544 {
      %c0 = affine.load %C[%i, %j] : memref<480x544xf64>
      %cb = arith.mulf %beta, %c0 : f64
      affine.store %cb, %C[%i, %j] : memref<480x544xf64>
      affine.for %k = 0 to 512 {
        %a = affine.load %A[%i, %k] : memref<480x512xf64>
        %b = affine.load %B[%k, %j] : memref<512x544xf64>
        %c = affine.load %C[%i, %j] : memref<480x544xf64>
        %aa = arith.mulf %alpha, %a : f64
        %ab = arith.mulf %aa, %b : f64
        %s = arith.addf %c, %ab : f64
        affine.store %s, %C[%i, %j] : memref<480x544xf64>
      }
    }
  }
  return
}
