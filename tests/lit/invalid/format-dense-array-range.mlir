// RUN: not pyaffine-opt %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt %s 2>&1 | FileCheck %s %}
// A dense i64 array of a declared format reads each element as an int64_t:
// one beyond it is refused where it stands.
// CHECK: {{.*}}format-dense-array-range.mlir:8:92: error: custom op 'linalg.pack' integer value too large

func.func @p(%s: tensor<13x15xf32>, %d: tensor<8x?x?x2xf32>, %pad: f32, %t: index) -> tensor<8x?x?x2xf32> {
  %0 = linalg.pack %s padding_value(%pad : f32) outer_dims_perm = [1, 0] inner_dims_pos = [9223372036854775808, 1] inner_tiles = [%t, 2] into %d : tensor<13x15xf32> -> tensor<8x?x?x2xf32>
  return %0 : tensor<8x?x?x2xf32>
