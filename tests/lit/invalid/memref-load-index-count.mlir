// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// memref.load with fewer indices than the memref's rank: reported by the
// op's verifier, at the op (as mlir-opt 22 does); the index count must
// match the memref type's rank.
// CHECK: {{.*}}memref-load-index-count.mlir:11:8: error: 'memref.load' op incorrect number of indices for load, expected 2 but got 1
// CHECK-NEXT: {{^}}  %0 = memref.load %m[%i] : memref<4x4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%m: memref<4x4xf32>, %i: index) -> f32 {
  %0 = memref.load %m[%i] : memref<4x4xf32>
  return %0 : f32
}
