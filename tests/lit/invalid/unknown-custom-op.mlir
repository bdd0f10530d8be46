// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A custom-form op of a dialect that is not registered.
// CHECK: {{.*}}unknown-custom-op.mlir:10:3: error: Dialect `foo' not found for custom op 'foo.bar' 
// CHECK-NEXT: {{^}}  foo.bar %x{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NEXT: {{.*}}unknown-custom-op.mlir:10:3: note: Available dialects: acc, affine, amdgpu, amx, arith, arm_neon, arm_sme, arm_sve, async, bufferization, builtin, cf, complex, dlti, emitc, func, gpu, index, irdl, linalg, llvm, math, memref, ml_program, mpi, nvgpu, nvvm, omp, pdl, pdl_interp, ptr, quant, rocdl, scf, shape, shard, smt, sparse_tensor, spirv, tensor, test, test_dyn, test_irdl_to_cpp, tosa, transform, ub, vector, wasmssa, x86vector, xegpu, xevm ; for more info on dialect registration see https://mlir.llvm.org/getting_started/Faq/#registered-loaded-dependent-whats-up-with-dialects-management
// CHECK-NOT: Traceback

func.func @f(%x: i32) {
  foo.bar %x
  return
}
