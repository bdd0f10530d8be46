// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An SSA name where an operation should start.
// CHECK: {{.*}}value-without-op.mlir:9:5: error: expected '=' after SSA name
// CHECK-NEXT: {{^}}  %x{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  %x
  return
}
