// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -split-input-file -pass-pipeline="builtin.module(func.func(affine-loop-unroll-jam{unroll-jam-factor=2}))" %s | FileCheck %s %}

// The outer loop runs by 2; each run of ops between loops gets its copy
// (IV + 1 through an affine.apply) right after it, the inner loop once,
// jammed.  The odd trip count leaves a cleanup loop of one iteration,
// promoted: its IV is the constant 100, at the top of the function.
// CHECK-DAG:   #[[$P1:.*]] = affine_map<(d0) -> (d0 + 1)>
// CHECK-LABEL: func.func @jam
// CHECK:         %[[C100:.*]] = arith.constant 100 : index
// CHECK:         affine.for %[[I:.*]] = 0 to 100 step 2 {
// CHECK-NEXT:      "pre"(%[[I]])
// CHECK-NEXT:      %[[I1:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:      "pre"(%[[I1]])
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to 8 {
// CHECK-NEXT:        "body"(%[[I]], %[[J]])
// CHECK-NEXT:        %[[I2:.*]] = affine.apply #[[$P1]](%[[I]])
// CHECK-NEXT:        "body"(%[[I2]], %[[J]])
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    "pre"(%[[C100]])
// CHECK-NEXT:    affine.for %[[J2:.*]] = 0 to 8 {
// CHECK-NEXT:      "body"(%[[C100]], %[[J2]])
func.func @jam() {
  affine.for %i = 0 to 101 {
    "pre"(%i) : (index) -> ()
    affine.for %j = 0 to 8 {
      "body"(%i, %j) : (index, index) -> ()
    }
  }
  return
}

// -----

// An outer reduction: the loop carries two sums, added after it.  (Only
// a function's first op is unroll-jammed: the init is an argument.)
// CHECK-LABEL: func.func @reduction
// CHECK-SAME:    (%{{.*}}: memref<10xf32>, %[[Z:.*]]: f32)
// CHECK:         %[[R:.*]]:2 = affine.for %{{.*}} = 0 to 10 step 2 iter_args(%{{.*}} = %[[Z]], %{{.*}} = %[[Z]]) -> (f32, f32) {
// CHECK:         %[[S:.*]] = arith.addf %[[R]]#0, %[[R]]#1 : f32
// CHECK-NEXT:    return %[[S]] : f32
func.func @reduction(%m: memref<10xf32>, %zero: f32) -> f32 {
  %r = affine.for %i = 0 to 10 iter_args(%a = %zero) -> f32 {
    %v = affine.load %m[%i] : memref<10xf32>
    %s = arith.addf %a, %v : f32
    affine.yield %s : f32
  }
  return %r : f32
}
