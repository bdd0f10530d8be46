// RUN: pyaffine-opt %s -o %t.1
// RUN: pyaffine-opt %t.1 -o %t.2
// RUN: diff %t.1 %t.2

// Printing the printed form again gives the same bytes.
#map = affine_map<(d0, d1) -> (d0 + d1 * 4 - 3)>
#set = affine_set<(d0) : (d0 - 4 >= 0)>
func.func @stencil(%A: memref<64x64xf64>, %B: memref<64x64xf64>, %n: index) {
  %half = arith.constant 5.000000e-01 : f64
  affine.for %i = 1 to 63 {
    affine.for %j = max affine_map<(d0) -> (1, d0)>(%i) to min affine_map<()[s0] -> (63, s0)>()[%n] {
      %l = affine.load %A[%i, %j - 1] : memref<64x64xf64>
      %r = affine.load %A[%i, %j + 1] : memref<64x64xf64>
      %s = arith.addf %l, %r : f64
      %h = arith.mulf %s, %half : f64
      %k = affine.apply #map(%i, %j)
      affine.if #set(%k) {
        affine.store %h, %B[%i, %j] : memref<64x64xf64>
      }
    }
  }
  return
}
