// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Identifiers are ASCII: a non-ASCII letter in a name is an error.
// CHECK: {{.*}}non-ascii-identifier.mlir:9:14: error: invalid SSA name
// CHECK: {{.*}}non-ascii-identifier.mlir:15:13: error: unexpected character
// CHECK-NOT: Traceback


func.func @f(%é: i32) {
  return
}

// -----

func.func @fé() {
  return
}

// -----

// Strings and comments may hold any character: é.
func.func @f() attributes {name = "é"} {
  return
}

// The last chunk is valid and printed:
// RUN: not pyaffine-opt -split-input-file %s 2>/dev/null | FileCheck --check-prefix=OUT %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>/dev/null | FileCheck --check-prefix=OUT %s %}
// OUT: func.func @f() attributes {name = "\C3\A9"}
