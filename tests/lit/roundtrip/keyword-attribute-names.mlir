// Words the grammar lexes as keywords (`module`, an op's name; `to`, `loc`,
// `dense`, `memref`, `index`, ...) are attribute names too, as any bare
// identifier is in MLIR.
// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file %s -o %t.py.mlir
// RUN: mlir-opt -split-input-file %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt -split-input-file %s | FileCheck %s

// CHECK-LABEL: func.func @loop_attributes
// CHECK: } {affine_map = 2 : i32, attributes = 8 : i32, builtin.module = 15 : i32, dense = 4 : i32, f32 = 11 : i32, func = 1 : i32, index = 10 : i32, loc = 3 : i32, memref = 9 : i32, module = 0 : index, to = 6 : i32, true = 5 : i32}
func.func @loop_attributes() {
  affine.for %i = 0 to 10 {
  } {module = 0 : index, func = 1 : i32, affine_map = 2 : i32, loc = 3 : i32, dense = 4 : i32, true = 5 : i32, to = 6 : i32, attributes = 8 : i32, memref = 9 : i32, index = 10 : i32, f32 = 11 : i32, builtin.module = 15 : i32}
  return
}

// -----

// CHECK-LABEL: module attributes {test.module = "outer"}
// CHECK: func.func @f() attributes {module}
module attributes {test.module = "outer"} {
  func.func @f() attributes {module} {
    return
  }
}
