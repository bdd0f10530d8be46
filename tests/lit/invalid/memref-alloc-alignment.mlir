// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// An allocation's alignment is a positive power of two, as an i64.
// CHECK: {{.*}}memref-alloc-alignment.mlir:14:24: error: custom op 'memref.alloca' 'memref.alloca' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0
// CHECK-NEXT: {{^}}  %0 = memref.alloca() {alignment = 0xFFFF : i64} : memref<2xi32>{{$}}
// CHECK-NEXT: {{^}}                       ^{{$}}
// CHECK: {{.*}}memref-alloc-alignment.mlir:21:23: error: custom op 'memref.alloc' 'memref.alloc' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0
// CHECK-NEXT: {{^}}  %0 = memref.alloc() {alignment = 16 : i32} : memref<2xi32>{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  %0 = memref.alloca() {alignment = 0xFFFF : i64} : memref<2xi32>
  return
}

// -----

func.func @f() {
  %0 = memref.alloc() {alignment = 16 : i32} : memref<2xi32>
  return
}

// -----

// A global's alignment is checked alike.
// CHECK-LABEL: memref-alloc-alignment.mlir:31:44: error: custom op 'memref.global' 'memref.global' op attribute 'alignment' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive and whose value is a power of two > 0
// CHECK-NEXT: {{^}}memref.global "private" @g : memref<4xf32> {alignment = 3 : i64}{{$}}
// CHECK-NEXT: {{^}}                                           ^{{$}}
memref.global "private" @g : memref<4xf32> {alignment = 3 : i64}
