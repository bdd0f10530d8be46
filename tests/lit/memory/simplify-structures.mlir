// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -affine-simplify-structures %s | FileCheck %s

// An empty set (no integer point: 2 * d0 = 1) removes its affine.if; a
// set that always holds leaves its then block in place; the redundant
// constraints of the third go and its operand, a function argument,
// becomes a symbol.
// CHECK-DAG:   #[[SET:.*]] = affine_set<()[s0] : (s0 - 1 >= 0, -s0 + 9 >= 0)>
// CHECK-LABEL: func.func @sets
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:      "then"() : () -> ()
// CHECK-NEXT:      affine.if #[[SET]]()[%{{.*}}] {
// CHECK-NEXT:        "kept"() : () -> ()
// CHECK-NEXT:      }
// CHECK-NEXT:    }
func.func @sets(%n: index) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 * 2 - 1 == 0)>(%i) {
      "removed"() : () -> ()
    }
    affine.if affine_set<(d0) : (1 >= 0)>(%i) {
      "then"() : () -> ()
    } else {
      "else"() : () -> ()
    }
    affine.if affine_set<(d0) : (d0 * 2 - 2 >= 0, -d0 + 9 >= 0, -d0 + 20 >= 0, 3 >= 0)>(%n) {
      "kept"() : () -> ()
    } else {
    }
  }
  return
}

// -----

// An affine.apply of a constant becomes an arith.constant in its place;
// of one operand unchanged, that operand.  A max bound loses
// the results that can never be the largest, from the constant bounds of
// the loop around.
// CHECK-LABEL: func.func @apply_and_bounds
// CHECK-NEXT:    arith.constant 3 : index
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 4 {
// CHECK-NEXT:      affine.for %{{.*}} = #{{.*}}(%[[I]]) to 8 {
// CHECK-NEXT:        %[[C:.*]] = arith.constant 7 : index
// CHECK-NEXT:        "use"(%[[C]], %[[I]]) : (index, index) -> ()
func.func @apply_and_bounds() {
  %c3 = arith.constant 3 : index
  affine.for %i = 0 to 4 {
    affine.for %j = max affine_map<(d0) -> (d0 + 1, d0 - 2)>(%i) to 8 {
      %a = affine.apply affine_map<()[s0] -> (s0 + 4)>()[%c3]
      %b = affine.apply affine_map<(d0) -> (d0)>(%i)
      "use"(%a, %b) : (index, index) -> ()
    }
  }
  return
}

// -----

// A set with a mod is rebuilt with the constraints defining its local
// variable, as mlir-opt rebuilds it.
// CHECK: affine_set<(d0) : (d0 mod 3 == 0, -d0 + (d0 floordiv 3) * 3 + 2 >= 0, d0 mod 3 >= 0)>
func.func @mod_set() {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 mod 3 == 0)>(%i) {
      "kept"() : () -> ()
    }
  }
  return
}

// -----

// The set holds at a rational point only (x = 3/4, y = 1): no integer
// point, but Fourier-Motzkin does not prove it empty, so mlir-opt keeps
// the affine.if, with its constraints divided by their GCDs.
// CHECK: #[[KEPT:.*]] = affine_set<(d0, d1) : (d0 * 3 - d1 * 4 + 3 >= 0, d0 + d1 * 2 - 1 >= 0, d0 - d1 * 2 + 2 >= 0, -d0 >= 0)>
// CHECK-LABEL: func.func @rational_point_only
// CHECK:         affine.if #[[KEPT]](%{{.*}}, %{{.*}}) {
// CHECK-NEXT:      "kept"() : () -> ()
func.func @rational_point_only() {
  affine.for %i = 0 to 10 {
    affine.for %j = 0 to 10 {
      affine.if affine_set<(d0, d1) : (d0 * 3 - d1 * 4 + 3 >= 0, d0 * 2 + d1 * 4 - 2 >= 0, d0 * 2 - d1 * 4 + 4 >= 0, d0 * -4 + 3 >= 0)>(%i, %j) {
        "kept"() : () -> ()
      }
    }
  }
  return
}

// -----

// The ops are visited last first: the loop is not empty when it is
// visited, and nothing visits it again once its affine.if is gone.
// CHECK-LABEL: func.func @emptied_later
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @emptied_later() {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 * 2 - 1 == 0)>(%i) {
      "removed"() : () -> ()
    }
  }
  return
}

// -----

// The ops of the block that replaces an affine.if are visited too: those
// left unused go.
// CHECK-LABEL: func.func @inlined_unused
// CHECK-NEXT:    return %arg0 : index
func.func @inlined_unused(%n: index) -> index {
  %r = affine.if affine_set<(d0) : (d0 * 2 - 1 == 0)>(%n) -> index {
    %c0 = arith.constant 0 : index
    affine.yield %c0 : index
  } else {
    %c1 = arith.constant 1 : index
    %u = arith.addi %c1, %n : index
    affine.yield %n : index
  }
  return %r : index
}
