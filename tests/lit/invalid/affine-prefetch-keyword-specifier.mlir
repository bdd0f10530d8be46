// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// affine.prefetch reads its read/write and cache specifiers as any keyword
// (`false` too) and then checks them, as AffinePrefetchOp::parse does.
func.func @cache_false(%i : index) {
  %0 = memref.alloc() : memref<10xf32>
  // expected-error@+1 {{cache type has to be 'data' or 'instr'}}
  affine.prefetch %0[%i], read, locality<0>, false  : memref<10xf32>
  return
}

// -----

func.func @rw_true(%i : index) {
  %0 = memref.alloc() : memref<10xf32>
  // expected-error@+1 {{rw specifier has to be 'read' or 'write'}}
  affine.prefetch %0[%i], true, locality<0>, data  : memref<10xf32>
  return
}
