// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// linalg named ops failing their parsers and verifiers, with mlir-opt 22's messages.
// CHECK: {{.*}}linalg-named-ops-verify.mlir:15:3: error: custom op 'linalg.matmul' [parseNamedStructuredOpRegion] ods-gen generated region expects 3 args, got 2
// CHECK: {{.*}}linalg-named-ops-verify.mlir:19:70: error: use of value '%c' expects different type than prior uses: 'memref<4x16x2xf32>' vs 'memref<4x16xf32>'
// CHECK: {{.*}}linalg-named-ops-verify.mlir:24:70: error: use of value '%c' expects different type than prior uses: 'memref<4x15xf32>' vs 'memref<4x16xf32>'
// CHECK: {{.*}}linalg-named-ops-verify.mlir:29:3: error: 'linalg.conv_2d' op inferred input/output operand #0 has shape's dimension #0 to be greater than or equal to 11, but found 4
// CHECK: {{.*}}linalg-named-ops-verify.mlir:34:3: error: 'linalg.matmul' op expected the number of tensor results (1) to be equal to the number of output tensors (0)
// CHECK: {{.*}}linalg-named-ops-verify.mlir:39:3: error: 'linalg.matmul' op expected the number of tensor results (0) to be equal to the number of output tensors (1)
// CHECK: {{.*}}linalg-named-ops-verify.mlir:45:3: error: custom op 'linalg.fill' [parseNamedStructuredOpRegion] ods-gen generated region expects 2 args, got 3
// CHECK: {{.*}}linalg-named-ops-verify.mlir:49:21: error: custom op 'linalg.matmul' number of operands and types do not match: got 2 operands and 3 types
// CHECK: {{.*}}linalg-named-ops-verify.mlir:54:3: error: 'linalg.fill' op expected fill value type ('i32') to match output element type ('f32')
// CHECK-NOT: Traceback
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a : memref<4x8xf32>) outs(%c : memref<4x16xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16x2xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x15xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.conv_2d ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>) -> tensor<4x16xf32>
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: tensor<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : tensor<4x16xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %x: f32) {
  linalg.fill ins(%x, %x : f32, f32) outs(%c : memref<4x16xf32>)
  return
}
// -----
func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %x: f32) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}
// -----
func.func @l(%c: memref<4x16xf32>, %x: i32) {
  linalg.fill ins(%x : i32) outs(%c : memref<4x16xf32>)
  return
}
