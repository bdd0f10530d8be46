// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Columns count bytes, as in mlir-opt: the two-byte 'é' before the error
// moves it one column right of the character count, and the line, which is
// not ASCII, gets no caret line.
// CHECK: {{.*}}non-ascii-column.mlir:10:38: error: expected '=' after SSA name
// CHECK-NEXT: {{^}}"test.op"() {s = "é"} : () -> i32 %x{{$}}
// CHECK-NOT: {{^ *\^$}}
// CHECK-NOT: Traceback

"test.op"() {s = "é"} : () -> i32 %x
