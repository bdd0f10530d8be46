// Multi-filter 2-d convolution out[k][y][x] += img[y + r][x + s] * w[k][r][s],
// 5 deep, in the order r-s-k-x-y: the innermost y loop walks out and img
// down columns.
func.func @kernel(%img: memref<260x260xf64>, %w: memref<24x5x5xf64>, %out: memref<24x256x256xf64>) {
  affine.for %r = 0 to 5 {
    affine.for %s = 0 to 5 {
      affine.for %k = 0 to 24 {
        affine.for %x = 0 to 256 {
          affine.for %y = 0 to 256 {
            %i = affine.load %img[%y + %r, %x + %s] : memref<260x260xf64>
            %f = affine.load %w[%k, %r, %s] : memref<24x5x5xf64>
            %o = affine.load %out[%k, %y, %x] : memref<24x256x256xf64>
            %p = arith.mulf %i, %f : f64
            %t = arith.addf %o, %p : f64
            affine.store %t, %out[%k, %y, %x] : memref<24x256x256xf64>
          }
        }
      }
    }
  }
  return
}
