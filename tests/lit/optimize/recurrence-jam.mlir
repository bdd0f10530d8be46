// RUN: pyaffine-opt -affine-optimize %s 2>/dev/null | FileCheck %s
// RUN: pyaffine-opt -affine-optimize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="jam-recurrences=0" %s 2>/dev/null | FileCheck %s --check-prefix=OFF
// RUN: %if mlir-opt %{ pyaffine-opt -affine-optimize %s 2>/dev/null | mlir-opt - -o /dev/null %}

// Register tiles for recurrences (transforms/recurrence_jam.py).  Gauss-
// Seidel sweeps in place: A[i][j] is computed from A[i][j-1] of the
// iteration before, so each j waits for the adds and the divide of the
// last.  The row above, new, is read at j-1, j and j+1: along the axis
// j + 2i the points of rows i .. i+7 are independent.  The i loop is
// unrolled by 8 and jammed into the loop over j + 2i, row i+k at
// j = (j + 2i) - 2(i + k), each copy guarded where its row starts or ends.
// CHECK-DAG: #[[LB:.*]] = affine_map<(d0) -> (d0 * 2 + 1)>
// CHECK-DAG: #[[UB:.*]] = affine_map<(d0) -> (d0 * 2 + 47)>
// CHECK-DAG: #[[J0:.*]] = affine_map<(d0, d1) -> (d0 * -2 + d1)>
// CHECK-DAG: #[[J7:.*]] = affine_map<(d0, d1) -> (d0 * -2 + d1 - 14)>
// CHECK-DAG: #[[ROW7:.*]] = affine_set<(d0, d1) : (d0 - (d1 * 2 + 15) >= 0)>
// CHECK-LABEL: func.func @seidel
// CHECK:      affine.for %[[T:.*]] = 0 to 3 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 1 to 33 step 8 {
// CHECK-NEXT:     affine.for %[[W:.*]] = #[[LB]](%[[I]]) to #[[UB]](%[[I]]) {
// CHECK-NEXT:       affine.if #{{.*}}(%[[I]], %[[W]]) {
// CHECK-NEXT:         %[[J:.*]] = affine.apply #[[J0]](%[[I]], %[[W]])
// CHECK-NEXT:         affine.load %{{.*}}[%[[I]] - 1, %[[J]] - 1]
// CHECK-COUNT-7:  arith.divf
// CHECK:          affine.if #[[ROW7]](%[[W]], %[[I]]) {
// CHECK-NEXT:       affine.apply
// CHECK-NEXT:       affine.apply #[[J7]](%[[I]], %[[W]])
// CHECK-COUNT-1:  arith.divf
// CHECK-NOT:      arith.divf
// CHECK:          return
// REMARK: recurrence-jam.mlir:{{[0-9]+}}:5: remark: affine-loop-unroll-jam: band (%i, %j) skewed and jammed: %j carries a recurrence (every flow dependence along it at a distance of 1 to 4), a chain each iteration waits on; along the new axis %j + 2 * %i, 8 consecutive iterations of %i are independent and run jammed: 8 chains
// OFF-LABEL: func.func @seidel
// OFF:       affine.for %{{.*}} = 1 to 33 {
// OFF-NEXT:    affine.for %{{.*}} = 1 to 33 {
func.func @seidel(%A: memref<34x34xf64>) {
  %nine = arith.constant 9.0 : f64
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 33 {
      affine.for %j = 1 to 33 {
        %0 = affine.load %A[%i - 1, %j - 1] : memref<34x34xf64>
        %1 = affine.load %A[%i - 1, %j] : memref<34x34xf64>
        %2 = affine.load %A[%i - 1, %j + 1] : memref<34x34xf64>
        %3 = affine.load %A[%i, %j - 1] : memref<34x34xf64>
        %4 = affine.load %A[%i, %j] : memref<34x34xf64>
        %5 = affine.load %A[%i, %j + 1] : memref<34x34xf64>
        %6 = affine.load %A[%i + 1, %j - 1] : memref<34x34xf64>
        %7 = affine.load %A[%i + 1, %j] : memref<34x34xf64>
        %8 = affine.load %A[%i + 1, %j + 1] : memref<34x34xf64>
        %s0 = arith.addf %0, %1 : f64
        %s1 = arith.addf %s0, %2 : f64
        %s2 = arith.addf %s1, %3 : f64
        %s3 = arith.addf %s2, %4 : f64
        %s4 = arith.addf %s3, %5 : f64
        %s5 = arith.addf %s4, %6 : f64
        %s6 = arith.addf %s5, %7 : f64
        %s7 = arith.addf %s6, %8 : f64
        %v = arith.divf %s7, %nine : f64
        affine.store %v, %A[%i, %j] : memref<34x34xf64>
      }
    }
  }
  return
}
