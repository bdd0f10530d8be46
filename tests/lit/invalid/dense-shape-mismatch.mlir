// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A dense literal with fewer elements than its type.
// CHECK: {{.*}}dense-shape-mismatch.mlir:9:23: error: inferred shape of elements literal ([2]) does not match type ([3])
// CHECK-NEXT: {{^}}  %0 = arith.constant dense<[1, 2]> : tensor<3xi32>{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f() -> tensor<3xi32> {
  %0 = arith.constant dense<[1, 2]> : tensor<3xi32>
  return %0 : tensor<3xi32>
}
