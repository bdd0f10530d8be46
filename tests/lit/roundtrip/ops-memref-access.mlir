// RUN: pyaffine-opt -split-input-file %s | FileCheck %s
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s | pyaffine-opt -split-input-file | FileCheck %s

// memref.copy, prefetch, view and assume_alignment as mlir-opt 22 prints
// them, and a reshape of a memref whose strided layout is the identity
// (tests/unit/test_dialect_ops.py compares both forms with mlir-opt).

func.func @m(%a: memref<*xf32>, %b: memref<*xf32>, %p: memref<4x4xi32>, %i: index, %h: memref<4x4xf16>) {
  memref.copy %a, %b : memref<*xf32> to memref<*xf32>
  memref.prefetch %p[%i, %i], write, locality<1>, data : memref<4x4xi32>
  memref.prefetch %p[%i, %i], read, locality<3>, instr : memref<4x4xi32>
  %0 = memref.alloc() : memref<2048xi8>
  %1 = memref.view %0[%i][%i, %i] : memref<2048xi8> to memref<?x?xf32>
  %c0 = arith.constant 0 : index
  %5 = memref.view %0[%c0][] : memref<2048xi8> to memref<64x4xf32>
  memref.assume_alignment %h, 16 : memref<4x4xf16>
  return
}
// -----
func.func @identity_strided(%m: memref<?xf32, strided<[1]>>, %n: index) {
  %0 = memref.expand_shape %m [[0, 1]] output_shape [%n, 42] : memref<?xf32, strided<[1]>> into memref<?x42xf32>
  %1 = memref.collapse_shape %0 [[0, 1]] : memref<?x42xf32> into memref<?xf32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @m(%arg0: memref<*xf32>, %arg1: memref<*xf32>, %arg2: memref<4x4xi32>, %arg3: index, %arg4: memref<4x4xf16>) {
// CHECK-NEXT: memref.copy %arg0, %arg1 : memref<*xf32> to memref<*xf32>
// CHECK-NEXT: memref.prefetch %arg2[%arg3, %arg3], write, locality<1>, data : memref<4x4xi32>
// CHECK-NEXT: memref.prefetch %arg2[%arg3, %arg3], read, locality<3>, instr : memref<4x4xi32>
// CHECK-NEXT: %alloc = memref.alloc() : memref<2048xi8>
// CHECK-NEXT: %view = memref.view %alloc[%arg3][%arg3, %arg3] : memref<2048xi8> to memref<?x?xf32>
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %view_0 = memref.view %alloc[%c0][] : memref<2048xi8> to memref<64x4xf32>
// CHECK-NEXT: %assume_align = memref.assume_alignment %arg4, 16 : memref<4x4xf16>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @identity_strided(%arg0: memref<?xf32, strided<[1]>>, %arg1: index) {
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg0 {{[[][[]}}0, 1]] output_shape [%arg1, 42] : memref<?xf32, strided<[1]>> into memref<?x42xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %expand_shape {{[[][[]}}0, 1]] : memref<?x42xf32> into memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
