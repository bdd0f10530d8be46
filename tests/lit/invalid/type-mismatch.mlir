// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A value used with a type other than its own.
// CHECK: {{.*}}type-mismatch.mlir:12:19: error: use of value '%a' expects different type than prior uses: 'i64' vs 'i32'
// CHECK-NEXT: {{^}}  %0 = arith.addi %a, %a : i64{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
// CHECK-NEXT: {{.*}}type-mismatch.mlir:11:14: note: prior use here
// CHECK-NEXT: {{^}}func.func @f(%a: i32) -> i64 {{[{]$}}
// CHECK-NEXT: {{^}}             ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i64 {
  %0 = arith.addi %a, %a : i64
  return %0 : i64
}
