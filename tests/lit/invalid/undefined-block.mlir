// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A successor that names no block.
// CHECK: {{.*}}undefined-block.mlir:9:16: error: reference to an undefined block
// CHECK-NEXT: {{^}}  "test.br"() [^bb7] : () -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.br"() [^bb7] : () -> ()
^bb1:
  return
}
