// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A function declaration (no body) must be private.
// CHECK: {{.*}}func-declaration-visibility.mlir:13:1: error: 'func.func' op symbol declaration cannot have public visibility
// CHECK-NEXT: {{^}}func.func @declared(){{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK: {{.*}}func-declaration-visibility.mlir:17:1: error: 'func.func' op symbol declaration cannot have public visibility
// CHECK-NEXT: {{^}}func.func public @declared(i32) -> i32{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


func.func @declared()

// -----

func.func public @declared(i32) -> i32
