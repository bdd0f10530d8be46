// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// More result names than the op has results.
// CHECK: {{.*}}result-count-mismatch.mlir:9:3: error: operation defines 1 results but was provided 2 to bind
// CHECK-NEXT: {{^}}  %0, %1 = arith.addi %a, %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) {
  %0, %1 = arith.addi %a, %a : i32
  return
}
