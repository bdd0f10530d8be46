// RUN: pyaffine-opt -split-input-file -affine-data-copy-generate="generate-dma fast-mem-space=1" %s 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-data-copy-generate="generate-dma fast-mem-space=1" %s 2>/dev/null | FileCheck %s --check-prefix=MLIR %}

// With `generate-dma`, a region only written is sent back by one transfer
// of its whole constant bounding box, and mlir-opt 22 does not bring it in
// first: the box's elements the stores do not write go back to the memref
// with whatever the fresh buffer held.  Here the box comes in first where
// the stores do not write all of it (tests/unit/test_data_copy_semantics.py
// runs both tools' outputs).

// The stores write %n elements; the transfer moves the memref's 32 (a
// symbolic bound has no constant extent).
// CHECK-LABEL: func.func @symbolic_bound
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<32xf32, 1>
// CHECK-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT:  affine.dma_start %arg0[%{{.*}}], %[[BUF]][%{{.*}}], %[[TAG]][%{{.*}}], %{{.*}} : memref<32xf32>, memref<32xf32, 1>, memref<1xi32>
// CHECK-NEXT:  affine.dma_wait %[[TAG]]
// CHECK:       affine.for
// CHECK:       affine.dma_start %[[BUF]][%{{.*}}], %arg0[%{{.*}}]
// MLIR-LABEL:  func.func @symbolic_bound
// MLIR:        memref.alloc() : memref<32xf32, 1>
// MLIR-NEXT:   memref.alloc() : memref<1xi32>
// MLIR-NEXT:   affine.for
func.func @symbolic_bound(%A: memref<32xf32>, %v: f32, %n: index) {
  affine.for %i = 0 to %n {
    affine.store %v, %A[%i] : memref<32xf32>
  }
  return
}

// -----

// The inner loop runs zero times for %i = 0: %A[0] is not written.
// CHECK-LABEL: func.func @empty_inner_loop
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<4xf32, 1>
// CHECK-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT:  affine.dma_start %arg0[%{{.*}}], %[[BUF]][%{{.*}}], %[[TAG]][%{{.*}}], %{{.*}} : memref<4xf32>, memref<4xf32, 1>, memref<1xi32>
// MLIR-LABEL:  func.func @empty_inner_loop
// MLIR:        memref.alloc() : memref<4xf32, 1>
// MLIR-NEXT:   memref.alloc() : memref<1xi32>
// MLIR-NEXT:   affine.for
func.func @empty_inner_loop(%A: memref<4xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      affine.store %v, %A[%i] : memref<4xf32>
    }
  }
  return
}

// -----

// Every other element is written, the 15 of the box go back.
// CHECK-LABEL: func.func @strided_store
// CHECK:       %[[BUF:.*]] = memref.alloc() : memref<15xf32, 1>
// CHECK-NEXT:  %[[TAG:.*]] = memref.alloc() : memref<1xi32>
// CHECK-NEXT:  affine.dma_start %arg0[%{{.*}}], %[[BUF]][%{{.*}}], %[[TAG]][%{{.*}}], %{{.*}} : memref<16xf32>, memref<15xf32, 1>, memref<1xi32>
// MLIR-LABEL:  func.func @strided_store
// MLIR:        memref.alloc() : memref<15xf32, 1>
// MLIR-NEXT:   memref.alloc() : memref<1xi32>
// MLIR-NEXT:   affine.for
func.func @strided_store(%A: memref<16xf32>, %v: f32) {
  affine.for %i = 0 to 16 step 2 {
    affine.store %v, %A[%i] : memref<16xf32>
  }
  return
}
