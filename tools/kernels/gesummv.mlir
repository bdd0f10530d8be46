// PolyBench gesummv: y = alpha * A x + beta * B x, the two products
// accumulated column by column (j outer), then combined.
func.func @kernel(%A: memref<2400x2400xf64>, %B: memref<2400x2400xf64>, %tmp: memref<2400xf64>,
                  %x: memref<2400xf64>, %y: memref<2400xf64>) {
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  affine.for %j = 0 to 2400 {
    affine.for %i = 0 to 2400 {
      %xv = affine.load %x[%j] : memref<2400xf64>
      %a = affine.load %A[%i, %j] : memref<2400x2400xf64>
      %t = affine.load %tmp[%i] : memref<2400xf64>
      %ax = arith.mulf %a, %xv : f64
      %t1 = arith.addf %t, %ax : f64
      affine.store %t1, %tmp[%i] : memref<2400xf64>
      %b = affine.load %B[%i, %j] : memref<2400x2400xf64>
      %yv = affine.load %y[%i] : memref<2400xf64>
      %bx = arith.mulf %b, %xv : f64
      %y1 = arith.addf %yv, %bx : f64
      affine.store %y1, %y[%i] : memref<2400xf64>
    }
  }
  affine.for %i = 0 to 2400 {
    %t = affine.load %tmp[%i] : memref<2400xf64>
    %yv = affine.load %y[%i] : memref<2400xf64>
    %at = arith.mulf %alpha, %t : f64
    %by = arith.mulf %beta, %yv : f64
    %s = arith.addf %at, %by : f64
    affine.store %s, %y[%i] : memref<2400xf64>
  }
  return
}
