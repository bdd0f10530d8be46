// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A loop bound map must have at least one result.
// CHECK: {{.*}}affine-for-empty-bound.mlir:14:3: error: 'affine.for' op expected lower bound map to have at least one result
// CHECK-NEXT: {{^}}  affine.for %i = affine_map<() -> ()>() to 10 {{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}affine-for-empty-bound.mlir:22:3: error: 'affine.for' op expected upper bound map to have at least one result
// CHECK-NEXT: {{^}}  affine.for %i = 0 to affine_map<() -> ()>() {{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  affine.for %i = affine_map<() -> ()>() to 10 {
  }
  return
}

// -----

func.func @f() {
  affine.for %i = 0 to affine_map<() -> ()>() {
  }
  return
}
