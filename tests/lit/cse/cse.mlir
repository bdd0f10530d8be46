// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -pass-pipeline='builtin.module(func.func(cse))' %s | FileCheck %s %}

// Pure ops computing the same value once: the first one dominating the
// others is kept, in the loop body too.
// CHECK-LABEL: func.func @pure_in_loop
// CHECK:      %[[C:.*]] = arith.constant 1 : index
// CHECK-NEXT: affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:   %[[A:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:   %[[S:.*]] = arith.addi %[[A]], %[[C]] : index
// CHECK-NEXT:   "use"(%[[S]], %[[S]]) : (index, index) -> ()
// CHECK-NEXT: }
func.func @pure_in_loop() {
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 8 {
    %c1b = arith.constant 1 : index
    %a = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %b = affine.apply affine_map<(d0) -> (d0 * 2)>(%i)
    %s = arith.addi %a, %c1 : index
    %t = arith.addi %b, %c1b : index
    "use"(%s, %t) : (index, index) -> ()
  }
  return
}

// -----

// Reads of one block are merged unless a write may come between; an
// allocation is never merged; unused pure ops go.
// CHECK-LABEL: func.func @reads
// CHECK:      %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[B:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: %[[X:.*]] = affine.load %[[A]][0] : memref<4xf32>
// CHECK-NEXT: affine.store %[[X]], %[[B]][1] : memref<4xf32>
// CHECK-NEXT: %[[Y:.*]] = affine.load %[[A]][0] : memref<4xf32>
// CHECK-NEXT: "use"(%[[X]], %[[X]], %[[Y]]) : (f32, f32, f32) -> ()
// CHECK-NEXT: return
func.func @reads() {
  %a = memref.alloc() : memref<4xf32>
  %b = memref.alloc() : memref<4xf32>
  %x = affine.load %a[0] : memref<4xf32>
  %x2 = affine.load %a[0] : memref<4xf32>
  %dead = arith.addf %x, %x2 : f32
  affine.store %x, %b[1] : memref<4xf32>
  %y = affine.load %a[0] : memref<4xf32>
  "use"(%x, %x2, %y) : (f32, f32, f32) -> ()
  return
}

// -----

// Across blocks, only a dominating op replaces another: ^bb1 and ^bb2 keep
// their own constant, ^bb3 reuses the entry's.
// CHECK-LABEL: func.func @blocks
// CHECK:      %[[C:.*]] = arith.constant 1 : i32
// CHECK:      ^bb1:
// CHECK-NEXT:   %[[T:.*]] = arith.constant 2 : i32
// CHECK-NEXT:   cf.br ^bb3(%[[T]] : i32)
// CHECK:      ^bb2:
// CHECK-NEXT:   %[[F:.*]] = arith.constant 2 : i32
// CHECK-NEXT:   cf.br ^bb3(%[[F]] : i32)
// CHECK:      ^bb3(%[[V:.*]]: i32):
// CHECK-NEXT:   %[[R:.*]] = arith.addi %[[V]], %[[C]] : i32
// CHECK-NEXT:   %{{.*}} = arith.addi %[[R]], %[[C]] : i32
func.func @blocks(%cond: i1) -> i32 {
  %c1 = arith.constant 1 : i32
  cf.cond_br %cond, ^bb1, ^bb2
^bb1:
  %t = arith.constant 2 : i32
  cf.br ^bb3(%t : i32)
^bb2:
  %f = arith.constant 2 : i32
  cf.br ^bb3(%f : i32)
^bb3(%v: i32):
  %c1b = arith.constant 1 : i32
  %r = arith.addi %v, %c1b : i32
  %r2 = arith.addi %r, %c1 : i32
  return %r2 : i32
}
