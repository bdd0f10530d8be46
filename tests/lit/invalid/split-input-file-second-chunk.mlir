// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// With -split-input-file the error is in the second chunk; its line is counted from the start of the file.
// CHECK: {{.*}}split-input-file-second-chunk.mlir:15:23: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %missing : i32{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @ok(%a: i32) -> i32 {
  return %a : i32
}

// -----

func.func @bad(%a: i32) -> i32 {
  %0 = arith.addi %a, %missing : i32
  return %0 : i32
}
