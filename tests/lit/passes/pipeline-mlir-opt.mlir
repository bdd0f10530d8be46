// REQUIRES: mlir-opt
// --pass-pipeline texts that do not parse get mlir-opt's diagnostics, byte
// for byte (exit status 1), and --dump-pass-pipeline prints what mlir-opt
// prints.

// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func())" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func())" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation,)" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(test-loop-permutation,)" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation{)" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(test-loop-permutation{)" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation))" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(test-loop-permutation))" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation) test-loop-permutation)" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation) test-loop-permutation)" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0})" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0})" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation x)" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(test-loop-permutation x)" 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: not pyaffine-opt %s --pass-pipeline="func.func(test-loop-permutation)" 2> %t.py
// RUN: not mlir-opt %s --pass-pipeline="func.func(test-loop-permutation)" 2> %t.ref
// RUN: diff %t.ref %t.py

// RUN: pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0},test-loop-permutation),test-loop-permutation)" --dump-pass-pipeline -o /dev/null 2> %t.py
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0},test-loop-permutation),test-loop-permutation)" --dump-pass-pipeline -o /dev/null 2> %t.ref
// RUN: diff %t.ref %t.py
// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map=1,0 check-validity" --dump-pass-pipeline -o /dev/null 2> %t.py
// RUN: mlir-opt %s -test-loop-permutation="permutation-map=1,0 check-validity" --dump-pass-pipeline -o /dev/null 2> %t.ref
// RUN: diff %t.ref %t.py

func.func @f(%A: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<4x8xf32>
      affine.store %v, %A[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
