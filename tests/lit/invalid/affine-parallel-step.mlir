// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A parallel loop step is a signed 64-bit index, read without its sign.
// CHECK: {{.*}}affine-parallel-step.mlir:14:58: error: constant too large for index
// CHECK-NEXT: {{^}}  affine.parallel (%i, %j) = (0, 0) to (10, 20) step (2, 9223372036854775808) {{{$}}
// CHECK-NEXT: {{^}}                                                         ^{{$}}
// CHECK: {{.*}}affine-parallel-step.mlir:22:45: error: constant too large for index
// CHECK-NEXT: {{^}}  affine.parallel (%i) = (0) to (10) step (-9223372036854775808) {{{$}}
// CHECK-NEXT: {{^}}                                            ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  affine.parallel (%i, %j) = (0, 0) to (10, 20) step (2, 9223372036854775808) {
  }
  return
}

// -----

func.func @f() {
  affine.parallel (%i) = (0) to (10) step (-9223372036854775808) {
  }
  return
}
