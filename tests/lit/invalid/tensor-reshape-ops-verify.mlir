// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// tensor.expand_shape and tensor.collapse_shape failing their verifiers (TensorOps.cpp verifyTensorReshapeOp).
// CHECK: {{.*}}tensor-reshape-ops-verify.mlir:10:8: error: 'tensor.collapse_shape' op expected dimension 0 of collapsed type to be static value of 12
// CHECK: {{.*}}tensor-reshape-ops-verify.mlir:15:8: error: 'tensor.collapse_shape' op expected collapsed type to be 'tensor<12x5xf32>', but got 'tensor<12x5xi32>'
// CHECK: {{.*}}tensor-reshape-ops-verify.mlir:20:8: error: 'tensor.expand_shape' op expected dimension 0 of collapsed type to be static value of 6
// CHECK: {{.*}}tensor-reshape-ops-verify.mlir:25:8: error: 'tensor.collapse_shape' op expected reassociation map #1 to be valid and contiguous.
// CHECK: {{.*}}tensor-reshape-ops-verify.mlir:30:8: error: 'tensor.collapse_shape' op expected dimension 0 of collapsed type to be dynamic since one or more of the corresponding dimensions in the expanded type is dynamic
// CHECK-NOT: Traceback
func.func @a(%t: tensor<3x4x5xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<3x4x5xf32> into tensor<13x5xf32>
  return
}
// -----
func.func @a(%t: tensor<3x4x5xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<3x4x5xf32> into tensor<12x5xi32>
  return
}
// -----
func.func @a(%t: tensor<3x4x5xf32>) {
  %0 = tensor.expand_shape %t [[0, 1], [2], [3]] output_shape [2, 3, 4, 5] : tensor<3x4x5xf32> into tensor<2x3x4x5xf32>
  return
}
// -----
func.func @a(%t: tensor<3x4x5xf32>) {
  %0 = tensor.collapse_shape %t [[0], [2]] : tensor<3x4x5xf32> into tensor<3x5xf32>
  return
}
// -----
func.func @a(%t: tensor<3x?x5xf32>) {
  %0 = tensor.collapse_shape %t [[0, 1], [2]] : tensor<3x?x5xf32> into tensor<12x5xf32>
  return
}
