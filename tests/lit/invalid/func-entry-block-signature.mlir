// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// The entry block's arguments of a function that names only their types must match its signature.
// CHECK: {{.*}}func-entry-block-signature.mlir:7:1: error: 'func.func' op entry block must have 2 arguments to match function signature
// CHECK: {{.*}}func-entry-block-signature.mlir:11:1: error: 'func.func' op entry block must have 2 arguments to match function signature
// CHECK: {{.*}}func-entry-block-signature.mlir:16:1: error: 'func.func' op type of entry block argument #1('i32') must match the type of the corresponding argument in function signature('index')
// CHECK-NOT: Traceback
func.func @a(memref<4x4xi32>, index) {
  return
}
// -----
func.func @b(memref<4x4xi32>, index) {
^bb0(%0: memref<4x4xi32>):
  return
}
// -----
func.func @c(memref<4x4xi32>, index) {
^bb0(%0: memref<4x4xi32>, %1: i32):
  return
}
