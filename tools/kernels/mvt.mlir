// PolyBench mvt: x1 += A * y1 and x2 += A^T * y2, both in i-j order; the
// second walks A down columns.
func.func @kernel(%A: memref<3000x3000xf64>, %x1: memref<3000xf64>, %x2: memref<3000xf64>,
                  %y1: memref<3000xf64>, %y2: memref<3000xf64>) {
  affine.for %i = 0 to 3000 {
    affine.for %j = 0 to 3000 {
      %x = affine.load %x1[%i] : memref<3000xf64>
      %a = affine.load %A[%i, %j] : memref<3000x3000xf64>
      %y = affine.load %y1[%j] : memref<3000xf64>
      %ay = arith.mulf %a, %y : f64
      %s = arith.addf %x, %ay : f64
      affine.store %s, %x1[%i] : memref<3000xf64>
    }
  }
  affine.for %i = 0 to 3000 {
    affine.for %j = 0 to 3000 {
      %x = affine.load %x2[%i] : memref<3000xf64>
      %a = affine.load %A[%j, %i] : memref<3000x3000xf64>
      %y = affine.load %y2[%j] : memref<3000xf64>
      %ay = arith.mulf %a, %y : f64
      %s = arith.addf %x, %ay : f64
      affine.store %s, %x2[%i] : memref<3000xf64>
    }
  }
  return
}
