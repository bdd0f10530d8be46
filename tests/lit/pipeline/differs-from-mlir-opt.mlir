// RUN: pyaffine-opt -split-input-file -affine-pipeline-data-transfer %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-pipeline-data-transfer %s | FileCheck %s --check-prefix=MLIR %}

// Where mlir-opt 22's pipelining is wrong, and what this tool does instead
// (tests/unit/test_pipeline_data_transfer_semantics.py runs such loops).

// A loop that never runs: mlir-opt 22 pipelines it, and its epilogue runs
// the computation once with the IV one step below the lower bound (here a
// load at -1).  Here it is left alone.
// CHECK-LABEL: func.func @zero_trips
// CHECK-NOT:   memref<2x
// CHECK:       affine.for %{{.*}} = 0 to 0 {
// CHECK-NEXT:    affine.dma_start
// CHECK-NEXT:    affine.dma_wait
// CHECK-NEXT:    affine.load
// MLIR-LABEL:  func.func @zero_trips
// MLIR:        %[[C0:.*]] = arith.constant 0 : index
// MLIR:        affine.for %{{.*}} = 0 to 0 {
// MLIR-NEXT:     affine.dma_start
// MLIR-NEXT:   }
// MLIR-NEXT:   %[[BELOW:.*]] = affine.apply #{{.*}}(%[[C0]])
// MLIR:        affine.load %{{.*}}[%[[BELOW]] mod 2, %[[BELOW]]] : memref<2x32xf32, 1>
func.func @zero_trips(%A: memref<256xf32>, %B: memref<32xf32>) {
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  affine.for %i = 0 to 0 {
    affine.dma_start %A[%i], %buf[%i], %tag[%c0], %c32 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c32 : memref<1xi32>
    %v = affine.load %buf[%i] : memref<32xf32, 1>
    affine.store %v, %B[%i] : memref<32xf32>
  }
  return
}

// -----

// Bounds with different operands (a min of constants over a symbol): the
// loops made have shifted lower bounds, which mlir-opt 22 gives the upper
// bound's operands, building a malformed loop (printed with `iter_args()`
// and its yield).  Here both bounds take the lower bound's.
// CHECK-LABEL: func.func @min_bound
// CHECK:       affine.for %{{.*}} = 1 to 10 {
// MLIR-LABEL:  func.func @min_bound
// MLIR:        affine.for %{{.*}} = 1 to 10 iter_args() -> () {
// MLIR:          affine.yield
func.func @min_bound(%A: memref<256xf32>, %B: memref<32xf32>, %n: index) {
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to min affine_map<()[s0] -> (10, 12)>()[%n] {
    affine.dma_start %A[%i], %buf[%i], %tag[%c0], %c4 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    %v = affine.load %buf[%i] : memref<32xf32, 1>
    affine.store %v, %B[%i] : memref<32xf32>
  }
  return
}
