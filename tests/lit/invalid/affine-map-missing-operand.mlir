// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A binary operator without its right operand.
// CHECK: {{.*}}affine-map-missing-operand.mlir:8:39: error: missing right operand of binary operator
// CHECK-NEXT: {{^}}#map = affine_map<(d0) -> (d0 floordiv)>{{$}}
// CHECK-NEXT: {{^}}                                      ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0) -> (d0 floordiv)>
