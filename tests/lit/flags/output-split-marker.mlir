// RUN: pyaffine-opt -split-input-file --output-split-marker='// ===' %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file --output-split-marker='// ===' %s > %t.expected %}
// RUN: pyaffine-opt -split-input-file --output-split-marker='// ===' %s -o %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}

// --output-split-marker: the chunks' outputs are joined with this marker
// (and a newline) instead of the default one.
// CHECK-LABEL: func.func @first
// CHECK-NOT:   // -----
// CHECK:       {{^// ===$}}
// CHECK-NEXT:  module {
// CHECK-LABEL: func.func @second
func.func @first() {
  return
}
// -----
func.func @second() {
  return
}
