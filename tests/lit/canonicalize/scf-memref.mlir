// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s %}

// scf.if: a constant condition picks its branch, yields of values from
// outside become an arith.select, unused results go.
// CHECK-LABEL: func.func @ifs
// CHECK-NEXT:   %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:   "use"(%[[S]]) : (i32) -> ()
// CHECK-NEXT:   "then"() : () -> ()
// CHECK-NEXT:   return
func.func @ifs(%c: i1, %a: i32, %b: i32) {
  %true = arith.constant true
  %r:2 = scf.if %c -> (i32, i32) {
    scf.yield %a, %b : i32, i32
  } else {
    scf.yield %b, %a : i32, i32
  }
  "use"(%r#0) : (i32) -> ()
  scf.if %true {
    "then"() : () -> ()
  } else {
    "else"() : () -> ()
  }
  return
}

// -----

// scf.for: a loop of one iteration is its body, an iter_arg yielded as
// it is goes.
// CHECK-LABEL: func.func @loops
// CHECK:        %[[V:.*]] = "step"(%c0, %arg0) : (index, i32) -> i32
// CHECK-NEXT:   %[[W:.*]] = scf.for %{{.*}} = %c0 to %arg1 step %c1 iter_args(%[[X:.*]] = %arg0) -> (i32) {
// CHECK-NEXT:     %{{.*}} = "op"(%[[X]], %arg0) : (i32, i32) -> i32
// CHECK:        return %[[V]], %[[W]] : i32, i32
func.func @loops(%init: i32, %n: index) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %once = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %init) -> (i32) {
    %next = "step"(%i, %acc) : (index, i32) -> i32
    scf.yield %next : i32
  }
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %init, %same = %init) -> (i32, i32) {
    %y = "op"(%x, %same) : (i32, i32) -> i32
    scf.yield %y, %same : i32, i32
  }
  return %once, %r#0 : i32, i32
}

// -----

// memref: constant sizes of an alloc and the arguments of a subview become
// static (a cast gives back the old type), a dim of an alloc is its size.
// CHECK-LABEL: func.func @memrefs
// CHECK-NEXT:   %[[A:.*]] = memref.alloc(%arg0) : memref<4x?xf32>
// CHECK-NEXT:   %[[S:.*]] = memref.subview %[[A]][0, 0] [2, 2] [1, 1] : memref<4x?xf32> to memref<2x2xf32, strided<[?, 1]>>
// CHECK-NEXT:   %[[C:.*]] = memref.cast %[[S]] : memref<2x2xf32, strided<[?, 1]>> to memref<?x?xf32, strided<[?, ?], offset: ?>>
// CHECK-NEXT:   "use"(%[[C]], %arg0) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, index) -> ()
func.func @memrefs(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %a = memref.alloc(%c4, %n) : memref<?x?xf32>
  %s = memref.subview %a[%c0, %c0] [%c2, %c2] [%c1, %c1] : memref<?x?xf32> to memref<?x?xf32, strided<[?, ?], offset: ?>>
  %d = memref.dim %a, %c1 : memref<?x?xf32>
  "use"(%s, %d) : (memref<?x?xf32, strided<[?, ?], offset: ?>>, index) -> ()
  return
}
