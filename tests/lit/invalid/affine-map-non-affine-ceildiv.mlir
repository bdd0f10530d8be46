// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A ceildiv by an expression of a dimension is not affine.
// CHECK: {{.*}}affine-map-non-affine-ceildiv.mlir:8:35: error: non-affine expression: right operand of ceildiv has to be either a constant or symbolic
// CHECK-NEXT: {{^}}#map = affine_map<(d0)[s0] -> (d0 ceildiv (d0 + s0))>{{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0)[s0] -> (d0 ceildiv (d0 + s0))>
