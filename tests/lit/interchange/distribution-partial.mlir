// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Distribution by the strongly connected components of the dependence
// graph.  Three levels: i holds two j loops writing column i of A, and a
// third j loop holding two k loops.  The k loops touch disjoint rows
// (j >= 32 against k < 32), so that j loop splits in two.  Then i: the rows
// 32..63 of column i are written by the second j loop at iteration i and by
// the A[j, k] loop at every iteration (k < 16 covers columns 0..15), so
// those two parts depend on each other in both directions across i (an
// output-dependence cycle) and stay together in one copy of i; the first
// j loop and the A[k, i] loop are split off, in an order that keeps the
// loop-independent dependence between them (rows 16..31 of column i).
// The two split-off nests are perfect and interchanged; the copy of i that
// keeps the cycle still has its inner (j, k) band decided.

// REMARK: remark: affine-loop-interchange: the loop on line 42 is distributed in part only: a dependence from the access on line 51 to the access on line 47 is carried by the loop on line 42
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// REMARK: perfect nest of depth 2, trip counts [32, 16]; 2 of 2 orders legal
// REMARK: kept the original order (0, 1) = (%j, %k)
// REMARK: chose order (2, 0, 1) = (%k, %i, %j) (permutation-map=1,2,0)
// REMARK: distributed an imperfect nest into 3 nests (2 perfect)

// CHECK-LABEL: func.func @partial
// CHECK:      affine.for %[[J0:.*]] = 0 to 32 {
// CHECK-NEXT:   affine.for %[[I0:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.store %{{.*}}, %arg0[%[[J0]], %[[I0]]]
// CHECK:      affine.for %[[I1:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J1:.*]] = 32 to 64 {
// CHECK-NEXT:     affine.store %{{.*}}, %arg0[%[[J1]], %[[I1]]]
// CHECK-NEXT:   }
// CHECK-NEXT:   affine.for %[[J2:.*]] = 32 to 64 {
// CHECK-NEXT:     affine.for %[[K2:.*]] = 0 to 16 {
// CHECK-NEXT:       affine.store %{{.*}}, %arg0[%[[J2]], %[[K2]]]
// CHECK:      affine.for %[[K3:.*]] = 16 to 32 {
// CHECK-NEXT:   affine.for %[[I3:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.for %[[J3:.*]] = 32 to 64 {
// CHECK-NEXT:       affine.load %arg0[%[[K3]], %[[I3]]]
func.func @partial(%A: memref<64x64xf64>) {
  %c0 = arith.constant 0.0 : f64
  %c1 = arith.constant 1.0 : f64
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 32 {
      affine.store %c0, %A[%j, %i] : memref<64x64xf64>
    }
    affine.for %j = 32 to 64 {
      affine.store %c1, %A[%j, %i] : memref<64x64xf64>
    }
    affine.for %j = 32 to 64 {
      affine.for %k = 0 to 16 {
        affine.store %c0, %A[%j, %k] : memref<64x64xf64>
      }
      affine.for %k = 16 to 32 {
        %v = affine.load %A[%k, %i] : memref<64x64xf64>
        %w = arith.addf %v, %c1 : f64
        affine.store %w, %A[%k, %i] : memref<64x64xf64>
      }
    }
  }
  return
}
