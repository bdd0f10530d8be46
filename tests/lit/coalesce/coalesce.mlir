// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -affine-loop-coalescing %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -affine-loop-coalescing %s | FileCheck %s %}

// A normalized nest becomes one loop over the product of the ranges; the
// old IVs are recovered innermost first, by remainders and quotients.
// CHECK-DAG:   #[[$PROD:.*]] = affine_map<(d0)[s0] -> (d0 * s0)>
// CHECK-DAG:   #[[$MOD:.*]] = affine_map<(d0)[s0] -> (d0 mod s0)>
// CHECK-DAG:   #[[$DIV:.*]] = affine_map<(d0)[s0] -> (d0 floordiv s0)>
// CHECK-LABEL: func.func @nest
// CHECK:         %[[N:.*]] = affine.apply #{{.*}}()[%[[A:.*]]]
// CHECK-NEXT:    %[[M:.*]] = affine.apply #{{.*}}()
// CHECK-NEXT:    %[[P:.*]] = affine.apply #[[$PROD]](%[[N]])[%[[M]]]
// CHECK-NEXT:    affine.for %[[K:.*]] = 0 to %[[P]] {
// CHECK-NEXT:      %[[J:.*]] = affine.apply #[[$MOD]](%[[K]])[%[[M]]]
// CHECK-NEXT:      %[[I:.*]] = affine.apply #[[$DIV]](%[[K]])[%[[M]]]
// CHECK-NEXT:      "test.use"(%[[I]], %[[J]])
func.func @nest(%n: index) {
  affine.for %i = 0 to %n {
    affine.for %j = 0 to 8 {
      "test.use"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// A loop that does not start at 0 stops the band: only the loops inside it
// are coalesced.
// CHECK-LABEL: func.func @unnormalized
// CHECK:         affine.for %{{.*}} = 1 to 10 {
// CHECK:           affine.for %{{.*}} = 0 to %{{.*}} {
// CHECK-NOT:         affine.for
func.func @unnormalized() {
  affine.for %i = 1 to 10 {
    affine.for %j = 0 to 4 {
      affine.for %k = 0 to 6 {
        "test.use"(%i, %j, %k) : (index, index, index) -> ()
      }
    }
  }
  return
}
