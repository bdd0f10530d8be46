// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A product of two dimensions is not affine.
// CHECK: {{.*}}affine-map-non-affine-mul.mlir:8:35: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// CHECK-NEXT: {{^}}#map = affine_map<(d0, d1) -> (d0 * d1)>{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0, d1) -> (d0 * d1)>
