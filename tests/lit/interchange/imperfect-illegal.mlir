// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Distributing i would run every iteration of the first part (which reads
// x[i - 1]) before any of the second (which writes x[i]): the flow
// dependence from the write at i to the read at i + 1 would be reversed.
// The nest is left exactly as it is.

// REMARK: remark: affine-loop-interchange: imperfect nest left as it is: distribution is illegal: a dependence from the access on line 24 to the earlier access on line 20 is carried by the distributed loop

// CHECK-LABEL: func.func @carried_through_x
// CHECK:      affine.for %[[I:.*]] = 1 to 256 {
// CHECK-NEXT:   affine.load %arg1[%[[I]] - 1]
// CHECK-NEXT:   affine.store %{{.*}}, %arg2[%[[I]]]
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     affine.store %{{.*}}, %arg1[%[[I]]]
func.func @carried_through_x(%A: memref<256x256xf64>, %x: memref<256xf64>, %y: memref<256xf64>) {
  affine.for %i = 1 to 256 {
    %prev = affine.load %x[%i - 1] : memref<256xf64>
    affine.store %prev, %y[%i] : memref<256xf64>
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%j, %i] : memref<256x256xf64>
      affine.store %a, %x[%i] : memref<256xf64>
    }
  }
  return
}
