// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// linalg.generic, linalg.yield and linalg.reduce failing their verifiers, with mlir-opt 22's messages.
// CHECK: error: 'linalg.yield' op expected number of yield values (2) to match the number of inits / outs operands of the enclosing LinalgOp (1)
// CHECK: error: 'linalg.generic' op expected the number of indexing_map (2) to be equal to the number of input/output operands (1)
// CHECK: error: 'linalg.reduce' op number of dimensions after reduction 0 doesn't match the init rank 1
// CHECK: error: 'linalg.generic' op expected as many non-induction variable region arguments as the number of input/output operands

func.func @a(%b: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y, %y : f32, f32
  }
  return
}
// -----
func.func @a(%b: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%y: f32):
    linalg.yield %y : f32
  }
  return
}
// -----
func.func @a(%b: tensor<8xf32>) {
  %0 = linalg.map { arith.addf } ins(%b, %b : tensor<8xf32>, tensor<8xf32>) outs(%b : tensor<8xf32>)
  %1 = linalg.reduce { arith.addf } ins(%b : tensor<8xf32>) outs(%b : tensor<8xf32>) dimensions = [0]
  return
}
// -----
func.func @a(%b: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%b : memref<8xf32>) {
  ^bb0(%y: f32, %z: f32):
    linalg.yield %y : f32
  }
  return
}
