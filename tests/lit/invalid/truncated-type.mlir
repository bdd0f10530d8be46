// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// The file ends inside a type.
// CHECK: {{.*}}truncated-type.mlir:9:37: error: expected non-function type
// CHECK-NEXT: {{^}}  %0 = memref.load %a[%a] : memref<4x{{$}}
// CHECK-NEXT: {{^}}                                    ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: memref<4xf32>) {
  %0 = memref.load %a[%a] : memref<4x