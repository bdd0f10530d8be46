// RUN: pyaffine-opt -split-input-file -affine-data-copy-generate="generate-dma fast-mem-space=1 skip-non-unit-stride-loops" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-data-copy-generate="generate-dma fast-mem-space=1 skip-non-unit-stride-loops" %s | FileCheck %s %}

// A region whose lower bound is a division has a constant extent: one
// element here, at (%i + 1) floordiv 3 (the transfer moves that element
// alone; the whole memref would send back elements never written).
// CHECK-LABEL: func.func @division
// CHECK:       affine.for %[[I:.*]] = 0 to 8 step 2 {
// CHECK:         %[[BUF:.*]] = memref.alloc() : memref<1xf32, 1>
// CHECK:         affine.dma_start %[[BUF]][%{{.*}}], %arg0[(%[[I]] + 1) floordiv 3], %{{.*}}[%{{.*}}], %{{.*}} : memref<1xf32, 1>, memref<16xf32>, memref<1xi32>
func.func @division(%A: memref<16xf32>, %v: f32) {
  affine.for %i = 0 to 8 step 2 {
    affine.for %j = 0 to 4 {
      affine.store %v, %A[(%i + 1) floordiv 3] : memref<16xf32>
    }
  }
  return
}

// -----

// A load and a store of the same division: mlir-opt 22 finds no constant
// extent for the union of their regions and takes the memref's along
// that dimension (the copy loops would still take the union's bounds).
// CHECK-LABEL: func.func @union_of_divisions
// CHECK:       memref.alloc() : memref<16x1xf32, 1>
// CHECK:       affine.dma_start %arg0[0, %{{.*}}]
func.func @union_of_divisions(%A: memref<16x16xf32>, %v: f32) {
  affine.for %i = 0 to 9 step 3 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 3)>(%i) {
      %w = affine.load %A[%ii floordiv 8, %i] : memref<16x16xf32>
      %s = arith.addf %w, %v : f32
      affine.store %s, %A[%ii floordiv 8, %i] : memref<16x16xf32>
    }
  }
  return
}
