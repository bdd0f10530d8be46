// x1 = x1 + A y1 and x2 = x2 + A^T y2: both nests read A, the second down
// its columns.
func.func @mvt(%A: memref<2048x2048xf64>, %x1: memref<2048xf64>, %x2: memref<2048xf64>,
               %y1: memref<2048xf64>, %y2: memref<2048xf64>) {
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %x = affine.load %x1[%i] : memref<2048xf64>
      %a = affine.load %A[%i, %j] : memref<2048x2048xf64>
      %y = affine.load %y1[%j] : memref<2048xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x1[%i] : memref<2048xf64>
    }
  }
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %x = affine.load %x2[%i] : memref<2048xf64>
      %a = affine.load %A[%j, %i] : memref<2048x2048xf64>
      %y = affine.load %y2[%j] : memref<2048xf64>
      %p = arith.mulf %a, %y : f64
      %s = arith.addf %x, %p : f64
      affine.store %s, %x2[%i] : memref<2048xf64>
    }
  }
  return
}
