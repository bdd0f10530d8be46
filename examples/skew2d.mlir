// An in-place sweep whose dependence (1, -1) runs backwards along j: not
// permutable as written; skewed (j + i) it is, and it tiles.  Draw it as
// written, and skewed and tiled (its tiles coloured):
//   python -m mlir_affine_py.pictures examples/skew2d.mlir -o skew2d.svg
//   python -m mlir_affine_py.pictures examples/skew2d.mlir -o tiles.svg --pass=-affine-loop-skew \
//       "--pass=-affine-loop-tile=tile-sizes=4,4 polyhedral" --axes 2,3 --tiles
func.func @sweep(%A: memref<32x32xf64>) {
  affine.for %i = 1 to 17 {
    affine.for %j = 1 to 17 {
      %n = affine.load %A[%i - 1, %j + 1] : memref<32x32xf64>
      %s = affine.load %A[%i + 1, %j - 1] : memref<32x32xf64>
      %sum = arith.addf %n, %s : f64
      affine.store %sum, %A[%i, %j] : memref<32x32xf64>
    }
  }
  return
}
