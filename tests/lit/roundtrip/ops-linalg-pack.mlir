// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// linalg.pack and linalg.unpack, declared by their formats: pack owns its
// operand segments (an optional padding value and dynamic tiles), unpack
// has one variadic group and none; the result of the destination's type.

func.func @p(%s: tensor<13x15xf32>, %d: tensor<8x?x?x2xf32>, %pad: f32, %m: tensor<2x8x8x2xf32>, %o: tensor<16x16xf32>, %t: index) -> tensor<8x?x?x2xf32> {
  %0 = linalg.pack %s padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%t, 2] into %d : tensor<13x15xf32> -> tensor<8x?x?x2xf32>
  %1 = linalg.unpack %m inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %o : tensor<2x8x8x2xf32> -> tensor<16x16xf32>
  return %0 : tensor<8x?x?x2xf32>
}

// CHECK: %pack = linalg.pack %arg0 padding_value(%arg2 : f32) outer_dims_perm = [1, 0] inner_dims_pos = [0, 1] inner_tiles = [%arg5, 2] into %arg1 : tensor<13x15xf32> -> tensor<8x?x?x2xf32>
// CHECK-NEXT: %unpack = linalg.unpack %arg3 inner_dims_pos = [0, 1] inner_tiles = [8, 2] into %arg4 : tensor<2x8x8x2xf32> -> tensor<16x16xf32>
// GENERIC: "linalg.pack"(%arg0, %arg1, %arg2, %arg5) <{inner_dims_pos = array<i64: 0, 1>, operandSegmentSizes = array<i32: 1, 1, 1, 1>, outer_dims_perm = array<i64: 1, 0>, static_inner_tiles = array<i64: -9223372036854775808, 2>}> : (tensor<13x15xf32>, tensor<8x?x?x2xf32>, f32, index) -> tensor<8x?x?x2xf32>
// GENERIC: %1 = "linalg.unpack"(%arg3, %arg4) <{inner_dims_pos = array<i64: 0, 1>, static_inner_tiles = array<i64: 8, 2>}> : (tensor<2x8x8x2xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
