// RUN: not pyaffine-opt -affine-loop-coalescing %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt -affine-loop-coalescing %s 2>&1 | FileCheck %s %}

// mlir-opt coalesces the band (%j, %k), whose bounds are defined above it
// but use the IV of %i: the product of the ranges takes %i's function as a
// symbol, which the verifier refuses.  This tool does the same, to print
// what mlir-opt prints.
// CHECK: error: dimensional operand cannot be used as a symbol
// CHECK: note: see current operation: %2 = "affine.apply"(%0, %1) <{map = affine_map<(d0)[s0] -> (d0 * s0)>}> : (index, index) -> index
func.func @f(%A: memref<28xf64>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %v = affine.load %A[%j + %k] : memref<28xf64>
        affine.store %v, %A[%k] : memref<28xf64>
      }
    }
  }
  return
}
