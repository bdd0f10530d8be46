// RUN: pyaffine-opt -split-input-file -affine-optimize %s 2>/dev/null | FileCheck %s
// RUN: pyaffine-opt -split-input-file -affine-optimize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -split-input-file -affine-optimize="jam-reductions=0" %s 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: pyaffine-opt -split-input-file -affine-optimize="fuse=false" %s 2>/dev/null | FileCheck %s --check-prefix=NOFUSE
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-optimize %s 2>/dev/null | mlir-opt -split-input-file - -o /dev/null %}

// Register tiles for reductions (transforms/reduction_jam.py).  Each nest
// fits the cache and is not tiled.  The innermost j loop accumulates into
// q[i]: one chain of dependent adds, which LLVM does not vectorize without
// reassociating them.  The i loop around it is unrolled and jammed by 8:
// eight independent chains per j iteration, sharing the load of p[j], each
// element's adds still in their order.
// CHECK-DAG: #[[PLUS1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @dot_products
// CHECK:      affine.for %[[I:.*]] = 0 to 64 step 8 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %{{.*}}[%[[I]], %[[J]]]
// CHECK-NEXT:     affine.load %{{.*}}[%[[J]]]
// CHECK-NEXT:     affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:     arith.mulf
// CHECK-NEXT:     arith.addf
// CHECK-NEXT:     affine.store %{{.*}}, %{{.*}}[%[[I]]]
// CHECK-NEXT:     %[[I1:.*]] = affine.apply #[[PLUS1]](%[[I]])
// CHECK-NEXT:     affine.load %{{.*}}[%[[I1]], %[[J]]]
// CHECK-COUNT-7:  arith.mulf
// CHECK-NOT:      arith.mulf
// CHECK:          return
// REMARK: reduction-jam.mlir:{{[0-9]+}}:3: remark: affine-loop-tile: band (%i, %j) not tiled: its footprint, 33792 bytes, fits the cache
// REMARK: reduction-jam.mlir:{{[0-9]+}}:3: remark: affine-loop-unroll-jam: %i unrolled and jammed by 8: the innermost loop accumulates into one element of a memref, indexed by %i, a chain the vectorizer cannot reorder; the copies are 8 independent chains (register tile)
// OFF-LABEL: func.func @dot_products
// OFF:       affine.for %{{.*}} = 0 to 64 {
func.func @dot_products(%A: memref<64x64xf64>, %p: memref<64xf64>, %q: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %x = affine.load %p[%j] : memref<64xf64>
      %s = affine.load %q[%i] : memref<64xf64>
      %m = arith.mulf %a, %x : f64
      %t = arith.addf %s, %m : f64
      affine.store %t, %q[%i] : memref<64xf64>
    }
  }
  return
}

// -----

// bicg as written (-affine-permute-and-fuse fuses it so at larger sizes):
// s[j] is updated by every i in the first loop (a dependence carried by
// i), q[i] summed in the second.  Jamming keeps the order of s[j]'s
// updates (one j iteration runs the eight copies in order of i) and of the
// units of the body: legal.
// NOFUSE-LABEL: func.func @bicg
// NOFUSE:      affine.for %{{.*}} = 0 to 64 step 8 {
// NOFUSE-COUNT-8: affine.store
// NOFUSE-NEXT:   affine.for
// NOFUSE-COUNT-8:  arith.addf
// NOFUSE:        affine.for
// NOFUSE-COUNT-8:  arith.addf
// NOFUSE:        return
func.func @bicg(%A: memref<64x64xf64>, %r: memref<64xf64>, %p: memref<64xf64>, %s: memref<64xf64>, %q: memref<64xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 64 {
    affine.store %zero, %q[%i] : memref<64xf64>
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %ri = affine.load %r[%i] : memref<64xf64>
      %sj = affine.load %s[%j] : memref<64xf64>
      %m = arith.mulf %ri, %a : f64
      %t = arith.addf %sj, %m : f64
      affine.store %t, %s[%j] : memref<64xf64>
    }
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %pj = affine.load %p[%j] : memref<64xf64>
      %qi = affine.load %q[%i] : memref<64xf64>
      %m = arith.mulf %a, %pj : f64
      %t = arith.addf %qi, %m : f64
      affine.store %t, %q[%i] : memref<64xf64>
    }
  }
  return
}

// -----

// q[i] reads q[i - 1], complete only after every j of iteration i - 1: in
// the jammed loop, copy i would read it at j = 0.  Not jammed.
// CHECK-LABEL: func.func @recurrence
// CHECK:      affine.for %{{.*}} = 1 to 64 {
// REMARK: remark: affine-loop-unroll-jam: %i not unrolled and jammed: it carries a dependence from the affine.store to the affine.load that the jammed order would reverse
func.func @recurrence(%p: memref<64xf64>, %q: memref<64xf64>) {
  affine.for %i = 1 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %q[%i - 1] : memref<64xf64>
      %x = affine.load %p[%j] : memref<64xf64>
      %s = affine.load %q[%i] : memref<64xf64>
      %m = arith.mulf %a, %x : f64
      %t = arith.addf %s, %m : f64
      affine.store %t, %q[%i] : memref<64xf64>
    }
  }
  return
}

// -----

// The second loop writes p[j], which the first loop of the next i reads:
// a dependence from a later unit of the body to an earlier one, which the
// jammed body (all copies of the first loop, then all of the second) would
// reverse.  Not jammed.
// CHECK-LABEL: func.func @feedback
// CHECK:      affine.for %{{.*}} = 0 to 64 {
// REMARK: remark: affine-loop-unroll-jam: %i not unrolled and jammed: it carries a dependence from the affine.store to the affine.load that the jammed order would reverse
func.func @feedback(%A: memref<64x64xf64>, %p: memref<64xf64>, %q: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %a = affine.load %A[%i, %j] : memref<64x64xf64>
      %x = affine.load %p[%j] : memref<64xf64>
      %s = affine.load %q[%i] : memref<64xf64>
      %m = arith.mulf %a, %x : f64
      %t = arith.addf %s, %m : f64
      affine.store %t, %q[%i] : memref<64xf64>
    }
    affine.for %j = 0 to 64 {
      %x = affine.load %p[%j] : memref<64xf64>
      %s = affine.load %q[%i] : memref<64xf64>
      %t = arith.addf %x, %s : f64
      affine.store %t, %p[%j] : memref<64xf64>
    }
  }
  return
}
