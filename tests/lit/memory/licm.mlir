// RUN: pyaffine-opt -allow-unregistered-dialect -split-input-file -affine-loop-invariant-code-motion %s | FileCheck %s

// The load of %B[%j] and what is computed from it leave the inner loop,
// and the inner loop, left empty, then leaves the outer one, before the
// outer copies of the same ops (loops are visited innermost first).  The
// store stays: it uses %i.
// CHECK-LABEL: func.func @two_levels
// CHECK-NEXT:    %[[C:.*]] = arith.constant
// CHECK-NEXT:    %[[V:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<10xf32>
// CHECK-NEXT:    arith.addf %[[V]], %[[C]] : f32
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 10 {
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[C2:.*]] = arith.constant
// CHECK-NEXT:    %[[V2:.*]] = affine.load %{{.*}}[%{{.*}}] : memref<10xf32>
// CHECK-NEXT:    %[[S:.*]] = arith.addf %[[V2]], %[[C2]] : f32
// CHECK-NEXT:    affine.for %[[I:.*]] = 0 to 10 {
// CHECK-NEXT:      affine.store %[[S]], %{{.*}}[%[[I]]] : memref<10xf32>
// CHECK-NEXT:    }
func.func @two_levels(%A: memref<10xf32>, %B: memref<10xf32>, %j: index) {
  affine.for %i = 0 to 10 {
    affine.for %k = 0 to 10 {
      %c = arith.constant 1.0 : f32
      %v = affine.load %B[%j] : memref<10xf32>
      %s = arith.addf %v, %c : f32
    }
    %c = arith.constant 1.0 : f32
    %v = affine.load %B[%j] : memref<10xf32>
    %s = arith.addf %v, %c : f32
    affine.store %s, %A[%i] : memref<10xf32>
  }
  return
}

// -----

// A load whose memref the loop also writes stays, and so does what uses
// it; an op with unknown effects stays.
// CHECK-LABEL: func.func @written_in_loop
// CHECK-NEXT:    affine.for
// CHECK-NEXT:      affine.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      affine.store
// CHECK-NEXT:      "effects"()
// CHECK-NEXT:    }
func.func @written_in_loop(%A: memref<10xf32>, %j: index) {
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%j] : memref<10xf32>
    %s = arith.addf %v, %v : f32
    affine.store %s, %A[%i] : memref<10xf32>
    "effects"() : () -> ()
  }
  return
}

// -----

// An affine.if whose condition and body do not use the loop leaves it
// whole.
// CHECK-LABEL: func.func @invariant_if
// CHECK-NEXT:    affine.if
// CHECK-NEXT:      affine.store
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for
// CHECK-NEXT:    }
func.func @invariant_if(%A: memref<10xf32>, %j: index, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.if affine_set<(d0) : (d0 - 5 >= 0)>(%j) {
      affine.store %v, %A[%j] : memref<10xf32>
    }
  }
  return
}

// -----

// A loop that never runs keeps its store (hoisted, it would run); the pure
// op still leaves it.  mlir-opt 22 hoists the store too, and its output
// returns %x where the input returns 42 (tests/unit/test_memory_passes.py).
// CHECK-LABEL: func.func @zero_trip_count
// CHECK:         %[[S:.*]] = arith.addi
// CHECK-NEXT:    affine.for %{{.*}} = 0 to 0 {
// CHECK-NEXT:      affine.store %[[S]], %{{.*}}[0] : memref<1xi32>
// CHECK-NEXT:    }
func.func @zero_trip_count(%x: i32) -> i32 {
  %alloc = memref.alloc() : memref<1xi32>
  %c42 = arith.constant 42 : i32
  affine.store %c42, %alloc[0] : memref<1xi32>
  affine.for %i = 0 to 0 {
    %s = arith.addi %x, %x : i32
    affine.store %s, %alloc[0] : memref<1xi32>
  }
  %r = affine.load %alloc[0] : memref<1xi32>
  return %r : i32
}
