// RUN: pyaffine-opt --split-input-file='//'' ===' %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --split-input-file='//'' ===' %s > %t.expected %}
// RUN: pyaffine-opt --split-input-file='//'' ===' %s -o %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}

// --split-input-file=<marker>: the input is cut at the given marker (the
// default one is then an ordinary comment), the outputs joined with the
// default output marker.  (The marker is written in two quoted parts in
// the RUN lines, or it would cut them too.)
// CHECK-LABEL: func.func @first
// CHECK:       {{^}$}}
// CHECK-EMPTY:
// CHECK-NEXT:  {{^//[ ]-----$}}
// CHECK-NEXT:  module {
// CHECK-LABEL: func.func @second
// CHECK-NOT:   // -----
// CHECK-LABEL: func.func @third
func.func @first() {
  return
}
// ===
func.func @second() {
  return
}
// -----
func.func @third() {
  return
}
