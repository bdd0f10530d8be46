// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A modulus by a dimension expression is not affine.
// CHECK: {{.*}}affine-map-non-affine-mod.mlir:9:48: error: non-affine expression: right operand of mod has to be either a constant or symbolic
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0, d1) -> (d0 mod (d1 + 1))>(%i, %j){{$}}
// CHECK-NEXT: {{^}}                                               ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%i: index, %j: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 mod (d1 + 1))>(%i, %j)
  return %0 : index
}
