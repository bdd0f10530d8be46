// Floyd-Warshall: the shortest paths through the vertices 0..k, k = 0..59.
func.func @floyd_warshall(%P: memref<60x60xi32>) {
  affine.for %k = 0 to 60 {
    affine.for %i = 0 to 60 {
      affine.for %j = 0 to 60 {
        %ij = affine.load %P[%i, %j] : memref<60x60xi32>
        %ik = affine.load %P[%i, %k] : memref<60x60xi32>
        %kj = affine.load %P[%k, %j] : memref<60x60xi32>
        %sum = arith.addi %ik, %kj : i32
        %shorter = arith.cmpi slt, %ij, %sum : i32
        %min = arith.select %shorter, %ij, %sum : i32
        affine.store %min, %P[%i, %j] : memref<60x60xi32>
      }
    }
  }
  return
}
