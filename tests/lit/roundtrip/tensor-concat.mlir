// REQUIRES: mlir-opt
// RUN: pyaffine-opt %s -o %t.py.mlir
// RUN: mlir-opt %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt --mlir-print-op-generic %s -o %t.py.generic.mlir
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic.mlir
// RUN: diff %t.ref.generic.mlir %t.py.generic.mlir
// RUN: pyaffine-opt %s | FileCheck %s

// CHECK: %concat = tensor.concat dim(0) %arg0, %arg1 : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<8x4xf32>
// CHECK: %concat_0 = tensor.concat dim(1) %arg2, %arg2 {tag} : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
func.func @concat(%a: tensor<3x4xf32>, %b: tensor<5x4xf32>, %c: tensor<3x?xf32>) -> (tensor<8x4xf32>, tensor<3x?xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<8x4xf32>
  %1 = tensor.concat dim(1) %c, %c {tag} : (tensor<3x?xf32>, tensor<3x?xf32>) -> tensor<3x?xf32>
  return %0, %1 : tensor<8x4xf32>, tensor<3x?xf32>
}
