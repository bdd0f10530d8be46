// A syrk-like update of a triangle stored by columns (C[j][i] += A[k][i] * A[k][j],
// j <= i): i, the row index of every access, goes innermost from j.
func.func @kernel(%A: memref<512x512xf64>, %C: memref<512x512xf64>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 512 {
        %a = affine.load %A[%k, %i] : memref<512x512xf64>
        %b = affine.load %A[%k, %j] : memref<512x512xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%j, %i] : memref<512x512xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%j, %i] : memref<512x512xf64>
      }
    }
  }
  return
}
