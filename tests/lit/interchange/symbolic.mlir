// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// Dynamic shapes and symbolic bounds: trip counts are unknown, so the model
// takes every symbolic trip count as the same default (128, said in the
// remark) and the decision rests on the access pattern.  Dependences are
// computed with %n and %m as parameters.

// REMARK: perfect nest of depth 2, trip counts [128, 128] (symbolic trip counts taken as 128); 2 of 2 orders legal
// REMARK: chose order (1, 0) = (%j, %i) (permutation-map=1,0)
// REMARK: perfect nest of depth 3, trip counts [128, 128, 128] (symbolic trip counts taken as 128); 6 of 6 orders legal
// REMARK: chose order (0, 2, 1) = (%i, %k, %j) (permutation-map=0,2,1)

// CHECK-LABEL: func.func @dynamic_copy
// CHECK:      %[[N:.*]] = memref.dim %arg0, %c0
// CHECK:      %[[M:.*]] = memref.dim %arg0, %c1
// CHECK:      affine.for %[[J:.*]] = 0 to %[[N]] {
// CHECK-NEXT:   affine.for %[[I:.*]] = 0 to %[[M]] {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]] : memref<?x?xf64>
func.func @dynamic_copy(%A: memref<?x?xf64>, %B: memref<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %A, %c0 : memref<?x?xf64>
  %m = memref.dim %A, %c1 : memref<?x?xf64>
  affine.for %i = 0 to %m {
    affine.for %j = 0 to %n {
      %v = affine.load %A[%j, %i] : memref<?x?xf64>
      affine.store %v, %B[%j, %i] : memref<?x?xf64>
    }
  }
  return
}

// CHECK-LABEL: func.func @symbolic_matmul
// CHECK:      affine.for %[[I:.*]] = 0 to %arg3 {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to %arg5 {
// CHECK-NEXT:     affine.for %[[J:.*]] = 0 to %arg4 {
func.func @symbolic_matmul(%A: memref<?x?xf64>, %B: memref<?x?xf64>, %C: memref<?x?xf64>,
                           %n: index, %m: index, %p: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to %m {
      affine.for %k = 0 to %p {
        %a = affine.load %A[%i, %k] : memref<?x?xf64>
        %b = affine.load %B[%k, %j] : memref<?x?xf64>
        %c = affine.load %C[%i, %j] : memref<?x?xf64>
        %prod = arith.mulf %a, %b : f64
        %sum = arith.addf %c, %prod : f64
        affine.store %sum, %C[%i, %j] : memref<?x?xf64>
      }
    }
  }
  return
}
