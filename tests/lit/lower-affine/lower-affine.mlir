// RUN: pyaffine-opt -split-input-file -lower-affine %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -lower-affine %s | FileCheck %s %}

// A bound fed by an affine.apply is composed with it (the folder of
// affine.for runs before the lowering): the lower bound d0 + d1 of
// (%0, %0), %0 = 2 * %a, is 4 * %a; the constant symbol folds into the
// upper bound.  Each bound, step and expression gets constants of its own.
// CHECK-LABEL: func.func @composed_bounds
// CHECK-SAME:    (%[[A:[^:]*]]: index, %[[N:[^:]*]]: index
// CHECK:         %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT:    %{{.*}} = arith.muli %[[A]], %[[C2]] overflow<nsw> : index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[LB:.*]] = arith.muli %[[A]], %[[C4]] overflow<nsw> : index
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT:    %[[UB:.*]] = arith.addi %[[N]], %[[C8]] : index
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:    scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[C1]] {
// CHECK-NEXT:      %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:      %[[C2B:.*]] = arith.constant 2 : index
// CHECK-NEXT:      %[[T:.*]] = arith.muli %[[A]], %[[C2B]] overflow<nsw> : index
// CHECK-NEXT:      %[[CM3:.*]] = arith.constant -3 : index
// CHECK-NEXT:      %[[E:.*]] = arith.addi %[[T]], %[[CM3]] : index
// CHECK-NEXT:      %[[COND:.*]] = arith.cmpi sge, %[[E]], %[[C0]] : index
// CHECK-NEXT:      scf.if %[[COND]] {
// CHECK-NEXT:        memref.store %{{.*}}, %{{.*}}[%[[I]]] : memref<?xf32>
func.func @composed_bounds(%a: index, %n: index, %m: memref<?xf32>, %v: f32) {
  %c3 = arith.constant 3 : index
  %0 = affine.apply affine_map<(d0) -> (d0 * 2)>(%a)
  affine.for %i = affine_map<(d0, d1) -> (d0 + d1)>(%0, %0) to affine_map<(d0)[s0] -> (d0 + s0 + 5)>(%c3)[%n] {
    affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%0, %c3) {
      affine.store %v, %m[%i] : memref<?xf32>
    }
  }
  return
}

// -----

// mod, floordiv and ceildiv become upstream's remsi/divsi-and-select
// sequences; a max lower bound a chain of arith.maxsi.
// CHECK-LABEL: func.func @divisions
// CHECK:         %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT:    %[[R:.*]] = arith.remsi %[[X:.*]], %[[C4]] : index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:    %[[NEG:.*]] = arith.cmpi slt, %[[R]], %[[C0]] : index
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[R]], %[[C4]] : index
// CHECK-NEXT:    %{{.*}} = arith.select %[[NEG]], %[[S]], %[[R]] : index
// CHECK:         arith.divsi
// CHECK:         arith.cmpi sle
// CHECK:         arith.maxsi
// CHECK:         scf.for
func.func @divisions(%x: index, %n: index) -> index {
  %0 = affine.apply affine_map<(d0) -> (d0 mod 4 + d0 floordiv 3 + d0 ceildiv 5)>(%x)
  affine.for %i = max affine_map<(d0)[s0] -> (d0, s0 - 2)>(%x)[%n] to 10 {
  }
  return %0 : index
}

// -----

// affine.parallel with reductions: inits are the kinds' identities, the
// combiners scf.reduce regions.
// CHECK-LABEL: func.func @reduce
// CHECK:         %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK:         scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[ZERO]]) -> f32 {
// CHECK:           scf.reduce(%{{.*}} : f32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK-NEXT:        %[[S:.*]] = arith.addf %[[L]], %[[R]] : f32
// CHECK-NEXT:        scf.reduce.return %[[S]] : f32
func.func @reduce(%m: memref<10xf32>) -> f32 {
  %0 = affine.parallel (%i) = (0) to (10) reduce ("addf") -> f32 {
    %v = affine.load %m[%i] : memref<10xf32>
    affine.yield %v : f32
  }
  return %0 : f32
}
