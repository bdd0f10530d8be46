// RUN: pyaffine-opt --allow-unregistered-dialect %s | FileCheck %s

// Aliases are numbered in the order the printer first meets them, and the
// bounds, the apply and the condition use them; load/store maps print inline.
// CHECK-DAG: #[[$UB:map[0-9]*]] = affine_map<(d0)[s0] -> (s0, 100)>
// CHECK-DAG: #[[$HALF:map[0-9]*]] = affine_map<(d0)[s0] -> (d0 + s0 floordiv 2)>
// CHECK-DAG: #[[$SET:set[0-9]*]] = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0)>
// CHECK-LABEL: module {

// CHECK-LABEL: func.func @reduce
// CHECK-SAME:    (%[[A:arg0]]: memref<100xf32>, %[[N:arg1]]: index) -> f32 {
// CHECK-NEXT:    %[[C0:c0]] = arith.constant 0 : index
// CHECK-NEXT:    %[[CST:cst]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %[[R:.*]] = affine.for %[[I:arg2]] = 0 to min #[[$UB]](%[[C0]])[%[[N]]] step 2 iter_args(%[[ACC:arg3]] = %[[CST]]) -> (f32) {
// CHECK-NEXT:      %[[J:.*]] = affine.apply #[[$HALF]](%[[I]])[%[[N]]]
// CHECK-NEXT:      affine.if #[[$SET]](%[[I]])[%[[N]]] {
// CHECK-NEXT:        %[[V:.*]] = affine.load %[[A]][%[[J]] - 1] : memref<100xf32>
// CHECK-NEXT:        affine.store %[[V]], %[[A]][%[[I]] * 2 + 1] : memref<100xf32>
// CHECK-NEXT:      } else {
// CHECK-NEXT:        "foo.bar"(%[[I]]) : (index) -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:      %[[W:.*]] = affine.load %[[A]][%[[I]]] : memref<100xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[ACC]], %[[W]] : f32
// CHECK-NEXT:      affine.yield %[[S]] : f32
// CHECK-NEXT:    }
// CHECK-NEXT:    return %[[R]] : f32
// CHECK-NEXT:  }
// CHECK-NEXT: }
func.func @reduce(%A: memref<100xf32>, %n: index) -> f32 {
  %zero = arith.constant 0 : index
  %init = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to min affine_map<(d0)[s0] -> (s0, 100)>(%zero)[%n] step 2 iter_args(%acc = %init) -> (f32) {
    %j = affine.apply affine_map<(d0)[s0] -> (d0 + s0 floordiv 2)>(%i)[%n]
    affine.if affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 1 >= 0)>(%i)[%n] {
      %v = affine.load %A[%j - 1] : memref<100xf32>
      affine.store %v, %A[1 + 2 * %i] : memref<100xf32>
    } else {
      "foo.bar"(%i) : (index) -> ()
    }
    %w = affine.load %A[%i] : memref<100xf32>
    %s = arith.addf %acc, %w : f32
    affine.yield %s : f32
  }
  return %r : f32
}
