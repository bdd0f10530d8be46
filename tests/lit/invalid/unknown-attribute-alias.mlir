// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A use of an attribute alias that is not defined.
// CHECK: {{.*}}unknown-attribute-alias.mlir:9:35: error: undefined symbol alias id 'undefined_map'
// CHECK-NEXT: {{^}}  %0 = affine.apply #undefined_map(%i){{$}}
// CHECK-NEXT: {{^}}                                  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%i: index) -> index {
  %0 = affine.apply #undefined_map(%i)
  return %0 : index
}
