// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A loop body without its closing brace: the function's brace closes the loop.
// CHECK: {{.*}}unterminated-nested-region.mlir:11:2: error: expected operation name in quotes
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}} ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%m: memref<10xf32>, %v: f32) {
  affine.for %i = 0 to 10 {
    affine.store %v, %m[%i] : memref<10xf32>
}
