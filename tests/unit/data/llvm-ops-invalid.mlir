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

// -----

llvm.func @sink(i32)

func.func @segments_of_another_length(%x: i32) {
  // expected-error@+1 {{'llvm.call' op operand count (1) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "llvm.call"(%x) <{callee = @sink}> {operandSegmentSizes = array<i32: 1, 0, 0>, op_bundle_sizes = array<i32>} : (i32) -> ()
  llvm.return
}

// -----

func.func @call_of_nothing() {
  // expected-error@+1 {{'llvm.call' op must have either a `callee` attribute or at least an operand}}
  "llvm.call"() {op_bundle_sizes = array<i32>} : () -> ()
  llvm.return
}

// -----

func.func @call_through_an_integer(%x: i64) {
  // expected-error@+1 {{'llvm.call' op indirect call expects a pointer as callee: 'i64'}}
  "llvm.call"(%x) {operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = array<i32>} : (i64) -> ()
  llvm.return
}

// -----

llvm.func @takes_f64(f64)

func.func @call_argument_type(%x: f32) {
  // expected-error@+1 {{'llvm.call' op operand type mismatch for operand 0: 'f32' != 'f64'}}
  llvm.call @takes_f64(%x) : (f32) -> ()
  llvm.return
}

// -----

llvm.func @gives_i16() -> i16

func.func @call_result_dropped() {
  // expected-error@+1 {{'llvm.call' op expected function call to produce a value}}
  llvm.call @gives_i16() : () -> ()
  llvm.return
}

// -----

llvm.func @gives_i16() -> i16

func.func @call_result_type() {
  // expected-error@+1 {{'llvm.call' op result type mismatch: 'i64' != 'i16'}}
  %0 = llvm.call @gives_i16() : () -> i64
  llvm.return
}

// -----

func.func private @not_llvm()

func.func @call_of_a_func_func() {
  // expected-error@+1 {{'llvm.call' op 'not_llvm' does not reference a valid LLVM function or IFunc}}
  llvm.call @not_llvm() : () -> ()
  llvm.return
}

// -----

llvm.func @printf_like(!llvm.ptr, ...)

func.func @vararg_without_type(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.call' op missing var_callee_type attribute for vararg call}}
  "llvm.call"(%p) <{callee = @printf_like}> {operandSegmentSizes = array<i32: 1, 0>, op_bundle_sizes = array<i32>} : (!llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @printf_like(!llvm.ptr, ...)

func.func @vararg_type_parameters(%p: !llvm.ptr, %x: f32) {
  // expected-error@+1 {{'llvm.call' op var_callee_type parameter type mismatch: 'f32' != '!llvm.ptr'}}
  llvm.call @printf_like(%p, %x) vararg(!llvm.func<void (f32, ...)>) : (!llvm.ptr, f32) -> ()
  llvm.return
}

// -----

llvm.func @printf_like(!llvm.ptr, ...)

func.func @vararg_type_not_variadic(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.call' op expected var_callee_type to be a variadic function type}}
  llvm.call @printf_like(%p) vararg(!llvm.func<void (ptr)>) : (!llvm.ptr) -> ()
  llvm.return
}

// -----

llvm.func @printf_like(!llvm.ptr, ...) -> i32
llvm.func @personality(...) -> i32

llvm.func @vararg_type_of_invoke(%p: !llvm.ptr) -> i32 attributes {personality = @personality} {
  // expected-error@+1 {{'llvm.invoke' op expected var_callee_type to have at most 1 parameters}}
  %0 = llvm.invoke @printf_like(%p) to ^ok unwind ^bad vararg(!llvm.func<i32 (ptr, ptr, ...)>) : (!llvm.ptr) -> i32
^ok:
  llvm.return %0 : i32
^bad:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return %0 : i32
}

// -----

func.func @atomic_load_of_i24(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.load' op unsupported type 'i24' for atomic access}}
  %0 = llvm.load %p atomic acquire {alignment = 4 : i64} : !llvm.ptr -> i24
  llvm.return
}

// -----

func.func @atomic_store_of_a_struct(%p: !llvm.ptr, %v: !llvm.struct<(i32)>) {
  // expected-error@+1 {{'llvm.store' op unsupported type '!llvm.struct<(i32)>' for atomic access}}
  llvm.store %v, %p atomic release {alignment = 4 : i64} : !llvm.struct<(i32)>, !llvm.ptr
  llvm.return
}

// -----

func.func @syncscope_without_atomic(%p: !llvm.ptr, %v: i64) {
  // expected-error@+1 {{'llvm.store' op expected syncscope to be null for non-atomic access}}
  "llvm.store"(%v, %p) {syncscope = "agent"} : (i64, !llvm.ptr) -> ()
  llvm.return
}

// -----

func.func @load_from_a_memref(%m: memref<4xi8>) {
  // expected-error@+1 {{'llvm.load' op operand #0 must be LLVM pointer type, but got 'memref<4xi8>'}}
  %0 = llvm.load %m : memref<4xi8> -> i8
  llvm.return
}

// -----

func.func @bitcast_pointer_to_float(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.bitcast' op can only cast pointers from and to pointers}}
  %0 = llvm.bitcast %p : !llvm.ptr to f64
  llvm.return
}

// -----

func.func @bitcast_across_spaces(%p: !llvm.ptr<3>) {
  // expected-error@+1 {{'llvm.bitcast' op cannot cast pointers of different address spaces, use 'llvm.addrspacecast' instead}}
  %0 = llvm.bitcast %p : !llvm.ptr<3> to !llvm.ptr<5>
  llvm.return
}

// -----

func.func @bitcast_of_a_matrix(%m: vector<4x4xi8>) {
  // expected-error@+1 {{'llvm.bitcast' op operand #0 must be LLVM-compatible non-aggregate type, but got 'vector<4x4xi8>'}}
  %0 = llvm.bitcast %m : vector<4x4xi8> to vector<4x4xi8>
  llvm.return
}

// -----

func.func @zext_narrower(%x: i64) {
  // expected-error@+1 {{integer width of the output type is smaller or equal to the integer width of the input type}}
  %0 = llvm.zext %x : i64 to i8
  llvm.return
}

// -----

func.func @sext_vector_lengths(%v: vector<4xi8>) {
  // expected-error@+1 {{input and output vectors are of incompatible shape}}
  %0 = llvm.sext %v : vector<4xi8> to vector<8xi16>
  llvm.return
}

// -----

func.func @insert_scalable_into_fixed(%s: vector<[2]xi64>, %d: vector<8xi64>) {
  // expected-error@+1 {{'llvm.intr.vector.insert' op failed to verify that it is not inserting scalable into fixed-length vectors.}}
  %0 = llvm.intr.vector.insert %s, %d[0] : vector<[2]xi64> into vector<8xi64>
  llvm.return
}

// -----

func.func @extract_too_wide(%v: vector<4097xf32>) {
  // expected-error@+1 {{'llvm.intr.vector.extract' op failed to verify that vectors are not bigger than 2^17 bits.}}
  %0 = llvm.intr.vector.extract %v[0] : vector<4xf32> from vector<4097xf32>
  llvm.return
}

// -----

func.func @string_of_another_length() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array type of 5 i8 elements for the string constant}}
  %0 = llvm.mlir.constant("hello") : !llvm.array<4 x i8>
  llvm.return
}

// -----

func.func @struct_field_type() {
  // expected-error@+1 {{'llvm.mlir.constant' op struct element at index 1 is of wrong type}}
  %0 = llvm.mlir.constant([7 : i32, 2 : i32]) : !llvm.struct<(i32, i64)>
  llvm.return
}

// -----

func.func @struct_of_one_value() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected array attribute for struct type}}
  %0 = llvm.mlir.constant(3 : i8) : !llvm.struct<(i8, i8)>
  llvm.return
}

// -----

func.func @integer_into_a_float() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type}}
  %0 = llvm.mlir.constant(2 : i32) : f64
  llvm.return
}

// -----

func.func @float_semantics() {
  // expected-error@+1 {{'llvm.mlir.constant' op attribute and type have different float semantics}}
  %0 = llvm.mlir.constant(2.5 : f32) : f64
  llvm.return
}

// -----

func.func @float_bits_as_integer() {
  // expected-error@+1 {{'llvm.mlir.constant' op expected integer type of width 64}}
  %0 = llvm.mlir.constant(2.5 : f64) : i32
  llvm.return
}

// -----

func.func @elements_count() {
  // expected-error@+1 {{'llvm.mlir.constant' op type and attribute have a different number of elements: 3 vs. 4}}
  %0 = llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi16>) : !llvm.array<3 x i16>
  llvm.return
}

// -----

func.func @scalable_not_splat() {
  // expected-error@+1 {{'llvm.mlir.constant' op scalable vector type requires a splat attribute}}
  %0 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi8>) : vector<[2]xi8>
  llvm.return
}

// -----

func.func @array_of_floats_from_an_array() {
  // expected-error@+1 {{'llvm.mlir.constant' op for array with an array attribute must have a struct element type}}
  %0 = llvm.mlir.constant([1.5 : f32]) : !llvm.array<1 x f32>
  llvm.return
}

// -----

func.func @array_of_structs_sizes() {
  // expected-error@+1 {{'llvm.mlir.constant' op nested array attribute size for struct element at index 1 must match struct size: 3 vs. 2}}
  %0 = llvm.mlir.constant([[1 : i8, 2 : i8], [1 : i8, 2 : i8, 3 : i8]]) : !llvm.array<2 x struct<(i8, i8)>>
  llvm.return
}

// -----

func.func @cmpxchg_of_i4(%p: !llvm.ptr, %v: i4) {
  // expected-error@+1 {{'llvm.cmpxchg' op unexpected LLVM IR type}}
  %0 = llvm.cmpxchg %p, %v, %v acq_rel monotonic : !llvm.ptr, i4
  llvm.return
}

// -----

func.func @cmpxchg_result(%p: !llvm.ptr, %v: i16) {
  // expected-error@+1 {{'llvm.cmpxchg' op failed to verify that result #0 has an LLVM struct type consisting of the type of operand #2 and a bool}}
  %0 = "llvm.cmpxchg"(%p, %v, %v) <{failure_ordering = 2 : i64, success_ordering = 2 : i64}> : (!llvm.ptr, i16, i16) -> !llvm.struct<(i16, i8)>
  llvm.return
}

// -----

func.func @atomicrmw_add_of_a_float(%p: !llvm.ptr, %v: f16) {
  // expected-error@+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw add %p, %v monotonic : !llvm.ptr, f16
  llvm.return
}

// -----

func.func @atomicrmw_fmax_of_integers(%p: !llvm.ptr, %v: vector<2xi32>) {
  // expected-error@+1 {{'llvm.atomicrmw' op expected LLVM IR floating point type for vector element}}
  %0 = llvm.atomicrmw fmax %p, %v monotonic : !llvm.ptr, vector<2xi32>
  llvm.return
}

// -----

func.func @atomicrmw_xchg_of_i7(%p: !llvm.ptr, %v: i7) {
  // expected-error@+1 {{'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op}}
  %0 = llvm.atomicrmw xchg %p, %v monotonic : !llvm.ptr, i7
  llvm.return
}

// -----

func.func @extractelement_result(%v: vector<2xf16>, %i: i32) {
  // expected-error@+1 {{'llvm.extractelement' op failed to verify that result type matches vector element type}}
  %0 = "llvm.extractelement"(%v, %i) : (vector<2xf16>, i32) -> f32
  llvm.return
}

// -----

// expected-error@+1 {{'llvm.mlir.global' op expected zero value for 'common' linkage}}
llvm.mlir.global common @counter(1.5 : f32) : f32

// -----

// expected-error@+1 {{'llvm.mlir.global' op expected array type for 'appending' linkage}}
llvm.mlir.global appending @list(0 : i64) : i64

// -----

// expected-error@+1 {{alignment attribute is not a power of 2}}
llvm.mlir.global internal @odd_alignment(0 : i16) {alignment = 6 : i64} : i16

// -----

// expected-error@+1 {{'llvm.func' op with optimize_none must also be no_inline}}
llvm.func @unoptimized() attributes {always_inline, optimize_none} {
  llvm.return
}

// -----

func.func @interleave_of_two_lengths(%a: vector<4xi32>, %b: vector<2xi32>) {
  // expected-error@+1 {{'llvm.intr.vector.interleave2' op failed to verify that all of {vec1, vec2} have same type}}
  %0 = "llvm.intr.vector.interleave2"(%a, %b) : (vector<4xi32>, vector<2xi32>) -> vector<8xi32>
  llvm.return
}

// -----

func.func @interleave_into_scalable(%a: vector<4xi32>) {
  // expected-error@+1 {{'llvm.intr.vector.interleave2' op failed to verify that result has twice as many elements as 'vec1'}}
  %0 = "llvm.intr.vector.interleave2"(%a, %a) : (vector<4xi32>, vector<4xi32>) -> vector<[8]xi32>
  llvm.return
}

// -----

func.func @extractvalue_result(%s: !llvm.struct<(i8, f64)>) {
  // expected-error@+1 {{'llvm.extractvalue' op Type mismatch: extracting from '!llvm.struct<(i8, f64)>' should produce 'f64' but this op returns 'i8'}}
  %0 = "llvm.extractvalue"(%s) <{position = array<i64: 1>}> : (!llvm.struct<(i8, f64)>) -> i8
  llvm.return
}

// -----

func.func @insertvalue_value(%a: !llvm.array<3 x i16>, %x: i32) {
  // expected-error@+1 {{'llvm.insertvalue' op Type mismatch: cannot insert 'i32' into '!llvm.array<3 x i16>'}}
  %0 = "llvm.insertvalue"(%a, %x) <{position = array<i64: 2>}> : (!llvm.array<3 x i16>, i32) -> !llvm.array<3 x i16>
  llvm.return
}

// -----

func.func @extractvalue_position(%a: !llvm.array<3 x i16>) {
  // expected-error@+1 {{'llvm.extractvalue' op position out of bounds: 3}}
  %0 = "llvm.extractvalue"(%a) <{position = array<i64: 3>}> : (!llvm.array<3 x i16>) -> i16
  llvm.return
}

// -----

func.func @gep_dynamic_struct_field(%p: !llvm.ptr, %i: i64) {
  // expected-error@+1 {{'llvm.getelementptr' op expected index 2 indexing a struct to be constant}}
  %0 = llvm.getelementptr %p[0, 1, %i] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.array<4 x struct<(f32, f64)>>
  llvm.return
}

// -----

func.func @gep_field_past_end(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op index 1 indexing a struct is out of bounds}}
  %0 = llvm.getelementptr %p[0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(i16, i16)>
  llvm.return
}

// -----

func.func @gep_into_scalar(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op type 'f64' cannot be indexed (index #2)}}
  %0 = llvm.getelementptr %p[1, 0, 0] : (!llvm.ptr) -> !llvm.ptr, vector<2xf64>
  llvm.return
}

// -----

func.func @gep_missing_dynamic_index(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op expected as many dynamic indices as specified in 'rawConstantIndices'}}
  %0 = "llvm.getelementptr"(%p) <{elem_type = i8, rawConstantIndices = array<i32: 0, -2147483648>}> : (!llvm.ptr) -> !llvm.ptr
  llvm.return
}

// -----

func.func @gep_bare_inbounds_bit(%p: !llvm.ptr) {
  // expected-error@+1 {{'llvm.getelementptr' op 'inbounds_flag' cannot be used directly.}}
  %0 = llvm.getelementptr inbounds_flag %p[3] : (!llvm.ptr) -> !llvm.ptr, i32
  llvm.return
}

// -----

llvm.func @personality(...) -> i32
llvm.func @may_throw()

// expected-error@+1 {{'llvm.landingpad' should have a consistent result type inside a function}}
llvm.func @two_landingpad_types() attributes {personality = @personality} {
  llvm.invoke @may_throw() to ^ok unwind ^first : () -> ()
^ok:
  llvm.invoke @may_throw() to ^done unwind ^second : () -> ()
^first:
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.return
^second:
  %1 = llvm.landingpad cleanup : !llvm.struct<(ptr, i64)>
  llvm.return
^done:
  llvm.return
}

// -----

llvm.func @personality(...) -> i32
llvm.func @may_throw()

// expected-error@+1 {{'llvm.resume' should have a consistent input type inside a function}}
llvm.func @resume_other_type(%x: i64) attributes {personality = @personality} {
  llvm.invoke @may_throw() to ^ok unwind ^pad : () -> ()
^ok:
  llvm.return
^pad:
  %0 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %x : i64
}

// -----

llvm.func @tagged_twice() {
  llvm.br ^next
^next:
  llvm.blocktag <id = 7>
  llvm.br ^last
^last:
  // expected-error@+1 {{duplicate block tag '7' in the same function: }}
  llvm.blocktag <id = 7>
  llvm.return
}

// -----

llvm.func @no_such_tag() -> !llvm.ptr {
  // expected-error@+1 {{'llvm.blockaddress' op expects an existing block label target in the referenced function}}
  %0 = llvm.blockaddress <function = @no_such_tag, tag = <id = 3>> : !llvm.ptr
  llvm.br ^next
^next:
  llvm.blocktag <id = 4>
  llvm.return %0 : !llvm.ptr
}

// -----

func.func @zero_of_target_type() {
  // expected-error@+1 {{'llvm.mlir.zero' op target extension type does not support zero-initializer}}
  %0 = llvm.mlir.zero : !llvm.target<"some.target">
  llvm.return
}

// -----

func.func @undef_of_memref() {
  // expected-error@+1 {{'llvm.mlir.undef' op result #0 must be LLVM dialect-compatible type, but got 'memref<2xf32>'}}
  %0 = llvm.mlir.undef : memref<2xf32>
  llvm.return
}

// -----

llvm.mlir.global private @stores_in_initializer() : i32 {
  %0 = llvm.mlir.constant(4 : i32) : i32
  %1 = llvm.mlir.constant(1 : i64) : i64
  // expected-error@+1 {{ops with side effects not allowed in global initializers}}
  %2 = llvm.alloca %1 x i32 : (i64) -> !llvm.ptr
  llvm.return %0 : i32
}

// -----

llvm.func @callee()
llvm.func @bundle_without_tag(%x: i16) {
  // expected-error@+1 {{expected 1 operand bundle tags, but actually got 0}}
  "llvm.call"(%x) <{callee = @callee, operandSegmentSizes = array<i32: 0, 1>, op_bundle_sizes = array<i32: 1>}> : (i16) -> ()
  llvm.return
}

// -----

llvm.func @callee()
llvm.func @bundle_types(%x: i16, %y: i16) {
  // expected-error@+1 {{custom op 'llvm.call' expected 2 types for operand bundle operands for operand bundle #0, but actually got 1}}
  llvm.call @callee() ["first"(%x, %y : i16)] : () -> ()
  llvm.return
}

// -----

func.func @call_returns_void(%f: !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.call' expected a non-void result type}}
  %0 = llvm.call %f() : !llvm.ptr, () -> !llvm.void
  llvm.return
}

// -----

func.func @call_two_results(%f: !llvm.ptr, %x: f32) {
  // expected-error@+1 {{custom op 'llvm.call' expected function with 0 or 1 result}}
  %0:2 = llvm.call %f(%x) : !llvm.ptr, (f32) -> (f32, f32)
  llvm.return
}

// -----

func.func @indirect_call_without_pointer_type(%f: !llvm.ptr, %x: f32) {
  // expected-error@+1 {{custom op 'llvm.call' expected indirect call to have 2 trailing types}}
  llvm.call %f(%x) : (f32) -> ()
  llvm.return
}

// -----

llvm.func @callee(f32)
func.func @direct_call_with_pointer_type(%x: f32) {
  // expected-error@+2 {{expected '('}}
  // expected-error@+1 {{custom op 'llvm.call' expected direct call to have 1 trailing types}}
  llvm.call @callee(%x) : !llvm.ptr, (f32) -> ()
  llvm.return
}

// -----

func.func @atomicrmw_of_scalable_vector(%p: !llvm.ptr, %v: vector<[4]xi32>) {
  // expected-error@+1 {{custom op 'llvm.atomicrmw' 'val' must be floating point LLVM type or LLVM pointer type or signless integer or LLVM dialect-compatible fixed-length vector type, but got 'vector<[4]xi32>'}}
  %0 = llvm.atomicrmw add %p, %v seq_cst : !llvm.ptr, vector<[4]xi32>
  llvm.return
}

// -----

func.func @cmpxchg_of_float(%p: !llvm.ptr, %v: f64) {
  // expected-error@+1 {{custom op 'llvm.cmpxchg' 'val' must be signless integer or LLVM pointer type, but got 'f64'}}
  %0 = llvm.cmpxchg %p, %v, %v seq_cst seq_cst : !llvm.ptr, f64
  llvm.return
}

// -----

func.func @atomicrmw_min_of_float(%p: !llvm.ptr, %v: f16) {
  // expected-error@+1 {{'llvm.atomicrmw' op expected LLVM IR integer type}}
  %0 = llvm.atomicrmw min %p, %v acquire : !llvm.ptr, f16
  llvm.return
}

// -----

func.func @store_tbaa_not_tags(%p: !llvm.ptr, %v: i8) {
  // expected-error@+1 {{custom op 'llvm.store' 'llvm.store' op attribute 'tbaa' failed to satisfy constraint: LLVM dialect TBAA tag metadata array}}
  llvm.store %v, %p {tbaa = [1 : i32]} : i8, !llvm.ptr
  llvm.return
}

// -----

func.func @alloca_two_results(%n: i32) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected trailing function type with one argument and one result}}
  %0:2 = llvm.alloca %n x f64 : (i32) -> (!llvm.ptr, !llvm.ptr)
  llvm.return
}

// -----

func.func @alloca_string_alignment(%n: i32) {
  // expected-error@+1 {{custom op 'llvm.alloca' expected integer alignment}}
  %0 = llvm.alloca %n x f64 {alignment = "eight"} : (i32) -> !llvm.ptr
  llvm.return
}

// -----

func.func @alloca_of_target_type(%n: i32) {
  // expected-error@+1 {{'llvm.alloca' op this target extension type cannot be used in alloca}}
  %0 = llvm.alloca %n x !llvm.target<"some.opaque"> : (i32) -> !llvm.ptr
  llvm.return
}

// -----

func.func @extractvalue_past_array(%a: !llvm.array<2 x f32>) {
  %0 = llvm.extractvalue %a[2] : !llvm.array<2 x f32>
  // expected-error@+1 {{custom op 'llvm.extractvalue' position out of bounds: 2}}
  llvm.return
}

// -----

func.func @insertvalue_into_scalar(%x: i64) {
  %0 = llvm.insertvalue %x, %x[0] : i64
// expected-error@+1 {{custom op 'llvm.insertvalue' expected LLVM IR structure/array type, got: 'i64'}}
}

// -----

llvm.func @returns_from_void(%x: f32) {
  // expected-note@-1 {{when returning from function}}
  // expected-error@+1 {{'llvm.return' op expected no operands}}
  llvm.return %x : f32
}

// -----

llvm.func @returns_nothing() -> f32 {
  // expected-note@-1 {{when returning from function}}
  // expected-error@+1 {{'llvm.return' op expected 1 operand}}
  llvm.return
}

// -----

llvm.func @inline_asm_musttail(%x: i64) -> i64 {
  // expected-error@+1 {{'llvm.inline_asm' op tail call kind 'musttail' is not supported by this operation}}
  %0 = llvm.inline_asm tail_call_kind = <musttail> "mov $0, $1", "=r,r" %x : (i64) -> i64
  llvm.return %0 : i64
}

// -----

llvm.func @inline_asm_tail_kind(%x: i64) -> i64 {
  // expected-error@+2 {{custom op 'llvm.inline_asm' expected one of [none, notail, musttail, tail] for Tail Call Kind, got: always}}
  // expected-error@+1 {{custom op 'llvm.inline_asm' failed to parse TailCallKindAttr parameter 'tailCallKind' which is to be a `TailCallKind`}}
  %0 = llvm.inline_asm tail_call_kind = <always> "mov $0, $1", "=r,r" %x : (i64) -> i64
  llvm.return %0 : i64
}

// -----

llvm.mlir.global internal @plain(1 : i64) : i64
// expected-error@+1 {{expected comdat symbol}}
llvm.mlir.global internal @grouped(2 : i64) comdat(@plain) : i64

// -----

// expected-error@+1 {{expected comdat symbol}}
llvm.func @in_missing_group() comdat(@groups::@any) {
  llvm.return
}

// -----

// expected-error@+1 {{'llvm.func' op external functions must have 'external' or 'extern_weak' linkage}}
llvm.func private @private_declaration(i32)

// -----

// expected-error@+1 {{'llvm.func' op functions cannot have 'common' linkage}}
llvm.func common @common_definition() {
  llvm.return
}

// -----

func.func @fcmp_unit_predicate(%x: f32) {
  // expected-error@+1 {{custom op 'llvm.fcmp' invalid kind of attribute specified}}
  %0 = llvm.fcmp unit %x, %x : f32
  llvm.return
}

// -----

func.func @icmp_unknown_predicate(%x: i8) {
  // expected-error@+1 {{custom op 'llvm.icmp' 'lt' is an incorrect value of the 'predicate' attribute}}
  %0 = llvm.icmp "lt" %x, %x : i8
  llvm.return
}

// -----

func.func @extractelement_of_array(%a: !llvm.array<4 x i8>, %i: i64) {
  // expected-error@+1 {{custom op 'llvm.extractelement' invalid kind of type specified: expected builtin.vector, but found '!llvm.array<4 x i8>'}}
  %0 = llvm.extractelement %a[%i : i64] : !llvm.array<4 x i8>
  llvm.return
}

// -----

func.func @shufflevector_of_scalar(%x: i16) {
  // expected-error@+1 {{custom op 'llvm.shufflevector' invalid kind of type specified: expected builtin.vector, but found 'i16'}}
  %0 = llvm.shufflevector %x, %x [1, 0] : i16
  llvm.return
}

// -----

func.func @gep_types_for_base_only(%p: !llvm.ptr, %i: i32) {
  // expected-error@+1 {{custom op 'llvm.getelementptr' number of operands and types do not match: got 2 operands and 1 types}}
  %0 = llvm.getelementptr %p[%i] : (!llvm.ptr) -> !llvm.ptr, f32
  llvm.return
}

// -----

func.func @gep_result_type_only(%p: !llvm.ptr, %i: i32) {
  // expected-error@+1 {{custom op 'llvm.getelementptr' invalid kind of type specified: expected builtin.function, but found '!llvm.ptr<1>'}}
  %0 = llvm.getelementptr inbounds %p[%i] : !llvm.ptr<1>, f32
  llvm.return
}

// -----

func.func @va_arg_without_function_type(%list: !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.va_arg' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %0 = llvm.va_arg %list : i32
  llvm.return
}

// -----

func.func @va_arg_type_then_attributes(%list: !llvm.ptr) {
  // expected-error@+1 {{custom op 'llvm.va_arg' invalid kind of type specified: expected builtin.function, but found 'f64'}}
  %0 = llvm.va_arg %list : f64 {nontemporal}
  llvm.return
}

// -----

// A struct type's body is bracketed.
// expected-error@+1 {{expected '<'}}
llvm.func @bare_struct() -> !llvm.struct

// -----

llvm.func @string_field(%s: !llvm.struct<(i32, f64)>) {
  // A struct's name stands before its fields, not among them.
  // expected-error@+1 {{expected valid keyword}}
  %0 = llvm.extractvalue %s[0] : !llvm.struct<(i32, "f64")>
  llvm.return
}

// -----

llvm.func @untyped_return(%a: i32) -> i32 {
  // expected-error@+1 {{custom op 'llvm.return' number of operands and types do not match: got 1 operands and 0 types}}
  llvm.return %a :
}

// -----

// One type per field.
// expected-error@+1 {{expected ')'}}
llvm.func @two_types_in_a_field(!llvm.struct<(i32, i64 f32)>)
