// REQUIRES: mlir-opt
// RUN: pyaffine-opt %S/../../../examples/matmul.mlir -o %t.py.mlir
// RUN: mlir-opt %S/../../../examples/matmul.mlir -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
