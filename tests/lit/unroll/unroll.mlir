// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=4}))" %s | FileCheck %s %}
// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1}))" %s | FileCheck %s --check-prefix=FULL
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1}))" %s | FileCheck %s --check-prefix=FULL %}
// RUN: not pyaffine-opt -allow-unregistered-dialect -affine-loop-unroll %s 2>&1 | FileCheck %s --check-prefix=FLAG

// The pass runs on functions only (an interface pass), as in mlir-opt.
// FLAG: error: unable to schedule pass 'AffineLoopUnroll' on a PassManager intended to run on 'builtin.module'!

// A trip count of 10 is not a multiple of 4: the loop runs 8 iterations
// by 4, a cleanup loop the last 2; copies use the IV through affine.apply
// and thread the iter_args.
// CHECK-DAG:   #[[$P1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @sum
// CHECK:         %[[S:.*]] = affine.for %[[I:.*]] = 0 to 8 step 4 iter_args(%[[A:.*]] = %{{.*}}) -> (f32) {
// CHECK-NEXT:      %[[L0:.*]] = affine.load %{{.*}}[%[[I]]]
// CHECK-NEXT:      %[[S0:.*]] = arith.addf %[[A]], %[[L0]] : f32
// CHECK-NEXT:      %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      %[[L1:.*]] = affine.load %{{.*}}[%[[I1]]]
// CHECK-NEXT:      %{{.*}} = arith.addf %[[S0]], %[[L1]] : f32
// CHECK:         affine.for %{{.*}} = 8 to 10 iter_args(%{{.*}} = %[[S]]) -> (f32) {
// FULL-LABEL: func.func @sum
// FULL-NOT:     affine.for
// FULL-COUNT-10: arith.addf
func.func @sum(%m: memref<10xf32>, %init: f32) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %init) -> f32 {
    %v = affine.load %m[%i] : memref<10xf32>
    %s = arith.addf %a, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}

// -----

// A symbolic trip count: the unrolled loop ends at the largest multiple of
// 4 iterations, the cleanup loop starts there.
// CHECK-DAG:   #[[$END:.*]] = affine_map<()[s0] -> ((s0 floordiv 4) * 4)>
// CHECK-LABEL: func.func @symbolic
// CHECK:         affine.for %{{.*}} = 0 to #[[$END]]()[%[[N:.*]]] step 4 {
// CHECK-COUNT-4:   "use"
// CHECK:         affine.for %{{.*}} = #[[$END]]()[%[[N]]] to %[[N]] {
// FULL-LABEL: func.func @symbolic
// FULL:         affine.for
func.func @symbolic(%n: index) {
  affine.for %i = 0 to %n {
    "use"(%i) : (index) -> ()
  }
  return
}
