// PolyBench gemm as written there, C = beta * C + alpha * A * B, with the
// beta scaling between the j and k loops: the nest is imperfect, and the
// innermost k loop walks B down a column.  Interchanging k outwards needs
// the scaling distributed into a nest of its own first.
func.func @kernel(%A: memref<300x320xf64>, %B: memref<320x340xf64>, %C: memref<300x340xf64>) {
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  affine.for %i = 0 to 300 {
    affine.for %j = 0 to 340 {
      %c0 = affine.load %C[%i, %j] : memref<300x340xf64>
      %cb = arith.mulf %beta, %c0 : f64
      affine.store %cb, %C[%i, %j] : memref<300x340xf64>
      affine.for %k = 0 to 320 {
        %a = affine.load %A[%i, %k] : memref<300x320xf64>
        %b = affine.load %B[%k, %j] : memref<320x340xf64>
        %c = affine.load %C[%i, %j] : memref<300x340xf64>
        %aa = arith.mulf %alpha, %a : f64
        %ab = arith.mulf %aa, %b : f64
        %s = arith.addf %c, %ab : f64
        affine.store %s, %C[%i, %j] : memref<300x340xf64>
      }
    }
  }
  return
}
