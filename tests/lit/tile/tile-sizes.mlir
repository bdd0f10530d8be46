// RUN: pyaffine-opt -split-input-file -affine-loop-tile="tile-size=32" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-tile="tile-size=32" %s | FileCheck %s %}
// RUN: pyaffine-opt -split-input-file -affine-loop-tile="tile-sizes=8" %s | FileCheck %s --check-prefix=SIZES
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-tile="tile-sizes=8" %s | FileCheck %s --check-prefix=SIZES %}
// RUN: pyaffine-opt -split-input-file -affine-loop-tile="cache-size=16" %s | FileCheck %s --check-prefix=MODEL
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-tile="cache-size=16" %s | FileCheck %s --check-prefix=MODEL %}
// RUN: pyaffine-opt -split-input-file -affine-loop-tile="cache-size=16 remarks" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODEL-REMARK
// RUN: pyaffine-opt -split-input-file -affine-loop-tile="tile-size=16 separate" %s | FileCheck %s --check-prefix=SEPARATE
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-tile="tile-size=16 separate" %s | FileCheck %s --check-prefix=SEPARATE %}

// The shapes of mlir-opt's tiled code, checked against both tools: tile
// loops keep the bounds with a larger step; a point loop runs to its tile
// loop's IV plus the tile size, to a `min` with the original bounds when
// the size does not divide the trip count, and to the trip count when the
// loop is shorter than a tile.

// CHECK-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// CHECK-DAG: #[[PLUS32:.*]] = affine_map<(d0) -> (d0 + 32)>
// CHECK-DAG: #[[MIN100:.*]] = affine_map<(d0) -> (d0 + 32, 100)>
// CHECK-DAG: #[[PLUS7:.*]] = affine_map<(d0) -> (d0 + 7)>
// CHECK-LABEL: func.func @copy
// CHECK:      affine.for %[[I:.*]] = 0 to 64 step 32 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 100 step 32 {
// CHECK-NEXT:     affine.for %[[K:.*]] = 0 to 7 step 32 {
// CHECK-NEXT:       affine.for %[[II:.*]] = #[[ID]](%[[I]]) to #[[PLUS32]](%[[I]]) {
// CHECK-NEXT:         affine.for %[[JJ:.*]] = #[[ID]](%[[J]]) to min #[[MIN100]](%[[J]]) {
// CHECK-NEXT:           affine.for %[[KK:.*]] = #[[ID]](%[[K]]) to #[[PLUS7]](%[[K]]) {
// CHECK-NEXT:             affine.load %{{.*}}[%[[II]], %[[JJ]], %[[KK]]]

// SIZES-DAG: #[[ID:.*]] = affine_map<(d0) -> (d0)>
// SIZES-DAG: #[[PLUS8:.*]] = affine_map<(d0) -> (d0 + 8)>
// SIZES-DAG: #[[PLUS4:.*]] = affine_map<(d0) -> (d0 + 4)>
// SIZES-DAG: #[[MIN7:.*]] = affine_map<(d0) -> (d0 + 4, 7)>
// `tile-sizes` shorter than the band is padded with 4.
// SIZES-LABEL: func.func @copy
// SIZES:      affine.for %[[I:.*]] = 0 to 64 step 8 {
// SIZES-NEXT:   affine.for %[[J:.*]] = 0 to 100 step 4 {
// SIZES-NEXT:     affine.for %[[K:.*]] = 0 to 7 step 4 {
// SIZES-NEXT:       affine.for %{{.*}} = #[[ID]](%[[I]]) to #[[PLUS8]](%[[I]]) {
// SIZES-NEXT:         affine.for %{{.*}} = #[[ID]](%[[J]]) to #[[PLUS4]](%[[J]]) {
// SIZES-NEXT:           affine.for %{{.*}} = #[[ID]](%[[K]]) to min #[[MIN7]](%[[K]]) {

// The cache model: two arrays of 64 x 100 x 7 f32 are 358400 bytes, 22
// times (rounded up) a 16 KiB cache; the cube root of 22 gives 2 for all
// loops but the last, which takes the balance 22 / 4 = 5, then lowered to
// a divisor of its trip count, 7, at most half of it: 1.
// MODEL-REMARK: remark: affine-loop-tile: band (%i, %j, %k) tiled by 2 x 2 x 1 (footprint 358400 bytes, 22 times the cache of 16384 bytes; lowered to divisors of the constant trip counts)
// MODEL-LABEL: func.func @copy
// MODEL:      affine.for %{{.*}} = 0 to 64 step 2 {
// MODEL-NEXT:   affine.for %{{.*}} = 0 to 100 step 2 {
// MODEL-NEXT:     affine.for %{{.*}} = 0 to 7 {
// MODEL-NEXT:       affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #[[PLUS2:.*]](%{{.*}}) {
// MODEL-NEXT:         affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #[[PLUS2]](%{{.*}}) {
// MODEL-NEXT:           affine.for %{{.*}} = #{{.*}}(%{{.*}}) to #{{.*}}(%{{.*}}) {
func.func @copy(%A: memref<64x100x7xf32>, %B: memref<64x100x7xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 100 {
      affine.for %k = 0 to 7 {
        %v = affine.load %A[%i, %j, %k] : memref<64x100x7xf32>
        affine.store %v, %B[%i, %j, %k] : memref<64x100x7xf32>
      }
    }
  }
  return
}

// -----

// Symbolic bounds and a step: the point loop takes a `min` with the
// original upper bounds, its step stays the loop's.
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0)[s0, s1] -> (d0 + 96, s0, s1)>
// CHECK-LABEL: func.func @symbolic
// CHECK:      affine.for %[[T:.*]] = %{{.*}} to min #{{.*}}()[%arg1, %arg2] step 96 {
// CHECK-NEXT:   affine.for %{{.*}} = #{{.*}}(%[[T]]) to min #[[UB]](%[[T]])[%arg1, %arg2] step 3 {
func.func @symbolic(%A: memref<?xf32>, %n: index, %m: index, %lb: index) {
  affine.for %i = %lb to min affine_map<()[s0, s1] -> (s0, s1)>()[%n, %m] step 3 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// -----

// With `separate`, a tile is full when its end is below every other upper
// bound of its point loops; the full tiles run loops of constant trip count.
// SEPARATE-DAG: #[[FULL:.*]] = affine_set<(d0, d1)[s0, s1] : (-d0 + s0 - 16 >= 0, -d1 + s1 - 16 >= 0)>
// SEPARATE-DAG: #[[END:.*]] = affine_map<(d0) -> (d0 + 16)>
// SEPARATE-LABEL: func.func @transpose
// SEPARATE:      affine.for %[[I:.*]] = 0 to %arg2 step 16 {
// SEPARATE-NEXT:   affine.for %[[J:.*]] = 0 to %arg3 step 16 {
// SEPARATE-NEXT:     affine.if #[[FULL]](%[[I]], %[[J]])[%arg2, %arg3] {
// SEPARATE-NEXT:       affine.for %{{.*}} = #{{.*}}(%[[I]]) to #[[END]](%[[I]]) {
// SEPARATE-NEXT:         affine.for %{{.*}} = #{{.*}}(%[[J]]) to #[[END]](%[[J]]) {
// SEPARATE:            } else {
// SEPARATE-NEXT:       affine.for %{{.*}} = #{{.*}}(%[[I]]) to min #{{.*}}(%[[I]])[%arg2] {
func.func @transpose(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %n: index, %m: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      %v = affine.load %A[%j, %i] : memref<?x?xf32>
      affine.store %v, %B[%i, %j] : memref<?x?xf32>
    }
  }
  return
}
