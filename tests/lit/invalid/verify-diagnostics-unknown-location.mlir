// RUN: pyaffine-opt -verify-diagnostics %s
// RUN: not pyaffine-opt -verify-diagnostics %S/Inputs/unknown-location-unexpected.mlir 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -verify-diagnostics %s %}
// RUN: %if mlir-opt %{ not mlir-opt -verify-diagnostics %S/Inputs/unknown-location-unexpected.mlir 2>&1 | FileCheck %s %}
// A diagnostic without a location is matched by the `@unknown` annotations;
// one that none expects is reported at an unknown location.
// CHECK: <unknown>:0: error: unexpected warning: could not cast operand of type 'i32' to 'index'

// expected-warning@unknown {{could not cast operand of type 'i32' to 'index'}}
// expected-error@unknown {{'linalg.yield' op type of yield operand 1 ('i32') doesn't match}}
func.func @copy_to_index(%a: memref<4xi32>, %c: memref<4xindex>) {
  linalg.copy ins(%a : memref<4xi32>) outs(%c : memref<4xindex>)
  return
}
