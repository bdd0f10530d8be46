// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// affine.dma_start with one stride operand, with and without a trailing comma.
// CHECK: {{.*}}affine-dma-start-strides.mlir:9:56: error: expected SSA operand
// CHECK: {{.*}}affine-dma-start-strides.mlir:17:3: error: custom op 'affine.dma_start' expected two stride related operands
// CHECK-NOT: Traceback
func.func @d(%a: memref<512xf32>, %c0: index, %c4: index) {
  %1 = memref.alloc() : memref<4xf32, 1>
  %2 = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %1[%c0], %2[%c0], %c4, %c4,
            : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
  return
}
// -----
func.func @d(%a: memref<512xf32>, %c0: index, %c4: index) {
  %1 = memref.alloc() : memref<4xf32, 1>
  %2 = memref.alloc() : memref<1xi32>
  affine.dma_start %a[%c0], %1[%c0], %2[%c0], %c4, %c4 : memref<512xf32>, memref<4xf32, 1>, memref<1xi32>
  return
}
