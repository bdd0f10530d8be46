// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// affine.dma_start's stride operands are a trailing operand list: a comma
// after the element count may be followed by none, as mlir-opt 22 reads it.

func.func @d(%a: memref<512xf32>, %c0: index, %c4: index) {
  %1 = memref.alloc() : memref<4xf32, 1>
  %2 = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %1[%c0], %2[%c0], %c4,
            : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
  affine.dma_start %a[%c0], %1[%c0], %2[%c0], %c4, %c4, %c4 : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @d(%arg0: memref<512xf32>, %arg1: index, %arg2: index) {
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xf32, 1>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%arg1], %alloc[%arg1], %alloc_0[%arg1], %arg2 : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
// CHECK-NEXT: affine.dma_start %arg0[%arg1], %alloc[%arg1], %alloc_0[%arg1], %arg2, %arg2, %arg2 : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
