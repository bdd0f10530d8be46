// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// affine.if with more operands than its integer set has dimensions.
// The count mismatch is reported at the op's name, before the rest of
// the op is parsed (as mlir-opt 22 does).
// CHECK: {{.*}}affine-if-operand-count.mlir:11:3: error: custom op 'affine.if' dim operand count and integer set dim count must match
// CHECK-NEXT: {{^}}  affine.if affine_set<(d0) : (d0 >= 0)>(%n, %n) {{[{]$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%n: index) {
  affine.if affine_set<(d0) : (d0 >= 0)>(%n, %n) {
  }
  return
}
