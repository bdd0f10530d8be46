// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A closing brace with no region to close.
// CHECK: {{.*}}unbalanced-brace.mlir:10:2: error: expected operation name in quotes
// CHECK-NEXT: {{^}}}{{$}}
// CHECK-NEXT: {{^}} ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  return
}
}
