// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// memref.transpose writes its permutation as a bare affine map, renamed to
// d0, d1, ... as mlir-opt prints it; the result is named %transpose.

func.func @t(%m: memref<?x?x?xf32, strided<[?, ?, 1]>>) {
  %0 = memref.transpose %m (i, j, k) -> (k, j, i) : memref<?x?x?xf32, strided<[?, ?, 1]>> to memref<?x?x?xf32, strided<[1, ?, ?]>>
  return
}

// CHECK: %transpose = memref.transpose %arg0 (d0, d1, d2) -> (d2, d1, d0) : memref<?x?x?xf32, strided<[?, ?, 1]>> to memref<?x?x?xf32, strided<[1, ?, ?]>>
// GENERIC: %0 = "memref.transpose"(%arg0) <{permutation = #map}> : (memref<?x?x?xf32, strided<[?, ?, 1]>>) -> memref<?x?x?xf32, strided<[1, ?, ?]>>
