// RUN: pyaffine-opt %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s | FileCheck %s %}

// The gpu ops affine code runs in: a kernel module, a launch whose body
// sees the block and thread ids and sizes, the index ops.
// CHECK:      gpu.module @kernels {
// CHECK-NEXT:   gpu.func @k(%[[A:.*]]: index) kernel {
// CHECK-NEXT:     affine.for %{{.*}} = 0 to %[[A]] {
// CHECK:          gpu.return
// CHECK:      gpu.launch blocks(%[[BX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2:.*]], %{{.*}} = %[[C2]], %{{.*}} = %[[C2]]) threads(%[[TX:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %[[C2]], %{{.*}} = %[[C2]], %{{.*}} = %[[C2]]) {
// CHECK-NEXT:   %[[T:thread_id_x]] = gpu.thread_id  x
// CHECK-NEXT:   %block_dim_y = gpu.block_dim  y
// CHECK-NEXT:   affine.for %{{.*}} = %[[T]] to 8 step 2 {
// CHECK:        gpu.terminator
gpu.module @kernels {
  gpu.func @k(%n: index) kernel {
    affine.for %i = 0 to %n {
    }
    gpu.return
  }
}
func.func @launch() {
  %c2 = arith.constant 2 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c2)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c2, %sz = %c2) {
    %t = gpu.thread_id x
    %d = gpu.block_dim y
    affine.for %i = %t to 8 step 2 {
      "test.use"(%i, %d) : (index, index) -> ()
    }
    gpu.terminator
  }
  return
}
