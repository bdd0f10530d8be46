// RUN: pyaffine-opt %s | FileCheck %s

// CHECK-LABEL: func.func @copy_transposed
// CHECK:      affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 20 {
// CHECK-NEXT:     %[[V:.*]] = affine.load %arg0[%[[J]], %[[I]] + 1] : memref<20x11xf32>
// CHECK-NEXT:     affine.store %[[V]], %arg1[%[[I]], %[[J]]] : memref<10x20xf32>
func.func @copy_transposed(%A: memref<20x11xf32>, %B: memref<10x20xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 20 {
      %v = affine.load %A[%j, %i + 1] : memref<20x11xf32>
      affine.store %v, %B[%i, %j] : memref<10x20xf32>
    }
  }
  return
}
