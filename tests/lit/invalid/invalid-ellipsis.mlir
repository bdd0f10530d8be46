// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A lone '.' is an incomplete ellipsis.
// CHECK: {{.*}}invalid-ellipsis.mlir:9:11: error: expected three consecutive dots for an ellipsis
// CHECK-NEXT: {{^}}  return .{{$}}
// CHECK-NEXT: {{^}}          ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  return .
}
