// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64" %s 2>/dev/null | FileCheck %s
// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64 remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -split-input-file -affine-optimize %s 2>/dev/null | FileCheck %s --check-prefix=L2
// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=64 tile=false" %s 2>/dev/null | FileCheck %s --check-prefix=NOTILE
// RUN: pyaffine-opt -split-input-file -affine-optimize="cache-size=4 remarks=true" %s 2>&1 | FileCheck %s --check-prefix=SKEW
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-optimize="cache-size=64" %s 2>/dev/null | mlir-opt -split-input-file - -o /dev/null %}
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-optimize="cache-size=4" %s 2>/dev/null | mlir-opt -split-input-file - -o /dev/null %}

// A gemm: the fusion conflict graph's cost model puts k outside j (i, k,
// j), so that B and C are read along rows; the band is fully permutable,
// and i carries the reuse of all of B (128 KiB per iteration), which the
// tile's share of the 64 KiB cache (half of it) cannot hold: tiles of
// 16 x 32 x 32 (24 KiB; the i tiles are capped at 16 so that the parallel
// loop has 8 tiles to share among the threads).  The i tile loop carries
// no dependence and runs in parallel; the k loops carry the sum into C.
// Inside a tile, blocks of 4 x 8 elements of C are loaded once, carried
// through the k point loop in 32 iter_args and stored once (the
// micro-kernel): the four rows share each load of B[k][j], the eight
// columns each load of A[i][k].
// At the default cache (this machine's L2) the reuse fits: not tiled.
// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[PLUS16:.*]] = affine_map<(d0) -> (d0 + 16)>
// CHECK-DAG: #[[PLUS32:.*]] = affine_map<(d0) -> (d0 + 32)>
// CHECK-LABEL: func.func @gemm
// CHECK:      affine.parallel (%[[I:.*]]) = (0) to (128) step (16) {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to 128 step 32 {
// CHECK-NEXT:       affine.for %[[II:.*]] = #[[ID]](%[[I]]) to #[[PLUS16]](%[[I]]) step 4 {
// CHECK-NEXT:         affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to #[[PLUS32]](%[[J]]) step 8 {
// CHECK-NEXT:           affine.if #{{.*}}(%[[II]], %[[JJ]], %[[I]], %[[J]]) {
// CHECK:                  %{{.*}}:32 = affine.for %[[KK:.*]] = #[[ID]](%[[K]]) to #[[PLUS32]](%[[K]]) iter_args(
// CHECK-NEXT:               affine.load %{{.*}}[%[[II]], %[[KK]]]
// CHECK-NEXT:               affine.load %{{.*}}[%[[KK]], %[[JJ]]]
// REMARK: optimize.mlir:[[# @LINE + 14]]:3: remark: affine-permute-and-fuse: chose schedule S0(i0, i2, i1)
// REMARK: optimize.mlir:[[# @LINE + 13]]:3: remark: affine-loop-tile: band (%i, %{{.*}}, %{{.*}}) tiled by 16 x 32 x 32 (tile footprint 24576 bytes within the cache of 32768 bytes; band footprint 393216 bytes)
// REMARK: optimize.mlir:[[# @LINE + 12]]:3: remark: affine-parallelize: %i runs in parallel
// REMARK: optimize.mlir:[[# @LINE + 11]]:3: remark: affine-loop-tile: point band blocked by 4 x 8 around its reduction loop, each block of %arg2 carried in registers through it (micro-kernel)
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

// A five-point stencil from A into B: no dependence, and no reuse that
// leaves the cache: an iteration of i touches three rows of A and one of
// B (8 KiB), which the next iteration reads again from the cache.  Tiling
// would only add loops: not tiled; the i loop runs in parallel.
// CHECK-LABEL: func.func @stencil
// CHECK:      affine.parallel (%[[I:.*]]) = (1) to (255) {
// CHECK-NEXT:   affine.for %[[J:.*]] = 1 to 255 {
// CHECK-NEXT:     affine.load %{{.*}}[%[[I]] - 1, %[[J]]]
// REMARK: optimize.mlir:[[# @LINE + 7]]:3: remark: affine-permute-and-fuse: kept the original schedule (S0(i0, i1))
// REMARK: optimize.mlir:[[# @LINE + 6]]:3: remark: affine-loop-tile: band (%i, %j) not tiled: no reuse it carries leaves the cache (bytes one iteration of each loop touches: %i: 8192)
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
// is not permutable.  At 64 KiB its reuse (three rows per iteration of i)
// fits the cache: left untiled, i carries the dependence, and j does too
// little work per run (254 iterations) to pay for a parallel region.
// With a 4 KiB cache the band is skewed by the smallest factor that makes
// it permutable (j + i), tiled, and its tiles run as a wavefront: the tiles
// of one wavefront in parallel.
// CHECK-LABEL: func.func @seidel
// CHECK:      affine.for %{{.*}} = 1 to 255 {
// CHECK-NEXT:   affine.for %{{.*}} = 1 to 255 {
// CHECK-NOT:  step
// REMARK: optimize.mlir:[[# @LINE + 16]]:3: remark: affine-loop-tile: band (%i, %j) not tiled: no reuse it carries leaves the cache (bytes one iteration of each loop touches: %i: 6144)
// REMARK: optimize.mlir:[[# @LINE + 15]]:3: remark: affine-parallelize: %i stays sequential: it carries the flow dependence from the affine.store to the affine.load
// REMARK: optimize.mlir:[[# @LINE + 19]]:7: note: source of the dependence
// REMARK: optimize.mlir:[[# @LINE + 15]]:12: note: destination of the dependence
// REMARK: optimize.mlir:[[# @LINE + 13]]:5: remark: affine-parallelize: %j stays sequential: one run of it executes about 254 iterations, fewer than the 16384 that pay for a parallel region
// SKEW: optimize.mlir:[[# @LINE + 11]]:3: remark: affine-loop-tile: band (%i, %j) skewed by [1 0; 1 1] (dependences ran backwards along %j), tiled by 8 x 8 (tile footprint 800 bytes within the cache of 2048 bytes; band footprint 524288 bytes); tiles run as a wavefront, the tiles of one wavefront in parallel
// SKEW-DAG:  #[[LOWER:.*]] = affine_map<(d0, d1) -> (1, d0 - 254, -d0 + d1 * 8)>
// SKEW-DAG:  #[[SKEWED:.*]] = affine_map<(d0, d1) -> (-d0 + d1)>
// SKEW-LABEL: func.func @seidel
// SKEW:      affine.for %[[W:.*]] = 0 to 95 {
// SKEW-NEXT:   affine.parallel (%[[T:.*]]) = (max(%[[W]] * 8 - 248, ((%[[W]] + 1) floordiv 2) * 8)) to (min(%[[W]] * 8 + 7, %[[W]] * 4 + 131)) step (8) {
// SKEW-NEXT:     affine.for %[[I:.*]] = max #[[LOWER]](%[[T]], %[[W]]) to min
// SKEW-NEXT:       affine.for %[[J:.*]] = max
// SKEW-NEXT:         %[[J0:.*]] = affine.apply #[[SKEWED]](%[[I]], %[[J]])
// SKEW-NEXT:         affine.load %{{.*}}[%[[I]] - 1, %[[J0]] + 1]
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
