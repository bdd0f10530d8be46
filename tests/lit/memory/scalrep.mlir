// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -affine-scalrep %s | FileCheck %s

// A store forwarded to the load of the next iteration's element is not
// forwarded: the maps differ.  The one of the same iteration is, and the
// local buffer, left with stores only, goes with them.
// CHECK-LABEL: func.func @forward_and_erase_buffer
// CHECK-NEXT:    %[[C:.*]] = arith.constant
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 8 {
// CHECK-NEXT:      "use"(%[[C]]) : (f32) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    return
func.func @forward_and_erase_buffer() {
  %c = arith.constant 1.0 : f32
  %m = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    affine.store %c, %m[%i] : memref<8xf32>
    %v = affine.load %m[%i] : memref<8xf32>
    "use"(%v) : (f32) -> ()
  }
  memref.dealloc %m : memref<8xf32>
  return
}

// -----

// The store of the previous iteration may reach the load of %A[%i - 1]
// only across iterations: nothing is forwarded, both stores stay (the
// second one writes another element).
// CHECK-LABEL: func.func @carried
// CHECK:         affine.store
// CHECK-NEXT:    affine.load %{{.*}}[%{{.*}} - 1]
// CHECK-NEXT:    affine.store
func.func @carried(%A: memref<9xf32>, %B: memref<9xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 1 to 9 {
    affine.store %c, %A[%i] : memref<9xf32>
    %v = affine.load %A[%i - 1] : memref<9xf32>
    affine.store %v, %B[%i] : memref<9xf32>
  }
  return
}

// -----

// A store overwritten before any read is erased; a load of what an
// earlier load read, with no write between, takes its value.  In @may_alias
// the first store stays: %A and %B, two arguments, may be one buffer, and
// the loads of %A between the stores may read it.
// CHECK-LABEL: func.func @dead_store_and_load_cse
// CHECK:         affine.for
// CHECK-NEXT:      %[[V:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<9xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT:      affine.store %[[S]], %{{.*}}[%{{.*}}] : memref<9xf32>
// CHECK-NEXT:    }
func.func @dead_store_and_load_cse(%B: memref<9xf32>) {
  %c = arith.constant 1.0 : f32
  %A = memref.alloc() : memref<9xf32>
  "init"(%A) : (memref<9xf32>) -> ()
  affine.for %i = 0 to 9 {
    affine.store %c, %B[%i] : memref<9xf32>
    %v = affine.load %A[%i] : memref<9xf32>
    %w = affine.load %A[%i] : memref<9xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %B[%i] : memref<9xf32>
  }
  return
}

// CHECK-LABEL: func.func @may_alias
// CHECK:         affine.for
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      %[[V:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<9xf32>
// CHECK-NEXT:      %[[S:.*]] = arith.addf %[[V]], %[[V]] : f32
// CHECK-NEXT:      affine.store %[[S]], %{{.*}}[%{{.*}}] : memref<9xf32>
// CHECK-NEXT:    }
func.func @may_alias(%A: memref<9xf32>, %B: memref<9xf32>) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 9 {
    affine.store %c, %B[%i] : memref<9xf32>
    %v = affine.load %A[%i] : memref<9xf32>
    %w = affine.load %A[%i] : memref<9xf32>
    %s = arith.addf %v, %w : f32
    affine.store %s, %B[%i] : memref<9xf32>
  }
  return
}

// -----

// A load inside an scf.if is in another affine analysis scope than the
// store before it: mlir-opt 22 does not forward there.
// CHECK-LABEL: func.func @other_scope
// CHECK:         scf.if
// CHECK-NEXT:      affine.load
func.func @other_scope(%A: memref<9xf32>, %p: i1) {
  %c = arith.constant 1.0 : f32
  affine.for %i = 0 to 9 {
    affine.store %c, %A[%i] : memref<9xf32>
    scf.if %p {
      %v = affine.load %A[%i] : memref<9xf32>
      "use"(%v) : (f32) -> ()
    }
  }
  return
}

// -----

// The store in the else branch of one iteration reaches the load in the
// then branch of a later one (%i = 0, 1 store, %i = 2 loads): the load
// stays.  mlir-opt 22 forwards 0.0 to it, as its iteration domains add the
// affine.if condition to the ops of the else branch too (%i == 2 for the
// store), which hides the dependence: its output computes another %C[0]
// (tests/unit/test_memory_passes.py runs both).
// CHECK-LABEL: func.func @else_branch_store
// CHECK:         affine.if
// CHECK-NEXT:      %[[S:.*]] = affine.load %{{.*}}[] : memref<f64>
// CHECK-NEXT:      affine.store %[[S]], %{{.*}}[0] : memref<8xf64>
// CHECK-NEXT:    } else {
func.func @else_branch_store(%C: memref<8xf64>, %n: index) {
  %zero = arith.constant 0.0 : f64
  %acc = memref.alloca() : memref<f64>
  affine.store %zero, %acc[] : memref<f64>
  affine.for %i = 0 to %n {
    affine.if affine_set<(d0) : (d0 - 2 == 0)>(%i) {
      %s = affine.load %acc[] : memref<f64>
      affine.store %s, %C[0] : memref<8xf64>
    } else {
      %v = affine.load %C[%i] : memref<8xf64>
      affine.store %v, %acc[] : memref<f64>
    }
  }
  return
}
