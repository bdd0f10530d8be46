// PolyBench doitgen: sum[r][q][p] = sum over s of A[r][q][s] * C4[s][p], then
// copied back into A.  The 4-deep product nest runs r-q-p-s: the innermost
// s loop walks C4 down a column.
func.func @kernel(%A: memref<64x72x128xf64>, %C4: memref<128x128xf64>, %sum: memref<64x72x128xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %r = 0 to 64 {
    affine.for %q = 0 to 72 {
      affine.for %p = 0 to 128 {
        affine.store %zero, %sum[%r, %q, %p] : memref<64x72x128xf64>
      }
    }
  }
  affine.for %r = 0 to 64 {
    affine.for %q = 0 to 72 {
      affine.for %p = 0 to 128 {
        affine.for %s = 0 to 128 {
          %a = affine.load %A[%r, %q, %s] : memref<64x72x128xf64>
          %c = affine.load %C4[%s, %p] : memref<128x128xf64>
          %t = affine.load %sum[%r, %q, %p] : memref<64x72x128xf64>
          %ac = arith.mulf %a, %c : f64
          %u = arith.addf %t, %ac : f64
          affine.store %u, %sum[%r, %q, %p] : memref<64x72x128xf64>
        }
      }
    }
  }
  affine.for %r = 0 to 64 {
    affine.for %q = 0 to 72 {
      affine.for %p = 0 to 128 {
        %t = affine.load %sum[%r, %q, %p] : memref<64x72x128xf64>
        affine.store %t, %A[%r, %q, %p] : memref<64x72x128xf64>
      }
    }
  }
  return
}
