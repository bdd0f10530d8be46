// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// memref.memory_space_cast, extract_aligned_pointer_as_index and distinct_objects
// failing their checks, with mlir-opt 22's messages.
// CHECK: {{.*}}memref-cast-ops-verify.mlir:15:8: error: 'memref.memory_space_cast' op operand type 'memref<?xf32>' and result type 'memref<?xf64, 1>' are cast incompatible
// CHECK: {{.*}}memref-cast-ops-verify.mlir:22:8: error: 'memref.memory_space_cast' op operand type 'memref<?xf32>' and result type 'memref<*xf32, 1>' are cast incompatible
// CHECK: {{.*}}memref-cast-ops-verify.mlir:29:8: error: 'memref.memory_space_cast' op operand #0 must be ranked or unranked memref of any type values, but got 'index'
// CHECK: {{.*}}memref-cast-ops-verify.mlir:36:8: error: 'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'i64'
// CHECK: {{.*}}memref-cast-ops-verify.mlir:43:8: error: 'memref.extract_aligned_pointer_as_index' op result #0 must be index, but got 'i32'
// CHECK: {{.*}}memref-cast-ops-verify.mlir:50:8: error: 'memref.distinct_objects' op operand types and result types must match
// CHECK: {{.*}}memref-cast-ops-verify.mlir:57:3: error: 'memref.distinct_objects' op expected at least one operand
// CHECK: {{.*}}memref-cast-ops-verify.mlir:64:8: error: 'memref.distinct_objects' op operand #0 must be variadic of memref of any type values, but got 'index'
// CHECK: {{.*}}memref-cast-ops-verify.mlir:71:3: error: operation defines 2 results but was provided 1 to bind
// CHECK-NOT: Traceback
func.func @a(%m: memref<?xf32>) {
  %0 = "memref.memory_space_cast"(%m) : (memref<?xf32>) -> memref<?xf64, 1>
  return
}

// -----

func.func @b(%m: memref<?xf32>) {
  %0 = "memref.memory_space_cast"(%m) : (memref<?xf32>) -> memref<*xf32, 1>
  return
}

// -----

func.func @c(%i: index) {
  %0 = "memref.memory_space_cast"(%i) : (index) -> index
  return
}

// -----

func.func @d(%m: memref<?xf32>) {
  %0 = "memref.extract_aligned_pointer_as_index"(%m) : (memref<?xf32>) -> i64
  return
}

// -----

func.func @e(%m: memref<?xf32>) {
  %0 = memref.extract_aligned_pointer_as_index %m : memref<?xf32> -> i32
  return
}

// -----

func.func @f(%m: memref<?xf32>) {
  %0 = "memref.distinct_objects"(%m) : (memref<?xf32>) -> memref<?xf64>
  return
}

// -----

func.func @g() {
  "memref.distinct_objects"() : () -> ()
  return
}

// -----

func.func @h(%i: index) {
  %0 = "memref.distinct_objects"(%i) : (index) -> index
  return
}

// -----

func.func @i(%m: memref<?xf32>) {
  %0 = memref.distinct_objects %m, %m : memref<?xf32>, memref<?xf32>
  return
}
