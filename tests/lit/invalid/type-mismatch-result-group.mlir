// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A use of one result of a group with another type names the group.
// CHECK: {{.*}}type-mismatch-result-group.mlir:13:14: error: use of value '%0' expects different type than prior uses: 'i32' vs 'i64'
// CHECK-NEXT: {{^}}  "test.use"(%0#1) : (i32) -> (){{$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NEXT: {{.*}}type-mismatch-result-group.mlir:12:3: note: prior use here
// CHECK-NEXT: {{^}}  %0:2 = "test.def"() : () -> (i32, i64){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  %0:2 = "test.def"() : () -> (i32, i64)
  "test.use"(%0#1) : (i32) -> ()
  return
}
