// RUN: pyaffine-opt --allow-unregistered-dialect %s | FileCheck %s
// Ops on lines of their own, which the lexer takes as one OP_LINES token a run
// and builds from the first line of their shape: names of other lengths,
// result numbers (`%p#1`), a line ended by a comment, a line that the next
// line continues (`loc(...)`), an op split over two lines.  The expected
// text is mlir-opt 22's.

#shift = affine_map<(d0) -> (d0 + 1)>

func.func @lines(%A: memref<8xf32>, %a: f32, %long_name: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %x = arith.addf %a, %a : f32
  %yyyyyyy = arith.addf %long_name, %a : f32
  %p:2 = "test.two"() : () -> (f32, f32)
  %q = arith.addf %p#0, %p#1 : f32
  %r = arith.addf %p#1, %x : f32
  %k = affine.apply #shift(%n)
  %kk = affine.apply #shift(%k)
  %v = affine.load %A[%k + 1] : memref<8xf32>
  %w = affine.load %A[%kk + 1] : memref<8xf32>
  %s = arith.mulf %v, %w : f32 // a comment ends no line's op early
  %t = arith.mulf %s, %w : f32
    loc(unknown)
  %u = arith.mulf %t,
         %t : f32
  affine.store %u, %A[%n] : memref<8xf32>
  affine.store %q, %A[%c0] : memref<8xf32>
  return %r : f32
}

// CHECK: #map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @lines(%arg0: memref<8xf32>, %arg1: f32, %arg2: f32, %arg3: index) -> f32 {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %0 = arith.addf %arg1, %arg1 : f32
// CHECK-NEXT:     %1 = arith.addf %arg2, %arg1 : f32
// CHECK-NEXT:     %2:2 = "test.two"() : () -> (f32, f32)
// CHECK-NEXT:     %3 = arith.addf %2#0, %2#1 : f32
// CHECK-NEXT:     %4 = arith.addf %2#1, %0 : f32
// CHECK-NEXT:     %5 = affine.apply #map(%arg3)
// CHECK-NEXT:     %6 = affine.apply #map(%5)
// CHECK-NEXT:     %7 = affine.load %arg0[%5 + 1] : memref<8xf32>
// CHECK-NEXT:     %8 = affine.load %arg0[%6 + 1] : memref<8xf32>
// CHECK-NEXT:     %9 = arith.mulf %7, %8 : f32
// CHECK-NEXT:     %10 = arith.mulf %9, %8 : f32
// CHECK-NEXT:     %11 = arith.mulf %10, %10 : f32
// CHECK-NEXT:     affine.store %11, %arg0[%arg3] : memref<8xf32>
// CHECK-NEXT:     affine.store %3, %arg0[%c0] : memref<8xf32>
// CHECK-NEXT:     return %4 : f32
// CHECK-NEXT:   }
// CHECK-NEXT: }
