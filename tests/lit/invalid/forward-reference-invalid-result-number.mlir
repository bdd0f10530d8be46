// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A forward reference to a result number its definition does not have stays undeclared.
// CHECK: {{.*}}forward-reference-invalid-result-number.mlir:10:16: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}    "test.use"(%x#1) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.region"() ({
    "test.use"(%x#1) : (i32) -> ()
    %x = "test.def"() : () -> i32
  }) : () -> ()
  return
}
