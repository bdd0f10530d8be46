// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -canonicalize %s | FileCheck %s %}

// Constants fold, the folded constants go to the function's entry, equal
// ones become one, identities disappear, a commutative op's constant goes
// right.
// CHECK-LABEL: func.func @folds
// CHECK-NEXT:   %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:   %[[ADD:.*]] = arith.addi %arg0, %[[C7]] : i32
// CHECK-NEXT:   "use"(%[[ADD]], %arg0, %[[C7]]) : (i32, i32, i32) -> ()
// CHECK-NEXT:   return
func.func @folds(%x: i32) {
  %c3 = arith.constant 3 : i32
  %c4 = arith.constant 4 : i32
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %s = arith.addi %c3, %c4 : i32
  %a = arith.addi %s, %x : i32
  %m = arith.muli %x, %c1 : i32
  %z = arith.addi %m, %c0 : i32
  %dead = arith.subi %x, %x : i32
  %seven = arith.constant 7 : i32
  "use"(%a, %z, %seven) : (i32, i32, i32) -> ()
  return
}

// -----

// Comparisons: of a value with itself, of two constants, a constant on the
// left moves right with the predicate swapped; select of a known condition.
// CHECK-LABEL: func.func @compares
// CHECK-DAG:    %[[TRUE:.*]] = arith.constant true
// CHECK-DAG:    %[[FALSE:.*]] = arith.constant false
// CHECK-DAG:    %[[C5:.*]] = arith.constant 5 : index
// CHECK:        %[[CMP:.*]] = arith.cmpi sgt, %arg0, %[[C5]] : index
// CHECK-NEXT:   "use"(%[[TRUE]], %[[FALSE]], %[[CMP]], %arg1) : (i1, i1, i1, f32) -> ()
func.func @compares(%i: index, %f: f32, %g: f32) {
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %same = arith.cmpi sle, %i, %i : index
  %lt = arith.cmpi sgt, %c5, %c6 : index
  %swap = arith.cmpi slt, %c5, %i : index
  %sel = arith.select %same, %f, %g : f32
  "use"(%same, %lt, %swap, %sel) : (i1, i1, i1, f32) -> ()
  return
}

// -----

// Unused pure ops and empty loops go; ops with effects stay.
// CHECK-LABEL: func.func @dead
// CHECK-NEXT:   arith.constant 0 : index
// CHECK-NEXT:   memref.store
// CHECK-NEXT:   return
func.func @dead(%m: memref<4xf32>, %v: f32) {
  %c0 = arith.constant 0 : index
  %unused = arith.addf %v, %v : f32
  affine.for %i = 0 to 4 {
    %w = arith.mulf %v, %v : f32
  }
  memref.store %v, %m[%c0] : memref<4xf32>
  return
}
