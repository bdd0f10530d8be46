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
// `(i + 1) mod 2`: the pass does not reorder loops around dependences that go
// through mod/floordiv/ceildiv subscripts (mlir-opt's own projection of such
// dependences is coarser than the exact one, and the pass never permutes
// more boldly than `mlir-opt -test-loop-permutation` with check-validity).
// Only what the dependence depth itself proves is used: the original order.

// REMARK: perfect nest of depth 2, trip counts [128, 128] (dependences through a mod/floordiv/ceildiv subscript taken as unknown); 1 of 2 orders legal
// REMARK: kept the original order (0, 1) = (%i, %j)
// CHECK-LABEL: func.func @double_buffer
// CHECK:      affine.for %[[I:.*]] = 1 to 129 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 128 {
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
