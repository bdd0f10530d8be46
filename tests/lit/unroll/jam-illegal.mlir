// RUN: pyaffine-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" %s | FileCheck %s %}

// mlir-opt unroll-jams without asking the dependences, and so does this
// tool, to print what it prints.  Here iteration (i, j) reads A[i - 1][j + 1],
// written by iteration (i - 1, j + 1): jammed, iteration (i + 1, j) runs
// before (i, j + 1), and reads the value before it is written.
// tests/unit/test_loop_passes.py runs both versions: the arrays differ.
// CHECK:      affine.for %[[I:.*]] = 1 to 9 step 2 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:     affine.load %{{.*}}[%[[I]] - 1, %[[J]] + 1]
// CHECK:          affine.store
// CHECK:          affine.apply
// CHECK:          affine.load
// CHECK:          affine.store
func.func @f(%A: memref<10x10xf64>) {
  affine.for %i = 1 to 9 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i - 1, %j + 1] : memref<10x10xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%i, %j] : memref<10x10xf64>
    }
  }
  return
}
