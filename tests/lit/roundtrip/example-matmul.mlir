// The example of the README's quick start.
// RUN: pyaffine-opt %S/../../../examples/matmul.mlir | FileCheck %s

// CHECK-LABEL: func.func @matmul(%arg0: memref<64x64xf64>, %arg1: memref<64x64xf64>, %arg2: memref<64x64xf64>) {
// CHECK-NEXT:    affine.for %arg3 = 0 to 64 {
// CHECK-NEXT:      affine.for %arg4 = 0 to 64 {
// CHECK-NEXT:        affine.for %arg5 = 0 to 64 {
// CHECK-NEXT:          %0 = affine.load %arg0[%arg3, %arg5] : memref<64x64xf64>
// CHECK-NEXT:          %1 = affine.load %arg1[%arg5, %arg4] : memref<64x64xf64>
// CHECK-NEXT:          %2 = affine.load %arg2[%arg3, %arg4] : memref<64x64xf64>
// CHECK-NEXT:          %3 = arith.mulf %0, %1 : f64
// CHECK-NEXT:          %4 = arith.addf %2, %3 : f64
// CHECK-NEXT:          affine.store %4, %arg2[%arg3, %arg4] : memref<64x64xf64>
