// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// `nontemporal` is left out of memref.load/store's custom form when false
// (its default) and kept when true; the generic form shows it as written.

// GENERIC: "memref.load"(%arg0, %arg1) <{nontemporal = false}>
// GENERIC: "memref.load"(%arg0, %arg1) <{nontemporal = true}>
// GENERIC: "memref.store"(%1, %arg0, %arg1) <{nontemporal = true}>
func.func @v(%m: memref<?xf32>, %i: index) {
  %0 = memref.load %m[%i] {nontemporal = false} : memref<?xf32>
  %1 = memref.load %m[%i] {nontemporal = true} : memref<?xf32>
  memref.store %1, %m[%i] {nontemporal = true} : memref<?xf32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @v(%arg0: memref<?xf32>, %arg1: index) {
// CHECK-NEXT: %0 = memref.load %arg0[%arg1] : memref<?xf32>
// CHECK-NEXT: %1 = memref.load %arg0[%arg1] {nontemporal = true} : memref<?xf32>
// CHECK-NEXT: memref.store %1, %arg0[%arg1] {nontemporal = true} : memref<?xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
