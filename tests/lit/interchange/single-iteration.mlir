// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// A loop that, in the chosen order, runs once per iteration of the loops
// outside it: %j runs from %i to %i + 1, so with %j outside %i, %i takes
// the one value %j.  isl's AST generator makes no loop of such a
// dimension and substitutes its value; the remark says so, since the
// output then has a loop fewer than the band.

// REMARK: perfect nest of depth 3, trip counts [32, 1, 64]
// REMARK: chose order (1, 2, 0) = (%j, %k, %i) (new bounds generated with isl); no loop is generated for (%i): in this order it runs once per iteration of the loops outside it, and isl substitutes its value

// CHECK-LABEL: func.func @diagonal_columns
// CHECK:      affine.for %[[J:.*]] = 0 to 32 {
// CHECK-NEXT:   affine.for %[[K:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[K]], %[[J]]]
// CHECK-NEXT:     arith.addf
// CHECK-NEXT:     affine.store %{{.*}}, %arg0[%[[K]], %[[J]]]
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @diagonal_columns(%A: memref<64x64xf64>) {
  affine.for %i = 0 to 32 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 64 {
        %v = affine.load %A[%k, %j] : memref<64x64xf64>
        %w = arith.addf %v, %v : f64
        affine.store %w, %A[%k, %j] : memref<64x64xf64>
      }
    }
  }
  return
}
