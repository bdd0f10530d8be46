// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// Comparison predicates may be written as strings, as older files do; they
// print as keywords (tests/unit/test_dialect_ops.py compares with mlir-opt).

func.func @quoted_predicates(%a: i32, %b: i32, %x: f32, %v: vector<4xi32>) -> i1 {
  %0 = arith.cmpi "eq", %a, %b : i32
  %1 = arith.cmpi "uge", %v, %v : vector<4xi32>
  %2 = arith.cmpf "oeq", %x, %x : f32
  %3 = arith.cmpf "\75no", %x, %x : f32
  %4 = arith.cmpi sle, %a, %b : i32
  return %0 : i1
}


// CHECK: module {
// CHECK-LABEL: func.func @quoted_predicates(%arg0: i32, %arg1: i32, %arg2: f32, %arg3: vector<4xi32>) -> i1 {
// CHECK-NEXT: %0 = arith.cmpi eq, %arg0, %arg1 : i32
// CHECK-NEXT: %1 = arith.cmpi uge, %arg3, %arg3 : vector<4xi32>
// CHECK-NEXT: %2 = arith.cmpf oeq, %arg2, %arg2 : f32
// CHECK-NEXT: %3 = arith.cmpf uno, %arg2, %arg2 : f32
// CHECK-NEXT: %4 = arith.cmpi sle, %arg0, %arg1 : i32
// CHECK-NEXT: return %0 : i1
// CHECK-NEXT: }
// CHECK-NEXT: }
