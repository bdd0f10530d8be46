// Pass options are read as mlir-opt reads them: an unknown option or a value
// its type does not accept ends the run with exit status 1, before the input
// is read, naming the option (and the pass), with no location in the input.

// RUN: not pyaffine-opt %s -test-loop-permutation="permutation-map=1,0 bogus=1" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0 bogus=1}))" 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: <unknown>:0: error: <Pass-Options-Parser>: no such option bogus
// UNKNOWN-EMPTY:
// UNKNOWN-NEXT: failed to add `test-loop-permutation` with options `permutation-map=1,0 bogus=1`
// UNKNOWN-NOT: option-errors.mlir

// RUN: not pyaffine-opt %s -test-loop-permutation="permutation-map=1,0 check-validity=yes" 2>&1 | FileCheck %s --check-prefix=BOOL
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation{permutation-map=1,0 check-validity=yes})" 2>&1 | FileCheck %s --check-prefix=BOOL
// BOOL: pyaffine-opt: for the --check-validity option: 'yes' is invalid value for boolean argument! Try 0 or 1
// BOOL-NEXT: <unknown>:0: error:
// BOOL-NEXT: failed to add `test-loop-permutation`
// BOOL-NOT: option-errors.mlir

// RUN: not pyaffine-opt %s -affine-loop-interchange="remarks=yes" 2>&1 | FileCheck %s --check-prefix=REMARKS
// REMARKS: pyaffine-opt: for the --remarks option: 'yes' is invalid value for boolean argument! Try 0 or 1
// REMARKS: failed to add `affine-loop-interchange` with options `remarks=yes`
// REMARKS-NOT: option-errors.mlir

// RUN: not pyaffine-opt %s -test-loop-permutation="permutation-map=1,x" 2>&1 | FileCheck %s --check-prefix=UINT
// UINT: pyaffine-opt: for the --permutation-map option: 'x' value invalid for uint argument!
// UINT-NOT: option-errors.mlir

// RUN: not pyaffine-opt %s -affine-loop-interchange="cache-line-size=-8" 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: pyaffine-opt: for the --cache-line-size option: '-8' value invalid for uint argument!

// RUN: not pyaffine-opt %s -test-loop-permutation="permutation-map=1,1" 2>&1 | FileCheck %s --check-prefix=PERM
// PERM: pyaffine-opt: for the --permutation-map option: '1,1' is not a permutation

// Accepted spellings: a bare boolean, TRUE/True/1, braces around a list.
// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map={1,0} check-validity" | FileCheck %s --check-prefix=OK
// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map=1,0 check-validity=TRUE" | FileCheck %s --check-prefix=OK
// RUN: pyaffine-opt %s -affine-loop-interchange="remarks=1 cache-line-size=0x40" -o /dev/null

// Pipelines that do not parse.
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(bogus)" 2>&1 | FileCheck %s --check-prefix=NOPASS
// NOPASS: <unknown>:0: error: MLIR Textual PassPipeline Parser:1:1: error: 'bogus' does not refer to a registered pass or pass pipeline
// RUN: not pyaffine-opt %s --pass-pipeline="test-loop-permutation" 2>&1 | FileCheck %s --check-prefix=ANCHOR
// ANCHOR: <unknown>:0: error: expected pass pipeline to be wrapped with the anchor operation type, e.g. 'builtin.module(...)'
// RUN: not pyaffine-opt %s --pass-pipeline="func.func(test-loop-permutation)" 2>&1 | FileCheck %s --check-prefix=WRONG-ANCHOR
// WRONG-ANCHOR: option-errors.mlir:0:0: error: can't run 'func.func' pass manager on 'builtin.module' op
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation)" 2>&1 | FileCheck %s --check-prefix=UNBALANCED
// UNBALANCED: encountered unbalanced parentheses while parsing pipeline
// RUN: not pyaffine-opt %s --pass-pipeline="builtin.module(test-loop-permutation)" -test-loop-permutation 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: <unknown>:0: error: '-pass-pipeline' option can't be used with individual pass options

// OK: affine.for %[[J:.*]] = 0 to 8 {
// OK-NEXT: affine.for %[[I:.*]] = 0 to 4 {
func.func @f(%A: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<4x8xf32>
      affine.store %v, %A[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
