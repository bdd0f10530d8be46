// RUN: pyaffine-opt --list-passes %s | FileCheck %s --strict-whitespace

// --list-passes: the passes sorted, each with its summary at one column and
// its options (sorted) two columns before it, in mlir-opt's layout; nothing
// is read or printed of the input.
// CHECK:      {{^}}Passes:
// CHECK:      {{^}}  --affine-loop-normalize  {{ *}}-   Apply normalization transformations to affine loop-like ops
// CHECK-NEXT: {{^}}    --promote-single-iter  {{ *}}- Promote single iteration loops
// CHECK:      {{^}}  --cse  {{ *}}-   Eliminate common sub-expressions
// CHECK-NOT:  func.func
func.func @unread() {
  return
}
