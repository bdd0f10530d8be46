// RUN: pyaffine-opt %s | FileCheck %s
// memref.generic_atomic_rmw prints its body with the entry block's argument
// and its attributes after the region, as mlir-opt does.
// CHECK:      %0 = memref.generic_atomic_rmw %arg0[%arg1] : memref<10xf32> {
// CHECK-NEXT: ^bb0(%arg2: f32):
// CHECK-NEXT:   %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:   %2 = arith.addf %arg2, %cst : f32
// CHECK-NEXT:   memref.atomic_yield %2 : f32
// CHECK-NEXT: } {foo = 1 : i32}
// CHECK-NEXT: %1 = memref.generic_atomic_rmw %arg0[%arg1] : memref<10xf32> {
// CHECK-NEXT: ^bb0(%arg2: f32):
// CHECK-NEXT:   memref.atomic_yield %arg2 : f32
// CHECK-NEXT: }
func.func @f(%I: memref<10xf32>, %i : index) -> f32 {
  %x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
  ^bb0(%old : f32):
    %c1 = arith.constant 1.0 : f32
    %s = arith.addf %old, %c1 : f32
    memref.atomic_yield %s : f32
  } {foo = 1 : i32}
  %y = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
  ^bb0(%old : f32):
    memref.atomic_yield %old : f32
  }
  return %x : f32
}
