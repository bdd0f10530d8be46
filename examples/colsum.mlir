// Sum of the columns of A: the inner loop walks down a column.
func.func @colsum(%A: memref<512x512xf32>, %s: memref<512xf32>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to 512 {
      %a = affine.load %A[%j, %i] : memref<512x512xf32>
      %b = affine.load %s[%i] : memref<512xf32>
      %c = arith.addf %a, %b : f32
      affine.store %c, %s[%i] : memref<512xf32>
    }
  }
  return
}
