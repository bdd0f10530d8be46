// RUN: pyaffine-opt -split-input-file -affine-pipeline-data-transfer %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-pipeline-data-transfer %s | FileCheck %s %}

// A tile of %A goes to a buffer of memory space 1 in each iteration and is
// summed into %B.  The buffer and the tag get a leading dimension of 2
// indexed by the iteration number mod 2; the transfer of the first tile
// moves to a prologue, each iteration of the steady-state loop starts the
// next tile's transfer before computing on the current one (its IV read
// one step earlier), and an epilogue computes on the last tile.
// CHECK-DAG:   #[[MINUS:.*]] = affine_map<(d0) -> (d0 - 4)>
// CHECK-DAG:   #[[PARITY:.*]] = affine_map<(d0) -> ((d0 floordiv 4) mod 2)>
// CHECK-LABEL: func.func @tiles
// CHECK-DAG:   %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<2x4xf32, 1>
// CHECK-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<2x1xi32>
// CHECK-NEXT:  affine.dma_start %{{.*}}[%[[C0]]], %[[BUF]][(%[[C0]] floordiv 4) mod 2, 0], %[[TAG]][(%[[C0]] floordiv 4) mod 2, 0], %{{.*}} : memref<16xf32>, memref<2x4xf32, 1>, memref<2x1xi32>
// CHECK-NEXT:  affine.for %[[I:.*]] = 4 to 16 step 4 {
// CHECK-NEXT:    affine.dma_start %{{.*}}[%[[I]]], %[[BUF]][(%[[I]] floordiv 4) mod 2, 0], %[[TAG]][(%[[I]] floordiv 4) mod 2, 0]
// CHECK-NEXT:    %[[PREV:.*]] = affine.apply #[[MINUS]](%[[I]])
// CHECK-NEXT:    affine.apply #[[PARITY]](%[[PREV]])
// CHECK-NEXT:    affine.apply #[[PARITY]](%[[PREV]])
// CHECK-NEXT:    affine.dma_wait %[[TAG]][(%[[PREV]] floordiv 4) mod 2, 0], %{{.*}} : memref<2x1xi32>
// CHECK-NEXT:    affine.for %[[J:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.load %[[BUF]][(%[[PREV]] floordiv 4) mod 2, %[[J]]] : memref<2x4xf32, 1>
// CHECK:         }
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[LAST:.*]] = affine.apply #[[MINUS]](%[[C16]])
// CHECK:       affine.dma_wait %[[TAG]][(%[[LAST]] floordiv 4) mod 2, 0], %{{.*}} : memref<2x1xi32>
// CHECK:         affine.load %[[BUF]][(%[[LAST]] floordiv 4) mod 2, %{{.*}}] : memref<2x4xf32, 1>
// CHECK:       memref.dealloc %[[TAG]] : memref<2x1xi32>
// CHECK-NEXT:  memref.dealloc %[[BUF]] : memref<2x4xf32, 1>
// CHECK-NEXT:  return
func.func @tiles(%A: memref<16xf32>, %B: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 16 step 4 {
    affine.dma_start %A[%i], %buf[%c0], %tag[%c0], %c4 : memref<16xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    affine.for %j = 0 to 4 {
      %v = affine.load %buf[%j] : memref<4xf32, 1>
      %b = affine.load %B[%j] : memref<4xf32>
      %s = arith.addf %v, %b : f32
      affine.store %s, %B[%j] : memref<4xf32>
    }
  }
  memref.dealloc %tag : memref<1xi32>
  memref.dealloc %buf : memref<4xf32, 1>
  return
}

// -----

// The affine.apply computing the transfer's subscript is shared with the
// computation: the transfer gets its own copy (shift 0, in the prologue and
// at the top of the steady state), the computation keeps the original
// (shift 1).
// CHECK-LABEL: func.func @shared_subscript
// CHECK:       affine.apply #{{.*}}(%[[C0:.*]])
// CHECK-NEXT:  affine.dma_start
// CHECK-NEXT:  affine.for %[[I:.*]] = 1 to 8 {
// CHECK-NEXT:    %[[OWN:.*]] = affine.apply #[[TIMES4:.*]](%[[I]])
// CHECK-NEXT:    affine.dma_start %{{.*}}[%[[OWN]]]
// CHECK:         affine.apply #[[TIMES4]](%{{.*}})
// CHECK:         affine.dma_wait
func.func @shared_subscript(%A: memref<64xf32>, %B: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to 8 {
    %a = affine.apply affine_map<(d0) -> (d0 * 4)>(%i)
    affine.dma_start %A[%a], %buf[%c0], %tag[%c0], %c4 : memref<64xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    %v = affine.load %buf[0] : memref<4xf32, 1>
    affine.store %v, %B[%a] : memref<64xf32>
  }
  memref.dealloc %buf : memref<4xf32, 1>
  return
}

// -----

// Left alone: a trip count that is not constant, a buffer read after the
// loop, an outgoing transfer of the buffer the incoming one fills from.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:   memref<2x
// CHECK:       return
func.func @left_alone(%A: memref<64xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %buf = memref.alloc() : memref<4xf32, 1>
  %tag = memref.alloc() : memref<1xi32>
  affine.for %i = 0 to %n {
    affine.dma_start %A[%i], %buf[%c0], %tag[%c0], %c4 : memref<64xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i], %buf[%c0], %tag[%c0], %c4 : memref<64xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  %v = affine.load %buf[0] : memref<4xf32, 1>
  %out = memref.alloc() : memref<4xf32, 1>
  affine.for %i = 0 to 8 {
    affine.dma_start %A[%i], %out[%c0], %tag[%c0], %c4 : memref<64xf32>, memref<4xf32, 1>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
    affine.dma_start %out[%c0], %A[%i], %tag[%c0], %c4 : memref<4xf32, 1>, memref<64xf32>, memref<1xi32>
    affine.dma_wait %tag[%c0], %c4 : memref<1xi32>
  }
  return %v : f32
}
