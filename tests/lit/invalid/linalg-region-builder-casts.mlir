// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A named op's body is built while the op is parsed, before it has a
// location: a cast the region builder cannot make is a warning at an
// unknown location (the value is left as it is), and so are the errors of
// the body's ops.
// CHECK: <unknown>:0: warning: could not cast operand of type 'f32' to 'index'
// CHECK-NEXT: <unknown>:0: warning: could not cast operand of type 'f32' to 'index'
// CHECK-NEXT: {{.*}}linalg-region-builder-casts.mlir:21:17: error: custom op 'linalg.matmul' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'f32'
// CHECK: {{.*}}linalg-region-builder-casts.mlir:28:17: error: custom op 'linalg.matmul' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'index'
// CHECK: <unknown>:0: warning: could not cast operand of type 'i32' to 'index'
// CHECK-NEXT: <unknown>:0: error: 'linalg.yield' op type of yield operand 1 ('i32') doesn't match the element type of the enclosing linalg.generic op ('index')
// CHECK-NEXT: <unknown>:0: note: see current operation: "linalg.yield"(%arg2) : (i32) -> ()
// CHECK: <unknown>:0: error: 'arith.addf' op requires the same type for all operands and results
// CHECK-NEXT: <unknown>:0: note: see current operation: %1 = "arith.addf"(%arg5, %0) <{fastmath = #arith.fastmath<none>}> : (f16, bf16) -> f16
// CHECK: <unknown>:0: warning: could not cast operand of type 'f32' to 'index'
// CHECK-NEXT: {{.*}}linalg-region-builder-casts.mlir:49:27: error: custom op 'linalg.pooling_nhwc_sum' Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, or allInteger, got 'index' and 'f32'
// CHECK-NOT: Traceback

func.func @matmul_to_index(%a: memref<4x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xindex>) {
  linalg.matmul ins(%a, %b : memref<4x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xindex>)
  return
}

// -----

func.func @matmul_of_indices(%a: memref<4x4xindex>, %b: memref<4x4xindex>, %c: memref<4x4xindex>) {
  linalg.matmul ins(%a, %b : memref<4x4xindex>, memref<4x4xindex>) outs(%c : memref<4x4xindex>)
  return
}

// -----

func.func @copy_to_index(%a: memref<4xi32>, %c: memref<4xindex>) {
  linalg.copy ins(%a : memref<4xi32>) outs(%c : memref<4xindex>)
  return
}

// -----

func.func @floats_of_one_width(%a: memref<4x4xbf16>, %b: memref<4x4xbf16>, %c: memref<4x4xf16>) {
  linalg.matmul ins(%a, %b : memref<4x4xbf16>, memref<4x4xbf16>) outs(%c : memref<4x4xf16>)
  return
}

// -----

func.func @pooling_to_index(%a: memref<1x4x4x1xf32>, %k: memref<2x2xf32>, %c: memref<1x3x3x1xindex>) {
  linalg.pooling_nhwc_sum ins(%a, %k : memref<1x4x4x1xf32>, memref<2x2xf32>) outs(%c : memref<1x3x3x1xindex>)
  return
}
