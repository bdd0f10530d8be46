// RUN: pyaffine-opt -allow-unregistered-dialect -affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -affine-data-copy-generate="generate-dma fast-mem-space=2 skip-non-unit-stride-loops" %s | FileCheck %s %}

// With `generate-dma`, each tile's 16x64 block of A comes in through a
// strided affine.dma_start (1024 elements, stride 256, 64 elements a
// stride) and its wait; the tag is a memref<1xi32> freed after.
// CHECK-LABEL: func.func @tiles
// CHECK:       %[[NUM:.*]] = arith.constant 1024 : index
// CHECK-NEXT:  %[[STRIDE:.*]] = arith.constant 256 : index
// CHECK-NEXT:  %[[PER:.*]] = arith.constant 64 : index
// CHECK:       affine.for %[[I:.*]] = 0 to 256 step 16 {
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<16x64xf32, 2>
// CHECK-NEXT:    %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT:    affine.dma_start %{{.*}}[%[[I]], 0], %[[BUF]][%{{.*}}, %{{.*}}], %[[TAG]][%{{.*}}], %[[NUM]], %[[STRIDE]], %[[PER]] : memref<256x256xf32>, memref<16x64xf32, 2>, memref<1xi32>
// CHECK-NEXT:    affine.dma_wait %[[TAG]][%{{.*}}], %{{.*}} : memref<1xi32>
// CHECK:           affine.load %[[BUF]][-%[[I]] + %{{.*}}, %{{.*}}] : memref<16x64xf32, 2>
// CHECK:         memref.dealloc %[[TAG]] : memref<1xi32>
// CHECK-NEXT:    memref.dealloc %[[BUF]] : memref<16x64xf32, 2>
func.func @tiles(%A: memref<256x256xf32>) {
  affine.for %i = 0 to 256 step 16 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 16)>(%i) {
      affine.for %j = 0 to 64 {
        %v = affine.load %A[%ii, %j] : memref<256x256xf32>
        "use"(%v) : (f32) -> ()
      }
    }
  }
  return
}
