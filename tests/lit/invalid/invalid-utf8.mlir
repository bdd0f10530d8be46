// RUN: not pyaffine-opt %S/Inputs/invalid-utf8.mlir 2>&1 | FileCheck --strict-whitespace %s
// Bytes that are not UTF-8 where a token should start (the input is kept in
// Inputs/ so that this file stays valid UTF-8 for FileCheck).  The column is
// counted in bytes and, as mlir-opt does for a line that is not ASCII, no
// caret line follows the source line; the undecodable byte is shown as U+FFFD.
// CHECK: {{.*}}invalid-utf8.mlir:3:3: error: unexpected character
// CHECK-NEXT: {{^}}  {{.}}( = "test.op"() : () -> i32{{$}}
// CHECK-NOT: {{^ *\^$}}
// CHECK-NOT: Traceback
