// RUN: pyaffine-opt -split-input-file -affine-parallelize %s 2>/dev/null | FileCheck %s --check-prefixes=CHECK,OURS
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-parallelize %s | FileCheck %s --check-prefixes=CHECK,UPSTREAM %}
// RUN: pyaffine-opt -split-input-file -affine-parallelize="parallel-reductions=true max-nested=1" %s 2>/dev/null | FileCheck %s --check-prefix=REDUCE
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-parallelize="parallel-reductions=true max-nested=1" %s | FileCheck %s --check-prefix=REDUCE %}
// RUN: pyaffine-opt -split-input-file -affine-parallelize %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -split-input-file -affine-parallelize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARKS

// Matrix-vector product: the rows are independent, the loop over a row
// carries the sum through y[i].  With parallel-reductions the sum over a
// row written as an iter_arg is reduced in parallel, the combiner after
// the loop; max-nested=1 keeps the inner loops of a parallel loop
// sequential.
// REMARKS: parallelize.mlir:[[# @LINE + 18]]:5: remark: affine-parallelize: %j stays sequential: it carries the anti dependence from the affine.load to the affine.store
// REMARKS: parallelize.mlir:[[# @LINE + 21]]:12: note: source of the dependence
// REMARKS: parallelize.mlir:[[# @LINE + 22]]:7: note: destination of the dependence
// REMARKS: parallelize.mlir:[[# @LINE + 26]]:12: remark: affine-parallelize: %j stays sequential: it has iter_args (see parallel-reductions)
// REMARKS: parallelize.mlir:[[# @LINE + 13]]:3: remark: affine-parallelize: %i runs in parallel
// REMARKS: parallelize.mlir:[[# @LINE + 23]]:3: remark: affine-parallelize: %i runs in parallel
// CHECK-LABEL: func.func @gemv
// CHECK:       affine.parallel (%[[I:.*]]) = (0) to (100) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 50 {
// CHECK:       affine.parallel (%{{.*}}) = (0) to (100) {
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 50 iter_args
// REDUCE-LABEL: func.func @gemv
// REDUCE:       affine.parallel (%{{.*}}) = (0) to (100) {
// REDUCE-NEXT:    affine.for %{{.*}} = 0 to 50 {
// REDUCE:       affine.parallel (%[[I:.*]]) = (0) to (100) {
// REDUCE-NEXT:    %[[SUM:.*]] = affine.for %{{.*}} = 0 to 50 iter_args
func.func @gemv(%A: memref<100x50xf32>, %x: memref<50xf32>, %y: memref<100xf32>) {
  affine.for %i = 0 to 100 {
    affine.for %j = 0 to 50 {
      %a = affine.load %A[%i, %j] : memref<100x50xf32>
      %b = affine.load %x[%j] : memref<50xf32>
      %p = arith.mulf %a, %b : f32
      %s = affine.load %y[%i] : memref<100xf32>
      %t = arith.addf %s, %p : f32
      affine.store %t, %y[%i] : memref<100xf32>
    }
  }
  %zero = arith.constant 0.0 : f32
  affine.for %i = 0 to 100 {
    %sum = affine.for %j = 0 to 50 iter_args(%acc = %zero) -> (f32) {
      %a = affine.load %A[%i, %j] : memref<100x50xf32>
      %b = affine.load %x[%j] : memref<50xf32>
      %p = arith.mulf %a, %b : f32
      %t = arith.addf %acc, %p : f32
      affine.yield %t : f32
    }
    affine.store %sum, %y[%i] : memref<100xf32>
  }
  return
}

// -----

// A reduction loop alone, reduced in parallel only when asked.
// CHECK-LABEL: func.func @sum
// CHECK:       affine.for %{{.*}} = 0 to 10 iter_args
// REDUCE-LABEL: func.func @sum
// REDUCE:       %[[R:.*]] = affine.parallel (%[[I:.*]]) = (0) to (10) reduce ("addf") -> (f32) {
// REDUCE-NEXT:    %[[V:.*]] = affine.load %{{.*}}[%[[I]]] : memref<10xf32>
// REDUCE-NEXT:    affine.yield %[[V]] : f32
// REDUCE-NEXT:  }
// REDUCE-NEXT:  %{{.*}} = arith.addf %{{.*}}, %[[R]] : f32
func.func @sum(%in: memref<10xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to 10 iter_args(%acc = %zero) -> (f32) {
    %v = affine.load %in[%i] : memref<10xf32>
    %s = arith.addf %acc, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// A stencil in time: the sweeps over t carry the dependences, each sweep's
// points are independent.
// CHECK-LABEL: func.func @jacobi
// CHECK:      affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:   affine.parallel (%{{.*}}) = (1) to (99) {
// CHECK:        affine.parallel (%{{.*}}) = (1) to (99) {
func.func @jacobi(%A: memref<100xf32>, %B: memref<100xf32>) {
  affine.for %t = 0 to 8 {
    affine.for %i = 1 to 99 {
      %a = affine.load %A[%i - 1] : memref<100xf32>
      %b = affine.load %A[%i + 1] : memref<100xf32>
      %s = arith.addf %a, %b : f32
      affine.store %s, %B[%i] : memref<100xf32>
    }
    affine.for %i = 1 to 99 {
      %v = affine.load %B[%i] : memref<100xf32>
      affine.store %v, %A[%i] : memref<100xf32>
    }
  }
  return
}

// -----

// Two views of one allocation, one element apart: each iteration writes
// what the next one reads.  mlir-opt takes the views as distinct memrefs
// and makes the loop parallel; here it stays sequential, with a remark.
// REMARK: remark: affine-parallelize: %i left sequential: a dependence could not be analysed (accesses to two views of one allocation)
// CHECK-LABEL: func.func @shifted_views
// OURS:        affine.for %{{.*}} = 0 to 99 {
// UPSTREAM:    affine.parallel (%{{.*}}) = (0) to (99) {
func.func @shifted_views() {
  %a = memref.alloc() : memref<100xf32>
  %v1 = memref.subview %a[0] [99] [1] : memref<100xf32> to memref<99xf32, strided<[1]>>
  %v2 = memref.subview %a[1] [99] [1] : memref<100xf32> to memref<99xf32, strided<[1], offset: 1>>
  affine.for %i = 0 to 99 {
    %x = affine.load %v1[%i] : memref<99xf32, strided<[1]>>
    affine.store %x, %v2[%i] : memref<99xf32, strided<[1], offset: 1>>
  }
  return
}
