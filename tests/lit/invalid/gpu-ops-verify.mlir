// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// RUN: %if mlir-opt %{ mlir-opt -split-input-file -verify-diagnostics %s %}

// The verifiers of the gpu ops: reductions, shuffles, kernel launches,
// kernels and their attributions, copies.

func.func @reduce_both(%x : i32) {
  // expected-error@+1 {{expected either an op attribute or a non-empty body}}
  %r = "gpu.all_reduce"(%x) ({
  ^bb0(%a : i32, %b : i32):
    "gpu.yield"(%a) : (i32) -> ()
  }) {op = #gpu<all_reduce_op mul>} : (i32) -> (i32)
  return
}

// -----

func.func @reduce_kind(%x : f32) {
  // expected-error@+1 {{custom op 'gpu.all_reduce' invalid op kind}}
  %r = gpu.all_reduce sum %x {} : (f32) -> (f32)
  return
}

// -----

func.func @reduce_float_kind(%x : i32) {
  // expected-error@+1 {{`maxnumf` reduction operation is not compatible with type 'i32'}}
  %r = gpu.subgroup_reduce maxnumf %x : (i32) -> (i32)
  return
}

// -----

func.func @reduce_arguments(%x : i32) {
  // expected-error@+1 {{incorrect region argument type}}
  %r = gpu.all_reduce %x {
  ^bb0(%a : i32, %b : i64):
    "gpu.yield"(%a) : (i32) -> ()
  } : (i32) -> (i32)
  return
}

// -----

func.func @reduce_yield(%x : i32) {
  // expected-error@+1 {{expected one gpu.yield operand}}
  %r = gpu.all_reduce %x {
  ^bb0(%a : i32, %b : i32):
    "gpu.yield"() : () -> ()
  } : (i32) -> (i32)
  return
}

// -----

func.func @shuffle_type(%x : index, %o : i32) {
  // expected-error@+1 {{'gpu.shuffle' op operand #0 must be Integer or Float or fixed-length vector of Integer or Float values of ranks 1, but got 'index'}}
  %s, %v = gpu.shuffle up %x, %o, %o : index
  return
}

// -----

func.func @launch_outside_container(%n : index) {
  // expected-error@+1 {{expected the closest surrounding module to have the 'gpu.container_module' attribute}}
  gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
  return
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%a : f32, %b : f32) kernel {
      gpu.return
    }
  }
  func.func @launch_operands(%n : index, %a : f32) {
    // expected-error@+1 {{got 1 kernel operands but expected 2}}
    gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%a : f32)
    return
  }
}

// -----

module attributes {gpu.container_module} {
  gpu.module @m {
    // expected-note@+1 {{see the kernel definition here}}
    memref.global "private" @k : memref<2xf32>
  }
  func.func @launch_not_function(%n : index) {
    // expected-error@+1 {{referenced kernel '@m::@k' is not a function}}
    gpu.launch_func @m::@k blocks in (%n, %n, %n) threads in (%n, %n, %n)
    return
  }
}

// -----

gpu.module @m {
  // expected-error@+1 {{'gpu.func' op expected memref type in attribution}}
  gpu.func @k() private(%p: f32) {
    gpu.return
  }
}

// -----

gpu.module @m {
  // expected-note@+1 {{return type declared here}}
  gpu.func @f() -> i32 {
    // expected-error@+1 {{'gpu.return' op expected 1 result operands}}
    gpu.return
  }
}

// -----

func.func @memcpy_shapes(%d : memref<4xf32>, %s : memref<5xf32>) {
  // expected-error@+1 {{'gpu.memcpy' op arguments have incompatible shape}}
  gpu.memcpy %d, %s : memref<4xf32>, memref<5xf32>
  return
}

// -----

func.func @memset_type(%d : memref<4xf32>, %v : f64) {
  // expected-error@+1 {{failed to verify that all of {dst, value} have same element type}}
  gpu.memset %d, %v : memref<4xf32>, f64
  return
}
