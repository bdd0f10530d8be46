// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A generic op that its (registered) dialect does not define.
// CHECK: {{.*}}unregistered-op-in-registered-dialect.mlir:9:3: error: unregistered operation 'affine.frobnicate' found in dialect ('affine') that does not allow unknown operations
// CHECK-NEXT: {{^}}  "affine.frobnicate"() : () -> (){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "affine.frobnicate"() : () -> ()
  return
}
