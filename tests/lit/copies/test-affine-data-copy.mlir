// RUN: pyaffine-opt -test-affine-data-copy=memref-filter %s | FileCheck %s --check-prefix=FILTER
// RUN: pyaffine-opt -test-affine-data-copy=for-memref-region %s | FileCheck %s --check-prefix=REGION
// RUN: %if mlir-opt %{ mlir-opt -test-affine-data-copy=memref-filter %s | FileCheck %s --check-prefix=FILTER %}
// RUN: %if mlir-opt %{ mlir-opt -test-affine-data-copy=for-memref-region %s | FileCheck %s --check-prefix=REGION %}

// mlir-opt's test pass: with `memref-filter`, only B (the first memref the
// innermost loop loads) is copied, for the body of the outer loop (one row
// of B per i); with `for-memref-region`, B's region over the whole nest is
// copied around it.
// FILTER:      affine.for %[[I:.*]] = 0 to 16 {
// FILTER:        %[[BUF:.*]] = memref.alloc() : memref<1x32xf32>
// FILTER-NOT:    memref.alloc
// FILTER:          affine.load %[[BUF]][0, %{{.*}}] : memref<1x32xf32>
// FILTER-NEXT:     affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x32xf32>
// FILTER:        memref.dealloc %[[BUF]] : memref<1x32xf32>

// REGION:      %[[BUF:.*]] = memref.alloc() : memref<16x32xf32>
// REGION-NOT:  memref.alloc
// REGION:          affine.store %{{.*}}, %[[BUF]]
// REGION:      affine.for %{{.*}} = 0 to 16 {
// REGION-NEXT:   affine.for %{{.*}} = 0 to 32 {
// REGION-NEXT:     affine.load %[[BUF]][%{{.*}}, %{{.*}}] : memref<16x32xf32>
// REGION-NEXT:     affine.load %{{.*}}[%{{.*}}, %{{.*}}] : memref<16x32xf32>
// REGION:      memref.dealloc %[[BUF]] : memref<16x32xf32>
func.func @add(%A: memref<16x32xf32>, %B: memref<16x32xf32>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 32 {
      %b = affine.load %B[%i, %j] : memref<16x32xf32>
      %a = affine.load %A[%i, %j] : memref<16x32xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %A[%i, %j] : memref<16x32xf32>
    }
  }
  return
}
