// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A static entry of a mixed index list (delinearize basis, subview offsets,
// sizes and strides) must fit int64_t; the error points at the literal (its
// sign, if any), then a second one at the op name.
// CHECK: {{.*}}static-index-out-of-range.mlir:19:48: error: custom op 'affine.delinearize_index' integer value too large
// CHECK-NEXT: {{^}}  %d:2 = affine.delinearize_index %i into (10, 9223372036854775808) : index, index{{$}}
// CHECK-NEXT: {{^}}                                               ^{{$}}
// CHECK: {{.*}}static-index-out-of-range.mlir:19:10: error: custom op 'affine.delinearize_index' expected SSA value or integer
// CHECK: {{.*}}static-index-out-of-range.mlir:26:26: error: custom op 'memref.subview' integer value too large
// CHECK: {{.*}}static-index-out-of-range.mlir:26:8: error: custom op 'memref.subview' expected SSA value or integer
// CHECK: {{.*}}static-index-out-of-range.mlir:33:48: error: custom op 'affine.delinearize_index' integer value too large
// CHECK-NEXT: {{^}}  %d:2 = affine.delinearize_index %i into (10, -9223372036854775809) : index, index{{$}}
// CHECK-NEXT: {{^}}                                               ^{{$}}
// CHECK-NOT: Traceback


func.func @f(%i: index) {
  %d:2 = affine.delinearize_index %i into (10, 9223372036854775808) : index, index
  return
}

// -----

func.func @g(%m: memref<100xf32>) {
  %s = memref.subview %m[9223372036854775808] [1] [1] : memref<100xf32> to memref<1xf32, strided<[1], offset: ?>>
  return
}

// -----

func.func @h(%i: index) {
  %d:2 = affine.delinearize_index %i into (10, -9223372036854775809) : index, index
  return
}
