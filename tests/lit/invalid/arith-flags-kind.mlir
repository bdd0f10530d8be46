// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Float ops take `fastmath<...>`; addi/subi/muli/shli take `overflow<...>`;
// other integer ops take neither.  Their parser then wants the `:` type.
// CHECK: {{.*}}arith-flags-kind.mlir:13:25: error: expected ':'
// CHECK-NEXT: {{^}}  %b = arith.addf %f, %f overflow<nsw> : f32{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}arith-flags-kind.mlir:20:25: error: expected ':'
// CHECK: {{.*}}arith-flags-kind.mlir:27:26: error: expected ':'
// CHECK-NOT: Traceback

func.func @f(%f: f32) {
  %b = arith.addf %f, %f overflow<nsw> : f32
  return
}

// -----

func.func @g(%i: i32) {
  %b = arith.addi %i, %i fastmath<fast> : i32
  return
}

// -----

func.func @h(%i: i32) {
  %b = arith.divsi %i, %i overflow<nsw> : i32
  return
}
