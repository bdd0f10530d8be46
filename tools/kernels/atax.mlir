// PolyBench atax: y = A^T (A x), through tmp = A x.  The second product is
// written as one dot product per column of A (j outer), a column walk.
func.func @kernel(%A: memref<3600x4000xf64>, %x: memref<4000xf64>, %y: memref<4000xf64>,
                  %tmp: memref<3600xf64>) {
  affine.for %i = 0 to 3600 {
    affine.for %j = 0 to 4000 {
      %t = affine.load %tmp[%i] : memref<3600xf64>
      %a = affine.load %A[%i, %j] : memref<3600x4000xf64>
      %xv = affine.load %x[%j] : memref<4000xf64>
      %ax = arith.mulf %a, %xv : f64
      %s = arith.addf %t, %ax : f64
      affine.store %s, %tmp[%i] : memref<3600xf64>
    }
  }
  affine.for %j = 0 to 4000 {
    affine.for %i = 0 to 3600 {
      %yv = affine.load %y[%j] : memref<4000xf64>
      %a = affine.load %A[%i, %j] : memref<3600x4000xf64>
      %t = affine.load %tmp[%i] : memref<3600xf64>
      %at = arith.mulf %a, %t : f64
      %s = arith.addf %yv, %at : f64
      affine.store %s, %y[%j] : memref<4000xf64>
    }
  }
  return
}
