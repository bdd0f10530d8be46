// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// The generic forms of affine.apply/min/max are verified as mlir-opt 22
// verifies them (AffineApplyOp::verify, verifyAffineMinMaxOp): the custom
// form checks the counts while parsing, the generic form only here.
// CHECK: {{.*}}generic-map-op-counts.mlir:8:8: error: 'affine.apply' op operand count and affine map dimension and symbol count must match
// CHECK-NEXT: {{^}}  %x = "affine.apply"(%i) {map = affine_map<(d0, d1) -> (d0 + d1)>} : (index) -> index{{$}}
func.func @apply_count(%i: index) {
  %x = "affine.apply"(%i) {map = affine_map<(d0, d1) -> (d0 + d1)>} : (index) -> index
  return
}

// -----
// CHECK: {{.*}}generic-map-op-counts.mlir:15:8: error: 'affine.apply' op mapping must produce one value
func.func @apply_results(%i: index) {
  %x = "affine.apply"(%i) {map = affine_map<(d0) -> (d0, d0 + 1)>} : (index) -> index
  return
}

// -----
// CHECK: {{.*}}generic-map-op-counts.mlir:22:8: error: 'affine.min' op operand count and affine map dimension and symbol count must match
func.func @min_count(%i: index) {
  %x = "affine.min"(%i, %i) {map = affine_map<(d0) -> (d0, 4)>} : (index, index) -> index
  return
}
