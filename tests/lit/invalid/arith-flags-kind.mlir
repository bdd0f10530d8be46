// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Float ops take `fastmath<...>`; addi/subi/muli/shli take `overflow<...>`;
// other integer ops take neither.  Their parser then wants the `:` type.
// CHECK: {{.*}}arith-flags-kind.mlir:17:25: error: expected ':'
// CHECK-NEXT: {{^}}  %b = arith.addf %f, %f overflow<nsw> : f32{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}arith-flags-kind.mlir:24:25: error: expected ':'
// CHECK-NEXT: {{^}}  %b = arith.addi %i, %i fastmath<fast> : i32{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}arith-flags-kind.mlir:31:26: error: expected ':'
// CHECK-NEXT: {{^}}  %b = arith.divsi %i, %i overflow<nsw> : i32{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
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
