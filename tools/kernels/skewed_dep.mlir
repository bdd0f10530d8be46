// An in-place update A[j][i] = 0.5 * (A[j][i] + A[j + 1][i - 1]) with i outer:
// the value read was written one i iteration earlier and one j iteration
// later, a dependence of distance (1, -1), so interchanging i and j is
// illegal even though the innermost j loop walks A down columns.
func.func @kernel(%A: memref<3500x3500xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 1 to 3500 {
    affine.for %j = 0 to 3499 {
      %a = affine.load %A[%j, %i] : memref<3500x3500xf64>
      %b = affine.load %A[%j + 1, %i - 1] : memref<3500x3500xf64>
      %s = arith.addf %a, %b : f64
      %h = arith.mulf %half, %s : f64
      affine.store %h, %A[%j, %i] : memref<3500x3500xf64>
    }
  }
  return
}
