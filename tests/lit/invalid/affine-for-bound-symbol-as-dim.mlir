// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A loop bound map given a dimension operand for a map that has only symbols.
// The count mismatch is reported at the op's name, before the rest of
// the op is parsed (as mlir-opt 22 does).
// CHECK: {{.*}}affine-for-bound-symbol-as-dim.mlir:11:3: error: custom op 'affine.for' dim operand count and affine map dim count must match
// CHECK-NEXT: {{^}}  affine.for %i = 0 to affine_map<()[s0] -> (s0)>(%n) {{[{]$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%n: index) {
  affine.for %i = 0 to affine_map<()[s0] -> (s0)>(%n) {
  }
  return
}
