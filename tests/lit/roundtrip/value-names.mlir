// RUN: pyaffine-opt - < %s | FileCheck %s

// Names from the input are not kept: constants get mlir-opt's suggested
// names (a shared counter resolves clashes), other values are numbered, and
// each region starts from its parent's counters.

// CHECK-LABEL: func.func @names(%arg0: memref<10x10xf64>) {
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    %c0_0 = arith.constant 0 : index
// CHECK-NEXT:    %c1_1 = arith.constant 1 : index
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %cst = arith.constant 2.500000e+00 : f64
// CHECK-NEXT:    affine.for %arg1 = 0 to 10 {
// CHECK-NEXT:      %0 = affine.load %arg0[%arg1, %arg1] : memref<10x10xf64>
// CHECK-NEXT:      %1 = arith.mulf %0, %cst : f64
// CHECK-NEXT:      affine.store %1, %arg0[%arg1, %arg1] : memref<10x10xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %arg1 = 0 to 10 {
// CHECK-NEXT:      %0 = memref.load %arg0[%c0, %arg1] : memref<10x10xf64>
// CHECK-NEXT:      memref.store %0, %arg0[%c1, %arg1] : memref<10x10xf64>
// CHECK-NEXT:    }
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @names(%m: memref<10x10xf64>) {
  %a = arith.constant 0 : index
  %b = arith.constant 1 : index
  %c = arith.constant 0 : index
  %d = arith.constant 1 : index
  %e = arith.constant -1 : i32
  %f = arith.constant true
  %g = arith.constant 2.5 : f64
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i, %i] : memref<10x10xf64>
    %w = arith.mulf %v, %g : f64
    affine.store %w, %m[%i, %i] : memref<10x10xf64>
  }
  affine.for %j = 0 to 10 {
    %v = memref.load %m[%a, %j] : memref<10x10xf64>
    memref.store %v, %m[%b, %j] : memref<10x10xf64>
  }
  return
}
