// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A forward reference whose definition has another type.
// CHECK: {{.*}}forward-reference-type-mismatch.mlir:14:5: error: definition of SSA value '%x#0' has type 'i64'
// CHECK-NEXT: {{^}}    %x = "test.def"() : () -> i64{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NEXT: {{.*}}forward-reference-type-mismatch.mlir:13:16: note: previously used here with type 'i32'
// CHECK-NEXT: {{^}}    "test.use"(%x) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  "test.region"() ({
    "test.use"(%x) : (i32) -> ()
    %x = "test.def"() : () -> i64
  }) : () -> ()
  return
}
