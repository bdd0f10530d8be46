// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// memref reshaping ops failing their verifiers, with mlir-opt 22's messages.
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:19:8: error: 'memref.collapse_shape' op collapsed dim size (13) must equal reassociation group size (12)
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:24:8: error: 'memref.collapse_shape' op expanded rank (3) inconsistent with number of reassociation indices (2)
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:29:8: error: 'memref.collapse_shape' op reassociation indices must be contiguous
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:34:8: error: 'memref.expand_shape' op expected number of static shape bounds to be equal to the output rank (4) but found 3 inputs instead
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:39:8: error: 'memref.expand_shape' op collapsed dim size (3) must equal reassociation group size (6)
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:44:8: error: 'memref.collapse_shape' op expected collapsed type to be 'memref<12x5xf32>' but found 'memref<12x5xi32>'
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:49:8: error: missing dimension operand for result type 'memref<?xf32>'
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:54:8: error: unnecessary dimension operand for result type 'memref<4xf32>'
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:59:8: error: 'memref.reshape' op cannot use shape operand with dynamic length to reshape to statically-ranked memref type
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:64:8: error: 'memref.reshape' op length of shape operand differs from the result's memref rank
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:69:8: error: 'memref.reshape' op element types of source and destination memref types should be the same
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:74:3: error: operation defines 4 results but was provided 1 to bind
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:79:8: error: 'memref.collapse_shape' op expected collapsed type to be 'memref<12x5xf32, strided<[10, 1]>>' but found 'memref<12x5xf32>'
// CHECK: {{.*}}memref-reshape-ops-verify.mlir:84:8: error: 'memref.expand_shape' op expected expanded type to be 'memref<1x3x4x5xf32>' but found 'memref<1x3x4x5xf32, strided<[60, 20, 5, 1], offset: 1>>'
// CHECK-NOT: Traceback
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.collapse_shape %b [[0, 1], [2]] : memref<3x4x5xf32> into memref<13x5xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.collapse_shape %b [[0, 1]] : memref<3x4x5xf32> into memref<12xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.collapse_shape %b [[0, 2], [1]] : memref<3x4x5xf32> into memref<15x4xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.expand_shape %b [[0, 1], [2], [3]] output_shape [1, 3, 4] : memref<3x4x5xf32> into memref<1x3x4x5xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.expand_shape %b [[0, 1], [2], [3]] output_shape [2, 3, 4, 5] : memref<3x4x5xf32> into memref<2x3x4x5xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.collapse_shape %b [[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xi32>
  return
}
// -----
func.func @a(%src: memref<2xf32>, %d: index) {
  %0 = memref.realloc %src : memref<2xf32> to memref<?xf32>
  return
}
// -----
func.func @a(%src: memref<2xf32>, %d: index) {
  %0 = memref.realloc %src(%d) : memref<2xf32> to memref<4xf32>
  return
}
// -----
func.func @a(%src: memref<2xf32>, %d: memref<?xi32>) {
  %0 = memref.reshape %src(%d) : (memref<2xf32>, memref<?xi32>) -> memref<?xf32>
  return
}
// -----
func.func @a(%src: memref<2xf32>, %d: memref<2xi32>) {
  %0 = memref.reshape %src(%d) : (memref<2xf32>, memref<2xi32>) -> memref<?xf32>
  return
}
// -----
func.func @a(%src: memref<2xf32>, %d: memref<1xi32>) {
  %0 = memref.reshape %src(%d) : (memref<2xf32>, memref<1xi32>) -> memref<?xi32>
  return
}
// -----
func.func @a(%src: memref<2x?xf32>, %d: memref<1xi32>) {
  %0 = memref.extract_strided_metadata %src : memref<2x?xf32> -> memref<f32>, index, index, index
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32, strided<[40, 10, 1]>>) {
  %c = memref.collapse_shape %b [[0, 1], [2]] : memref<3x4x5xf32, strided<[40, 10, 1]>> into memref<12x5xf32>
  return
}
// -----
func.func @a(%b: memref<3x4x5xf32>) {
  %c = memref.expand_shape %b [[0, 1], [2], [3]] output_shape [1, 3, 4, 5] : memref<3x4x5xf32> into memref<1x3x4x5xf32, strided<[60, 20, 5, 1], offset: 1>>
  return
}
