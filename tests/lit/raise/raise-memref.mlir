// RUN: pyaffine-opt -split-input-file -allow-unregistered-dialect -affine-raise-from-memref %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -allow-unregistered-dialect -affine-raise-from-memref %s | FileCheck %s %}

// Indices built by arith.addi/muli of IVs, symbols and constants become
// the access's map: dims and symbols numbered as they first appear, the
// symbols checked first (%n is one: s0).
// CHECK-LABEL: func.func @raised
// CHECK:         affine.load %{{.*}}[%{{.*}} + symbol(%{{.*}}), %{{.*}} * 3 + 1]
// CHECK:         affine.store %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}]
func.func @raised(%A: memref<100x100xf32>, %n: index) {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      %a = arith.addi %n, %i : index
      %b = arith.muli %j, %c3 : index
      %c = arith.addi %b, %c1 : index
      %v = memref.load %A[%a, %c] : memref<100x100xf32>
      memref.store %v, %A[%i, %j] : memref<100x100xf32>
    }
  }
  return
}

// -----

// A product of two IVs, a value that is neither a dim nor a symbol (an
// iter_arg, an unknown op's result) stay; a product of an IV and a symbol
// is raised (a semi-affine map).

// CHECK-LABEL: func.func @left
// CHECK:         memref.load
// CHECK:         affine.load %{{.*}}[%{{.*}} * symbol(%{{.*}}), %{{.*}}]
// CHECK:         memref.load
// CHECK:         memref.store
func.func @left(%A: memref<100x100xf32>, %n: index, %c0: index) {
  affine.for %i = 0 to 10 {
    %r = affine.for %j = 0 to 10 iter_args(%k = %c0) -> (index) {
      %p = arith.muli %i, %j : index
      %q = arith.muli %i, %n : index
      %u = "test.value"() : () -> index
      %x = memref.load %A[%p, %j] : memref<100x100xf32>
      %y = memref.load %A[%q, %j] : memref<100x100xf32>
      %z = memref.load %A[%u, %j] : memref<100x100xf32>
      memref.store %x, %A[%k, %j] : memref<100x100xf32>
      affine.yield %j : index
    }
  }
  return
}
