// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// linalg.batch_matmul keeps its indexing maps as a property, as linalg.matmul;
// linalg.matvec, linalg.vecmat and linalg.dot remember theirs once verified,
// and vecmat orders its loops (n, m) as upstream's definition does.

// GENERIC: #[[VN:.*]] = affine_map<(d0, d1) -> (d1)>
// GENERIC: #[[VM:.*]] = affine_map<(d0, d1) -> (d0)>
// GENERIC: #[[VA:.*]] = affine_map<(d0, d1) -> (d1, d0)>
// GENERIC: "linalg.batch_matmul"(%{{.*}}) <{indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "linalg.vecmat"
// GENERIC: "arith.extsi"
// GENERIC: }) {linalg.memoized_indexing_maps = [#[[VN]], #[[VA]], #[[VM]]]} : (tensor<4xi8>, tensor<4x8xi8>, tensor<8xi32>) -> tensor<8xi32>
// GENERIC: "linalg.dot"
// GENERIC: }) {linalg.memoized_indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}]} : (memref<?xf32>, memref<?xf32>, memref<f32>) -> ()

func.func @c(%a: memref<?x?x?xf32>, %b: memref<?x?x?xf32>, %c: memref<?x?x?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %m: memref<?x?xf32>, %t: tensor<4x8xi8>, %v: tensor<4xi8>, %o: tensor<8xi32>, %s: memref<f32>) -> tensor<8xi32> {
  linalg.batch_matmul ins(%a, %b : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%c : memref<?x?x?xf32>)
  linalg.matvec ins(%m, %x: memref<?x?xf32>, memref<?xf32>) outs(%y: memref<?xf32>)
  %r = linalg.vecmat ins(%v, %t : tensor<4xi8>, tensor<4x8xi8>) outs(%o : tensor<8xi32>) -> tensor<8xi32>
  linalg.dot ins(%x, %y : memref<?xf32>, memref<?xf32>) outs(%s : memref<f32>)
  return %r : tensor<8xi32>
}

// CHECK: linalg.batch_matmul ins(%arg0, %arg1 : memref<?x?x?xf32>, memref<?x?x?xf32>) outs(%arg2 : memref<?x?x?xf32>)
// CHECK-NEXT: linalg.matvec ins(%arg5, %arg3 : memref<?x?xf32>, memref<?xf32>) outs(%arg4 : memref<?xf32>)
// CHECK-NEXT: %0 = linalg.vecmat ins(%arg7, %arg6 : tensor<4xi8>, tensor<4x8xi8>) outs(%arg8 : tensor<8xi32>) -> tensor<8xi32>
// CHECK-NEXT: linalg.dot ins(%arg3, %arg4 : memref<?xf32>, memref<?xf32>) outs(%arg9 : memref<f32>)

// linalg.contract always writes its maps; linalg.matmul writes them only
// when they are not its own, before its attribute dictionary.

#ta = affine_map<(d0, d1, d2) -> (d2, d0)>
#tb = affine_map<(d0, d1, d2) -> (d2, d1)>
#tc = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @maps(%a: memref<?x?xf32>, %b: memref<?x?xf32>, %c: memref<?x?xf32>, %t: tensor<4x8xi8>, %u: tensor<4x2xi8>, %v: tensor<8x2xi32>) -> tensor<8x2xi32> {
  linalg.matmul indexing_maps = [#ta, #tb, #tc] {foo} ins(%a, %b : memref<?x?xf32>, memref<?x?xf32>) outs(%c : memref<?x?xf32>)
  %r = linalg.contract indexing_maps = [#ta, #tb, #tc] ins(%t, %u : tensor<4x8xi8>, tensor<4x2xi8>) outs(%v : tensor<8x2xi32>) -> tensor<8x2xi32>
  return %r : tensor<8x2xi32>
}

// CHECK: linalg.matmul indexing_maps = [#[[TA:.*]], #[[TB:.*]], #[[TC:.*]]] {foo} ins(%arg0, %arg1 : memref<?x?xf32>, memref<?x?xf32>) outs(%arg2 : memref<?x?xf32>)
// CHECK-NEXT: %0 = linalg.contract indexing_maps = [#[[TA]], #[[TB]], #[[TC]]] ins(%arg3, %arg4 : tensor<4x8xi8>, tensor<4x2xi8>) outs(%arg5 : tensor<8x2xi32>) -> tensor<8x2xi32>
// GENERIC: "linalg.contract"(%{{.*}}, %{{.*}}, %{{.*}}) <{indexing_maps = [#{{.*}}, #{{.*}}, #{{.*}}], operandSegmentSizes = array<i32: 2, 1>}> ({
// GENERIC-NEXT: ^bb0(%{{.*}}: i8, %{{.*}}: i8, %{{.*}}: i32):
// GENERIC-NEXT: "arith.extsi"
