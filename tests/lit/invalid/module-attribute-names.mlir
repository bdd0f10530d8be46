// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A module's attributes (besides its name and visibility) belong to dialects.
// CHECK: {{.*}}module-attribute-names.mlir:10:1: error: 'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'target'
// CHECK-NEXT: {{^}}module attributes {polygeist.target = "x86", target = "x86"} {{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


module attributes {polygeist.target = "x86", target = "x86"} {
}
