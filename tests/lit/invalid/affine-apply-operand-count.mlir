// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// affine.apply with fewer operands than the map has dimensions.
// The count mismatch is reported at the op's name, before the rest of
// the op is parsed (as mlir-opt 22 does).
// CHECK: {{.*}}affine-apply-operand-count.mlir:11:8: error: custom op 'affine.apply' dimension or symbol index mismatch
// CHECK-NEXT: {{^}}  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i){{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%i: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> (d0 + d1)>(%i)
  return %0 : index
}
