// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s --check-prefix=TIE

// A[j][i], A[j][i+1] and A[j][i+2] differ only in the last subscript by
// less than a cache line: they form one reference group and count once.
// B[j][i] and B[j+1][i] are joined by a dependence carried only by j with
// distance 1: one group when j is innermost.  They are one group when i is
// innermost too: they differ by one iteration of j, the loop outside, so the
// row of B that one walk of i brings in for B[j+1][i] is read again by
// B[j][i] on the next walk (group-temporal reuse carried by an outer loop).
// lines(i) = 256/8 (A) + 256/8 (B group) = 64,
// lines(j) = 256 (A) + 256 (B group) = 512.

// CHECK: perfect nest of depth 2, trip counts [256, 256]; 2 of 2 orders legal
// CHECK: legal order (0, 1) = (%i, %j): parallelism {{[0-9]+}}, spatial 131136,
// CHECK: legal order (1, 0) = (%j, %i): parallelism {{[0-9]+}}, spatial 16896,
// CHECK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// CHECK-LABEL: func.func @stencil_columns
// CHECK:      affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to 256 {
func.func @stencil_columns(%A: memref<257x259xf64>, %B: memref<257x259xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %a0 = affine.load %A[%j, %i] : memref<257x259xf64>
      %a1 = affine.load %A[%j, %i + 1] : memref<257x259xf64>
      %a2 = affine.load %A[%j, %i + 2] : memref<257x259xf64>
      %b = affine.load %B[%j, %i] : memref<257x259xf64>
      %s0 = arith.addf %a0, %a1 : f64
      %s1 = arith.addf %s0, %a2 : f64
      %s2 = arith.addf %s1, %b : f64
      affine.store %s2, %B[%j + 1, %i] : memref<257x259xf64>
    }
  }
  return
}

// The reference groups of E0255's test_group_reuse.  With j innermost,
// A[i][j] and C[i][j] walk rows (256/8 lines each) and the three A[j+d][i]
// (one group along j) and B[j][i] walk columns (2048 lines each); with i
// innermost it is the other way round, the A[j+d][i] being one group along
// j, the loop outside.  The line counts tie: 4608 either way.  The tie is
// broken by the references the innermost loop walks with a stride, one
// element at a time: four with j innermost (the three A[j+d][i] and
// B[j][i]), two with i innermost.  Measured: (j, i) runs 7-12% faster.

// TIE: perfect nest of depth 2, trip counts [2048, 2048]; 2 of 2 orders legal
// TIE: legal order (0, 1) = (%i, %j): parallelism 0, spatial 9441792, temporal 4194298, total 13636090
// TIE: legal order (1, 0) = (%j, %i): parallelism 0, spatial 9441792, temporal 4194298, total 13636090
// TIE: chose order (1, 0) = (%j, %i) (permutation-map=1,0); a tie on the total, broken by the references the innermost loop walks with a stride: 2 against 4
// TIE-LABEL: func.func @rows_and_columns
// TIE:      affine.for %[[J:.*]] = 0 to 2048 {
// TIE-NEXT:   affine.for %[[I:.*]] = 0 to 2048 {
// TIE-NEXT:     affine.load %arg0[%[[I]], %[[J]]]
func.func @rows_and_columns(%A: memref<2050x2048xf64>, %B: memref<2048x2048xf64>, %C: memref<2048x2048xf64>) {
  affine.for %i = 0 to 2048 {
    affine.for %j = 0 to 2048 {
      %v = affine.load %A[%i, %j] : memref<2050x2048xf64>
      affine.store %v, %C[%i, %j] : memref<2048x2048xf64>
      %u1 = affine.load %A[%j + 1, %i] : memref<2050x2048xf64>
      %u2 = affine.load %A[%j, %i] : memref<2050x2048xf64>
      %u3 = affine.load %A[%j + 2, %i] : memref<2050x2048xf64>
      %s1 = arith.addf %u1, %u2 : f64
      %s2 = arith.addf %s1, %u3 : f64
      affine.store %s2, %B[%j, %i] : memref<2048x2048xf64>
    }
  }
  return
}
