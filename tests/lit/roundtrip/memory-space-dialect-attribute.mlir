// RUN: pyaffine-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: not pyaffine-opt --allow-unregistered-dialect -split-input-file %S/Inputs/memory-space-unknown-dialect.mlir 2>&1 | FileCheck %s --check-prefix=ERR

// An attribute of a dialect mlir-opt 22 loads (spirv, gpu) is a memory space;
// one of a dialect it does not know is not.

// CHECK-LABEL: func.func @spaces
// CHECK-NEXT: %alloc = memref.alloc() : memref<4xi8, #spirv.storage_class<StorageBuffer>>
// CHECK-NEXT: %alloc_0 = memref.alloc() : memref<4xi8, #gpu.address_space<workgroup>>
// ERR: memory-space-unknown-dialect.mlir:2:25: error: unsupported memory space Attribute
// ERR: memory-space-unknown-dialect.mlir:7:3: error: unregistered operation 'tosa.no_such_op' found in dialect ('tosa') that does not allow unknown operations
func.func @spaces() {
  %a = memref.alloc() : memref<4xi8, #spirv.storage_class<StorageBuffer>>
  %b = memref.alloc() : memref<4xi8, #gpu.address_space<workgroup>>
  return
}
