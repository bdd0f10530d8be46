// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A bare op name is looked up in the default dialect of its region: `module`
// is builtin.module at the top level but func.module (unknown) in a function.
// A function body written `{}` has no entry block.
// CHECK: {{.*}}bare-op-names-and-empty-body.mlir:15:3: error: custom op 'module' is unknown (tried 'func.module' as well)
// CHECK-NEXT: {{^}}  module {}{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}bare-op-names-and-empty-body.mlir:21:16: error: custom op 'func.func' expected non-empty function body
// CHECK-NEXT: {{^}}func.func @g() {}{{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  module {}
  return
}

// -----

func.func @g() {}
