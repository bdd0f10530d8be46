// RUN: pyaffine-opt -split-input-file -affine-simplify-structures %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -affine-simplify-structures %s | FileCheck %s %}

// Semi-affine maps are flattened with their products and divisions by
// symbols as terms of their own, then rebuilt in upstream's order: the
// products by their leading symbol, after the plain symbols of a lower
// position; `x + (x floordiv 2) * -2` folds back into `x mod 2`.
// CHECK-DAG: #[[$PROD:.*]] = affine_map<()[s0, s1, s2] -> (s0 * s1 + s0 * s2 + s1 + s2)>
// CHECK-DAG: #[[$MOD:.*]] = affine_map<()[s0, s1] -> (s1 mod 2 + ((s1 floordiv 2) * s0) * 2)>
// CHECK-LABEL: func.func @semi_affine
// CHECK:       affine.apply #[[$PROD]]()
// CHECK:       affine.apply #[[$MOD]]()
func.func @semi_affine(%a: index, %b: index, %c: index) -> (index, index) {
  %x = affine.apply affine_map<()[s0, s1, s2] -> (s2 + s1 * s0 + s1 + s2 * s0)>()[%a, %b, %c]
  %y = affine.apply affine_map<(d0)[s0] -> ((d0 floordiv 2) * s0 * 2 + d0 mod 2)>(%b)[%a]
  return %x, %y : index, index
}
