// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Fewer subscripts than the memref has dimensions.
// CHECK: {{.*}}affine-load-subscript-count.mlir:9:8: error: 'affine.load' op affine map num results must equal memref rank
// CHECK-NEXT: {{^}}  %0 = affine.load %m[%i] : memref<4x4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%m: memref<4x4xf32>, %i: index) -> f32 {
  %0 = affine.load %m[%i] : memref<4x4xf32>
  return %0 : f32
}
