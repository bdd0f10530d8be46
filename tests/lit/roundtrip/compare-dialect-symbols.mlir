// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %S/dialect-symbols-and-graph-regions.mlir -o %t.py.mlir
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect %S/dialect-symbols-and-graph-regions.mlir -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %S/dialect-symbols-and-graph-regions.mlir -o %t.py.generic.mlir
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %S/dialect-symbols-and-graph-regions.mlir -o %t.ref.generic.mlir
// RUN: diff %t.ref.generic.mlir %t.py.generic.mlir

// dialect-symbols-and-graph-regions.mlir prints as mlir-opt 22 prints it.
