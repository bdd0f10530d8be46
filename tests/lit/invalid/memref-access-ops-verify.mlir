// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// memref.copy, prefetch, view and assume_alignment failing their parsers and verifiers.
// CHECK: {{.*}}memref-access-ops-verify.mlir:14:3: error: 'memref.copy' op requires the same element type for all operands
// CHECK: {{.*}}memref-access-ops-verify.mlir:19:3: error: 'memref.copy' op requires the same shape for all operands
// CHECK: {{.*}}memref-access-ops-verify.mlir:24:3: error: 'memref.prefetch' op too few indices
// CHECK: {{.*}}memref-access-ops-verify.mlir:29:3: error: custom op 'memref.prefetch' rw specifier has to be 'read' or 'write'
// CHECK: {{.*}}memref-access-ops-verify.mlir:34:3: error: 'memref.prefetch' op attribute 'localityHint' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3
// CHECK: {{.*}}memref-access-ops-verify.mlir:39:3: error: custom op 'memref.prefetch' cache type has to be 'data' or 'instr'
// CHECK: {{.*}}memref-access-ops-verify.mlir:45:8: error: 'memref.view' op incorrect number of dynamic sizes, has 1, expected 2
// CHECK: {{.*}}memref-access-ops-verify.mlir:51:8: error: different memory spaces specified for base memref type 'memref<2048xi8, 1>' and view memref type 'memref<4x4xf32>'
// CHECK: {{.*}}memref-access-ops-verify.mlir:56:8: error: 'memref.assume_alignment' op alignment must be power of 2
// CHECK-NOT: Traceback
func.func @a(%a: memref<4xf32>, %b: memref<4xi32>) {
  memref.copy %a, %b : memref<4xf32> to memref<4xi32>
  return
}
// -----
func.func @a(%a: memref<4xf32>, %b: memref<5xf32>) {
  memref.copy %a, %b : memref<4xf32> to memref<5xf32>
  return
}
// -----
func.func @a(%p: memref<4x4xi32>, %i: index) {
  memref.prefetch %p[%i], write, locality<1>, data : memref<4x4xi32>
  return
}
// -----
func.func @a(%p: memref<4x4xi32>, %i: index) {
  memref.prefetch %p[%i, %i], writ, locality<1>, data : memref<4x4xi32>
  return
}
// -----
func.func @a(%p: memref<4x4xi32>, %i: index) {
  memref.prefetch %p[%i, %i], write, locality<5>, data : memref<4x4xi32>
  return
}
// -----
func.func @a(%p: memref<4x4xi32>, %i: index) {
  memref.prefetch %p[%i, %i], write, locality<1>, dat : memref<4x4xi32>
  return
}
// -----
func.func @a(%i: index) {
  %0 = memref.alloc() : memref<2048xi8>
  %1 = memref.view %0[%i][%i] : memref<2048xi8> to memref<?x?xf32>
  return
}
// -----
func.func @a(%i: index) {
  %0 = memref.alloc() : memref<2048xi8, 1>
  %1 = memref.view %0[%i][] : memref<2048xi8, 1> to memref<4x4xf32>
  return
}
// -----
func.func @a(%h: memref<4x4xf16>) {
  %0 = memref.assume_alignment %h, 3 : memref<4x4xf16>
  return
}
