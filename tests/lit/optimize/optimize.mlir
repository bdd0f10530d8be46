// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64" %s 2>/dev/null | FileCheck %s
// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64 remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -split-input-file -affine-optimize %s 2>/dev/null | FileCheck %s --check-prefix=L2
// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64 tile=false" %s 2>/dev/null | FileCheck %s --check-prefix=NOTILE
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-optimize="cache-size=64" %s 2>/dev/null | mlir-opt -split-input-file - -o /dev/null %}

// A gemm: the fusion conflict graph's cost model puts k outside j (i, k,
// j), so that B and C are read along rows; the band is fully permutable
// and its 384 KiB outgrow the 64 KiB cache: tiles of 32 x 32 x 32 (24 KiB;
// 64 would take 96 KiB).  The i tile loop carries no dependence and runs
// in parallel; the k loops carry the sum into C.  At the default cache
// (this machine's L2) the band fits and is not tiled.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[PLUS32:.*]] = affine_map<(d0) -> (d0 + 32)>
// CHECK-LABEL: func.func @gemm
// CHECK:      affine.parallel (%[[I:.*]]) = (0) to (128) step (32) {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:       affine.for %[[II:.*]] = #[[ID]](%[[I]]) to #[[PLUS32]](%[[I]]) {
// CHECK-NEXT:         affine.for %[[KK:.*]] = #[[ID]](%[[K]]) to #[[PLUS32]](%[[K]]) {
// CHECK-NEXT:           affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to #[[PLUS32]](%[[J]]) {
// CHECK-NEXT:             affine.load %{{.*}}[%[[II]], %[[KK]]]
// CHECK-NEXT:             affine.load %{{.*}}[%[[KK]], %[[JJ]]]
// REMARK: optimize.mlir:[[# @LINE + 13]]:3: remark: affine-permute-and-fuse: chose schedule S0(i0, i2, i1)
// REMARK: optimize.mlir:[[# @LINE + 12]]:3: remark: affine-loop-tile: band (%i, %{{.*}}, %{{.*}}) tiled by 32 x 32 x 32 (tile footprint 24576 bytes within the cache of 65536 bytes; band footprint 393216 bytes)
// REMARK: optimize.mlir:[[# @LINE + 11]]:3: remark: affine-parallelize: %i runs in parallel
// L2-LABEL: func.func @gemm
// L2:       affine.parallel (%{{.*}}) = (0) to (128) {
// L2-NEXT:    affine.for %{{.*}} = 0 to 128 {
// L2-NEXT:      affine.for %{{.*}} = 0 to 128 {
// L2-NEXT:        affine.load
// NOTILE-LABEL: func.func @gemm
// NOTILE:       affine.parallel (%{{.*}}) = (0) to (128) {
// NOTILE-NEXT:    affine.for %{{.*}} = 0 to 128 {
// NOTILE-NEXT:      affine.for %{{.*}} = 0 to 128 {
func.func @gemm(%A: memref<128x128xf64>, %B: memref<128x128xf64>, %C: memref<128x128xf64>) {
  affine.for %i = 0 to 128 {
    affine.for %j = 0 to 128 {
      affine.for %k = 0 to 128 {
        %a = affine.load %A[%i, %k] : memref<128x128xf64>
        %b = affine.load %B[%k, %j] : memref<128x128xf64>
        %c = affine.load %C[%i, %j] : memref<128x128xf64>
        %p = arith.mulf %a, %b : f64
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<128x128xf64>
      }
    }
  }
  return
}

// -----

// A five-point stencil from A into B: no dependence, tiles of 32 x 32
// (the innermost a multiple of 8 for the vectorizer), the edge tiles
// bounded by `min`, the outer tile loop parallel.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[MIN:.*]] = affine_map<(d0) -> (d0 + 32, 255)>
// CHECK-LABEL: func.func @stencil
// CHECK:      affine.parallel (%[[I:.*]]) = (1) to (255) step (32) {
// CHECK-NEXT:   affine.for %[[J:.*]] = 1 to 255 step 32 {
// CHECK-NEXT:     affine.for %[[II:.*]] = #[[ID]](%[[I]]) to min #[[MIN]](%[[I]]) {
// CHECK-NEXT:       affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to min #[[MIN]](%[[J]]) {
// CHECK-NEXT:         affine.load %{{.*}}[%[[II]] - 1, %[[JJ]]]
// REMARK: optimize.mlir:[[# @LINE + 7]]:3: remark: affine-permute-and-fuse: kept the original schedule (S0(i0, i1))
// REMARK: optimize.mlir:[[# @LINE + 6]]:3: remark: affine-loop-tile: band (%i, %j) tiled by 32 x 32 (tile footprint 17440 bytes within the cache of 65536 bytes; band footprint 1040416 bytes)
// REMARK: optimize.mlir:[[# @LINE + 5]]:3: remark: affine-parallelize: %i runs in parallel
// L2-LABEL: func.func @stencil
// L2:       affine.parallel (%{{.*}}) = (1) to (255) {
// L2-NEXT:    affine.for %{{.*}} = 1 to 255 {
func.func @stencil(%A: memref<256x256xf64>, %B: memref<256x256xf64>) {
  affine.for %i = 1 to 255 {
    affine.for %j = 1 to 255 {
      %n = affine.load %A[%i - 1, %j] : memref<256x256xf64>
      %s = affine.load %A[%i + 1, %j] : memref<256x256xf64>
      %w = affine.load %A[%i, %j - 1] : memref<256x256xf64>
      %e = affine.load %A[%i, %j + 1] : memref<256x256xf64>
      %ns = arith.addf %n, %s : f64
      %we = arith.addf %w, %e : f64
      %sum = arith.addf %ns, %we : f64
      affine.store %sum, %B[%i, %j] : memref<256x256xf64>
    }
  }
  return
}

// -----

// Gauss-Seidel in place: a dependence runs backwards along j, so the band
// is not permutable and is left untiled, with the dependence named; i
// carries it, j does not and runs in parallel.
// CHECK-LABEL: func.func @seidel
// CHECK:      affine.for %{{.*}} = 1 to 255 {
// CHECK-NEXT:   affine.parallel (%{{.*}}) = (1) to (255) {
// CHECK-NOT:  step
// REMARK: optimize.mlir:[[# @LINE + 8]]:3: remark: affine-loop-tile: band (%i, %j) left as it is: the anti dependence from the affine.load to the affine.store (distances %i: [1, 1], %j: [-1, -1]) runs backwards along %j: tiles would run its ends in the wrong order
// REMARK: optimize.mlir:[[# @LINE + 10]]:12: note: source of the dependence
// REMARK: optimize.mlir:[[# @LINE + 11]]:7: note: destination of the dependence
// REMARK: optimize.mlir:[[# @LINE + 5]]:3: remark: affine-parallelize: %i stays sequential: it carries the anti dependence from the affine.load to the affine.store
// REMARK: optimize.mlir:[[# @LINE + 7]]:12: note: source of the dependence
// REMARK: optimize.mlir:[[# @LINE + 8]]:7: note: destination of the dependence
// REMARK: optimize.mlir:[[# @LINE + 3]]:5: remark: affine-parallelize: %j runs in parallel
func.func @seidel(%A: memref<256x256xf64>) {
  affine.for %i = 1 to 255 {
    affine.for %j = 1 to 255 {
      %n = affine.load %A[%i - 1, %j + 1] : memref<256x256xf64>
      %s = affine.load %A[%i + 1, %j - 1] : memref<256x256xf64>
      %sum = arith.addf %n, %s : f64
      affine.store %sum, %A[%i, %j] : memref<256x256xf64>
    }
  }
  return
}
