// RUN: pyaffine-opt -affine-loop-normalize -cse -mlir-print-ir-before=cse -mlir-print-ir-after=cse,affine-loop-normalize %s -o /dev/null 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -affine-loop-normalize -cse -mlir-print-ir-before=cse -mlir-print-ir-after=cse,affine-loop-normalize %s -o /dev/null 2> %t.expected %}
// RUN: pyaffine-opt -affine-loop-normalize -cse -mlir-print-ir-before=cse -mlir-print-ir-after=cse,affine-loop-normalize %s -o /dev/null 2> %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}
// RUN: not pyaffine-opt -cse -mlir-print-ir-after=cse,no-such-pass %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN

// -mlir-print-ir-before=<passes>, -mlir-print-ir-after=<passes>: dumps
// around the passes named (a comma-separated list, or the flag repeated)
// only; a name that is no pass is refused as LLVM refuses it.
// CHECK-NOT:  IR Dump Before AffineLoopNormalize
// CHECK:      // -----// IR Dump After AffineLoopNormalize (affine-loop-normalize) //----- //
// CHECK-NEXT: func.func @shifted
// CHECK:      // -----// IR Dump Before CSE (cse) //----- //
// CHECK-NEXT: #map =
// CHECK:      // -----// IR Dump After CSE (cse) //----- //
// UNKNOWN: pyaffine-opt: for the --mlir-print-ir-after option: Cannot find option named 'no-such-pass'!
func.func @shifted(%A: memref<8xf32>) {
  affine.for %i = 2 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
