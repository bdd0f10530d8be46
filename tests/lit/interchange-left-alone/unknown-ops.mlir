// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// Nests whose column-order accesses would be interchanged, but whose bodies
// hold an op whose effects the pass does not model (a linalg named op, a
// vector access or print, an scf region op): each is left exactly as it is,
// with a remark naming the op.  (Not under interchange/, whose inputs the
// reference interpreter runs before and after the pass: these ops have no
// semantics there.)

// CHECK: remark: affine-loop-interchange: nest left as it is: op 'linalg.matmul' reads and writes memory the dependence analysis does not model
// CHECK: remark: affine-loop-interchange: nest left as it is: op 'vector.print' writes memory the dependence analysis does not model
// CHECK: remark: affine-loop-interchange: nest left as it is: op 'vector.load' reads memory the dependence analysis does not model
// CHECK: remark: affine-loop-interchange: nest left as it is: op 'scf.execute_region' holds a region the dependence analysis does not model
// CHECK-LABEL: func.func @f
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     linalg.matmul
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     vector.print
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     vector.load %arg0[%[[J]], %[[I]]]
// CHECK:      affine.for %[[I:.*]] = 0 to 64 {
// CHECK-NEXT:   affine.for %[[J:.*]] = 0 to 64 {
// CHECK-NEXT:     affine.load %arg0[%[[J]], %[[I]]]
// CHECK-NEXT:     scf.execute_region
func.func @f(%A: memref<64x64xf32>, %a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%j, %i] : memref<64x64xf32>
      linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
      affine.store %v, %A[%j, %i] : memref<64x64xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%j, %i] : memref<64x64xf32>
      vector.print %v : f32
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = vector.load %A[%j, %i] : memref<64x64xf32>, vector<4xf32>
      %w = vector.fma %v, %v, %v : vector<4xf32>
      vector.store %w, %A[%j, %i] : memref<64x64xf32>, vector<4xf32>
    }
  }
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%j, %i] : memref<64x64xf32>
      scf.execute_region {
        affine.store %v, %A[%j, %i] : memref<64x64xf32>
        scf.yield
      }
    }
  }
  return
}
