// RUN: pyaffine-opt -affine-permute-and-fuse %s | FileCheck %s
// RUN: pyaffine-opt -affine-permute-and-fuse="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %if mlir-opt %{ pyaffine-opt -affine-permute-and-fuse %s | mlir-opt --verify-each -o /dev/null %}

// Two sweeps as fdtd-2d's `ey` and `ex` updates: each reads `hz`, which
// fusion reads once for both.  Fused innermost, the second would load
// ex[i][j] right after the first stored ey[i][j]: arrays of one shape
// allocated alike lie at the same offset modulo 4 KiB, and the processor
// makes the load wait for the store (4K aliasing; fdtd-2d ran 3.4 times the
// original's time).  The innermost fusion is not offered; the sweeps share
// the i loop, each with its own j loop.

// REMARK: level 1: S1: fusion with S0 on S1:i1 not offered: %arg0 would load, after the store to %arg1, the element of the same subscript of an array of the same shape: 4K aliasing

// CHECK-LABEL: func.func @sweeps
// CHECK:         affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 {
// CHECK:             affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}]
// CHECK-NEXT:      }
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 64 {
// CHECK:             affine.store %{{.*}}, %arg0[%[[I]], %{{.*}}]
// CHECK-NEXT:      }
// CHECK-NEXT:    }

func.func @sweeps(%ex: memref<64x64xf64>, %ey: memref<64x64xf64>, %hz: memref<64x64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %e = affine.load %ey[%i, %j] : memref<64x64xf64>
      %h = affine.load %hz[%i, %j] : memref<64x64xf64>
      %d = arith.subf %e, %h : f64
      affine.store %d, %ey[%i, %j] : memref<64x64xf64>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %e = affine.load %ex[%i, %j] : memref<64x64xf64>
      %h = affine.load %hz[%i, %j] : memref<64x64xf64>
      %d = arith.mulf %e, %h : f64
      affine.store %d, %ex[%i, %j] : memref<64x64xf64>
    }
  }
  return
}
