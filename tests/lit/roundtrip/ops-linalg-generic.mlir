// RUN: pyaffine-opt -split-input-file %s | FileCheck %s
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s | pyaffine-opt -split-input-file | FileCheck %s

// linalg.generic: the trait dictionary (here an alias) with the iterator
// types as strings, `attrs =` for the others, the body's arguments named
// %in and %out; the generic form holds the iterator types as enum
// attributes and names the arguments %argN.

#rowsum = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}

func.func @g(%a: memref<4x8xf32>, %s: memref<4xf32>, %t: tensor<4x8xf32>, %u: tensor<4xf32>) -> tensor<4xf32> {
  linalg.generic #rowsum ins(%a : memref<4x8xf32>) outs(%s : memref<4xf32>) attrs = {tag = "sum"} {
  ^bb0(%x: f32, %acc: f32):
    %i = linalg.index 1 : index
    %r = arith.addf %x, %acc : f32
    linalg.yield %r : f32
  }
  %0:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i)>], iterator_types = ["parallel", "reduction"]} ins(%t : tensor<4x8xf32>) outs(%u, %u : tensor<4xf32>, tensor<4xf32>) {
  ^bb0(%x: f32, %m: f32, %n: f32):
    linalg.yield %x, %n : f32, f32
  } -> (tensor<4xf32>, tensor<4xf32>)
  return %0#1 : tensor<4xf32>
}

// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK: #[[ROW:.*]] = affine_map<(d0, d1) -> (d0)>
// CHECK: linalg.generic {indexing_maps = [#[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg0 : memref<4x8xf32>) outs(%arg1 : memref<4xf32>) attrs =  {tag = "sum"} {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32):
// CHECK-NEXT: %{{.*}} = linalg.index 1 : index
// CHECK-NEXT: %{{.*}} = arith.addf %in, %out : f32
// CHECK: %0:2 = linalg.generic {indexing_maps = [#[[ID]], #[[ROW]], #[[ROW]]], iterator_types = ["parallel", "reduction"]} ins(%arg2 : tensor<4x8xf32>) outs(%arg3, %arg3 : tensor<4xf32>, tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%in: f32, %out: f32, %out_0: f32):
// CHECK-NEXT: linalg.yield %in, %out_0 : f32, f32
// CHECK-NEXT: } -> (tensor<4xf32>, tensor<4xf32>)

// GENERIC: "linalg.generic"(%{{.*}}, %{{.*}}) <{indexing_maps = [#{{.*}}, #{{.*}}], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], operandSegmentSizes = array<i32: 1, 1>}> ({
// GENERIC: "linalg.index"() <{dim = 1 : i64}> : () -> index
// GENERIC: }) {tag = "sum"} : (memref<4x8xf32>, memref<4xf32>) -> ()

// -----

// linalg.softmax and the Winograd transforms, declared by their formats;
// the conformation F(m, r) is an i32 enum.

func.func @w(%f: tensor<2x3x3x5xf32>, %o: tensor<4x4x5x2xf32>, %x: tensor<2x16xf32>) -> (tensor<4x4x5x2xf32>, tensor<2x16xf32>) {
  %0 = linalg.winograd_filter_transform fmr(F_2_3) ins(%f : tensor<2x3x3x5xf32>) outs(%o : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
  %1 = linalg.softmax dimension(1) ins(%x : tensor<2x16xf32>) outs(%x : tensor<2x16xf32>) -> tensor<2x16xf32>
  return %0, %1 : tensor<4x4x5x2xf32>, tensor<2x16xf32>
}

// CHECK: %0 = linalg.winograd_filter_transform fmr(F_2_3) ins(%arg0 : tensor<2x3x3x5xf32>) outs(%arg1 : tensor<4x4x5x2xf32>) -> tensor<4x4x5x2xf32>
// CHECK-NEXT: %1 = linalg.softmax dimension(1) ins(%arg2 : tensor<2x16xf32>) outs(%arg2 : tensor<2x16xf32>) -> tensor<2x16xf32>
// GENERIC: "linalg.winograd_filter_transform"(%arg0, %arg1) <{fmr = 0 : i32}>
// GENERIC: "linalg.softmax"(%arg2, %arg2) <{dimension = 1 : i64}>

// -----

// linalg.softmax on buffers has no results: the optional `-> type($result)`
// group is left out.

func.func @softmax_buffers(%x: memref<2x16xf32>, %y: memref<2x16xf32>) {
  linalg.softmax dimension(1) ins(%x : memref<2x16xf32>) outs(%y : memref<2x16xf32>)
  return
}

// CHECK-LABEL: func.func @softmax_buffers
// CHECK-NEXT: linalg.softmax dimension(1) ins(%arg0 : memref<2x16xf32>) outs(%arg1 : memref<2x16xf32>){{$}}
// GENERIC: "linalg.softmax"(%arg0, %arg1) <{dimension = 1 : i64}> : (memref<2x16xf32>, memref<2x16xf32>) -> ()
