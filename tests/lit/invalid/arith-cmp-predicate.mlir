// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// A predicate that is no case of the enum, as a string and as a keyword:
// reported at the predicate with mlir-opt 22's messages.
// CHECK: {{.*}}arith-cmp-predicate.mlir:10:19: error: custom op 'arith.cmpi' invalid predicate attribute specification: "eqq"
// CHECK: {{.*}}arith-cmp-predicate.mlir:17:19: error: custom op 'arith.cmpf' expected string or keyword containing one of the following enum values for attribute 'predicate' [false, oeq, ogt, oge, olt, ole, one, ord, ueq, ugt, uge, ult, ule, une, uno, true]
// CHECK-NOT: Traceback

func.func @string(%a: i32) -> i1 {
  // A string that is no predicate.
  %0 = arith.cmpi "eqq", %a, %a : i32
  return %0 : i1
}

// -----

func.func @keyword(%x: f32) -> i1 {
  %0 = arith.cmpf eq, %x, %x : f32
  return %0 : i1
}
