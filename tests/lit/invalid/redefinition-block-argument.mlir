// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// Two block arguments with the same name.
// CHECK: {{.*}}redefinition-block-argument.mlir:13:17: error: redefinition of SSA value '%a'
// CHECK-NEXT: {{^}}  ^bb0(%a: i32, %a: i32):{{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NEXT: {{.*}}redefinition-block-argument.mlir:13:8: note: previously defined here
// CHECK-NEXT: {{^}}  ^bb0(%a: i32, %a: i32):{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.region"() ({
  ^bb0(%a: i32, %a: i32):
    "test.terminator"() : () -> ()
  }) : () -> ()
  return
}
