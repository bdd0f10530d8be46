// REQUIRES: mlir-opt
// RUN: pyaffine-opt -affine-loop-interchange %S/non-rectangular.mlir -o %t.py.mlir
// RUN: mlir-opt %t.py.mlir -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt -affine-loop-interchange %S/affine-if.mlir -o %t.if.mlir
// RUN: mlir-opt %t.if.mlir -o %t.if.ref.mlir
// RUN: diff %t.if.ref.mlir %t.if.mlir

// The bounds and conditions isl generates for non-rectangular nests and
// nests with affine.if are printed as mlir-opt prints them.
