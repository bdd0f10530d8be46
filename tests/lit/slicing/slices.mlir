// RUN: pyaffine-opt -allow-unregistered-dialect -affine-super-vectorizer-test="forward-slicing=true backward-slicing=true" %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -affine-super-vectorizer-test="forward-slicing=true backward-slicing=true" %s 2>&1 | FileCheck %s %}
// RUN: pyaffine-opt -allow-unregistered-dialect -affine-super-vectorizer-test=slicing=true %s 2>&1 | FileCheck %s --check-prefix=SLICE
// RUN: %if mlir-opt %{ mlir-opt -allow-unregistered-dialect -affine-super-vectorizer-test=slicing=true %s 2>&1 | FileCheck %s --check-prefix=SLICE %}

// Users come latest first (MLIR's use lists): the forward slice of %0 is the
// reverse of a post-order that meets %3 first, then %2 and %1; an op nested
// in scf.if is a user like any other.
// CHECK:      <unknown>:0: remark:
// CHECK-NEXT: slices
// CHECK-NEXT: matched: %0 = "slicing-test-op"() : () -> i1 forward static slice:
// CHECK-NEXT: %1 = "slicing-test-op"(%0) : (i1) -> i2
// CHECK-NEXT: %4 = "slicing-test-op"(%1) : (i2) -> i5
// CHECK-NEXT: %2 = "slicing-test-op"(%0) : (i1) -> i3
// CHECK-NEXT: %4 = "slicing-test-op"(%2) : (i3) -> i4
// CHECK-NEXT: %3 = "slicing-test-op"(%0, %2) : (i1, i3) -> i6
// The backward slice of an op that uses an induction variable goes to the
// loop and on to the loop's operands.
// CHECK:      matched: %4 = "slicing-test-op"(%arg1) : (index) -> index backward static slice:
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: affine.for %arg1 = 0 to %c4 {
// CHECK-NEXT:   %4 = "slicing-test-op"(%arg1) : (index) -> index
// CHECK-NEXT: }

// The whole closure, in the order of a walk where the else region comes
// before the then region.
// SLICE:      matched: %0 = "slicing-test-op"() : () -> i1 static slice:
// SLICE-NEXT: %0 = "slicing-test-op"() : () -> i1
// SLICE-NEXT: %1 = "slicing-test-op"(%0) : (i1) -> i2
// SLICE-NEXT: %2 = "slicing-test-op"(%0) : (i1) -> i3
// SLICE-NEXT: %3 = "slicing-test-op"(%0, %2) : (i1, i3) -> i6
// SLICE-NEXT: %4 = "slicing-test-op"(%1) : (i2) -> i5
// SLICE-NEXT: %4 = "slicing-test-op"(%2) : (i3) -> i4
// SLICE-NEXT: matched:
func.func @slices(%p: i1) {
  %a = "slicing-test-op"() : () -> i1
  %b = "slicing-test-op"(%a) : (i1) -> i2
  %c = "slicing-test-op"(%a) : (i1) -> i3
  %d = "slicing-test-op"(%a, %c) : (i1, i3) -> i6
  scf.if %p {
    %e = "slicing-test-op"(%c) : (i3) -> i4
  } else {
    %f = "slicing-test-op"(%b) : (i2) -> i5
  }
  %n = arith.constant 4 : index
  affine.for %i = 0 to %n {
    %g = "slicing-test-op"(%i) : (index) -> index
  }
  return
}
