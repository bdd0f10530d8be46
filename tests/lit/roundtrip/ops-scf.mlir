// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s | pyaffine-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// scf.execute_region, scf.index_switch, scf.parallel, scf.reduce and
// scf.reduce.return as mlir-opt 22 prints them (tests/unit/test_dialect_ops.py
// compares both forms with mlir-opt).

func.func @f(%c: i1, %i: index, %m: memref<4xf32>, %x: f32) -> i32 {
  scf.execute_region {
    memref.store %x, %m[%i] : memref<4xf32>
    scf.yield
  }
  %r = scf.execute_region -> i32 {
    %c1 = arith.constant 1 : i32
    scf.yield %c1 : i32
  } {foo = 1}
  %r2:2 = scf.execute_region -> (i32, f32) no_inline {
    %c1 = arith.constant 1 : i32
    "test.cond_br"(%c)[^bb1, ^bb2] : (i1) -> ()
  ^bb1:
    scf.yield %c1, %x : i32, f32
  ^bb2:
    scf.yield %c1, %x : i32, f32
  }
  %s = scf.index_switch %i -> i32
  case 2 {
    %c1 = arith.constant 10 : i32
    scf.yield %c1 : i32
  }
  case 5 {
    %c1 = arith.constant 20 : i32
    scf.yield %c1 : i32
  }
  default {
    %c1 = arith.constant 30 : i32
    scf.yield %c1 : i32
  }
  scf.index_switch %i
  case 1 {
    memref.store %x, %m[%i] : memref<4xf32>
    scf.yield
  }
  default {
  }
  scf.index_switch %i {a = 2}
  default {
    scf.yield
  }
  return %s : i32
}

// -----

func.func @p(%lb: index, %ub: index, %st: index, %m: memref<?x?xf32>, %x: f32) -> (f32, i32) {
  scf.parallel (%i, %j) = (%lb, %lb) to (%ub, %ub) step (%st, %st) {
    memref.store %x, %m[%i, %j] : memref<?x?xf32>
  }
  scf.parallel (%i) = (%lb) to (%ub) step (%st) {
    memref.store %x, %m[%i, %i] : memref<?x?xf32>
    scf.reduce
  } {mapping = 1}
  %zero = arith.constant 0.0 : f32
  %izero = arith.constant 0 : i32
  %r:2 = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%zero, %izero) -> (f32, i32) {
    %one = arith.constant 1.0 : f32
    %ione = arith.constant 1 : i32
    scf.reduce(%one, %ione : f32, i32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %res = arith.addf %lhs, %rhs : f32
      scf.reduce.return %res : f32
    }, {
    ^bb0(%lhs: i32, %rhs: i32):
      %res = arith.addi %lhs, %rhs : i32
      scf.reduce.return %res : i32
    }
  }
  %s = scf.parallel (%i) = (%lb) to (%ub) step (%st) init (%zero) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%lhs: f32, %rhs: f32):
      %res = arith.addf %lhs, %rhs : f32
      scf.reduce.return %res : f32
    }
  }
  return %r#0, %r#1 : f32, i32
}

// CHECK: module {
// CHECK-LABEL: func.func @f(%arg0: i1, %arg1: index, %arg2: memref<4xf32>, %arg3: f32) -> i32 {
// CHECK-NEXT: scf.execute_region {
// CHECK-NEXT: memref.store %arg3, %arg2[%arg1] : memref<4xf32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: %0 = scf.execute_region -> i32 {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.yield %c1_i32 : i32
// CHECK-NEXT: } {foo = 1 : i64}
// CHECK-NEXT: %1:2 = scf.execute_region -> (i32, f32) no_inline {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: "test.cond_br"(%arg0)[^bb1, ^bb2] : (i1) -> ()
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: scf.yield %c1_i32, %arg3 : i32, f32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: scf.yield %c1_i32, %arg3 : i32, f32
// CHECK-NEXT: }
// CHECK-NEXT: %2 = scf.index_switch %arg1 -> i32
// CHECK-NEXT: case 2 {
// CHECK-NEXT: %c10_i32 = arith.constant 10 : i32
// CHECK-NEXT: scf.yield %c10_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: case 5 {
// CHECK-NEXT: %c20_i32 = arith.constant 20 : i32
// CHECK-NEXT: scf.yield %c20_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: %c30_i32 = arith.constant 30 : i32
// CHECK-NEXT: scf.yield %c30_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg1
// CHECK-NEXT: case 1 {
// CHECK-NEXT: memref.store %arg3, %arg2[%arg1] : memref<4xf32>
// CHECK-NEXT: scf.yield
// CHECK-NEXT: }
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: scf.index_switch %arg1 {a = 2 : i64}
// CHECK-NEXT: default {
// CHECK-NEXT: }
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK: // -----
// CHECK-NEXT: module {
// CHECK-LABEL: func.func @p(%arg0: index, %arg1: index, %arg2: index, %arg3: memref<?x?xf32>, %arg4: f32) -> (f32, i32) {
// CHECK-NEXT: scf.parallel (%arg5, %arg6) = (%arg0, %arg0) to (%arg1, %arg1) step (%arg2, %arg2) {
// CHECK-NEXT: memref.store %arg4, %arg3[%arg5, %arg6] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: }
// CHECK-NEXT: scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) {
// CHECK-NEXT: memref.store %arg4, %arg3[%arg5, %arg5] : memref<?x?xf32>
// CHECK-NEXT: scf.reduce
// CHECK-NEXT: } {mapping = 1 : i64}
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %0:2 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%cst, %c0_i32) -> (f32, i32) {
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.reduce(%cst_0, %c1_i32 : f32, i32) {
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: %2 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT: scf.reduce.return %2 : f32
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg6: i32, %arg7: i32):
// CHECK-NEXT: %2 = arith.addi %arg6, %arg7 : i32
// CHECK-NEXT: scf.reduce.return %2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: %1 = scf.parallel (%arg5) = (%arg0) to (%arg1) step (%arg2) init (%cst) -> f32 {
// CHECK-NEXT: scf.reduce(%arg4 : f32) {
// CHECK-NEXT: ^bb0(%arg6: f32, %arg7: f32):
// CHECK-NEXT: %2 = arith.addf %arg6, %arg7 : f32
// CHECK-NEXT: scf.reduce.return %2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : f32, i32
// CHECK-NEXT: }
// CHECK-NEXT: }
