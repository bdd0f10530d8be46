// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// The new ops read from the generic form with operands or results of types their ODS constraints exclude: mlir-opt 22's messages, not internal errors.
// CHECK: {{.*}}generic-new-ops-types.mlir:19:8: error: 'memref.reshape' op operand #0 must be ranked or unranked memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:24:8: error: 'memref.expand_shape' op operand #0 must be strided memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:29:8: error: 'memref.collapse_shape' op operand #0 must be strided memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:34:8: error: 'memref.realloc' op operand #0 must be 1D memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:39:3: error: 'memref.copy' op operand #0 must be ranked or unranked memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:44:8: error: 'memref.view' op operand #0 must be 1D memref of 8-bit signless integer values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:49:8: error: 'vector.broadcast' op result #0 must be vector of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:54:8: error: 'tensor.collapse_shape' op operand #0 must be tensor of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:59:8: error: 'tensor.expand_shape' op operand #0 must be tensor of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:64:8: error: 'memref.rank' op operand #0 must be ranked or unranked memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:69:10: error: 'memref.extract_strided_metadata' op operand #0 must be strided memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:74:3: error: 'linalg.fill' op operand #1 must be variadic of shaped of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:82:8: error: 'memref.assume_alignment' op operand #0 must be memref of any type values, but got 'index'
// CHECK: {{.*}}generic-new-ops-types.mlir:87:3: error: 'memref.prefetch' op operand #0 must be memref of any type values, but got 'index'
// CHECK-NOT: Traceback
func.func @f(%i: index) {
  %0 = "memref.reshape"(%i, %i) : (index, index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.expand_shape"(%i) <{reassociation = [], static_output_shape = array<i64>}> : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.collapse_shape"(%i) <{reassociation = []}> : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.realloc"(%i) : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  "memref.copy"(%i, %i) : (index, index) -> ()
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.view"(%i, %i) : (index, index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "vector.broadcast"(%i) : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "tensor.collapse_shape"(%i) <{reassociation = []}> : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "tensor.expand_shape"(%i) <{reassociation = [], static_output_shape = array<i64>}> : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.rank"(%i) : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  %0:2 = "memref.extract_strided_metadata"(%i) : (index) -> (index, index)
  return
}
// -----
func.func @f(%i: index) {
  "linalg.fill"(%i, %i) <{operandSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: index, %b: index):
    linalg.yield %a : index
  }) : (index, index) -> ()
  return
}
// -----
func.func @f(%i: index) {
  %0 = "memref.assume_alignment"(%i) <{alignment = 4 : i32}> : (index) -> index
  return
}
// -----
func.func @f(%i: index) {
  "memref.prefetch"(%i) <{isDataCache = true, isWrite = true, localityHint = 1 : i32}> : (index) -> ()
  return
}
