// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s %}
// A memref's memory space must be an integer, string or dictionary
// attribute, or an attribute of a (registered) dialect other than builtin.
// CHECK: {{.*}}memref-memory-space.mlir:14:22: error: unsupported memory space Attribute
// CHECK-NEXT: {{^}}func.func private @f(memref<4xf32, 1.5>){{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK: {{.*}}memref-memory-space.mlir:19:22: error: unsupported memory space Attribute
// CHECK-NEXT: {{^}}func.func private @f(memref<4xf32, affine_map<(d0) -> (d0)>, #foo.space>){{$}}
// CHECK-NEXT: {{^}}                     ^{{$}}
// CHECK-NOT: Traceback


func.func private @f(memref<4xf32, 1.5>)

// -----

// An attribute of an unknown dialect is an opaque built-in attribute.
func.func private @f(memref<4xf32, affine_map<(d0) -> (d0)>, #foo.space>)
