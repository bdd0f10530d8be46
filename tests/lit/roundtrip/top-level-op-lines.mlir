// RUN: pyaffine-opt %s | FileCheck %s

// Ops without regions on lines of their own at the top level, one after
// the other: an op line is taken whole only where a region holds it, and
// here each op is read token by token.

// CHECK: module {
// CHECK-NEXT: memref.global @memref0 : memref<2xf32>
// CHECK-NEXT: memref.global constant @memref1 : memref<2xf32> = dense<[0.000000e+00, 1.000000e+00]>
// CHECK-NEXT: memref.global @memref2 : memref<2xf32> = uninitialized
memref.global @memref0 : memref<2xf32>

memref.global constant @memref1 : memref<2xf32> = dense<[0.0, 1.0]>
memref.global @memref2 : memref<2xf32>  = uninitialized
