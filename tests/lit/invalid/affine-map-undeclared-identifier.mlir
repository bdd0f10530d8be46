// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An identifier that is neither a dimension nor a symbol.
// CHECK: {{.*}}affine-map-undeclared-identifier.mlir:8:36: error: use of undeclared identifier
// CHECK-NEXT: {{^}}#map = affine_map<(d0)[s0] -> (d0 + d1)>{{$}}
// CHECK-NEXT: {{^}}                                   ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0)[s0] -> (d0 + d1)>
