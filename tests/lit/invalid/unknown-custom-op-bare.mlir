// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A bare op name is also looked up in the func dialect.
// CHECK: {{.*}}unknown-custom-op-bare.mlir:9:3: error: custom op 'frobnicate' is unknown (tried 'func.frobnicate' as well)
// CHECK-NEXT: {{^}}  frobnicate{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  frobnicate
  return
}
