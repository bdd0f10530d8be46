// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck %s %}
// An enum attribute of an assembly format takes one of its cases.

// CHECK: format-enum-case.mlir:8:18: error: custom op 'index.cmp' expected ::mlir::index::IndexCmpPredicate to be one of: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge
// CHECK: format-enum-case.mlir:8:21: error: custom op 'index.cmp' failed to parse IndexCmpPredicateAttr parameter 'value' which is to be a `::mlir::index::IndexCmpPredicate`
func.func @cmp(%a: index, %b: index) {
  %0 = index.cmp foo(%a, %b)
  return
}

// -----

// CHECK: format-enum-case.mlir:17:26: error: custom op 'vector.reduction' expected ::mlir::vector::CombiningKind to be one of: add, mul, minui, minsi, minnumf, maxui, maxsi, maxnumf, and, or, xor, maximumf, minimumf
// CHECK: format-enum-case.mlir:17:29: error: custom op 'vector.reduction' failed to parse Vector_CombiningKindAttr parameter 'value' which is to be a `::mlir::vector::CombiningKind`
func.func @reduction(%a: vector<4xf32>) {
  %0 = vector.reduction <foo>, %a : vector<4xf32> into f32
  return
}

// -----

// CHECK: format-enum-case.mlir:26:30: error: custom op 'math.atan' expected ::mlir::arith::FastMathFlags to be one of: none, reassoc, nnan, ninf, nsz, arcp, contract, afn, fast
// CHECK: format-enum-case.mlir:26:33: error: custom op 'math.atan' failed to parse Arith_FastMathAttr parameter 'value' which is to be a `::mlir::arith::FastMathFlags`
func.func @fastmath(%a: f32) {
  %0 = math.atan %a fastmath<foo> : f32
  return
}
