// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// The bodies RegionBuilderHelper refuses to build, reported with mlir-opt
// 22's words where its parser stands after the op's name.
// CHECK: {{.*}}linalg-elementwise-refused.mlir:13:14: error: custom op 'linalg.exp' unsupported non numeric type
// CHECK: {{.*}}linalg-elementwise-refused.mlir:18:14: error: custom op 'linalg.sub' unsupported operation: sub with bools
// CHECK: {{.*}}linalg-elementwise-refused.mlir:23:14: error: custom op 'linalg.div' unsupported operation: div with bools
// CHECK: {{.*}}linalg-elementwise-refused.mlir:28:23: error: custom op 'linalg.div_unsigned' unsupported operation: unsigned div not on uint
// CHECK: {{.*}}linalg-elementwise-refused.mlir:33:14: error: custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'
// CHECK: {{.*}}linalg-elementwise-refused.mlir:38:14: error: custom op 'linalg.add' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'i32' and 'f32'
// CHECK: {{.*}}linalg-elementwise-refused.mlir:43:3: error: 'linalg.dot' op operand #2 must be variadic of shaped of any type values, but got 'i32'
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
