// REQUIRES: mlir-opt
// The option errors of option-errors.mlir, as mlir-opt gives them: the same
// lines (but the program name), exit status 1.

// RUN: not mlir-opt %s -test-loop-permutation="permutation-map=1,0 bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0 bogus=1}))" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <unknown>:0: error: <Pass-Options-Parser>: no such option bogus

// RUN: not mlir-opt %s -test-loop-permutation="permutation-map=1,0 check-validity=yes" 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: mlir-opt: for the --check-validity option: 'yes' is invalid value for boolean argument! Try 0 or 1
// BOOL-NEXT: <unknown>:0: error:

// RUN: not mlir-opt %s -test-loop-permutation="permutation-map=1,x" 2>&1 | FileCheck %s --check-prefix=UINT
// UINT: mlir-opt: for the --permutation-map option: 'x' value invalid for uint argument!

// RUN: not mlir-opt %s --pass-pipeline="builtin.module(bogus)" 2>&1 | FileCheck %s --check-prefix=NOPASS
// NOPASS: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline
// RUN: not mlir-opt %s --pass-pipeline="func.func(test-loop-permutation)" 2>&1 | FileCheck %s --check-prefix=WRONG-ANCHOR
// WRONG-ANCHOR: option-errors-mlir-opt.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op

// In a pipeline, the same bytes as mlir-opt (but the program name).
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0 bogus=1}))" 2> %t.ref
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0 bogus=1}))" 2> %t.py
// RUN: diff %t.ref %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(test-loop-permutation{check-validity=yes})" 2>&1 | sed -e 's/^[a-z-]*opt:/PROGRAM:/' > %t.ref
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation{check-validity=yes})" 2>&1 | sed -e 's/^[a-z-]*opt:/PROGRAM:/' > %t.py
// RUN: diff %t.ref %t.py
// RUN: not mlir-opt %s --pass-pipeline="builtin.module(func.func(func.func(test-loop-permutation{permutation-map=1,x})))" 2>&1 | sed -e 's/^[a-z-]*opt:/PROGRAM:/' > %t.ref
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(func.func(test-loop-permutation{permutation-map=1,x})))" 2>&1 | sed -e 's/^[a-z-]*opt:/PROGRAM:/' > %t.py
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
