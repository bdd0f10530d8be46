// RUN: pyaffine-opt -mlir-disable-threading -affine-loop-normalize %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -mlir-disable-threading -affine-loop-normalize %s > %t.expected %}
// RUN: pyaffine-opt -affine-loop-normalize %s -o %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}

// -mlir-disable-threading (as upstream RUN lines give it) is accepted and
// changes nothing in the output: pyaffine-opt runs on one thread anyway.
// CHECK: affine.for %{{.*}} = 0 to 6 {
func.func @shifted(%A: memref<8xf32>) {
  affine.for %i = 2 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
