// PolyBench 3mm: E = A * B, F = C * D, G = E * F, each product zero-initialised
// by its own nest and accumulated in i-j-k order.
func.func @kernel(%A: memref<160x180xf64>, %B: memref<180x190xf64>, %C: memref<190x200xf64>,
                  %D: memref<200x210xf64>, %E: memref<160x190xf64>, %F: memref<190x210xf64>,
                  %G: memref<160x210xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 160 {
    affine.for %j = 0 to 190 {
      affine.store %zero, %E[%i, %j] : memref<160x190xf64>
    }
  }
  affine.for %i = 0 to 160 {
    affine.for %j = 0 to 190 {
      affine.for %k = 0 to 180 {
        %a = affine.load %A[%i, %k] : memref<160x180xf64>
        %b = affine.load %B[%k, %j] : memref<180x190xf64>
        %e = affine.load %E[%i, %j] : memref<160x190xf64>
        %ab = arith.mulf %a, %b : f64
        %s = arith.addf %e, %ab : f64
        affine.store %s, %E[%i, %j] : memref<160x190xf64>
      }
    }
  }
  affine.for %i = 0 to 190 {
    affine.for %j = 0 to 210 {
      affine.store %zero, %F[%i, %j] : memref<190x210xf64>
    }
  }
  affine.for %i = 0 to 190 {
    affine.for %j = 0 to 210 {
      affine.for %k = 0 to 200 {
        %c = affine.load %C[%i, %k] : memref<190x200xf64>
        %d = affine.load %D[%k, %j] : memref<200x210xf64>
        %f = affine.load %F[%i, %j] : memref<190x210xf64>
        %cd = arith.mulf %c, %d : f64
        %s = arith.addf %f, %cd : f64
        affine.store %s, %F[%i, %j] : memref<190x210xf64>
      }
    }
  }
  affine.for %i = 0 to 160 {
    affine.for %j = 0 to 210 {
      affine.store %zero, %G[%i, %j] : memref<160x210xf64>
    }
  }
  affine.for %i = 0 to 160 {
    affine.for %j = 0 to 210 {
      affine.for %k = 0 to 190 {
        %e = affine.load %E[%i, %k] : memref<160x190xf64>
        %f = affine.load %F[%k, %j] : memref<190x210xf64>
        %g = affine.load %G[%i, %j] : memref<160x210xf64>
        %ef = arith.mulf %e, %f : f64
        %s = arith.addf %g, %ef : f64
        affine.store %s, %G[%i, %j] : memref<160x210xf64>
      }
    }
  }
  return
}
