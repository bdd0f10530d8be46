// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file %s -o %t.py.mlir
// RUN: mlir-opt -split-input-file %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s -o %t.py.generic.mlir
// RUN: mlir-opt -split-input-file --mlir-print-op-generic %s -o %t.ref.generic.mlir
// RUN: diff %t.ref.generic.mlir %t.py.generic.mlir

// Every op of linalg_named.py's tables, printed as mlir-opt 22 prints it in
// both forms: the generic form spells out each op's maps (strides and
// dilations other than 1 in the window terms) and its body, with the casts
// from narrower inputs (i8 to i32, f16 to f32); the elementwise ops on
// floats, integers and i1; the `cast` type function of copy, matmul and
// contract.

func.func @matvec(%a0: memref<?x?xi8>, %a1: memref<?xi8>, %a2: memref<?xi32>) {
  linalg.matvec ins(%a0, %a1 : memref<?x?xi8>, memref<?xi8>) outs(%a2 : memref<?xi32>)
  return
}
// -----

func.func @vecmat(%a0: memref<?xf16>, %a1: memref<?x?xf16>, %a2: memref<?xf32>) {
  linalg.vecmat ins(%a0, %a1 : memref<?xf16>, memref<?x?xf16>) outs(%a2 : memref<?xf32>)
  return
}
// -----

func.func @mmt4d(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.mmt4d ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @batch_mmt4d(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: memref<?x?x?x?x?xf32>) {
  linalg.batch_mmt4d ins(%a0, %a1 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @conv_1d(%a0: memref<?xi8>, %a1: memref<?xi8>, %a2: memref<?xi32>) {
  linalg.conv_1d ins(%a0, %a1 : memref<?xi8>, memref<?xi8>) outs(%a2 : memref<?xi32>)
  return
}
// -----

func.func @conv_2d(%a0: memref<?x?xf16>, %a1: memref<?x?xf16>, %a2: memref<?x?xf32>) {
  linalg.conv_2d ins(%a0, %a1 : memref<?x?xf16>, memref<?x?xf16>) outs(%a2 : memref<?x?xf32>)
  return
}
// -----

func.func @conv_3d(%a0: memref<?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: memref<?x?x?xi32>) {
  linalg.conv_3d ins(%a0, %a1 : memref<?x?x?xi8>, memref<?x?x?xi8>) outs(%a2 : memref<?x?x?xi32>)
  return
}
// -----

func.func @conv_1d_nwc_wcf(%a0: memref<?x?x?xf16>, %a1: memref<?x?x?xf16>, %a2: memref<?x?x?xf32>) {
  linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%a2 : memref<?x?x?xf32>)
  return
}
// -----

func.func @conv_1d_ncw_fcw(%a0: memref<?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: memref<?x?x?xi32>) {
  linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xi8>, memref<?x?x?xi8>) outs(%a2 : memref<?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_nhwc_hwcf(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?x?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @conv_2d_nhwc_fhwc(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.conv_2d_nhwc_fhwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_nhwc_hwcf_q(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?x?x?xf16>, %a2: f32, %a3: f32, %a4: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>, f32, f32) outs(%a4 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @conv_2d_nhwc_fhwc_q(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: i32, %a3: i32, %a4: memref<?x?x?x?xi32>) {
  linalg.conv_2d_nhwc_fhwc_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>, i32, i32) outs(%a4 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_nchw_fchw(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?x?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.conv_2d_nchw_fchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @conv_2d_nchw_fchw_q(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: i32, %a3: i32, %a4: memref<?x?x?x?xi32>) {
  linalg.conv_2d_nchw_fchw_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>, i32, i32) outs(%a4 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_ngchw_fgchw(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: memref<?x?x?x?x?xf32>) {
  linalg.conv_2d_ngchw_fgchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @conv_2d_ngchw_gfchw(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.conv_2d_ngchw_gfchw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_ngchw_gfchw_q(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: f32, %a3: f32, %a4: memref<?x?x?x?x?xf32>) {
  linalg.conv_2d_ngchw_gfchw_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>, f32, f32) outs(%a4 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @conv_2d_nhwgc_gfhwc(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.conv_2d_nhwgc_gfhwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @conv_2d_nhwgc_gfhwc_q(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: f32, %a3: f32, %a4: memref<?x?x?x?x?xf32>) {
  linalg.conv_2d_nhwgc_gfhwc_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>, f32, f32) outs(%a4 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @conv_3d_ndhwc_dhwcf(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.conv_3d_ndhwc_dhwcf {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @conv_3d_ndhwc_dhwcf_q(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: f32, %a3: f32, %a4: memref<?x?x?x?x?xf32>) {
  linalg.conv_3d_ndhwc_dhwcf_q {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>, f32, f32) outs(%a4 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @conv_3d_ncdhw_fcdhw(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.conv_3d_ncdhw_fcdhw {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_1d_nwc_wc(%a0: memref<?x?x?xf16>, %a1: memref<?x?xf16>, %a2: memref<?x?x?xf32>) {
  linalg.depthwise_conv_1d_nwc_wc {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?x?xf16>) outs(%a2 : memref<?x?x?xf32>)
  return
}
// -----

func.func @depthwise_conv_1d_ncw_cw(%a0: memref<?x?x?xi8>, %a1: memref<?x?xi8>, %a2: memref<?x?x?xi32>) {
  linalg.depthwise_conv_1d_ncw_cw {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xi8>, memref<?x?xi8>) outs(%a2 : memref<?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_1d_nwc_wcm(%a0: memref<?x?x?xf16>, %a1: memref<?x?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.depthwise_conv_1d_nwc_wcm {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?x?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @depthwise_conv_2d_nhwc_hwc(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_2d_nchw_chw(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @depthwise_conv_2d_nhwc_hwc_q(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: i32, %a3: i32, %a4: memref<?x?x?x?xi32>) {
  linalg.depthwise_conv_2d_nhwc_hwc_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?xi8>, memref<?x?x?xi8>, i32, i32) outs(%a4 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_2d_nhwc_hwcm(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?x?x?xf16>, %a2: memref<?x?x?x?x?xf32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @depthwise_conv_2d_nhwc_hwcm_q(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: i32, %a3: i32, %a4: memref<?x?x?x?x?xi32>) {
  linalg.depthwise_conv_2d_nhwc_hwcm_q {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1, %a2, %a3 : memref<?x?x?x?xi8>, memref<?x?x?x?xi8>, i32, i32) outs(%a4 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_3d_ndhwc_dhwc(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?xf16>, %a2: memref<?x?x?x?x?xf32>) {
  linalg.depthwise_conv_3d_ndhwc_dhwc {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xf16>, memref<?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @depthwise_conv_3d_ncdhw_cdhw(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.depthwise_conv_3d_ncdhw_cdhw {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @depthwise_conv_3d_ndhwc_dhwcm(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?x?x?xf16>, %a2: memref<?x?x?x?x?x?xf32>) {
  linalg.depthwise_conv_3d_ndhwc_dhwcm {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xf16>, memref<?x?x?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?x?xf32>)
  return
}
// -----

func.func @pooling_nhwc_sum(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.pooling_nhwc_sum {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @pooling_nhwc_max(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.pooling_nhwc_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @pooling_nhwc_min(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.pooling_nhwc_min {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @pooling_nchw_sum(%a0: memref<?x?x?x?xf16>, %a1: memref<?x?xf16>, %a2: memref<?x?x?x?xf32>) {
  linalg.pooling_nchw_sum {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xf16>, memref<?x?xf16>) outs(%a2 : memref<?x?x?x?xf32>)
  return
}
// -----

func.func @pooling_nchw_max(%a0: memref<?x?x?x?xi8>, %a1: memref<?x?xi8>, %a2: memref<?x?x?x?xi32>) {
  linalg.pooling_nchw_max {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<3> : tensor<2xi64>} ins(%a0, %a1 : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%a2 : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @pooling_nwc_sum(%a0: memref<?x?x?xf16>, %a1: memref<?xf16>, %a2: memref<?x?x?xf32>) {
  linalg.pooling_nwc_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?xf16>) outs(%a2 : memref<?x?x?xf32>)
  return
}
// -----

func.func @pooling_nwc_max(%a0: memref<?x?x?xi8>, %a1: memref<?xi8>, %a2: memref<?x?x?xi32>) {
  linalg.pooling_nwc_max {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xi8>, memref<?xi8>) outs(%a2 : memref<?x?x?xi32>)
  return
}
// -----

func.func @pooling_nwc_min(%a0: memref<?x?x?xf16>, %a1: memref<?xf16>, %a2: memref<?x?x?xf32>) {
  linalg.pooling_nwc_min {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?xf16>) outs(%a2 : memref<?x?x?xf32>)
  return
}
// -----

func.func @pooling_ncw_sum(%a0: memref<?x?x?xi8>, %a1: memref<?xi8>, %a2: memref<?x?x?xi32>) {
  linalg.pooling_ncw_sum {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xi8>, memref<?xi8>) outs(%a2 : memref<?x?x?xi32>)
  return
}
// -----

func.func @pooling_ncw_max(%a0: memref<?x?x?xf16>, %a1: memref<?xf16>, %a2: memref<?x?x?xf32>) {
  linalg.pooling_ncw_max {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%a0, %a1 : memref<?x?x?xf16>, memref<?xf16>) outs(%a2 : memref<?x?x?xf32>)
  return
}
// -----

func.func @pooling_ndhwc_sum(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.pooling_ndhwc_sum {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @pooling_ndhwc_max(%a0: memref<?x?x?x?x?xf16>, %a1: memref<?x?x?xf16>, %a2: memref<?x?x?x?x?xf32>) {
  linalg.pooling_ndhwc_max {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xf16>, memref<?x?x?xf16>) outs(%a2 : memref<?x?x?x?x?xf32>)
  return
}
// -----

func.func @pooling_ndhwc_min(%a0: memref<?x?x?x?x?xi8>, %a1: memref<?x?x?xi8>, %a2: memref<?x?x?x?x?xi32>) {
  linalg.pooling_ndhwc_min {dilations = dense<[1, 2, 3]> : tensor<3xi64>, strides = dense<3> : tensor<3xi64>} ins(%a0, %a1 : memref<?x?x?x?x?xi8>, memref<?x?x?xi8>) outs(%a2 : memref<?x?x?x?x?xi32>)
  return
}
// -----

func.func @exp_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.exp ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @log_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.log ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @abs_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.abs ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @ceil_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.ceil ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @floor_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.floor ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @negf_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.negf ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @reciprocal_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.reciprocal ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @round_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.round ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @sqrt_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.sqrt ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @rsqrt_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.rsqrt ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @square_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.square ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @tanh_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.tanh ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @erf_f16(%a0: memref<?x4xf16>, %a1: memref<?x4xf16>) {
  linalg.erf ins(%a0 : memref<?x4xf16>) outs(%a1 : memref<?x4xf16>)
  return
}
// -----

func.func @add_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.add ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @add_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.add ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @add_i1(%a0: memref<?x4xi1>, %a1: memref<?x4xi1>, %a2: memref<?x4xi1>) {
  linalg.add ins(%a0, %a1 : memref<?x4xi1>, memref<?x4xi1>) outs(%a2 : memref<?x4xi1>)
  return
}
// -----

func.func @sub_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.sub ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @sub_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.sub ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @mul_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.mul ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @mul_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.mul ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @mul_i1(%a0: memref<?x4xi1>, %a1: memref<?x4xi1>, %a2: memref<?x4xi1>) {
  linalg.mul ins(%a0, %a1 : memref<?x4xi1>, memref<?x4xi1>) outs(%a2 : memref<?x4xi1>)
  return
}
// -----

func.func @div_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.div ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @div_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.div ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @div_unsigned_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.div_unsigned ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @max_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.max ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @max_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.max ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @max_i1(%a0: memref<?x4xi1>, %a1: memref<?x4xi1>, %a2: memref<?x4xi1>) {
  linalg.max ins(%a0, %a1 : memref<?x4xi1>, memref<?x4xi1>) outs(%a2 : memref<?x4xi1>)
  return
}
// -----

func.func @min_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.min ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @min_i32(%a0: memref<?x4xi32>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>) {
  linalg.min ins(%a0, %a1 : memref<?x4xi32>, memref<?x4xi32>) outs(%a2 : memref<?x4xi32>)
  return
}
// -----

func.func @min_i1(%a0: memref<?x4xi1>, %a1: memref<?x4xi1>, %a2: memref<?x4xi1>) {
  linalg.min ins(%a0, %a1 : memref<?x4xi1>, memref<?x4xi1>) outs(%a2 : memref<?x4xi1>)
  return
}
// -----

func.func @powf_f32(%a0: memref<?x4xf32>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>) {
  linalg.powf ins(%a0, %a1 : memref<?x4xf32>, memref<?x4xf32>) outs(%a2 : memref<?x4xf32>)
  return
}
// -----

func.func @select_f32(%a0: memref<?x4xi1>, %a1: memref<?x4xf32>, %a2: memref<?x4xf32>, %a3: memref<?x4xf32>) {
  linalg.select ins(%a0, %a1, %a2 : memref<?x4xi1>, memref<?x4xf32>, memref<?x4xf32>) outs(%a3 : memref<?x4xf32>)
  return
}
// -----

func.func @select_i32(%a0: memref<?x4xi1>, %a1: memref<?x4xi32>, %a2: memref<?x4xi32>, %a3: memref<?x4xi32>) {
  linalg.select ins(%a0, %a1, %a2 : memref<?x4xi1>, memref<?x4xi32>, memref<?x4xi32>) outs(%a3 : memref<?x4xi32>)
  return
}
// -----

func.func @select_i1(%a0: memref<?x4xi1>, %a1: memref<?x4xi1>, %a2: memref<?x4xi1>, %a3: memref<?x4xi1>) {
  linalg.select ins(%a0, %a1, %a2 : memref<?x4xi1>, memref<?x4xi1>, memref<?x4xi1>) outs(%a3 : memref<?x4xi1>)
  return
}
// -----

func.func @a(%a: memref<?x?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?xi32>) {
  linalg.batch_matvec ins(%a, %b : memref<?x?x?xi8>, memref<?x?xi8>) outs(%c : memref<?x?xi32>)
  return
}
// -----

func.func @a(%a: memref<?x?xf16>, %b: memref<?x?x?xf16>, %c: memref<?x?xf32>) {
  linalg.batch_vecmat ins(%a, %b : memref<?x?xf16>, memref<?x?x?xf16>) outs(%c : memref<?x?xf32>)
  return
}
// -----

func.func @a(%a: tensor<4x8xi8>, %b: tensor<8x16xi8>, %z: i32, %c: tensor<4x16xi32>) -> tensor<4x16xi32> {
  %0 = linalg.quantized_matmul ins(%a, %b, %z, %z : tensor<4x8xi8>, tensor<8x16xi8>, i32, i32) outs(%c : tensor<4x16xi32>) -> tensor<4x16xi32>
  return %0 : tensor<4x16xi32>
}
// -----

func.func @a(%a: memref<2x4x8xi8>, %b: memref<2x8x16xi8>, %z: i32, %c: memref<2x4x16xi32>) {
  linalg.quantized_batch_matmul ins(%a, %b, %z, %z : memref<2x4x8xi8>, memref<2x8x16xi8>, i32, i32) outs(%c : memref<2x4x16xi32>)
  return
}
// -----

func.func @a(%a: memref<?x?x?x?xi8>, %b: memref<?x?xi8>, %c: memref<?x?x?x?xi32>) {
  linalg.pooling_nhwc_max_unsigned {dilations = dense<2> : tensor<2xi64>, strides = dense<[1, 3]> : tensor<2xi64>} ins(%a, %b : memref<?x?x?x?xi8>, memref<?x?xi8>) outs(%c : memref<?x?x?x?xi32>)
  return
}
// -----

func.func @a(%a: memref<?x?x?xi32>, %b: memref<?xi8>, %c: memref<?x?x?xi16>) {
  linalg.pooling_nwc_max_unsigned ins(%a, %b : memref<?x?x?xi32>, memref<?xi8>) outs(%c : memref<?x?x?xi16>)
  return
}
// -----

func.func @a(%a: memref<?x?x?xf32>, %b: memref<?xi8>, %c: memref<?x?x?xi16>) {
  linalg.pooling_nwc_min_unsigned ins(%a, %b : memref<?x?x?xf32>, memref<?xi8>) outs(%c : memref<?x?x?xi16>)
  return
}
// -----

func.func @a(%a: memref<?x?x?xindex>, %b: memref<?xi8>, %c: memref<?x?x?xi16>) {
  linalg.pooling_nwc_min_unsigned ins(%a, %b : memref<?x?x?xindex>, memref<?xi8>) outs(%c : memref<?x?x?xi16>)
  return
}
// -----

func.func @a(%a: memref<?x?x?xindex>, %b: memref<?xi8>, %c: memref<?x?x?xi16>) {
  linalg.pooling_nwc_min ins(%a, %b : memref<?x?x?xindex>, memref<?xi8>) outs(%c : memref<?x?x?xi16>)
  return
}
// -----

func.func @c(%a: memref<4x8xi8>, %b: memref<4x8xi32>) {
  linalg.copy ins(%a : memref<4x8xi8>) outs(%b : memref<4x8xi32>)
  linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%a : memref<4x8xi8>) outs(%b : memref<4x8xi32>)
  return
}
// -----

func.func @c(%a: memref<2x4x8xi8>, %b: memref<2x8x4xi8>, %c: memref<2x4x4xf32>, %d: tensor<4x?xf32>, %e: tensor<4x?xi16>) -> tensor<4x?xi16> {
  linalg.batch_matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x4x8xi8>, memref<2x8x4xi8>) outs(%c : memref<2x4x4xf32>)
  %0 = linalg.copy {cast = #linalg.type_fn<cast_unsigned>} ins(%d : tensor<4x?xf32>) outs(%e : tensor<4x?xi16>) -> tensor<4x?xi16>
  %1 = linalg.copy ins(%d : tensor<4x?xf32>) outs(%0 : tensor<4x?xi16>) -> tensor<4x?xi16>
  linalg.contract indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] {cast = #linalg.type_fn<cast_unsigned>} ins(%a, %b : memref<2x4x8xi8>, memref<2x8x4xi8>) outs(%c : memref<2x4x4xf32>)
  return %1 : tensor<4x?xi16>
}
// -----

func.func @r(%min: f64, %max: f64, %seed: i32, %o: memref<16x32xf32>) {
  linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%o : memref<16x32xf32>)
  return
}
// -----

func.func @r(%min: f64, %max: f64, %seed: i32, %o: tensor<16x32xi32>) -> tensor<16x32xi32> {
  %0 = linalg.fill_rng_2d ins(%min, %max, %seed : f64, f64, i32) outs(%o : tensor<16x32xi32>) -> tensor<16x32xi32>
  return %0 : tensor<16x32xi32>
}
