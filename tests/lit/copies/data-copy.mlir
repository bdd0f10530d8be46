// RUN: pyaffine-opt -split-input-file -affine-data-copy-generate="fast-mem-space=0 skip-non-unit-stride-loops" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-data-copy-generate="fast-mem-space=0 skip-non-unit-stride-loops" %s | FileCheck %s %}

// A tiled matrix-vector product: x, the same for every tile, is copied
// in once above the tile loop (step 32, skipped); inside it the 32x64 block
// of A is copied in, y's 32 elements in and out; the accesses use the
// buffers, offset by the tile's origin.
// CHECK-LABEL: func.func @tiled
// CHECK:      %[[X:.*]] = memref.alloc() : memref<64xf32>
// CHECK:      affine.for %[[I:.*]] = 0 to 64 step 32 {
// CHECK:        %[[A:.*]] = memref.alloc() : memref<32x64xf32>
// CHECK:          affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<64x64xf32>
// CHECK:          affine.store %{{.*}}, %[[A]][%{{.*}} - %[[I]], %{{.*}}] : memref<32x64xf32>
// CHECK:        %[[Y:.*]] = memref.alloc() : memref<32xf32>
// CHECK:          affine.store %{{.*}}, %[[Y]][%{{.*}} - %[[I]]] : memref<32xf32>
// CHECK:        affine.for %[[II:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:       affine.load %[[A]][-%[[I]] + %[[II]], %[[J]]] : memref<32x64xf32>
// CHECK-NEXT:       affine.load %[[X]][%[[J]]] : memref<64xf32>
// CHECK-NEXT:       affine.load %[[Y]][-%[[I]] + %[[II]]] : memref<32xf32>
// CHECK:            affine.store %{{.*}}, %[[Y]][-%[[I]] + %[[II]]] : memref<32xf32>
// CHECK:          affine.load %[[Y]][%{{.*}} - %[[I]]] : memref<32xf32>
// CHECK-NEXT:     affine.store %{{.*}}, %{{.*}}[%{{.*}}] : memref<64xf32>
// CHECK:        memref.dealloc %[[Y]] : memref<32xf32>
// CHECK:      memref.dealloc %[[X]] : memref<64xf32>
func.func @tiled(%A: memref<64x64xf32>, %x: memref<64xf32>, %y: memref<64xf32>) {
  affine.for %i = 0 to 64 step 32 {
    affine.for %ii = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 32)>(%i) {
      affine.for %j = 0 to 64 {
        %a = affine.load %A[%ii, %j] : memref<64x64xf32>
        %b = affine.load %x[%j] : memref<64xf32>
        %c = affine.load %y[%ii] : memref<64xf32>
        %p = arith.mulf %a, %b : f32
        %s = arith.addf %c, %p : f32
        affine.store %s, %y[%ii] : memref<64xf32>
      }
    }
  }
  return
}

// -----

// A region written everywhere it is copied back (the whole 8x8 matrix):
// no copy-in, as mlir-opt.
// CHECK-LABEL: func.func @written_everywhere
// CHECK:      %[[B:.*]] = memref.alloc() : memref<8x8xf32>
// CHECK-NEXT: affine.for
// CHECK-NEXT:   affine.for
// CHECK-NEXT:     affine.store %{{.*}}, %[[B]]
// CHECK:      affine.load %[[B]]
// CHECK-NEXT: affine.store
func.func @written_everywhere(%A: memref<8x8xf32>, %v: f32) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      affine.store %v, %A[%i, %j] : memref<8x8xf32>
    }
  }
  return
}
