// RUN: pyaffine-opt --mlir-print-local-scope -split-input-file %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt --mlir-print-local-scope -split-input-file %s > %t.expected %}
// RUN: pyaffine-opt --mlir-print-local-scope -split-input-file %s -o %t.ours
// RUN: %if mlir-opt %{ diff %t.expected %t.ours %}

// --mlir-print-local-scope: maps, sets and other attributes inline, no
// alias definitions, and the module closed without the blank line that
// ends the alias section otherwise (byte for byte as mlir-opt prints it).
// CHECK-NOT:  #map
// CHECK-LABEL: func.func @triangle
// CHECK:        affine.for %{{.*}} = affine_map<(d0) -> (d0)>(%{{.*}}) to min affine_map<(d0) -> (7, d0 + 4)>(%{{.*}}) {
// CHECK:        affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%{{.*}}) {
// CHECK:      {{^}$}}
// CHECK-NEXT: {{^//[ ]-----$}}
// CHECK-NEXT: module {
func.func @triangle(%A: memref<10x10xf32>) {
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (7, d0 + 4)>(%i) {
      affine.if affine_set<(d0) : (d0 - 2 >= 0)>(%j) {
        %v = affine.load %A[%i, %j] : memref<10x10xf32>
        affine.store %v, %A[%j, %i] : memref<10x10xf32>
      }
    }
  }
  return
}

// -----

func.func @plain(%A: memref<4xf32>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf32>
    affine.store %v, %A[3 - %i] : memref<4xf32>
  }
  return
}
