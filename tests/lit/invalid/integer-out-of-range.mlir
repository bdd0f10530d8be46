// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// An integer literal that does not fit its type.
// CHECK: {{.*}}integer-out-of-range.mlir:9:23: error: integer constant out of range for attribute
// CHECK-NEXT: {{^}}  %0 = arith.constant 256 : i8{{$}}
// CHECK-NEXT: {{^}}                      ^{{$}}
// CHECK-NOT: Traceback

func.func @f() -> i8 {
  %0 = arith.constant 256 : i8
  return %0 : i8
}
