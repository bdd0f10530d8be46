// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// tensor.expand_shape and tensor.collapse_shape, memref's reshaping forms on
// tensors (tests/unit/test_dialect_ops.py compares both forms with mlir-opt).

func.func @t(%t: tensor<3x?x5xf32>, %t2: tensor<3x4x5xf32>, %n: index) {
  %t0 = tensor.expand_shape %t2 [[0, 1], [2], [3, 4]] output_shape [1, 3, 4, 1, 5] : tensor<3x4x5xf32> into tensor<1x3x4x1x5xf32>
  %rt0 = tensor.collapse_shape %t0 [[0, 1], [2], [3, 4]] : tensor<1x3x4x1x5xf32> into tensor<3x4x5xf32>
  %c1 = arith.constant 1 : index
  %sz1 = tensor.dim %t, %c1 : tensor<3x?x5xf32>
  %t1 = tensor.expand_shape %t [[0, 1], [2], [3, 4]] output_shape [1, 3, %sz1, 1, 5] {foo} : tensor<3x?x5xf32> into tensor<1x3x?x1x5xf32>
  %rt1 = tensor.collapse_shape %t1 [[0], [1, 2], [3, 4]] : tensor<1x3x?x1x5xf32> into tensor<1x?x5xf32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @t(%arg0: tensor<3x?x5xf32>, %arg1: tensor<3x4x5xf32>, %arg2: index) {
// CHECK-NEXT: %expanded = tensor.expand_shape %arg1 {{[[][[]}}0, 1], [2], [3, 4]] output_shape [1, 3, 4, 1, 5] : tensor<3x4x5xf32> into tensor<1x3x4x1x5xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %expanded {{[[][[]}}0, 1], [2], [3, 4]] : tensor<1x3x4x1x5xf32> into tensor<3x4x5xf32>
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<3x?x5xf32>
// CHECK-NEXT: %expanded_0 = tensor.expand_shape %arg0 {{[[][[]}}0, 1], [2], [3, 4]] output_shape [1, 3, %dim, 1, 5] {foo} : tensor<3x?x5xf32> into tensor<1x3x?x1x5xf32>
// CHECK-NEXT: %collapsed_1 = tensor.collapse_shape %expanded_0 {{[[][[]}}0], [1, 2], [3, 4]] : tensor<1x3x?x1x5xf32> into tensor<1x?x5xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
