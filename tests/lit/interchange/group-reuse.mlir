// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// A[j][i], A[j][i+1] and A[j][i+2] differ only in the last subscript by
// less than a cache line: they form one reference group and count once.
// B[j][i] and B[j+1][i] are joined by a dependence carried only by j with
// distance 1: one group when j is innermost.
// lines(i) = 256/8 (A) + 256/8 (B[j][i]) + 256/8 (B[j+1][i]) = 96,
// lines(j) = 256 (A) + 256 (B group) = 512.

// CHECK: perfect nest of depth 2, trip counts [256, 256]; 2 of 2 orders legal
// CHECK: legal order (0, 1) = (%i, %j): parallelism {{[0-9]+}}, spatial 131168,
// CHECK: legal order (1, 0) = (%j, %i): parallelism {{[0-9]+}}, spatial 25088,
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
