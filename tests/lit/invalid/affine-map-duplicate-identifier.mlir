// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A dimension declared twice.
// CHECK: {{.*}}affine-map-duplicate-identifier.mlir:8:24: error: redefinition of identifier 'd0'
// CHECK-NEXT: {{^}}#map = affine_map<(d0, d0) -> (d0)>{{$}}
// CHECK-NEXT: {{^}}                       ^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0, d0) -> (d0)>
