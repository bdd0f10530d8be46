// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// The 5x5 filter loops of a convolution: each runs 5 times, and the body
// has 6 ops, 4 of them loads and stores (size 10), so both unrolled are 25
// copies of size 10, 250, within LLVM's full-unroll threshold of 300
// (LLVM 22 -O3 unrolls them, one loop at a time, inner first).  The x loop
// is then the innermost loop that runs, and out[k][y][x] is loaded and
// stored once for 25 multiply-adds.  Measured on tools/kernels/conv5d.mlir:
// (k, y, x, r, s) 3.3 ms, (k, y, r, x, s) 3.7 ms.

// CHECK: remark: affine-loop-interchange: perfect nest of depth 5, trip counts [5, 5, 4, 32, 32]
// CHECK: chose order (2, 4, 3, 0, 1) = (%k, %y, %x, %r, %s) (permutation-map=3,4,0,2,1); the innermost loops (0, 1) taken as unrolled (25 iterations of a body of size 10: 250, within LLVM's full-unroll threshold 300)
func.func @conv(%img: memref<36x36xf64>, %w: memref<4x5x5xf64>, %out: memref<4x32x32xf64>) {
  affine.for %r = 0 to 5 {
    affine.for %s = 0 to 5 {
      affine.for %k = 0 to 4 {
        affine.for %x = 0 to 32 {
          affine.for %y = 0 to 32 {
            %i = affine.load %img[%y + %r, %x + %s] : memref<36x36xf64>
            %f = affine.load %w[%k, %r, %s] : memref<4x5x5xf64>
            %o = affine.load %out[%k, %y, %x] : memref<4x32x32xf64>
            %p = arith.mulf %i, %f : f64
            %t = arith.addf %o, %p : f64
            affine.store %t, %out[%k, %y, %x] : memref<4x32x32xf64>
          }
        }
      }
    }
  }
  return
}

// LLVM decides on the unrolled size, not on the trip count.  The body of
// 8 loads, 7 adds and a store has size 8*2 + 7 + 2 = 25: 8 iterations of it
// (200) are unrolled, 16 iterations (400) are not, and the loop of 16
// iterations is charged as the innermost loop that runs.

// CHECK: remark: affine-loop-interchange: perfect nest of depth 2, trip counts [256, 8]
// CHECK: kept the original order (0, 1) = (%i, %k); the innermost loops (1,) taken as unrolled (8 iterations of a body of size 25: 200, within LLVM's full-unroll threshold 300)
// CHECK: remark: affine-loop-interchange: perfect nest of depth 2, trip counts [256, 16]
// CHECK-NOT: taken as unrolled
// CHECK: func.func @conv
// CHECK:      affine.for %[[K:.*]] = 0 to 4 {
// CHECK-NEXT:   affine.for %[[Y:.*]] = 0 to 32 {
// CHECK-NEXT:     affine.for %[[X:.*]] = 0 to 32 {
// CHECK-NEXT:       affine.for %[[R:.*]] = 0 to 5 {
// CHECK-NEXT:         affine.for %[[S:.*]] = 0 to 5 {
func.func @stencil8(%A: memref<256x24xf64>, %B: memref<256x16xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %k = 0 to 8 {
      %a0 = affine.load %A[%i, %k] : memref<256x24xf64>
      %a1 = affine.load %A[%i, %k + 1] : memref<256x24xf64>
      %a2 = affine.load %A[%i, %k + 2] : memref<256x24xf64>
      %a3 = affine.load %A[%i, %k + 3] : memref<256x24xf64>
      %a4 = affine.load %A[%i, %k + 4] : memref<256x24xf64>
      %a5 = affine.load %A[%i, %k + 5] : memref<256x24xf64>
      %a6 = affine.load %A[%i, %k + 6] : memref<256x24xf64>
      %a7 = affine.load %A[%i, %k + 7] : memref<256x24xf64>
      %s1 = arith.addf %a0, %a1 : f64
      %s2 = arith.addf %s1, %a2 : f64
      %s3 = arith.addf %s2, %a3 : f64
      %s4 = arith.addf %s3, %a4 : f64
      %s5 = arith.addf %s4, %a5 : f64
      %s6 = arith.addf %s5, %a6 : f64
      %s7 = arith.addf %s6, %a7 : f64
      affine.store %s7, %B[%i, %k] : memref<256x16xf64>
    }
  }
  return
}

func.func @stencil16(%A: memref<256x24xf64>, %B: memref<256x16xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %k = 0 to 16 {
      %a0 = affine.load %A[%i, %k] : memref<256x24xf64>
      %a1 = affine.load %A[%i, %k + 1] : memref<256x24xf64>
      %a2 = affine.load %A[%i, %k + 2] : memref<256x24xf64>
      %a3 = affine.load %A[%i, %k + 3] : memref<256x24xf64>
      %a4 = affine.load %A[%i, %k + 4] : memref<256x24xf64>
      %a5 = affine.load %A[%i, %k + 5] : memref<256x24xf64>
      %a6 = affine.load %A[%i, %k + 6] : memref<256x24xf64>
      %a7 = affine.load %A[%i, %k + 7] : memref<256x24xf64>
      %s1 = arith.addf %a0, %a1 : f64
      %s2 = arith.addf %s1, %a2 : f64
      %s3 = arith.addf %s2, %a3 : f64
      %s4 = arith.addf %s3, %a4 : f64
      %s5 = arith.addf %s4, %a5 : f64
      %s6 = arith.addf %s5, %a6 : f64
      %s7 = arith.addf %s6, %a7 : f64
      affine.store %s7, %B[%i, %k] : memref<256x16xf64>
    }
  }
  return
}
