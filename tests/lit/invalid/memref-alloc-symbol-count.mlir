// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// memref.alloc and memref.alloca take one symbol operand per symbol of the
// layout map (a strided layout has one per dynamic stride or offset).
// CHECK: {{.*}}memref-alloc-symbol-count.mlir:18:8: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0
// CHECK-NEXT: {{^}}  %0 = memref.alloc()[] : memref<2x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: {{.*}}memref-alloc-symbol-count.mlir:25:8: error: 'memref.alloca' op symbol operand count does not equal memref symbol count: expected 0, got 1
// CHECK-NEXT: {{^}}  %0 = memref.alloca()[%n] : memref<2x4xf32>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: {{.*}}memref-alloc-symbol-count.mlir:32:8: error: 'memref.alloc' op symbol operand count does not equal memref symbol count: expected 1, got 0
// CHECK-NEXT: {{^}}  %0 = memref.alloc() : memref<2x4xf32, strided<[4, 1], offset: ?>>{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  %0 = memref.alloc()[] : memref<2x4xf32, affine_map<(d0, d1)[s0] -> (d0 + s0, d1)>>
  return
}

// -----

func.func @f(%n: index) {
  %0 = memref.alloca()[%n] : memref<2x4xf32>
  return
}

// -----

func.func @f(%n: index) {
  %0 = memref.alloc() : memref<2x4xf32, strided<[4, 1], offset: ?>>
  return
}
