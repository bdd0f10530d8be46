// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A custom-form op missing from a registered dialect.
// CHECK: {{.*}}unknown-custom-op-registered-dialect.mlir:9:8: error: custom op 'arith.frobnicate' is unknown
// CHECK-NEXT: {{^}}  %0 = arith.frobnicate %x : i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%x: i32) {
  %0 = arith.frobnicate %x : i32
  return
}
