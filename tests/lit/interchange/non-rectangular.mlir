// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// A triangular nest: the bound of j depends on i.  Swapping the loops would
// need new bounds (Fourier-Motzkin), which the pass does not do yet, so the
// nest is left alone.

// CHECK: remark: affine-loop-interchange: nest left as it is: non-rectangular loop bounds
// CHECK-LABEL: func.func @triangle
// CHECK:      affine.for %[[I:.*]] = 0 to 512 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to #map(%[[I]]) {
func.func @triangle(%A: memref<512x512xf64>) {
  affine.for %i = 0 to 512 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      %v = affine.load %A[%j, %i] : memref<512x512xf64>
      %w = arith.addf %v, %v : f64
      affine.store %w, %A[%j, %i] : memref<512x512xf64>
    }
  }
  return
}
