// RUN: pyaffine-opt -affine-loop-interchange="remarks=true" %s 2>&1 | FileCheck %s

// A nest holding a linalg structured op on buffers (it reads its inputs and
// writes its outputs, which the dependence analysis does not model) is left
// as it is, with a remark naming the op.

// CHECK: remark: affine-loop-interchange: nest left as it is: op 'linalg.generic' reads and writes memory the dependence analysis does not model
// CHECK: remark: affine-loop-interchange: nest left as it is: op 'linalg.map' reads and writes memory the dependence analysis does not model
// CHECK: affine.for %arg2 = 0 to 8 {
// CHECK-NEXT: affine.for %arg3 = 0 to 8 {
// CHECK-NEXT: linalg.generic

func.func @n(%a: memref<8x8xf32>, %b: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : memref<8xf32>) outs(%b : memref<8xf32>) {
      ^bb0(%x: f32, %y: f32):
        linalg.yield %x : f32
      }
      %v = affine.load %a[%i, %j] : memref<8x8xf32>
      affine.store %v, %a[%j, %i] : memref<8x8xf32>
    }
  }
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      linalg.map { arith.negf } ins(%b : memref<8xf32>) outs(%b : memref<8xf32>)
      %v = affine.load %a[%i, %j] : memref<8x8xf32>
      affine.store %v, %a[%j, %i] : memref<8x8xf32>
    }
  }
  return
}
