// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// vector ops failing their parsers and verifiers, with mlir-opt 22's messages.
// CHECK: {{.*}}vector-ops-verify.mlir:17:8: error: 'vector.broadcast' op dimension mismatch (4 vs. 3)
// CHECK: {{.*}}vector-ops-verify.mlir:23:47: error: custom op 'vector.broadcast' invalid kind of type specified: expected builtin.vector, but found 'f32'
// CHECK: {{.*}}vector-ops-verify.mlir:28:8: error: 'vector.broadcast' op source rank higher than destination rank
// CHECK: {{.*}}vector-ops-verify.mlir:33:8: error: 'vector.load' op requires 1 indices
// CHECK: {{.*}}vector-ops-verify.mlir:38:8: error: 'vector.load' op base and result element types should match
// CHECK: {{.*}}vector-ops-verify.mlir:43:3: error: 'vector.store' op base and valueToStore element type should match
// CHECK: {{.*}}vector-ops-verify.mlir:48:3: error: 'vector.print' op operand #0 must be , but got 'memref<?xf32>'
// CHECK: {{.*}}vector-ops-verify.mlir:53:3: error: 'vector.print' op failed to verify that `source` or `punctuation` are not set when printing strings
// CHECK: {{.*}}vector-ops-verify.mlir:58:29: error: custom op 'vector.print' expected ::mlir::vector::PrintPunctuation to be one of: no_punctuation, newline, comma, open, close
// CHECK: {{.*}}vector-ops-verify.mlir:58:32: error: custom op 'vector.print' failed to parse Vector_PrintPunctuation parameter 'value' which is to be a `::mlir::vector::PrintPunctuation`
// CHECK: {{.*}}vector-ops-verify.mlir:63:8: error: 'vector.fma' op operand #0 must be vector of floating-point values, but got 'vector<4xi32>'
// CHECK: {{.*}}vector-ops-verify.mlir:68:8: error: 'vector.broadcast' op failed to verify that source operand and result have same element type
// CHECK-NOT: Traceback
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  %1 = vector.broadcast %v : vector<4xf32> to vector<3xf32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  %1 = vector.broadcast %v : vector<4xf32> to vector<3x4xf32>
  %2 = vector.broadcast %v : vector<4xf32> to f32
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4x4xf32>) {
  %1 = vector.broadcast %v : vector<4x4xf32> to vector<4xf32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4x4xf32>) {
  %1 = vector.load %m[%i, %i] : memref<?xf32>, vector<4xf32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4x4xf32>) {
  %1 = vector.load %m[%i] : memref<?xf32>, vector<4xi32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  vector.store %v, %m[%i] : memref<?xf32>, vector<4xi32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  vector.print %m : memref<?xf32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  vector.print %v : vector<4xi32> str "x"
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  vector.print punctuation <foo>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xi32>) {
  %0 = "vector.fma"(%v, %v, %v) : (vector<4xi32>, vector<4xi32>, vector<4xi32>) -> vector<4xi32>
  return
}
// -----
func.func @v(%m: memref<?xf32>, %i: index, %v: vector<4xf32>) {
  %0 = vector.broadcast %i : index to vector<4xf32>
  return
}
