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

// -----

// Float min and max fold as APFloat's maximum, minimum, maxnum and minnum:
// a NaN wins in maximumf/minimumf (made quiet), a quiet NaN gives way in
// maxnumf/minnumf but a signaling one wins, -0 is below +0; max(x, x) is
// x, maximumf(x, -inf) and maxnumf(x, NaN) are x.
// CHECK-LABEL: func.func @min_max
// CHECK-DAG:   %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-DAG:   %[[QSNAN:.*]] = arith.constant 0x7FC00001 : f32
// CHECK-DAG:   %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG:   %[[NZ:.*]] = arith.constant -0.000000e+00 : f32
// CHECK:       return %[[QSNAN]], %[[ONE]], %[[Z]], %[[NZ]], %[[QSNAN]], %[[NZ]], %arg0, %arg0
func.func @min_max(%x: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32) {
  %snan = arith.constant 0x7F800001 : f32
  %qnan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %z = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.maxnumf %snan, %one : f32
  %1 = arith.maxnumf %one, %qnan : f32
  %2 = arith.maxnumf %z, %nz : f32
  %3 = arith.minnumf %z, %nz : f32
  %4 = arith.maximumf %one, %snan : f32
  %5 = arith.minimumf %nz, %z : f32
  %6 = arith.maximumf %x, %ninf : f32
  %7 = arith.minimumf %x, %x : f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, f32, f32, f32, f32, f32, f32, f32
}

// -----

// A division by zero folds to an infinity (0 / 0 and inf - inf to the
// default NaN, positive and quiet; a NaN dividend stays); a result past
// f32's range to an infinity.
// CHECK-LABEL: func.func @ieee_specials
// CHECK-DAG:   %[[NAN:.*]] = arith.constant 0x7FF8000000000000 : f64
// CHECK-DAG:   %[[INF:.*]] = arith.constant 0x7FF0000000000000 : f64
// CHECK-DAG:   %[[NINF:.*]] = arith.constant 0xFFF0000000000000 : f64
// CHECK-DAG:   %[[PAYLOAD:.*]] = arith.constant 0xFFF8000000000123 : f64
// CHECK-DAG:   %[[FINF:.*]] = arith.constant 0x7F800000 : f32
// CHECK:       return %[[NAN]], %[[INF]], %[[NINF]], %[[NINF]], %[[PAYLOAD]], %[[NAN]], %[[FINF]]
func.func @ieee_specials() -> (f64, f64, f64, f64, f64, f64, f32) {
  %z = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %one = arith.constant 1.0 : f64
  %m = arith.constant -1.0 : f64
  %nan = arith.constant 0xFFF8000000000123 : f64
  %0 = arith.divf %z, %z : f64
  %1 = arith.divf %one, %z : f64
  %2 = arith.divf %m, %z : f64
  %3 = arith.divf %one, %nz : f64
  %4 = arith.divf %nan, %z : f64
  %inf = arith.divf %one, %z : f64
  %5 = arith.subf %inf, %inf : f64
  %big = arith.constant 3.0e38 : f32
  %6 = arith.mulf %big, %big : f32
  return %0, %1, %2, %3, %4, %5, %6 : f64, f64, f64, f64, f64, f64, f32
}
