// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// affine.for without '=' after the induction variable.
// CHECK: {{.*}}missing-equal.mlir:9:16: error: expected '='
// CHECK-NEXT: {{^}}  affine.for %i 0 to 10 {{[{]$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  affine.for %i 0 to 10 {
  }
  return
}
