// RUN: pyaffine-opt -affine-permute-and-fuse %s | FileCheck %s
// RUN: pyaffine-opt -affine-permute-and-fuse="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK

// The second loop reads B backwards: fusing it with the loop that writes B
// would need a shift of 63 iterations, so the graph has an edge between
// them and the colouring cuts; the region is kept as written.  The function
// after it calls an op of unknown effect: it is not a SCoP and is left.

// REMARK: level 0: FCG of S0, S1: 2 vertices, 0 self edges, 1 fusion conflict edges
// REMARK: level 0: S1: 1 colourings (no fusion valid), best S1:i0 cost {{.*}}
// REMARK: kept the original schedule (S0(i0); S1(i0))
// REMARK: region left as it is: op 'func.call' has unknown side effects

// CHECK-LABEL: func.func @reversed
// CHECK:      affine.for %{{.*}} = 0 to 64 {
// CHECK:        affine.store %{{.*}}, %arg1[%{{.*}}]
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK:        affine.load %arg1[-%[[I]] + 63]
func.func @reversed(%A: memref<64xf64>, %B: memref<64xf64>, %C: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    affine.store %a, %B[%i] : memref<64xf64>
  }
  affine.for %i = 0 to 64 {
    %b = affine.load %B[63 - %i] : memref<64xf64>
    affine.store %b, %C[%i] : memref<64xf64>
  }
  return
}

// CHECK-LABEL: func.func @call
// CHECK: func.call @g
func.func @call(%A: memref<64xf64>) {
  affine.for %i = 0 to 64 {
    %a = affine.load %A[%i] : memref<64xf64>
    func.call @g(%a) : (f64) -> ()
  }
  return
}
func.func private @g(f64)
