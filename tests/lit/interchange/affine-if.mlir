// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// A nest with affine.if in its body is not handled yet: left exactly as it
// is, with a remark saying why.

// CHECK: remark: affine-loop-interchange: nest left as it is: the nest contains affine.if
// CHECK-LABEL: func.func @guarded
// CHECK:      affine.for %[[I:.*]] = 0 to 256 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 256 {
// CHECK-NEXT:     affine.if #set(%[[I]], %[[J]]) {
// CHECK-NEXT:       affine.load %arg0[%[[J]], %[[I]]]
#diag = affine_set<(d0, d1) : (d0 - d1 >= 0)>
func.func @guarded(%A: memref<256x256xf64>, %B: memref<256x256xf64>) {
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      affine.if #diag(%i, %j) {
        %v = affine.load %A[%j, %i] : memref<256x256xf64>
        affine.store %v, %B[%j, %i] : memref<256x256xf64>
      }
    }
  }
  return
}
