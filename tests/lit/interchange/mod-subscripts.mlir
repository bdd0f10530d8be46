// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// mod in subscripts.  A table read through `(i + j) mod 8` is only read, so
// no dependence goes through it and the column walk of A and B decides:
// j becomes the outer loop.

// REMARK: perfect nest of depth 2, trip counts [256, 128]; 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// CHECK-LABEL: func.func @rotating_table
// CHECK:      affine.for %[[J:.*]] = 0 to 128 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to 256 {
// CHECK-NEXT:     affine.load %arg2[(%[[I]] + %[[J]]) mod 8]
func.func @rotating_table(%A: memref<128x256xf64>, %B: memref<128x256xf64>, %t: memref<8xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 128 {
      %w = affine.load %t[(%i + %j) mod 8] : memref<8xf64>
      %a = affine.load %A[%j, %i] : memref<128x256xf64>
      %p = arith.mulf %a, %w : f64
      affine.store %p, %B[%j, %i] : memref<128x256xf64>
    }
  }
  return
}

// A double buffer written through `i mod 2` and read through
// `(i + 1) mod 2`: the element written at iteration i is read at i + 1,
// i + 3, ... and overwritten at i + 2, ...; every dependence goes an odd
// or even number of iterations of i forward with j unchanged, so the exact
// dependences (mod taken as an existential variable) allow j outside i,
// and the column walk of A puts it there.

// REMARK: perfect nest of depth 2, trip counts [128, 128]; 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// CHECK-LABEL: func.func @double_buffer
// CHECK:      affine.for %[[J:.*]] = 0 to 128 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 1 to 129 {
// CHECK-NEXT:     affine.load %arg1[(%[[I]] + 1) mod 2, %[[J]]]
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

// A[i mod 2, k, j] updated in place: the dependences are carried by i only,
// by an even distance (2 to 2046), so every order is legal.  Only the planes
// 0 and 1 are touched, and with k outermost and j innermost each plane's
// row is walked with stride 1: order (k, i, j).

// REMARK: perfect nest of depth 3, trip counts [64, 256, 256]; 6 of 6 orders legal
// REMARK: chose order (2, 0, 1) = (%k, %i, %j) (permutation-map=1,2,0)
// CHECK-LABEL: func.func @plane_by_parity
// CHECK:      affine.for %[[K:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:       affine.load %arg0[%[[I]] mod 2, %[[K]], %[[J]]]
func.func @plane_by_parity(%A: memref<2x256x256xf64>) {
  %one = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 256 {
      affine.for %k = 0 to 256 {
        %v = affine.load %A[%i mod 2, %k, %j] : memref<2x256x256xf64>
        %w = arith.addf %v, %one : f64
        affine.store %w, %A[%i mod 2, %k, %j] : memref<2x256x256xf64>
      }
    }
  }
  return
}

// A parity that does change the answer: B[i floordiv 2] accumulates over i
// and j, read and written at the same element by i = 2m and 2m + 1, so
// there is a dependence carried by i with j going either way (j' < j at
// i + 1): exact or not, j cannot move outside i.

// REMARK: perfect nest of depth 2, trip counts [64, 64]; 1 of 2 orders legal
// REMARK: kept the original order (0, 1) = (%i, %j)
// CHECK-LABEL: func.func @pairs_of_rows
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
func.func @pairs_of_rows(%A: memref<64x64xf64>, %B: memref<32xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%j, %i] : memref<64x64xf64>
      %b = affine.load %B[%i floordiv 2] : memref<32xf64>
      %s = arith.addf %a, %b : f64
      affine.store %s, %B[%i floordiv 2] : memref<32xf64>
    }
  }
  return
}
