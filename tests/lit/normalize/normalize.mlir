// RUN: pyaffine-opt -split-input-file -affine-loop-normalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-normalize %s | FileCheck %s %}
// RUN: pyaffine-opt -split-input-file -affine-loop-normalize=promote-single-iter %s | FileCheck %s --check-prefix=PROMOTE
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-loop-normalize=promote-single-iter %s | FileCheck %s --check-prefix=PROMOTE %}

// Loops run from 0 by 1; the old IV is an affine.apply at the top of the
// body (inner loops first, so the inner apply comes before the outer one's
// uses are rewritten).
// CHECK-DAG:   #[[$OUTER:.*]] = affine_map<(d0) -> (d0 * 2 + 2)>
// CHECK-DAG:   #[[$INNER:.*]] = affine_map<(d0) -> (d0 * 3)>
// CHECK-LABEL: func.func @nest
// CHECK:         affine.for %[[I:.*]] = 0 to 15 {
// CHECK-NEXT:      %[[OI:.*]] = affine.apply #[[$OUTER]](%[[I]])
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 11 {
// CHECK-NEXT:        %[[OJ:.*]] = affine.apply #[[$INNER]](%[[J]])
// CHECK-NEXT:        "test.foo"(%[[OI]], %[[OJ]])
func.func @nest() {
  affine.for %i = 2 to 32 step 2 {
    affine.for %j = 0 to 32 step 3 {
      "test.foo"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// A symbolic upper bound: the span is (ub - lb) ceildiv step.
// CHECK-DAG:   #[[$SPAN:.*]] = affine_map<()[s0] -> ((s0 - 2) ceildiv 32)>
// CHECK-LABEL: func.func @symbolic
// CHECK:         affine.for %{{.*}} = 0 to #[[$SPAN]]()[%{{.*}}] {
func.func @symbolic(%n: index) {
  affine.for %i = 2 to %n step 32 {
    "test.foo"(%i) : (index) -> ()
  }
  return
}

// -----

// One iteration: normalized as any loop, or promoted with promote-single-iter.
// CHECK-LABEL: func.func @single
// CHECK:         affine.for %{{.*}} = 0 to 1 {
// PROMOTE-LABEL: func.func @single
// PROMOTE-NOT:   affine.for
// PROMOTE:       "test.foo"
func.func @single() {
  affine.for %i = 5 to 6 {
    "test.foo"(%i) : (index) -> ()
  }
  return
}
