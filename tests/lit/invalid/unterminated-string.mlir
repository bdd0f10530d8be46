// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A string literal that runs to the end of its line.
// CHECK: {{.*}}unterminated-string.mlir:9:40: error: expected '"' in string literal
// CHECK-NEXT: {{^}}  "test.op"() {label = "abc} : () -> (){{$}}
// CHECK-NEXT: {{^}}                                       ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.op"() {label = "abc} : () -> ()
  return
}
