// RUN: pyaffine-opt %s | FileCheck %s
// Subscripts of affine memory ops, most of which the lexer takes as one
// token (AFFINE_SUBSCRIPTS) and maps by their shape: repeated and distinct
// names of one shape, `symbol(...)`, negations and divisions by negative
// constants, spacing, and the forms that are lexed token by token (hex
// integers, parentheses).  Names such as `%a-1` are one SSA name.  The
// expected text is mlir-opt 22's.

func.func @shapes(%A: memref<16x16xf32>, %V: memref<64xf32>, %n: index) {
  affine.for %i = 0 to 8 {
    affine.for %j = 0 to 8 {
      %a-1 = affine.load %A[%i, %j] : memref<16x16xf32>
      %b = affine.load %A[%j, %i] : memref<16x16xf32>
      %c = affine.load %A[%i, %i] : memref<16x16xf32>
      %d = affine.load %A[%j + %i, %i - 1] : memref<16x16xf32>
      %e = affine.load %A[%i floordiv -2, -%j + symbol(%n)] : memref<16x16xf32>
      %f = affine.load %A[%j floordiv -2, -%i + symbol(%n)] : memref<16x16xf32>
      %g = affine.load %A[  %i*2 ,%j mod 4  ] : memref<16x16xf32>
      %h = affine.load %A[0x1, %j] : memref<16x16xf32>
      %k = affine.load %A[(%i + 1) * 2, %j] : memref<16x16xf32>
      %l = affine.load %A[%i -1, 3 - %j] : memref<16x16xf32>
      %m = affine.load %A[2 * %i ceildiv 3, %j] : memref<16x16xf32>
      %o = affine.load %A[symbol(%n), %j] : memref<16x16xf32>
      %p = affine.vector_load %V[%i * 8 + %j] : memref<64xf32>, vector<4xf32>
      affine.vector_store %p, %V[%j * 8 + %i] : memref<64xf32>, vector<4xf32>
      affine.store %a-1, %A[%j, %i] : memref<16x16xf32>
      affine.prefetch %A[%i + 1, %j], read, locality<3>, data : memref<16x16xf32>
      %q = memref.load %A[%i, %j] : memref<16x16xf32>
      %r = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
    }
  }
  return
}

// CHECK: #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @shapes(%arg0: memref<16x16xf32>, %arg1: memref<64xf32>, %arg2: index) {
// CHECK-NEXT:     affine.for %arg3 = 0 to 8 {
// CHECK-NEXT:       affine.for %arg4 = 0 to 8 {
// CHECK-NEXT:         %0 = affine.load %arg0[%arg3, %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %1 = affine.load %arg0[%arg4, %arg3] : memref<16x16xf32>
// CHECK-NEXT:         %2 = affine.load %arg0[%arg3, %arg3] : memref<16x16xf32>
// CHECK-NEXT:         %3 = affine.load %arg0[%arg4 + %arg3, %arg3 - 1] : memref<16x16xf32>
// CHECK-NEXT:         %4 = affine.load %arg0[%arg3 floordiv -2, -%arg4 + symbol(%arg2)] : memref<16x16xf32>
// CHECK-NEXT:         %5 = affine.load %arg0[%arg4 floordiv -2, -%arg3 + symbol(%arg2)] : memref<16x16xf32>
// CHECK-NEXT:         %6 = affine.load %arg0[%arg3 * 2, %arg4 mod 4] : memref<16x16xf32>
// CHECK-NEXT:         %7 = affine.load %arg0[1, %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %8 = affine.load %arg0[(%arg3 + 1) * 2, %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %9 = affine.load %arg0[%arg3 - 1, -%arg4 + 3] : memref<16x16xf32>
// CHECK-NEXT:         %10 = affine.load %arg0[(%arg3 * 2) ceildiv 3, %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %11 = affine.load %arg0[symbol(%arg2), %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %12 = affine.vector_load %arg1[%arg3 * 8 + %arg4] : memref<64xf32>, vector<4xf32>
// CHECK-NEXT:         affine.vector_store %12, %arg1[%arg4 * 8 + %arg3] : memref<64xf32>, vector<4xf32>
// CHECK-NEXT:         affine.store %0, %arg0[%arg4, %arg3] : memref<16x16xf32>
// CHECK-NEXT:         affine.prefetch %arg0[%arg3 + 1, %arg4], read, locality<3>, data : memref<16x16xf32>
// CHECK-NEXT:         %13 = memref.load %arg0[%arg3, %arg4] : memref<16x16xf32>
// CHECK-NEXT:         %14 = affine.apply #map(%arg3)[%arg2]
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: }
