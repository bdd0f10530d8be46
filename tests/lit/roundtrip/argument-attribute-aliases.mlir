// RUN: pyaffine-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %if mlir-opt %{ pyaffine-opt --allow-unregistered-dialect %s -o %t.py.mlir %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %s -o %t.ref.mlir %}
// RUN: %if mlir-opt %{ diff %t.ref.mlir %t.py.mlir %}
// RUN: %if mlir-opt %{ pyaffine-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.gpy.mlir %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.gref.mlir %}
// RUN: %if mlir-opt %{ diff %t.gref.mlir %t.gpy.mlir %}

// mlir-opt's alias walk skips the attributes of a function's arguments (it
// visits result attributes and declarations' argument attributes): an
// argument attribute prints inline unless something else gave it an alias.

// CHECK:      #map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 4)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 * 5)>
// CHECK:      func.func @f(%arg0: index {test.map = affine_map<(d0) -> (d0 + 1)>}) -> (index {test.r = #map}) attributes {test.c = #map1}
// CHECK:      func.func @shared(%arg0: index {test.map = #map2})
// CHECK:      func.func private @declared(index {test.map = #map3})
func.func @f(%a: index {test.map = affine_map<(d0) -> (d0 + 1)>}) -> (index {test.r = affine_map<(d0) -> (d0 * 2)>}) attributes {test.c = affine_map<(d0) -> (d0 * 3)>} {
  %0 = "test.op"() {x = affine_map<(d0) -> (d0 * 4)>} : () -> index
  return %a : index
}
func.func @shared(%a: index {test.map = affine_map<(d0) -> (d0 * 4)>}) {
  return
}
func.func private @declared(index {test.map = affine_map<(d0) -> (d0 * 5)>})
