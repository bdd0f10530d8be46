// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Two blocks with the same label.
// CHECK: {{.*}}block-label-redefinition.mlir:12:1: error: redefinition of block '^bb1'
// CHECK-NEXT: {{^}}^bb1:{{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.br"() [^bb1] : () -> ()
^bb1:
  "test.br"() [^bb1] : () -> ()
^bb1:
  return
}
