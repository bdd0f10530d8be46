// RUN: pyaffine-opt -split-input-file %s | FileCheck %s
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s | pyaffine-opt -split-input-file | FileCheck %s
// RUN: pyaffine-opt -split-input-file --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// linalg.matmul, linalg.conv_2d and linalg.fill in their `ins(...) outs(...)`
// form; the generic form spells out the implicit body with the casts of the
// element types, the matmul's indexing maps and the convolution's memoized
// ones (tests/unit/test_dialect_ops.py compares both forms with mlir-opt).

// GENERIC: "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[C:.*]]: f32):
// GENERIC-NEXT: %[[P:.*]] = "arith.mulf"(%[[A]], %[[B]])
// GENERIC-NEXT: %[[S:.*]] = "arith.addf"(%[[C]], %[[P]])
// GENERIC-NEXT: "linalg.yield"(%[[S]]) : (f32) -> ()
// GENERIC: "linalg.conv_2d"
// GENERIC: }) {linalg.memoized_indexing_maps = [#map3, #map4, #map5]} : (memref<?x?xf32>, memref<?x?xf32>, memref<?x?xf32>) -> ()
// GENERIC: "arith.extsi"

func.func @l(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>, %x: f32, %i: memref<?x?xf32>, %k: memref<?x?xf32>, %o: memref<?x?xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.conv_2d ins (%i, %k: memref<?x?xf32>, memref<?x?xf32>)
                outs (%o: memref<?x?xf32>)
  linalg.fill ins(%x : f32) outs(%c : memref<4x16xf32>)
  linalg.matmul {foo = 1} ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}

// -----

func.func @l(%a: memref<4x8xi8>, %b: memref<8x16xi8>, %c: memref<4x16xi32>, %d: memref<4x16xf32>, %e: memref<4x8xf16>, %t: tensor<4x8xf32>, %t2: tensor<8x16xf32>, %t3: tensor<4x16xf32>, %x: i32, %y: f64, %y2: f32) -> tensor<4x16xf32> {
  linalg.matmul ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>) outs(%c : memref<4x16xi32>)
  linalg.matmul ins(%a, %b : memref<4x8xi8>, memref<8x16xi8>) outs(%d : memref<4x16xf32>)
  linalg.matmul ins(%e, %b : memref<4x8xf16>, memref<8x16xi8>) outs(%d : memref<4x16xf32>)
  %r = linalg.matmul ins(%t, %t2 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%t3 : tensor<4x16xf32>) -> tensor<4x16xf32>
  %f = linalg.fill ins(%y2 : f32) outs(%t3 : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}

// CHECK: module {
// CHECK-LABEL: func.func @l(%arg0: memref<4x8xf32>, %arg1: memref<8x16xf32>, %arg2: memref<4x16xf32>, %arg3: f32, %arg4: memref<?x?xf32>, %arg5: memref<?x?xf32>, %arg6: memref<?x?xf32>) {
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.conv_2d ins(%arg4, %arg5 : memref<?x?xf32>, memref<?x?xf32>) outs(%arg6 : memref<?x?xf32>)
// CHECK-NEXT: linalg.fill ins(%arg3 : f32) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul {foo = 1 : i64} ins(%arg0, %arg1 : memref<4x8xf32>, memref<8x16xf32>) outs(%arg2 : memref<4x16xf32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @l(%arg0: memref<4x8xi8>, %arg1: memref<8x16xi8>, %arg2: memref<4x16xi32>, %arg3: memref<4x16xf32>, %arg4: memref<4x8xf16>, %arg5: tensor<4x8xf32>, %arg6: tensor<8x16xf32>, %arg7: tensor<4x16xf32>, %arg8: i32, %arg9: f64, %arg10: f32) -> tensor<4x16xf32> {
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xi8>, memref<8x16xi8>) outs(%arg2 : memref<4x16xi32>)
// CHECK-NEXT: linalg.matmul ins(%arg0, %arg1 : memref<4x8xi8>, memref<8x16xi8>) outs(%arg3 : memref<4x16xf32>)
// CHECK-NEXT: linalg.matmul ins(%arg4, %arg1 : memref<4x8xf16>, memref<8x16xi8>) outs(%arg3 : memref<4x16xf32>)
// CHECK-NEXT: %0 = linalg.matmul ins(%arg5, %arg6 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg7 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: %1 = linalg.fill ins(%arg10 : f32) outs(%arg7 : tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: return %0 : tensor<4x16xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
