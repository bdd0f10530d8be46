// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A memref layout map whose dimension count differs from the rank.
// CHECK: {{.*}}memref-layout-rank-mismatch.mlir:8:18: error: memref layout mismatch between rank and affine map: 1 != 2
// CHECK-NEXT: {{^}}func.func @f(%m: memref<4xf32, affine_map<(d0, d1) -> (d0)>>) {{[{]$}}
// CHECK-NEXT: {{^}}                 ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%m: memref<4xf32, affine_map<(d0, d1) -> (d0)>>) {
  return
}
