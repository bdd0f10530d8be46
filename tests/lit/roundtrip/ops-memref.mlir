// RUN: pyaffine-opt %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-op-generic %s | pyaffine-opt | FileCheck %s

// memref.reshape, expand_shape, collapse_shape, rank, realloc,
// extract_strided_metadata, extract_aligned_pointer_as_index,
// memory_space_cast and distinct_objects as mlir-opt 22 prints them, with
// their result names (tests/unit/test_dialect_ops.py compares both forms
// with mlir-opt).

func.func @m(%u: memref<*xf32>, %s1: memref<1xi32>, %s3: memref<?xi32>, %a: memref<?x?xf32>, %b: memref<3x4x5xf32>, %sz: index, %src: memref<2xf32>, %t: memref<10x?xf32>) {
  %r = memref.reshape %u(%s1) : (memref<*xf32>, memref<1xi32>) -> memref<?xf32>
  %r2 = memref.reshape %a(%s3) {foo} : (memref<?x?xf32>, memref<?xi32>) -> memref<*xf32>
  %e = memref.expand_shape %b [[0, 1], [2], [3]] output_shape [1, 3, 4, 5] : memref<3x4x5xf32> into memref<1x3x4x5xf32>
  %e2 = memref.expand_shape %a [[0], [1, 2]] output_shape [%sz, %sz, 5] : memref<?x?xf32> into memref<?x?x5xf32>
  %c = memref.collapse_shape %b [[0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
  %c2 = memref.collapse_shape %b [[0, 1, 2]] {bar = 1} : memref<3x4x5xf32> into memref<60xf32>
  %0 = memref.rank %a : memref<?x?xf32>
  %1 = memref.rank %u : memref<*xf32>
  %2 = memref.realloc %src : memref<2xf32> to memref<4xf32>
  %3 = memref.realloc %src(%sz) {alignment = 8} : memref<2xf32> to memref<?xf32>
  %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %t : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
  %z = memref.alloc() : memref<f32>
  %c3 = memref.collapse_shape %z [] : memref<f32> into memref<f32>
  %e3 = memref.expand_shape %z [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
  return
}

func.func @n(%u: memref<*xf32>, %a: memref<?x?xf32>, %b: memref<4xi32>) {
  %p = memref.extract_aligned_pointer_as_index %a : memref<?x?xf32> -> index
  %q = memref.extract_aligned_pointer_as_index %u : memref<*xf32> -> index {tag}
  %c = memref.memory_space_cast %a : memref<?x?xf32> to memref<?x?xf32, 3>
  %d = memref.memory_space_cast %u {tag = 1} : memref<*xf32> to memref<*xf32, #gpu.address_space<workgroup>>
  %e:2 = memref.distinct_objects %a, %b : memref<?x?xf32>, memref<4xi32>
  %f = memref.distinct_objects %e#1 {tag} : memref<4xi32>
  return
}

// CHECK: module {
// CHECK-LABEL: func.func @m(%arg0: memref<*xf32>, %arg1: memref<1xi32>, %arg2: memref<?xi32>, %arg3: memref<?x?xf32>, %arg4: memref<3x4x5xf32>, %arg5: index, %arg6: memref<2xf32>, %arg7: memref<10x?xf32>) {
// CHECK-NEXT: %reshape = memref.reshape %arg0(%arg1) : (memref<*xf32>, memref<1xi32>) -> memref<?xf32>
// CHECK-NEXT: %reshape_0 = memref.reshape %arg3(%arg2) {foo} : (memref<?x?xf32>, memref<?xi32>) -> memref<*xf32>
// CHECK-NEXT: %expand_shape = memref.expand_shape %arg4 {{[[][[]}}0, 1], [2], [3]] output_shape [1, 3, 4, 5] : memref<3x4x5xf32> into memref<1x3x4x5xf32>
// CHECK-NEXT: %expand_shape_1 = memref.expand_shape %arg3 {{[[][[]}}0], [1, 2]] output_shape [%arg5, %arg5, 5] : memref<?x?xf32> into memref<?x?x5xf32>
// CHECK-NEXT: %collapse_shape = memref.collapse_shape %arg4 {{[[][[]}}0, 1], [2]] : memref<3x4x5xf32> into memref<12x5xf32>
// CHECK-NEXT: %collapse_shape_2 = memref.collapse_shape %arg4 {{[[][[]}}0, 1, 2]] {bar = 1 : i64} : memref<3x4x5xf32> into memref<60xf32>
// CHECK-NEXT: %0 = memref.rank %arg3 : memref<?x?xf32>
// CHECK-NEXT: %1 = memref.rank %arg0 : memref<*xf32>
// CHECK-NEXT: %2 = memref.realloc %arg6 : memref<2xf32> to memref<4xf32>
// CHECK-NEXT: %3 = memref.realloc %arg6(%arg5) {alignment = 8 : i64} : memref<2xf32> to memref<?xf32>
// CHECK-NEXT: %base_buffer, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %arg7 : memref<10x?xf32> -> memref<f32>, index, index, index, index, index
// CHECK-NEXT: %alloc = memref.alloc() : memref<f32>
// CHECK-NEXT: %collapse_shape_3 = memref.collapse_shape %alloc [] : memref<f32> into memref<f32>
// CHECK-NEXT: %expand_shape_4 = memref.expand_shape %alloc [] output_shape [1, 1] : memref<f32> into memref<1x1xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-LABEL: func.func @n(%arg0: memref<*xf32>, %arg1: memref<?x?xf32>, %arg2: memref<4xi32>) {
// CHECK-NEXT: %intptr = memref.extract_aligned_pointer_as_index %arg1 : memref<?x?xf32> -> index
// CHECK-NEXT: %intptr_0 = memref.extract_aligned_pointer_as_index %arg0 : memref<*xf32> -> index {tag}
// CHECK-NEXT: %memspacecast = memref.memory_space_cast %arg1 : memref<?x?xf32> to memref<?x?xf32, 3>
// CHECK-NEXT: %memspacecast_1 = memref.memory_space_cast %arg0 {tag = 1 : i64} : memref<*xf32> to memref<*xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %0:2 = memref.distinct_objects %arg1, %arg2 : memref<?x?xf32>, memref<4xi32>
// CHECK-NEXT: %1 = memref.distinct_objects %0#1 {tag} : memref<4xi32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
