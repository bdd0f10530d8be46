// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s %}
// A generic op name may not hold a null character.
// CHECK: {{.*}}generic-op-name-null.mlir:10:1: error: null character not allowed in operation name
// CHECK-NEXT: {{^}}"tes\00t.op"() : () -> (){{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


"tes\00t.op"() : () -> ()
