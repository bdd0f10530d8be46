// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s

// Each nest of a function is decided on its own: the first is interchanged,
// the second is already in the best order, the third (inside an scf.for
// region) is found and interchanged too.

// CHECK-LABEL: func.func @three_nests
// CHECK:      affine.for %[[J0:.*]] = 0 to 128 {
// CHECK-NEXT:   affine.for %[[I0:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[J0]], %[[I0]]] : memref<128x64xf64>
// CHECK:      affine.for %[[I1:.*]] = 0 to 128 {
// CHECK-NEXT:   affine.for %[[J1:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[I1]], %[[J1]]] : memref<128x64xf64>
// CHECK:      scf.for
// CHECK-NEXT:   affine.for %[[J2:.*]] = 0 to 128 {
// CHECK-NEXT:     affine.for %[[I2:.*]] = 0 to 64 {
// CHECK-NEXT:       affine.load %arg0[%[[J2]], %[[I2]]] : memref<128x64xf64>
func.func @three_nests(%A: memref<128x64xf64>, %B: memref<128x64xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 128 {
      %v = affine.load %A[%j, %i] : memref<128x64xf64>
      affine.store %v, %B[%j, %i] : memref<128x64xf64>
    }
  }
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%i, %j] : memref<128x64xf64>
      affine.store %v, %B[%i, %j] : memref<128x64xf64>
    }
  }
  scf.for %t = %c0 to %c4 step %c1 {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to 128 {
        %v = affine.load %A[%j, %i] : memref<128x64xf64>
        affine.store %v, %B[%j, %i] : memref<128x64xf64>
      }
    }
  }
  return
}
