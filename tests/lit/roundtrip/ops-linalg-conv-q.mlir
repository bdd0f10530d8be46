// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// linalg.conv_2d_nchw_fchw_q: its strides and dilations are properties
// that shape its remembered maps; the body subtracts the zero points.

func.func @q(%i: tensor<1x3x9x9xf32>, %k: tensor<4x3x2x2xf32>, %z: f32, %o: tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%i, %k, %z, %z : tensor<1x3x9x9xf32>, tensor<4x3x2x2xf32>, f32, f32) outs(%o : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  return %0 : tensor<1x4x4x4xf32>
}

// CHECK: %0 = linalg.conv_2d_nchw_fchw_q {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>} ins(%arg0, %arg1, %arg2, %arg2 : tensor<1x3x9x9xf32>, tensor<4x3x2x2xf32>, f32, f32) outs(%arg3 : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
// GENERIC: #[[IMAGE:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 * 2 + d5 * 2, d3 * 2 + d6)>
// GENERIC: <{dilations = dense<[2, 1]> : tensor<2xi64>, operandSegmentSizes = array<i32: 4, 1>, strides = dense<2> : tensor<2xi64>}>
// GENERIC-NEXT: ^bb0(%[[I:.*]]: f32, %[[K:.*]]: f32, %[[IZ:.*]]: f32, %[[KZ:.*]]: f32, %[[O:.*]]: f32):
// GENERIC-NEXT: %[[A:.*]] = "arith.subf"(%[[I]], %[[IZ]])
// GENERIC-NEXT: %[[B:.*]] = "arith.subf"(%[[K]], %[[KZ]])
// GENERIC-NEXT: %[[P:.*]] = "arith.mulf"(%[[A]], %[[B]])
// GENERIC-NEXT: "arith.addf"(%[[O]], %[[P]])
// GENERIC: linalg.memoized_indexing_maps = [#[[IMAGE]],
