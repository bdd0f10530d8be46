// RUN: pyaffine-opt -split-input-file -affine-pipeline-data-transfer %s | FileCheck %s

// Inputs on which mlir-opt 22's pipelining crashes.

// Two transfers waited for on one tag: the tag is doubled once, and both
// transfers and the wait use the double.  (mlir-opt 22 doubles the tag again
// for the second pair through an op its first replacement erased.)
// CHECK-LABEL: func.func @shared_tag
// CHECK:       %[[A:.*]] = memref.alloc() : memref<2x32xf32, 1>
// CHECK-NEXT:  %[[B:.*]] = memref.alloc() : memref<2x32xf32, 1>
// CHECK-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<2x1xi32>
// CHECK-NEXT:  affine.dma_start %{{.*}}, %[[A]][{{.*}}], %[[TAG]][%{{.*}} mod 2, 0]
// CHECK-NEXT:  affine.dma_start %{{.*}}, %[[B]][{{.*}}], %[[TAG]][%{{.*}} mod 2, 0]
// CHECK-NEXT:  affine.for
// CHECK:         affine.dma_wait %[[TAG]][%{{.*}} mod 2, 0]
// CHECK-NOT:   memref.alloc
// CHECK:       affine.dma_wait %[[TAG]][%{{.*}} mod 2, 0]
func.func @shared_tag(%A: memref<256xf32>, %B: memref<256xf32>, %C: memref<32xf32>) {
  %bufA = memref.alloc() : memref<32xf32, 1>
  %bufB = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to 4 {
    affine.dma_start %A[%i], %bufA[%i], %tag[%c0], %c4 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_start %B[%i], %bufB[%i], %tag[%c0], %c4 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    %v = affine.load %bufA[%i] : memref<32xf32, 1>
    %w = affine.load %bufB[%i] : memref<32xf32, 1>
    %s = arith.addf %v, %w : f32
    affine.store %s, %C[%i] : memref<32xf32>
  }
  return
}

// -----

// A loop with iter_args whose yield uses no shifted value: mlir-opt 22
// skews it into loops without iter_args and erases it with its result in
// use.  Here its buffers are doubled and it is not skewed.
// CHECK-LABEL: func.func @iter_args
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<2x32xf32, 1>
// CHECK:       affine.for %{{.*}} = 0 to 4 iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK:         affine.dma_start %{{.*}}, %[[BUF]]
// CHECK:         affine.yield %[[ACC]] : f32
func.func @iter_args(%A: memref<256xf32>, %x: f32) -> f32 {
  %buf = memref.alloc() : memref<32xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %r = affine.for %i = 0 to 4 iter_args(%acc = %x) -> f32 {
    affine.dma_start %A[%i], %buf[%i], %tag[%c0], %c4 : memref<256xf32>, memref<32xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    %v = affine.load %buf[%i] : memref<32xf32, 1>
    affine.store %v, %A[%i] : memref<256xf32>
    affine.yield %acc : f32
  }
  return %r : f32
}
