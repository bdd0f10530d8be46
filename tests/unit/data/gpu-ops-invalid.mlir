// Invalid uses of the gpu dialect's ops, one a chunk, modelled on
// upstream's mlir/test/Dialect/GPU/invalid.mlir; each is rejected by
// mlir-opt 22 with the expected message (tests/unit/test_gpu_verify.py).

func.func @launch_segments_of_another_length(%n: index) {
  // expected-error@+1 {{'gpu.launch' op operand count (6) does not match with the total size (0) specified in attribute 'operandSegmentSizes'}}
  "gpu.launch"(%n, %n, %n, %n, %n, %n) ({
  ^bb0(%a: index, %b: index, %c: index, %d: index, %e: index, %f: index):
    gpu.terminator
  }) {operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 1>} : (index, index, index, index, index, index) -> ()
  return
}

// -----

func.func @mma_operands_swapped(%a: !gpu.mma_matrix<16x16xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{operands must be in the order AOp, BOp, COp}}
  %d = gpu.subgroup_mma_compute %a, %a, %c : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "AOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @mma_shapes(%a: !gpu.mma_matrix<16x8xf16, "AOp">, %b: !gpu.mma_matrix<16x16xf16, "BOp">, %c: !gpu.mma_matrix<16x16xf32, "COp">) {
  // expected-error@+1 {{operand shapes do not satisfy matmul constraints}}
  %d = gpu.subgroup_mma_compute %a, %b, %c : !gpu.mma_matrix<16x8xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
  return
}

// -----

func.func @alloc_sizes(%n: index) {
  // expected-error@+1 {{'gpu.alloc' op incorrect number of dynamic sizes, has 1, expected 0}}
  %0 = gpu.alloc(%n) : memref<8x8xi32, 1>
  return
}

// -----

func.func @alloc_symbols(%n: index) {
  // expected-error@+1 {{'gpu.alloc' op symbol operand count does not equal memref symbol count}}
  %0 = gpu.alloc() : memref<16xf32, affine_map<(i)[o] -> (i + o)>, 1>
  return
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op expected memory space workgroup in attribution}}
  gpu.func @shared_in_private_space() workgroup(%w: memref<32xi8, #gpu.address_space<private>>) {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op expected memory space private in attribution}}
  gpu.func @private_in_global_space() private(%p: memref<2xf64, #gpu.address_space<global>>) {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op gpu.known_grid_size must be a dense i32 array}}
  gpu.func @grid_as_i64() kernel attributes {gpu.known_grid_size = array<i64: 4, 4, 1>} {
    gpu.return
  }
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{'gpu.func' op gpu.known_block_size must contain exactly 3 elements}}
  gpu.func @block_of_four() kernel attributes {gpu.known_block_size = array<i32: 8, 8, 1, 1>} {
    gpu.return
  }
}

// -----

// expected-error@+1 {{'gpu.module' op attribute 'targets' failed to satisfy constraint: array of GPU target attributes with at least 1 elements}}
gpu.module @no_targets [] {
}

// -----

// expected-error@+1 {{'gpu.binary' op attribute 'objects' failed to satisfy constraint: an array of GPU object attributes with at least 1 elements}}
gpu.binary @not_an_object ["cubin"]

// -----

func.func @load_from_a_transposed_memref(%m: memref<16x16xf16, affine_map<(r, c) -> (c, r)>>, %i: index) {
  // expected-error@+1 {{expected source memref most minor dim must have unit stride}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 16 : index} : memref<16x16xf16, affine_map<(r, c) -> (c, r)>> -> !gpu.mma_matrix<16x16xf16, "BOp">
  return
}

// -----

func.func @store_of_an_a_matrix(%a: !gpu.mma_matrix<16x16xf32, "AOp">, %m: memref<16x16xf32>, %i: index) {
  // expected-error@+1 {{expected the operand matrix being stored to have 'COp' operand type}}
  gpu.subgroup_mma_store_matrix %a, %m[%i, %i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "AOp">, memref<16x16xf32>
  return
}

// -----

// expected-error@+1 {{MMAMatrixType must have exactly two dimensions}}
func.func @matrix_of_one_dimension(%a: !gpu.mma_matrix<256xf16, "COp">) {
  return
}

// -----

// expected-error@+1 {{operand expected to be one of AOp, BOp or COp}}
func.func @matrix_of_no_kind(%a: !gpu.mma_matrix<8x8xf16, "DOp">) {
  return
}

// -----

// expected-error@+1 {{MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64}}
func.func @matrix_of_i16(%a: !gpu.mma_matrix<8x8xi16, "AOp">) {
  return
}

// -----

// expected-error@+1 {{expected static shape}}
func.func @matrix_of_dynamic_rows(%a: !gpu.mma_matrix<?x16xf32, "COp">) {
  return
}

// -----

// expected-error@+1 {{expected ','}}
func.func @matrix_without_kind(%a: !gpu.mma_matrix<16x16xf32>) {
  return
}

// -----

func.func @mma_load_from_i16(%m: memref<16x16xi16>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_load_matrix' op operand #0 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values of ranks 1 values, but got 'memref<16x16xi16>'}}
  %0 = gpu.subgroup_mma_load_matrix %m[%i, %i] {leadDimension = 16 : index} : memref<16x16xi16> -> !gpu.mma_matrix<16x16xf16, "AOp">
  return
}

// -----

func.func @mma_store_into_vectors_of_rank_two(%c: !gpu.mma_matrix<16x16xf32, "COp">, %m: memref<4xvector<2x2xf32>>, %i: index) {
  // expected-error@+1 {{'gpu.subgroup_mma_store_matrix' op operand #1 must be memref of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float or vector of 8-bit signless integer or 32-bit signless integer or 16-bit float or 32-bit float or 64-bit float values of ranks 1 values, but got 'memref<4xvector<2x2xf32>>'}}
  gpu.subgroup_mma_store_matrix %c, %m[%i] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<4xvector<2x2xf32>>
  return
}

// -----

func.func @launch_body_unreachable(%n: index) {
  // expected-note@+1 {{in 'gpu.launch' body region}}
  gpu.launch blocks(%a, %b, %c) in (%d = %n, %e = %n, %f = %n)
             threads(%g, %h, %i) in (%j = %n, %k = %n, %l = %n) {
    // expected-error@+1 {{expected 'gpu.terminator' or a terminator with successors}}
    llvm.unreachable
  }
  return
}

// -----

gpu.module @kernels {
  // expected-error@+1 {{custom op 'gpu.func' gpu.func requires named arguments}}
  gpu.func @unnamed(index) kernel {
    gpu.return
  }
}

// -----

func.func @unnamed_async_dealloc(%buffer: memref<8xf32>) {
  %ready = gpu.wait async
  // expected-error@+1 {{custom op 'gpu.dealloc' needs to be named when marked 'async'}}
  gpu.dealloc async [%ready] %buffer : memref<8xf32>
  return
}

// -----

func.func @unnamed_async_launch(%n: index) {
  // expected-error@+1 {{custom op 'gpu.launch' needs to be named when marked 'async'}}
  gpu.launch async blocks(%a, %b, %c) in (%d = %n, %e = %n, %f = %n)
             threads(%g, %h, %i) in (%j = %n, %k = %n, %l = %n) {
    gpu.terminator
  }
  return
}

// -----

module attributes {gpu.container_module} {
  func.func @kernel_argument_with_attribute(%n: index, %x: f32) {
    // expected-error@+1 {{expected ')' in argument list}}
    gpu.launch_func @kernels::@scale blocks in (%n, %n, %n) threads in (%n, %n, %n) args(%n : index, %x : f32 {llvm.noalias})
    return
  }
}

// -----

func.func @unnamed_async_alloc_read_no_further(%n: index) {
  // expected-error@+1 {{custom op 'gpu.alloc' needs to be named when marked 'async'}}
  gpu.alloc async (%n) : memref<?xf32
  return
}

// -----

// An object without its target: the attribute's parser reports it twice.
// expected-error@+2 {{expected attribute value}}
// expected-error@+1 {{failed to parse GPU_ObjectAttr parameter 'target' which is to be a `Attribute`}}
gpu.binary @no_target [#gpu.object<>]

// -----

// An object's string is its second parameter.
// expected-error@+1 {{expected ','}}
gpu.binary @target_only [#gpu.object<#rocdl.target>]

// -----

// expected-error@+2 {{expected attribute value}}
// expected-error@+1 {{failed to parse GPU_ObjectAttr parameter 'object' which is to be a `StringAttr`}}
gpu.binary @no_object [#gpu.object<#nvvm.target,  >]

// -----

// A selection names one object.
// expected-error@+1 {{expected '>'}}
gpu.binary @two_selected <#gpu.select_object<0, 1>> [#gpu.object<#nvvm.target, "">]

// -----

// expected-error@+2 {{expected attribute value}}
// expected-error@+1 {{failed to parse GPU_KernelMetadataAttr parameter 'name' which is to be a `StringAttr`}}
module attributes {gpu.kernel = #gpu.kernel_metadata< >} {}
