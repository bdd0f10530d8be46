// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A forward reference inside a region that is never resolved.
// CHECK: {{.*}}undefined-value-in-nested-region.mlir:10:16: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}    "test.use"(%later) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) {
  "test.region"() ({
    "test.use"(%later) : (i32) -> ()
  }) : () -> ()
  return
}
