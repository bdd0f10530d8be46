// RUN: pyaffine-opt -affine-loop-interchange %s | FileCheck %s
// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The walk is column-wise, so j outer would be cheaper, but the dependence
// A[i][j] -> A[i+1][j-1] has distance (1, -1): with j outer it would be
// (-1, 1), lexicographically negative.  The nest must stay as it is.

// CHECK-LABEL: func.func @skewed_dependence
// CHECK:      affine.for %[[I:.*]] = 1 to 512 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 511 {
// CHECK-NEXT:     affine.load %arg0[%[[J]] + 1, %[[I]] - 1]
// CHECK-NEXT:     affine.store %{{.*}}, %arg0[%[[J]], %[[I]]]
// REMARK: 1 of 2 orders legal
// REMARK: legal order (0, 1) = (%i, %j):
// REMARK-NOT: legal order (1, 0)
// REMARK: kept the original order (0, 1) = (%i, %j)
func.func @skewed_dependence(%A: memref<512x512xf64>) {
  affine.for %i = 1 to 512 {
    affine.for %j = 0 to 511 {
      %v = affine.load %A[%j + 1, %i - 1] : memref<512x512xf64>
      affine.store %v, %A[%j, %i] : memref<512x512xf64>
    }
  }
  return
}
