// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// memref.generic_atomic_rmw's rules (GenericAtomicRMWOp::verify, its ODS
// TypesMatchWith) and memref.atomic_yield's (AtomicYieldOp::verify).
func.func @wrong_arg_num(%I: memref<10xf32>, %i : index) {
  // expected-error@+1 {{expected single number of entry block arguments}}
  %x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
    ^bb0(%arg0 : f32, %arg1 : f32):
      memref.atomic_yield %arg0 : f32
  }
  return
}

// -----

func.func @wrong_arg_type(%I: memref<10xf32>, %i : index) {
  // expected-error@+1 {{expected block argument of the same type result type}}
  %x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
    ^bb0(%old_value : i32):
      %c1 = arith.constant 1.0 : f32
      memref.atomic_yield %c1 : f32
  }
  return
}

// -----

func.func @result_type(%I: memref<10xf32>, %i : index) {
 // expected-error@+1 {{failed to verify that result type matches element type of memref}}
 %0 = "memref.generic_atomic_rmw"(%I, %i) ({
    ^bb0(%old_value: f32):
      memref.atomic_yield %old_value : f32
    }) : (memref<10xf32>, index) -> i32
  return
}

// -----

func.func @side_effects(%I: memref<10xf32>, %i : index) {
  %x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
    ^bb0(%old_value : f32):
      // expected-error@+1 {{body of 'memref.generic_atomic_rmw' should contain only operations with no side effects}}
      %buf = memref.alloc() : memref<2048xf32>
      memref.atomic_yield %old_value : f32
  }
  return
}

// -----

func.func @yield_type(%I: memref<10xf32>, %i : index) {
  %x = memref.generic_atomic_rmw %I[%i] : memref<10xf32> {
    ^bb0(%old_value : f32):
      %c1 = arith.constant 1 : i32
      // expected-error@+1 {{'memref.atomic_yield' op types mismatch between yield op: 'i32' and its parent: 'f32'}}
      memref.atomic_yield %c1 : i32
  }
  return
}

// -----

func.func @yield_parent(%a: f32) {
  // expected-error@+1 {{'memref.atomic_yield' op expects parent op 'memref.generic_atomic_rmw'}}
  memref.atomic_yield %a : f32
}
