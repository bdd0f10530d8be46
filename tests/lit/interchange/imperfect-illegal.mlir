// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The parts of a distributed loop run in a topological order of their
// dependence graph, not necessarily the written one.  The j loop writes x[i],
// which the first part reads one iteration of i later: a dependence from the
// second part to the first, carried by i; nothing goes from the first part to
// the second.  Distributing i with the j loop first keeps every value: the
// j loop (then interchanged for the column walk of A) runs before the copy
// of x into y.

// REMARK: remark: affine-loop-interchange: perfect nest of depth 2, trip counts [255, 256]; 2 of 2 orders legal
// REMARK: remark: affine-loop-interchange: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// REMARK: remark: affine-loop-interchange: distributed an imperfect nest into 2 perfect nests

// CHECK-LABEL: func.func @carried_through_x
// CHECK:      affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 1 to 256 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     affine.store %{{.*}}, %arg1[%[[I]]]
// CHECK:      affine.for %[[I2:.*]] = 1 to 256 {
// CHECK-NEXT:   affine.load %arg1[%[[I2]] - 1]
// CHECK-NEXT:   affine.store %{{.*}}, %arg2[%[[I2]]]
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

// With the j loop also reading y[i - 1], which the first part writes one
// iteration earlier, the two parts form a dependence cycle carried by i: no
// order of the two copies keeps both dependences, so i is not distributed.
// Nothing inside it is a band of two loops either: the nest is kept.

// REMARK: remark: affine-loop-interchange: the loop on line 52 is not distributed: a dependence from the access on line 59 to the access on line 53 is carried by the loop on line 52
// REMARK: remark: affine-loop-interchange: kept the original order of the imperfect nest: it has no perfect band of two loops or more and its loops cannot be distributed

// CHECK-LABEL: func.func @cycle_through_x_and_y
// CHECK:      affine.for %[[I:.*]] = 1 to 256 {
// CHECK-NEXT:   affine.load %arg1[%[[I]] - 1]
// CHECK-NEXT:   affine.store %{{.*}}, %arg2[%[[I]]]
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     affine.load %arg2[%[[I]] - 1]
func.func @cycle_through_x_and_y(%A: memref<256x256xf64>, %x: memref<256xf64>, %y: memref<256xf64>) {
  affine.for %i = 1 to 256 {
    %prev = affine.load %x[%i - 1] : memref<256xf64>
    affine.store %prev, %y[%i] : memref<256xf64>
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%j, %i] : memref<256x256xf64>
      %b = affine.load %y[%i - 1] : memref<256xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %x[%i] : memref<256xf64>
    }
  }
  return
}
