// RUN: pyaffine-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1 unroll-full-threshold=4}))" %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1 unroll-full-threshold=4}))" %s | FileCheck %s %}
// RUN: pyaffine-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1 unroll-full-threshold=4}))" %s | pyaffine-opt | FileCheck %s --check-prefix=AGAIN
// RUN: %if mlir-opt %{ mlir-opt -pass-pipeline="builtin.module(func.func(affine-loop-unroll{unroll-factor=-1 unroll-full-threshold=4}))" %s | mlir-opt | FileCheck %s --check-prefix=AGAIN %}

// The single iteration of %i1 is promoted: its IV becomes its lower bound
// %i0, and the subscript (d0 + d1) mod 2 has %i0 for both dims.  Both tools
// print it `(%arg1 + %arg1) mod 2`, which reads back as (d0 * 2) mod 2,
// folded to 0: the same value, another map.
// CHECK:      affine.for %[[I:.*]] = 0 to 6 {
// CHECK-NEXT:   affine.store %{{.*}}, %{{.*}}[(%[[I]] + %[[I]]) mod 2] : memref<28xf64>
// AGAIN:      affine.store %{{.*}}, %{{.*}}[0] : memref<28xf64>
func.func @f(%C: memref<28xf64>, %v: f64) {
  affine.for %i0 = 0 to 6 {
    affine.for %i1 = affine_map<(d0) -> (d0)>(%i0) to affine_map<(d0) -> (d0 + 1)>(%i0) {
      affine.store %v, %C[(%i1 + %i0) mod 2] : memref<28xf64>
    }
  }
  return
}
