// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An affine map without its closing '>'.
// CHECK: {{.*}}affine-map-missing-greater.mlir:8:31: error: expected '>' in affine map
// CHECK-NEXT: {{^}}#map = affine_map<(d0) -> (d0){{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0) -> (d0)
