// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A use of a type alias that is not defined.
// CHECK: {{.*}}unknown-type-alias.mlir:8:26: error: undefined symbol alias id 'my_type'
// CHECK-NEXT: {{^}}func.func @f(%a: !my_type) {{[{]$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: !my_type) {
  return
}
