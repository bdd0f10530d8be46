// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A memref whose element type does not exist.
// CHECK: {{.*}}unknown-element-type.mlir:8:27: error: expected non-function type
// CHECK-NEXT: {{^}}func.func @f(%m: memref<4xfoo>) {{[{]$}}
// CHECK-NEXT: {{^}}                          ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%m: memref<4xfoo>) {
  return
}
