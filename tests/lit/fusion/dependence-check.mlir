// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics -test-loop-fusion=test-loop-fusion-dependence-check %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -split-input-file -verify-diagnostics -test-loop-fusion=test-loop-fusion-dependence-check %s | FileCheck %s %}

// A store between the loops to the memref the first one reads: the fused
// nest can go neither before it nor after it.  The IR is left as it is.
// CHECK-LABEL: func.func @store_between
// CHECK-COUNT-2: affine.for
func.func @store_between(%a: memref<10xf32>, %b: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 0 into loop nest 1 at depth 0}}
    %x = affine.load %a[%i] : memref<10xf32>
  }
  affine.store %v, %a[0] : memref<10xf32>
  affine.for %j = 0 to 10 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 1 into loop nest 0 at depth 0}}
    %y = affine.load %a[%j] : memref<10xf32>
    affine.store %y, %b[%j] : memref<10xf32>
  }
  return
}

// -----

// Reads of the same memref between the loops are no dependence, and an
// op between them whose value only the first loop's block uses can be
// passed: no remark.
// CHECK-LABEL: func.func @read_between
func.func @read_between(%a: memref<10xf32>, %b: memref<10xf32>) {
  affine.for %i = 0 to 10 {
    %x = affine.load %a[%i] : memref<10xf32>
  }
  %r = affine.load %a[0] : memref<10xf32>
  %u = "test.use"(%r) : (f32) -> f32
  affine.for %j = 0 to 10 {
    %y = affine.load %a[%j] : memref<10xf32>
    affine.store %y, %b[%j] : memref<10xf32>
  }
  return
}

// -----

// A value defined after a store to the first loop's memref and used in the
// second loop: the fused nest would have to go both before the store and
// after the definition.  Each pair is checked once per fusion depth: the
// two-deep nests get the remark twice, one expectation matching both.
// CHECK-LABEL: func.func @ssa_value_between
func.func @ssa_value_between(%a: memref<10x10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 0 into loop nest 1 at depth 0}}
    affine.for %k = 0 to 10 {
      affine.store %v, %a[%i, %k] : memref<10x10xf32>
    }
  }
  %x = affine.load %a[0, 0] : memref<10x10xf32>
  %w = arith.addf %x, %x : f32
  affine.for %j = 0 to 10 {
    // expected-remark@-1 {{block-level dependence preventing fusion of loop nest 1 into loop nest 0 at depth 0}}
    affine.for %l = 0 to 10 {
      "test.use"(%w) : (f32) -> ()
    }
  }
  return
}
