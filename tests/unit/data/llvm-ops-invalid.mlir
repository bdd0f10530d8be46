// Invalid uses of the llvm dialect's ops, one a chunk, modelled on
// upstream's mlir/test/Dialect/LLVMIR/invalid.mlir; each is rejected by
// mlir-opt 22 with the expected message (tests/unit/test_llvm_verify.py).

func.func @icmp_predicate(%a: i32) {
  // expected-error@+1 {{custom op 'llvm.icmp' 'foo' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "foo" %a, %a : i32
  llvm.return
}

// -----

func.func @cmpxchg_failure(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{failure ordering cannot be 'release' or 'acq_rel'}}
  %0 = llvm.cmpxchg %p, %v, %v acq_rel release : !llvm.ptr, i32
  llvm.return
}

// -----

func.func @cmpxchg_unordered(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{ordering must be at least 'monotonic'}}
  %0 = llvm.cmpxchg %p, %v, %v unordered monotonic : !llvm.ptr, i32
  llvm.return
}

// -----

func.func @fence() {
  // expected-error@+1 {{can be given only acquire, release, acq_rel, and seq_cst orderings}}
  llvm.fence monotonic
  llvm.return
}

// -----

func.func @load_alignment(%p: !llvm.ptr) {
  // expected-error@+1 {{expected alignment for atomic access}}
  %0 = llvm.load %p atomic monotonic : !llvm.ptr -> f32
  llvm.return
}

// -----

func.func @load_release(%p: !llvm.ptr) {
  // expected-error@+1 {{unsupported ordering 'release'}}
  %0 = llvm.load %p atomic release {alignment = 4 : i64} : !llvm.ptr -> f32
  llvm.return
}

// -----

func.func @store_acquire(%p: !llvm.ptr, %v: f32) {
  // expected-error@+1 {{unsupported ordering 'acquire'}}
  llvm.store %v, %p atomic acquire {alignment = 4 : i64} : f32, !llvm.ptr
  llvm.return
}

// -----

func.func @alloca_size(%s: f32) {
  // expected-error@+1 {{'llvm.alloca' op operand #0 must be signless integer, but got 'f32'}}
  %0 = llvm.alloca %s x i32 : (f32) -> !llvm.ptr
  llvm.return
}

// -----

func.func @shuffle_scalable(%v: vector<[4]xf32>) {
  // expected-error@+1 {{expected a splat operation for scalable vectors}}
  %0 = llvm.shufflevector %v, %v [0, 0, 0, 0, 7] : vector<[4]xf32>
  llvm.return
}

// -----

func.func @fneg_integer(%v: i32) {
  // expected-error@+1 {{'llvm.fneg' op operand #0 must be floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type, but got 'i32'}}
  %0 = llvm.fneg %v : i32
  llvm.return
}

// -----

func.func @add_float(%v: f32) {
  // expected-error@+1 {{'llvm.add' op operand #0 must be signless integer or LLVM dialect-compatible vector of signless integer, but got 'f32'}}
  %0 = llvm.add %v, %v : f32
  llvm.return
}

// -----

func.func @atomicrmw_fadd(%p: !llvm.ptr, %v: i32) {
  // expected-error@+1 {{expected LLVM IR floating point type}}
  %0 = llvm.atomicrmw fadd %p, %v unordered : !llvm.ptr, i32
  llvm.return
}

// -----

func.func @call_unknown(%a: i32) {
  // expected-error@+1 {{'nowhere' does not reference a symbol in the current scope}}
  llvm.call @nowhere(%a) : (i32) -> ()
  llvm.return
}

// -----

// expected-note@below {{when returning from function}}
llvm.func @return_count() -> i32 {
  // expected-error@+1 {{expected 1 operand}}
  llvm.return
}

// -----

llvm.func @landingpad_personality() {
  // expected-error@+1 {{llvm.landingpad needs to be in a function with a personality}}
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return
}
