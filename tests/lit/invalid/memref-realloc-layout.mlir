// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// memref.realloc takes and gives memrefs of identity layout (ReallocOp::verify).
#map0 = affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>
func.func @source_layout(%src : memref<256xf32, #map0>) -> memref<?xf32> {
  // expected-error@+1 {{unsupported layout for source memref type 'memref<256xf32, affine_map<(d0) -> (d0 floordiv 8, d0 mod 8)>>'}}
  %0 = memref.realloc %src : memref<256xf32, #map0> to memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

func.func @result_layout(%src : memref<256xf32>) -> memref<300xf32, strided<[2]>> {
  // expected-error@+1 {{unsupported layout for result memref type 'memref<300xf32, strided<[2]>>'}}
  %0 = memref.realloc %src : memref<256xf32> to memref<300xf32, strided<[2]>>
  return %0 : memref<300xf32, strided<[2]>>
}
