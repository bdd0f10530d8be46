// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Subscripts with mod and floordiv are modelled exactly by isl (as
// existentially quantified variables).  Here buf[i mod 2][j] is written and
// buf[(i + 1) mod 2][j] read: a flow dependence carried by i with an odd
// distance in [1, 127] and j distance 0, so both orders are legal, and j
// outer leaves i, the carrying loop, innermost.

// REMARK: perfect nest of depth 2, trip counts [128, 128]; 2 of 2 orders legal
// REMARK: chose order (1, 0) (permutation-map=1,0)
// CHECK-LABEL: func.func @double_buffer
// CHECK:      affine.for %[[J:.*]] = 0 to 128 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 1 to 129 {
// CHECK-NEXT:     affine.load %arg1[(%[[I]] + 1) mod 2, %[[J]]]
// CHECK:          affine.store %{{.*}}, %arg1[%[[I]] mod 2, %[[J]]]

// The dependence through the buffer forbids swapping these two: with the
// read of row (i + 1) mod 2 in column j + 1 the distance is (1, -1).
// REMARK: 1 of 2 orders legal
// REMARK: kept the original order (0, 1)
// CHECK-LABEL: func.func @skewed_buffer
// CHECK:      affine.for %[[I:.*]] = 1 to 129 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 {
func.func @double_buffer(%A: memref<128x130xf64>, %buf: memref<2x130xf64>) {
  affine.for %i = 1 to 129 {
    affine.for %j = 0 to 128 {
      %prev = affine.load %buf[(%i + 1) mod 2, %j] : memref<2x130xf64>
      %a = affine.load %A[%j, %i] : memref<128x130xf64>
      %s = arith.addf %prev, %a : f64
      affine.store %s, %buf[%i mod 2, %j] : memref<2x130xf64>
    }
  }
  return
}

func.func @skewed_buffer(%buf: memref<2x130xf64>) {
  affine.for %i = 1 to 129 {
    affine.for %j = 0 to 128 {
      %prev = affine.load %buf[(%i + 1) mod 2, %j + 1] : memref<2x130xf64>
      affine.store %prev, %buf[%i mod 2, %j] : memref<2x130xf64>
    }
  }
  return
}
