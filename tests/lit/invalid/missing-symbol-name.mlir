// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// func.func without '@' before its name.
// CHECK: {{.*}}missing-symbol-name.mlir:8:11: error: custom op 'func.func' expected valid '@'-identifier for symbol name
// CHECK-NEXT: {{^}}func.func f(%x: i32) {{[{]$}}
// CHECK-NEXT: {{^}}          ^{{$}}
// CHECK-NOT: Traceback

func.func f(%x: i32) {
  return
}
