// PolyBench 3mm: E = A * B, F = C * D, G = E * F, each product zero-initialised
// by its own nest and accumulated in i-j-k order.
func.func @kernel(%A: memref<320x360xf64>, %B: memref<360x380xf64>, %C: memref<380x400xf64>,
                  %D: memref<400x420xf64>, %E: memref<320x380xf64>, %F: memref<380x420xf64>,
                  %G: memref<320x420xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 320 {
    affine.for %j = 0 to 380 {
      affine.store %zero, %E[%i, %j] : memref<320x380xf64>
    }
  }
  affine.for %i = 0 to 320 {
    affine.for %j = 0 to 380 {
      affine.for %k = 0 to 360 {
        %a = affine.load %A[%i, %k] : memref<320x360xf64>
        %b = affine.load %B[%k, %j] : memref<360x380xf64>
        %e = affine.load %E[%i, %j] : memref<320x380xf64>
        %ab = arith.mulf %a, %b : f64
        %s = arith.addf %e, %ab : f64
        affine.store %s, %E[%i, %j] : memref<320x380xf64>
      }
    }
  }
  affine.for %i = 0 to 380 {
    affine.for %j = 0 to 420 {
      affine.store %zero, %F[%i, %j] : memref<380x420xf64>
    }
  }
  affine.for %i = 0 to 380 {
    affine.for %j = 0 to 420 {
      affine.for %k = 0 to 400 {
        %c = affine.load %C[%i, %k] : memref<380x400xf64>
        %d = affine.load %D[%k, %j] : memref<400x420xf64>
        %f = affine.load %F[%i, %j] : memref<380x420xf64>
        %cd = arith.mulf %c, %d : f64
        %s = arith.addf %f, %cd : f64
        affine.store %s, %F[%i, %j] : memref<380x420xf64>
      }
    }
  }
  affine.for %i = 0 to 320 {
    affine.for %j = 0 to 420 {
      affine.store %zero, %G[%i, %j] : memref<320x420xf64>
    }
  }
  affine.for %i = 0 to 320 {
    affine.for %j = 0 to 420 {
      affine.for %k = 0 to 380 {
        %e = affine.load %E[%i, %k] : memref<320x380xf64>
        %f = affine.load %F[%k, %j] : memref<380x420xf64>
        %g = affine.load %G[%i, %j] : memref<320x420xf64>
        %ef = arith.mulf %e, %f : f64
        %s = arith.addf %g, %ef : f64
        affine.store %s, %G[%i, %j] : memref<320x420xf64>
      }
    }
  }
  return
}
