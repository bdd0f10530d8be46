// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A time loop around two sweeps that feed each other (B from A, then A
// from B): distributing t would run every first sweep before any second
// one, so t stays whole.  The perfect bands inside it are still decided:
// both walk their arrays down columns, and each is interchanged so that i
// runs along a row.  Their locality is paid once per iteration of t.

// REMARK: remark: affine-loop-interchange: the loop on line 26 is not distributed: a dependence from the access on line 38 to the access on line 33 is carried by the loop on line 26
// REMARK: perfect nest of depth 2, trip counts [62, 64]; 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// REMARK: perfect nest of depth 2, trip counts [62, 64]; 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)

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

// The same time loop around two triangular sweeps: the bands inside it go
// through the polyhedral path, which generates the new bounds (j becomes
// the outer loop, i runs from j).

// REMARK: remark: affine-loop-interchange: the loop on line {{[0-9]+}} is not distributed: a dependence from the access on line {{[0-9]+}} to the access on line {{[0-9]+}} is carried by the loop on line {{[0-9]+}}
// REMARK: perfect nest of depth 2, trip counts [64, 32] (non-rectangular loop bounds: average trip counts over the domain); 2 of 2 orders legal (exact dependences)
// REMARK: chose order (1, 0) = (%j, %i) (new bounds generated with isl)
// REMARK: perfect nest of depth 2, trip counts [64, 32] (non-rectangular loop bounds: average trip counts over the domain); 2 of 2 orders legal (exact dependences)
// REMARK: chose order (1, 0) = (%j, %i) (new bounds generated with isl)

// CHECK-LABEL: func.func @time_around_triangles
// CHECK:      affine.for %[[T:.*]] = 0 to 8 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[I:.*]] = #{{.*}}(%[[J]]) to 64 {
// CHECK-NEXT:       affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:       affine.store %{{.*}}, %arg1[%[[J]], %[[I]]]
// CHECK:        affine.for %[[J2:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[I2:.*]] = #{{.*}}(%[[J2]]) to 64 {
// CHECK-NEXT:       affine.load %arg1[%[[J2]], %[[I2]]]
func.func @time_around_triangles(%A: memref<64x64xf64>, %B: memref<64x64xf64>) {
  affine.for %t = 0 to 8 {
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %a = affine.load %A[%j, %i] : memref<64x64xf64>
        affine.store %a, %B[%j, %i] : memref<64x64xf64>
      }
    }
    affine.for %i = 0 to 64 {
      affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
        %b = affine.load %B[%j, %i] : memref<64x64xf64>
        %c = arith.addf %b, %b : f64
        affine.store %c, %A[%j, %i] : memref<64x64xf64>
      }
    }
  }
  return
}

// A triangular band around a nest it cannot be distributed from (a
// dependence cycle through A and C): the polyhedral path decides only bands
// whose loops are all in the band, so this one is left as it is; the nest
// inside it is decided by the rectangular path.

// REMARK: remark: affine-loop-interchange: the loop on line {{[0-9]+}} is not distributed
// REMARK: nest left as it is: non-rectangular loop bounds in a band around further loops
// REMARK: perfect nest of depth 2, trip counts [16, 16]

// CHECK-LABEL: func.func @triangle_around_nest
// CHECK:      affine.for %[[I:.*]] = 0 to 16 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to #{{.*}}(%[[I]]) {
func.func @triangle_around_nest(%A: memref<16x16xf64>, %C: memref<16x16xf64>) {
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %x = affine.load %C[%j, %i] : memref<16x16xf64>
      %y = arith.addf %x, %x : f64
      affine.store %y, %A[%j, %i] : memref<16x16xf64>
      affine.for %k = 0 to 16 {
        affine.for %l = 0 to 16 {
          %c = affine.load %C[%l, %k] : memref<16x16xf64>
          %z = affine.load %A[%j, %i] : memref<16x16xf64>
          %s = arith.addf %c, %z : f64
          affine.store %s, %C[%l, %k] : memref<16x16xf64>
        }
      }
    }
  }
  return
}
