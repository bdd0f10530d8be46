// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// Each chunk is parsed on its own: a chunk that ends early and a later one are both reported.
// CHECK: {{.*}}split-input-file-every-chunk.mlir:12:18: error: expected operation name in quotes
// CHECK-NEXT: {{^}}  return %a : i32{{$}}
// CHECK-NEXT: {{^}}                 ^{{$}}
// CHECK-NEXT: {{.*}}split-input-file-every-chunk.mlir:17:10: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  return %b : i32{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK-NOT: Traceback

func.func @first(%a: i32) -> i32 {
  return %a : i32

// -----

func.func @second(%a: i32) -> i32 {
  return %b : i32
}

// -----

func.func @third() {
  return
}
