// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck %s %}
// Registered ops in generic form without what their custom form always
// has: reported as the ops' verifiers report them, never printed.
// CHECK-NOT: Traceback
// CHECK-NOT: internal error

func.func @apply_without_map(%i: index) {
  // CHECK: generic-op-missing-parts.mlir:10:8: error: 'affine.apply' op requires attribute 'map'
  %x = "affine.apply"(%i) : (index) -> index
  return
}

// -----

func.func @max_without_map(%i: index) {
  // CHECK: generic-op-missing-parts.mlir:18:8: error: 'affine.max' op requires attribute 'map'
  %x = "affine.max"(%i) : (index) -> index
  return
}

// -----

func.func @for_with_two_regions(%i: index) {
  // CHECK: generic-op-missing-parts.mlir:26:3: error: 'scf.for' op requires one region
  "scf.for"(%i, %i, %i) ({
    "scf.yield"() : () -> ()
  }, {
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @for_without_induction_variable(%i: index) {
  // CHECK: generic-op-missing-parts.mlir:38:3: error: 'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615
  "scf.for"(%i, %i, %i) ({
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}
