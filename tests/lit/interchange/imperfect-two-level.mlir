// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The store to x[i] sits between the two loops.  Distributing i over its
// two parts is legal (x and A are different memrefs) and makes the second
// part a perfect nest, which is then interchanged for the column walk.

// REMARK: perfect nest of depth 2, trip counts [256, 256]; 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// REMARK: distributed an imperfect nest into 2 perfect nests

// CHECK-LABEL: func.func @init_and_scale
// CHECK:      affine.for %[[I0:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.store %cst, %arg1[%[[I0]]] : memref<256xf64>
// CHECK-NEXT: }
// CHECK-NEXT: affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[I1:.*]] = 0 to 256 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I1]]]
func.func @init_and_scale(%A: memref<256x256xf64>, %x: memref<256xf64>) {
  %cst = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  affine.for %i = 0 to 256 {
    affine.store %cst, %x[%i] : memref<256xf64>
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%j, %i] : memref<256x256xf64>
      %s = arith.mulf %a, %two : f64
      affine.store %s, %A[%j, %i] : memref<256x256xf64>
    }
  }
  return
}
