// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// vector.broadcast, vector.load, vector.fma, vector.store and vector.print as
// mlir-opt 22 prints them: a false `nontemporal` and the default punctuation
// (newline) are left out (tests/unit/test_dialect_ops.py compares both forms
// with mlir-opt).

func.func @v(%m: memref<?x?xf32>, %i: index, %x: f32, %v: vector<4xf32>, %n: vector<4x8xi32>) {
  %b = vector.broadcast %x : f32 to vector<32xf32>
  %b2 = vector.broadcast %v : vector<4xf32> to vector<2x4xf32>
  %l = vector.load %m[%i, %i] : memref<?x?xf32>, vector<32xf32>
  %l2 = vector.load %m[%i, %i] {nontemporal = true} : memref<?x?xf32>, vector<32xf32>
  %f = vector.fma %b, %l, %b : vector<32xf32>
  vector.store %f, %m[%i, %i] : memref<?x?xf32>, vector<32xf32>
  vector.store %f, %m[%i, %i] {nontemporal = false} : memref<?x?xf32>, vector<32xf32>
  vector.print %x : f32
  vector.print %v : vector<4xf32>
  vector.print %n : vector<4x8xi32> punctuation <comma>
  vector.print punctuation <newline>
  vector.print str "hello\n"
  vector.print %i : index punctuation <open>
  vector.print %x : f32 punctuation <no_punctuation>
  vector.print
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @v(%arg0: memref<?x?xf32>, %arg1: index, %arg2: f32, %arg3: vector<4xf32>, %arg4: vector<4x8xi32>) {
// CHECK-NEXT: %0 = vector.broadcast %arg2 : f32 to vector<32xf32>
// CHECK-NEXT: %1 = vector.broadcast %arg3 : vector<4xf32> to vector<2x4xf32>
// CHECK-NEXT: %2 = vector.load %arg0[%arg1, %arg1] : memref<?x?xf32>, vector<32xf32>
// CHECK-NEXT: %3 = vector.load %arg0[%arg1, %arg1] {nontemporal = true} : memref<?x?xf32>, vector<32xf32>
// CHECK-NEXT: %4 = vector.fma %0, %2, %0 : vector<32xf32>
// CHECK-NEXT: vector.store %4, %arg0[%arg1, %arg1] : memref<?x?xf32>, vector<32xf32>
// CHECK-NEXT: vector.store %4, %arg0[%arg1, %arg1] : memref<?x?xf32>, vector<32xf32>
// CHECK-NEXT: vector.print %arg2 : f32
// CHECK-NEXT: vector.print %arg3 : vector<4xf32>
// CHECK-NEXT: vector.print %arg4 : vector<4x8xi32> punctuation <comma>
// CHECK-NEXT: vector.print
// CHECK-NEXT: vector.print str "hello\0A"
// CHECK-NEXT: vector.print %arg1 : index punctuation <open>
// CHECK-NEXT: vector.print %arg2 : f32 punctuation <no_punctuation>
// CHECK-NEXT: vector.print
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
