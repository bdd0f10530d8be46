// RUN: pyaffine-opt -split-input-file -affine-loop-skew="transform=-1,1,0,1 remarks=true" %s 2>&1 | FileCheck %s --check-prefix=KJ
// RUN: pyaffine-opt -split-input-file -affine-loop-skew="transform=-1,1,1,0" %s | FileCheck %s --check-prefix=KI
// RUN: pyaffine-opt -split-input-file -affine-loop-skew="skew-factors=-1" %s | FileCheck %s --check-prefix=IK
// RUN: pyaffine-opt -split-input-file -affine-loop-skew="remarks=true" %s 2>&1 | FileCheck %s --check-prefix=FIND
// RUN: not pyaffine-opt -affine-loop-skew="transform=1,1,1,1" %s 2>&1 | FileCheck %s --check-prefix=SINGULAR
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-loop-skew="transform=-1,1,0,1" %s | mlir-opt -split-input-file - -o /dev/null %}
// RUN: %if mlir-opt %{ pyaffine-opt -split-input-file -affine-loop-skew="transform=-1,1,1,0" %s | mlir-opt -split-input-file - -o /dev/null %}

// The example of the design notes on changing axes: i from 0 to 9, j from
// i while j < 7 and j < i + 4, and the new axis k = j - i.  Its points:
// 0 <= k <= 3 (from j >= i and j < i + 4), and then
// - for the axes (k, j), outermost first: i = j - k >= 0 gives j >= k, and
//   j < 7; i <= 9 never binds.  So k from 0 to 3, j from k to 6.
// - for (k, i): j = i + k < 7 gives i < 7 - k, and i >= 0; j >= i always.
//   So k from 0 to 3, i from 0 to 6 - k.
// - for (i, k) (a skew of j by -i, i outermost): k from 0 while k < 4 and
//   k < 7 - i, i from 0 to 6 (the band is empty from i = 7 on).
// The statements read i and j back from the new axes.  That every order
// visits the same points is checked by tests/unit/test_skew.py.

// KJ:      remark: affine-loop-skew: band (%i, %j) given the axes [-1 1; 0 1]
// KJ:      remark: affine-loop-skew: band (%i, %j) left as it is: the new axes [-1 1; 0 1] reverse a dependence
// KJ-DAG:  #[[FROMK:.*]] = affine_map<(d0) -> (d0)>
// KJ-DAG:  #[[I:.*]] = affine_map<(d0, d1) -> (-d0 + d1)>
// KJ-LABEL: func.func @seed
// KJ:      affine.for %[[K:.*]] = 0 to 4 {
// KJ-NEXT:   affine.for %[[J:.*]] = #[[FROMK]](%[[K]]) to 7 {
// KJ-NEXT:     %[[IV:.*]] = affine.apply #[[I]](%[[K]], %[[J]])
// KJ-NEXT:     affine.load %{{.*}}[%[[IV]], %[[J]]]

// KI-DAG:  #[[UPPER:.*]] = affine_map<(d0) -> (-d0 + 7)>
// KI-DAG:  #[[J:.*]] = affine_map<(d0, d1) -> (d0 + d1)>
// KI-LABEL: func.func @seed
// KI:      affine.for %[[K:.*]] = 0 to 4 {
// KI-NEXT:   affine.for %[[I:.*]] = 0 to #[[UPPER]](%[[K]]) {
// KI-NEXT:     %[[JV:.*]] = affine.apply #[[J]](%[[K]], %[[I]])
// KI-NEXT:     affine.load %{{.*}}[%[[I]], %[[JV]]]

// IK-DAG:  #[[UPPER:.*]] = affine_map<(d0) -> (4, -d0 + 7)>
// IK-DAG:  #[[J:.*]] = affine_map<(d0, d1) -> (d0 + d1)>
// IK-LABEL: func.func @seed
// IK:      affine.for %[[I:.*]] = 0 to 7 {
// IK-NEXT:   affine.for %[[K:.*]] = 0 to min #[[UPPER]](%[[I]]) {
// IK-NEXT:     %[[JV:.*]] = affine.apply #[[J]](%[[I]], %[[K]])
// IK-NEXT:     affine.load %{{.*}}[%[[I]], %[[JV]]]

// Without a matrix, only a band that is not permutable changes: this one
// is (no dependence runs backwards), and is left as it is.
// FIND:      remark: affine-loop-skew: band (%i, %j) given the axes [1 0; 1 1]; dependences ran backwards along %j
// FIND-LABEL: func.func @seed
// FIND:       affine.for %{{.*}} = 0 to 10 {

// SINGULAR: for the --transform option: the matrix is not unimodular

func.func @seed(%A: memref<10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (7, d0 + 4)>(%i) {
      %v = affine.load %A[%i, %j] : memref<10x10xf32>
      %w = arith.addf %v, %v : f32
      affine.store %w, %A[%i, %j] : memref<10x10xf32>
    }
  }
  return
}

// -----

// Gauss-Seidel: the dependence (1, -1) runs backwards along j; the
// smallest skew that makes every distance non-negative is j + i (Pluto's
// criterion), found without a matrix.  Given by hand as skew-factors=1, the
// same; a change of axes the dependences forbid ((j - i, j), above) is
// refused with a remark.
// FIND-LABEL: func.func @seidel
// FIND:      affine.for %[[I:.*]] = 1 to 255 {
// FIND-NEXT:   affine.for %[[J:.*]] = #{{.*}}(%[[I]]) to #{{.*}}(%[[I]]) {
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
