// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// The bodies RegionBuilderHelper refuses to build (elementwise ops, unsigned
// poolings into floats) and the window sizes not of the op's rank, reported
// with mlir-opt 22's words where its parser stands after the op's name (a
// dictionary after outs(...) is left to the verifier).
// CHECK: {{.*}}linalg-named-refused.mlir:20:14: error: custom op 'linalg.exp' unsupported non numeric type
// CHECK: {{.*}}linalg-named-refused.mlir:25:14: error: custom op 'linalg.sub' unsupported operation: sub with bools
// CHECK: {{.*}}linalg-named-refused.mlir:30:14: error: custom op 'linalg.div' unsupported operation: div with bools
// CHECK: {{.*}}linalg-named-refused.mlir:35:23: error: custom op 'linalg.div_unsigned' unsupported operation: unsigned div not on uint
// CHECK: {{.*}}linalg-named-refused.mlir:40:14: error: custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'
// CHECK: {{.*}}linalg-named-refused.mlir:45:14: error: custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'i32' and 'f32'
// CHECK: {{.*}}linalg-named-refused.mlir:50:3: error: 'linalg.dot' op operand #2 must be variadic of shaped of any type values, but got 'i32'
// CHECK: {{.*}}linalg-named-refused.mlir:55:36: error: custom op 'linalg.pooling_nhwc_min_unsigned' unsupported operation: unsigned min not on uint
// CHECK: {{.*}}linalg-named-refused.mlir:60:36: error: custom op 'linalg.pooling_nhwc_max_unsigned' unsupported operation: unsigned max not on uint
// CHECK: {{.*}}linalg-named-refused.mlir:65:30: error: custom op 'linalg.conv_3d_ndhwc_dhwcf' 'linalg.conv_3d_ndhwc_dhwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [3]
// CHECK: {{.*}}linalg-named-refused.mlir:70:30: error: custom op 'linalg.conv_3d_ndhwc_dhwcf' 'linalg.conv_3d_ndhwc_dhwcf' op attribute 'dilations' failed to satisfy constraint: 64-bit signless int elements attribute of shape [3]
// CHECK: {{.*}}linalg-named-refused.mlir:75:3: error: 'linalg.conv_3d_ndhwc_dhwcf' op attribute 'strides' failed to satisfy constraint: 64-bit signless int elements attribute of shape [3]
// CHECK-NOT: memoized
func.func @f(%a: memref<4xi32>, %b: memref<4xi32>) {
  linalg.exp {attr}  ins(%a : memref<4xi32>) outs(%b : memref<4xi32>)
  return
}
// -----
func.func @f(%a: memref<4xi1>, %b: memref<4xi1>) {
  linalg.sub ins(%a, %a : memref<4xi1>, memref<4xi1>) outs(%b : memref<4xi1>)
  return
}
// -----
func.func @f(%a: memref<4xi1>, %b: memref<4xi1>) {
  linalg.div ins(%a, %a : memref<4xi1>, memref<4xi1>) outs(%b : memref<4xi1>)
  return
}
// -----
func.func @f(%a: memref<4xf32>, %b: memref<4xf32>) {
  linalg.div_unsigned ins(%a, %a : memref<4xf32>, memref<4xf32>) outs(%b : memref<4xf32>)
  return
}
// -----
func.func @f(%a: memref<4xindex>, %b: memref<4xindex>) {
  linalg.add ins(%a, %a : memref<4xindex>, memref<4xindex>) outs(%b : memref<4xindex>)
  return
}
// -----
func.func @f(%a: memref<4xi32>, %b: memref<4xf32>) {
  linalg.add ins(%a, %b : memref<4xi32>, memref<4xf32>) outs(%b : memref<4xf32>)
  return
}
// -----
func.func @f(%a: memref<4xi8>, %b: i32) {
  linalg.dot ins(%a, %a : memref<4xi8>, memref<4xi8>) outs(%b : i32)
  return
}
// -----
func.func @a(%a: memref<?x?x?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?x?x?xf32>) {
  linalg.pooling_nhwc_min_unsigned ins(%a, %b : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%c : memref<?x?x?x?xf32>)
  return
}
// -----
func.func @a(%a: memref<?x?x?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?x?x?xf32>) {
  linalg.pooling_nhwc_max_unsigned {dilations = dense<2> : tensor<2xi64>} ins(%a, %b : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%c : memref<?x?x?x?xf32>)
  return
}
// -----
func.func @a(%a: memref<?x?x?x?x?xf32>, %b: memref<?x?x?x?x?xf32>, %c: memref<?x?x?x?x?xf32>) {
  linalg.conv_3d_ndhwc_dhwcf {strides = dense<[1, 2]> : tensor<2xi64>} ins(%a, %b : memref<?x?x?x?x?xf32>, memref<?x?x?x?x?xf32>) outs(%c : memref<?x?x?x?x?xf32>)
  return
}
// -----
func.func @a(%a: memref<?x?x?x?x?xf32>, %b: memref<?x?x?x?x?xf32>, %c: memref<?x?x?x?x?xf32>) {
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<2> : tensor<3xi32>} ins(%a, %b : memref<?x?x?x?x?xf32>, memref<?x?x?x?x?xf32>) outs(%c : memref<?x?x?x?x?xf32>)
  return
}
// -----
func.func @a(%a: memref<?x?x?x?x?xf32>, %b: memref<?x?x?x?x?xf32>, %c: memref<?x?x?x?x?xf32>) {
  linalg.conv_3d_ndhwc_dhwcf ins(%a, %b : memref<?x?x?x?x?xf32>, memref<?x?x?x?x?xf32>) outs(%c : memref<?x?x?x?x?xf32>) {strides = dense<1> : tensor<2xi64>}
  return
}
