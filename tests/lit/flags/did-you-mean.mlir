// RUN: not pyaffine-opt --mlir-print-ir-afer-all -split-input-fil -affine-loop-tilee=tile-size=4 %s 2>&1 | FileCheck %s --strict-whitespace
// RUN: %if mlir-opt %{ not mlir-opt --mlir-print-ir-afer-all -split-input-fil -affine-loop-tilee=tile-size=4 %s 2> %t.expected %}
// RUN: %if mlir-opt %{ sed -e "s#'/[^ ']*/#'#g" -e 's/mlir-opt/pyaffine-opt/g' %t.expected > %t.respelt %}
// RUN: not pyaffine-opt --mlir-print-ir-afer-all -split-input-fil -affine-loop-tilee=tile-size=4 %s 2> %t.ours
// RUN: %if mlir-opt %{ diff %t.respelt %t.ours %}

// A mistyped flag: every unknown argument is named, with the nearest option
// or pass by edit distance (its value kept), in LLVM's words, and the run
// ends with status 1 before the input is read.
// CHECK:      pyaffine-opt: Unknown command line argument '--mlir-print-ir-afer-all'.  Try: 'pyaffine-opt --help'
// CHECK-NEXT: pyaffine-opt: Did you mean '--mlir-print-ir-after-all'?
// CHECK-NEXT: pyaffine-opt: Unknown command line argument '-split-input-fil'.  Try: 'pyaffine-opt --help'
// CHECK-NEXT: pyaffine-opt: Did you mean '--split-input-file'?
// CHECK-NEXT: pyaffine-opt: Unknown command line argument '-affine-loop-tilee=tile-size=4'.  Try: 'pyaffine-opt --help'
// CHECK-NEXT: pyaffine-opt: Did you mean '--affine-loop-tile=tile-size=4'?
func.func @unread() {
  return
}
