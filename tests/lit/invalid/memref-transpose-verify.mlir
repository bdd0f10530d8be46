// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s

func.func @t(%m: memref<?x?xf32>) {
  // CHECK: error: 'memref.transpose' op expected a permutation map
  %0 = memref.transpose %m (i, j) -> (i, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}

// -----

func.func @t(%m: memref<?x?xf32>) {
  // CHECK: error: 'memref.transpose' op expected a permutation map of same rank as the input
  %0 = memref.transpose %m (i, j, k) -> (k, j, i) : memref<?x?xf32> to memref<?x?xf32>
  return
}
