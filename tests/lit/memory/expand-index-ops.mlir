// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -affine-expand-index-ops %s | FileCheck %s

// The strides are the suffix products of the basis; the outer coordinate
// is a floor division, the others a remainder made non-negative, then
// divided by the next stride.  The constants go to the top of the function.
// CHECK-LABEL: func.func @delinearize
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[A:.*]] = arith.floordivsi %[[I:.*]], %[[C12]] : index
// CHECK-NEXT:    %[[R:.*]] = arith.remsi %[[I]], %[[C12]] : index
// CHECK-NEXT:    %[[N:.*]] = arith.cmpi slt, %[[R]], %[[C0]] : index
// CHECK-NEXT:    %[[P:.*]] = arith.addi %[[R]], %[[C12]] overflow<nsw> : index
// CHECK-NEXT:    %[[M:.*]] = arith.select %[[N]], %[[P]], %[[R]] : index
// CHECK-NEXT:    %[[B:.*]] = arith.divsi %[[M]], %[[C4]] : index
func.func @delinearize(%i: index) -> (index, index, index) {
  %0:3 = affine.delinearize_index %i into (5, 3, 4) : index, index, index
  return %0#0, %0#1, %0#2 : index, index, index
}

// -----

// A term invariant in the loop around comes first in the sum.
// CHECK-LABEL: func.func @linearize_in_loop
// CHECK:         affine.for %[[I:.*]] = 0 to 8 {
// CHECK-NEXT:      %[[S:.*]] = arith.muli %[[I]], %{{.*}} overflow<nsw> : index
// CHECK-NEXT:      %[[T:.*]] = arith.addi %[[X:.*]], %[[S]] overflow<nsw> : index
func.func @linearize_in_loop(%x: index, %n: index) {
  affine.for %i = 0 to 8 {
    %0 = affine.linearize_index disjoint [%i, %x] by (%n) : index
    "use"(%0) : (index) -> ()
  }
  return
}
