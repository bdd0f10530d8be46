// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// memref.transpose's result type must be the transposed input type, the
// layouts compared in canonical form (TransposeOp::verify with
// canonicalizeStridedLayout).
func.func @row_major(%v : memref<4x8xf32>) {
  // expected-error@+1 {{result type 'memref<8x4xf32>' is not equivalent to the canonical transposed input type 'memref<8x4xf32, affine_map<(d0, d1) -> (d0 + d1 * 8)>>'}}
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32>
  return
}

// -----

func.func @dynamic(%v : memref<?x?xf32, affine_map<(i, j)[off, M]->(off + M * i + j)>>) {
  // expected-error @+1 {{result type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 * s1 + s0 + d1)>>' is not equivalent to the canonical transposed input type 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> (d0 + s0 + d1 * s1)>>'}}
  memref.transpose %v (i, j) -> (j, i) : memref<?x?xf32, affine_map<(i, j)[off, M]->(off + M * i + j)>> to memref<?x?xf32, affine_map<(i, j)[off, M]->(off + M * i + j)>>
}

// -----

func.func @equivalent(%v : memref<4x8xf32>) {
  %0 = memref.transpose %v (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, strided<[1, 8]>>
  %1 = memref.transpose %v (i, j) -> (j, i) : memref<4x8xf32> to memref<8x4xf32, affine_map<(d0, d1) -> (d1 * 8 + d0)>>
  return
}
