// RUN: pyaffine-opt -mlir-disable-threading --mlir-print-ir-module-scope --mlir-print-ir-after-all -affine-loop-normalize %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -mlir-disable-threading --mlir-print-ir-module-scope --mlir-print-ir-after-all -affine-loop-normalize %s -o /dev/null 2> %t.expected %}
// RUN: pyaffine-opt -mlir-disable-threading --mlir-print-ir-module-scope --mlir-print-ir-after-all -affine-loop-normalize %s -o /dev/null 2> %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}
// RUN: not pyaffine-opt --mlir-print-ir-module-scope %s 2>&1 | FileCheck %s --check-prefix=THREADS

// --mlir-print-ir-module-scope: every dump shows the whole module, its
// header naming the op the pass ran on.  Without -mlir-disable-threading
// mlir-opt refuses it, for every chunk that parses.
// CHECK:      // -----// IR Dump After AffineLoopNormalize (affine-loop-normalize) ('func.func' operation: @first) //----- //
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: module {
// CHECK:      func.func @second
// CHECK:      // -----// IR Dump After AffineLoopNormalize (affine-loop-normalize) ('func.func' operation: @second) //----- //
// CHECK-NEXT: #map = affine_map<(d0) -> (d0 + 2)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @first
// THREADS: <unknown>:0: error: IR print for module scope can't be setup on a pass-manager without disabling multi-threading first.
func.func @first(%A: memref<8xf32>) {
  affine.for %i = 2 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
func.func @second() {
  return
}
