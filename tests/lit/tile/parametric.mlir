// RUN: pyaffine-opt -split-input-file -test-affine-parametric-tile %s 2>/dev/null | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -test-affine-parametric-tile %s 2>/dev/null | FileCheck %s %}
// RUN: pyaffine-opt -split-input-file -test-affine-parametric-tile %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -test-affine-parametric-tile %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ERR %}

// mlir-opt's test pass for tiles whose sizes are SSA values: the leading
// arguments of the function.  Tile loops count tiles from the lower bound,
// point loops start at (t - lb) * size + lb.
// CHECK-DAG: #[[TILES:.*]] = affine_map<()[s0, s1] -> ((s0 - 2) ceildiv s1 + 2)>
// CHECK-DAG: #[[START:.*]] = affine_map<(d0)[s0] -> ((d0 - 2) * s0 + 2)>
// CHECK-DAG: #[[END:.*]] = affine_map<(d0)[s0, s1] -> ((d0 - 2) * s1 + s1 * 3 + 2, s0)>
// CHECK-LABEL: func.func @symbolic
// CHECK:      affine.for %[[T:.*]] = 2 to #[[TILES]]()[%arg2, %arg0] step 3 {
// CHECK-NEXT:   affine.for %{{.*}} = #[[START]](%[[T]])[%arg0] to min #[[END]](%[[T]])[%arg2, %arg0] step 3 {
func.func @symbolic(%t: index, %A: memref<?xf32>, %n: index) {
  affine.for %i = 2 to %n step 3 {
    %v = affine.load %A[%i] : memref<?xf32>
    affine.store %v, %A[%i] : memref<?xf32>
  }
  return
}

// -----

// ERR: parametric.mlir:[[# @LINE + 4]]:3: error: too few tile sizes provided in the argument list of the function which contains the current band
// ERR: parametric.mlir:[[# @LINE + 3]]:3: note: see current operation:
// ERR-NEXT: "affine.for"() <{lowerBoundMap
func.func @too_few(%t0: index) {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
    }
  }
  return
}

// -----

// ERR: parametric.mlir:[[# @LINE + 2]]:3: error: expected tiling parameters to be of index type
func.func @not_index(%t0: i32) {
  affine.for %i = 0 to 10 {
  }
  return
}
