// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Division by a dimension is not affine.
// CHECK: {{.*}}affine-map-non-affine-floordiv.mlir:8:35: error: non-affine expression: right operand of floordiv has to be either a constant or symbolic
// CHECK-NEXT: {{^}}#map = affine_map<(d0, d1) -> (d0 floordiv d1)>{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0, d1) -> (d0 floordiv d1)>
