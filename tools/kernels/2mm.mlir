// PolyBench 2mm: D = alpha * A * B * C + beta * D, through tmp = alpha * A * B.
// Each statement is its own perfect nest; the products run in i-j-k order.
func.func @kernel(%A: memref<400x440xf64>, %B: memref<440x480xf64>, %C: memref<480x520xf64>,
                  %D: memref<400x520xf64>, %tmp: memref<400x480xf64>) {
  %zero = arith.constant 0.0 : f64
  %alpha = arith.constant 1.5 : f64
  %beta = arith.constant 1.2 : f64
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 480 {
      affine.store %zero, %tmp[%i, %j] : memref<400x480xf64>
    }
  }
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 480 {
      affine.for %k = 0 to 440 {
        %a = affine.load %A[%i, %k] : memref<400x440xf64>
        %b = affine.load %B[%k, %j] : memref<440x480xf64>
        %t = affine.load %tmp[%i, %j] : memref<400x480xf64>
        %aa = arith.mulf %alpha, %a : f64
        %ab = arith.mulf %aa, %b : f64
        %s = arith.addf %t, %ab : f64
        affine.store %s, %tmp[%i, %j] : memref<400x480xf64>
      }
    }
  }
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 520 {
      %d = affine.load %D[%i, %j] : memref<400x520xf64>
      %s = arith.mulf %beta, %d : f64
      affine.store %s, %D[%i, %j] : memref<400x520xf64>
    }
  }
  affine.for %i = 0 to 400 {
    affine.for %j = 0 to 520 {
      affine.for %k = 0 to 480 {
        %t = affine.load %tmp[%i, %k] : memref<400x480xf64>
        %c = affine.load %C[%k, %j] : memref<480x520xf64>
        %d = affine.load %D[%i, %j] : memref<400x520xf64>
        %tc = arith.mulf %t, %c : f64
        %s = arith.addf %d, %tc : f64
        affine.store %s, %D[%i, %j] : memref<400x520xf64>
      }
    }
  }
  return
}
