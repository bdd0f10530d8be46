// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// linalg.map and linalg.reduce in the short form (the one op of the body,
// its fastmath left out when none) and written out; transpose and
// broadcast with their dense arrays, each followed by a blank as upstream
// prints it.

func.func @d(%a: tensor<8x4xf32>, %b: tensor<8x4xf32>, %c: tensor<8x4xf32>, %r: tensor<8xf32>, %m: memref<8x4xf32>, %t: memref<4x8xf32>, %v: memref<8xf32>) -> tensor<8xf32> {
  %0 = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%a, %b : tensor<8x4xf32>, tensor<8x4xf32>) outs(%c : tensor<8x4xf32>)
  %1 = linalg.map ins(%0 : tensor<8x4xf32>) outs(%c : tensor<8x4xf32>)
    (%x: f32, %y: f32) {
      %n = arith.addf %x, %y : f32
      linalg.yield %n : f32
    }
  %2 = linalg.reduce { arith.maximumf } ins(%1 : tensor<8x4xf32>) outs(%r : tensor<8xf32>) dimensions = [1]
  linalg.transpose ins(%m : memref<8x4xf32>) outs(%t : memref<4x8xf32>) permutation = [1, 0]
  linalg.broadcast ins(%v : memref<8xf32>) outs(%m : memref<8x4xf32>) dimensions = [1]
  return %2 : tensor<8xf32>
}

// CHECK: %mapped = linalg.map { arith.mulf {fastmath = #arith.fastmath<fast>} } ins(%arg0, %arg1 : tensor<8x4xf32>, tensor<8x4xf32>) outs(%arg2 : tensor<8x4xf32>)
// CHECK-NEXT: %mapped_0 = linalg.map ins(%mapped : tensor<8x4xf32>) outs(%arg2 : tensor<8x4xf32>)
// CHECK-NEXT: {{^      }}(%in: f32, %init: f32) {
// CHECK-NEXT: {{^        }}%0 = arith.addf %in, %init : f32
// CHECK-NEXT: linalg.yield %0 : f32
// CHECK-NEXT: {{^      }}}
// CHECK-NEXT: %reduced = linalg.reduce { arith.maximumf } ins(%mapped_0 : tensor<8x4xf32>) outs(%arg3 : tensor<8xf32>) dimensions = [1] {{$}}
// CHECK-NEXT: linalg.transpose ins(%arg4 : memref<8x4xf32>) outs(%arg5 : memref<4x8xf32>) permutation = [1, 0] {{$}}
// CHECK-NEXT: linalg.broadcast ins(%arg6 : memref<8xf32>) outs(%arg4 : memref<8x4xf32>) dimensions = [1] {{$}}

// GENERIC: "linalg.map"(%arg0, %arg1, %arg2) ({
// GENERIC-NEXT: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// GENERIC-NEXT: "arith.mulf"(%[[X]], %[[Y]]) <{fastmath = #arith.fastmath<fast>}>
// GENERIC: "linalg.reduce"(%{{.*}}, %arg3) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0(%[[IN:.*]]: f32, %[[INIT:.*]]: f32):
// GENERIC-NEXT: "arith.maximumf"(%[[INIT]], %[[IN]])
// GENERIC: "linalg.transpose"(%arg4, %arg5) <{permutation = array<i64: 1, 0>}> ({
