// RUN: pyaffine-opt -affine-data-copy-generate="fast-mem-space=0 fast-mem-capacity=0" %s 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -affine-data-copy-generate="fast-mem-space=0 fast-mem-capacity=0" %s 2>/dev/null | FileCheck %s --check-prefix=MLIR %}

// Column j + 1 of A is read and written for j = 0, 2, 4, 6: columns 1 to
// 7.  Projection loses the stride, and mlir-opt 22's copy loops run to
// column 8, past the end of A's rows (and of the 7-column buffer); the copy
// loops here stop at the memref's extent, where the accesses stay within
// it (decided exactly).
// CHECK-LABEL: func.func @past_the_end
// CHECK:       memref.alloc() : memref<1x7xi8>
// CHECK:       affine.for %{{.*}} = 1 to min #[[END:.*]]() {
// CHECK:       affine.for %{{.*}} = 1 to min #[[END]]() {
// MLIR-LABEL:  func.func @past_the_end
// MLIR:        memref.alloc() : memref<1x7xi8>
// MLIR:        affine.for %{{.*}} = 1 to 9 {
// MLIR:        affine.for %{{.*}} = 1 to 9 {
func.func @past_the_end(%A: memref<16x8xi8>) {
  affine.for %i = 0 to 8 step 2 {
    affine.for %j = 0 to 8 step 2 {
      %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%i)
      %b = affine.apply affine_map<(d0) -> (d0 + 1)>(%j)
      %v = affine.load %A[%a, %a] : memref<16x8xi8>
      affine.store %v, %A[%a, %b] : memref<16x8xi8>
    }
  }
  return
}
