// RUN: pyaffine-opt %s | FileCheck %s

// A function may name only the types of its arguments and declare them in
// its entry block's header, as older files do; it prints as usual.

func.func @load_store_prefetch(memref<4x4xi32>, index) {
^bb0(%0: memref<4x4xi32>, %1: index):
  %2 = memref.load %0[%1, %1] : memref<4x4xi32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @load_store_prefetch(%arg0: memref<4x4xi32>, %arg1: index) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1, %arg1] : memref<4x4xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
