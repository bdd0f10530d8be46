// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A time loop around two sweeps that feed each other (B from A, then A
// from B): distributing t would run every first sweep before any second
// one, so t stays whole.  The perfect bands inside it are still decided:
// both walk their arrays down columns, and each is interchanged so that i
// runs along a row.  Their locality is paid once per iteration of t.

// REMARK: remark: affine-loop-interchange: the loop on line 26 is not distributed: a dependence from the access on line 38 to the access on line 33 is carried by the loop on line 26
// REMARK: perfect nest of depth 2, trip counts [62, 64]; 2 of 2 orders legal
// REMARK: chose order (1, 0) (permutation-map=1,0)
// REMARK: perfect nest of depth 2, trip counts [62, 64]; 2 of 2 orders legal
// REMARK: chose order (1, 0) (permutation-map=1,0)

// CHECK-LABEL: func.func @time_steps
// CHECK:      affine.for %[[T:.*]] = 0 to 10 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[I:.*]] = 1 to 63 {
// CHECK-NEXT:       affine.load %arg0[%[[J]], %[[I]] - 1]
// CHECK:        affine.for %[[J2:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[I2:.*]] = 1 to 63 {
// CHECK-NEXT:       affine.load %arg1[%[[J2]], %[[I2]]]
func.func @time_steps(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 63 {
      affine.for %j = 0 to 64 {
        %a = affine.load %A[%j, %i - 1] : memref<64x64xf64>
        %b = affine.load %A[%j, %i + 1] : memref<64x64xf64>
        %s = arith.addf %a, %b : f64
        %m = arith.mulf %s, %half : f64
        affine.store %m, %B[%j, %i] : memref<64x64xf64>
      }
    }
    affine.for %i = 1 to 63 {
      affine.for %j = 0 to 64 {
        %b = affine.load %B[%j, %i] : memref<64x64xf64>
        affine.store %b, %A[%j, %i] : memref<64x64xf64>
      }
    }
  }
  return
}
