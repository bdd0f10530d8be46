// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An attribute alias defined twice.
// CHECK: {{.*}}attribute-alias-redefinition.mlir:9:1: error: redefinition of attribute alias id 'map'
// CHECK-NEXT: {{^}}#map = affine_map<(d0) -> (d0 + 1)>{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback

#map = affine_map<(d0) -> (d0)>
#map = affine_map<(d0) -> (d0 + 1)>
