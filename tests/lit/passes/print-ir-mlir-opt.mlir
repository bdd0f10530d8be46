// REQUIRES: mlir-opt
// IR dumps (-mlir-print-ir-before-all/-after-all/-after-change) are the
// same as mlir-opt's, byte for byte, for both spellings of a pipeline.
// (mlir-opt without threads: with them, it prints the functions' dumps in
// the order its threads finish them.)

// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map=1,0" -mlir-print-ir-before-all -mlir-print-ir-after-all -o /dev/null 2> %t.py
// RUN: mlir-opt -mlir-disable-threading %s -test-loop-permutation="permutation-map=1,0" -mlir-print-ir-before-all -mlir-print-ir-after-all -o /dev/null 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0}),test-loop-permutation{permutation-map=0,1})" -mlir-print-ir-after-all -o /dev/null 2> %t.py
// RUN: mlir-opt -mlir-disable-threading %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0}),test-loop-permutation{permutation-map=0,1})" -mlir-print-ir-after-all -o /dev/null 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map=0,1" -test-loop-permutation="permutation-map=1,0" -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2> %t.py
// RUN: mlir-opt -mlir-disable-threading %s -test-loop-permutation="permutation-map=0,1" -test-loop-permutation="permutation-map=1,0" -mlir-print-ir-after-all -mlir-print-ir-after-change -o /dev/null 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: FileCheck %s < %t.py
// CHECK: // -----// IR Dump After (anonymous namespace)::TestLoopPermutation (test-loop-permutation) //----- //
// CHECK-NOT: IR Dump

#map = affine_map<(d0) -> (d0 * 2)>
func.func @f(%A: memref<4x16xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %k = affine.apply #map(%j)
      %v = affine.load %A[%i, %k] : memref<4x16xf32>
      affine.store %v, %A[%i, %j] : memref<4x16xf32>
    }
  }
  return
}

func.func @g() {
  return
}
