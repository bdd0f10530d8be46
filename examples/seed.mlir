// The example of the design notes on changing axes: i from 0 to 9, j from
// i while j < 7 and j < i + 4.  Draw it, or its new axes (k, j) with
// k = j - i:
//   python -m mlir_affine_py.pictures examples/seed.mlir -o seed.svg
//   python -m mlir_affine_py.pictures examples/seed.mlir -o kj.svg --pass=-affine-loop-skew=transform=-1,1,0,1
func.func @seed(%A: memref<10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (7, d0 + 4)>(%i) {
      %v = affine.load %A[%i, %j] : memref<10x10xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}
