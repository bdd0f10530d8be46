// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A generic op with two results bound to one name.
// CHECK: {{.*}}generic-result-count.mlir:9:3: error: operation defines 2 results but was provided 1 to bind
// CHECK-NEXT: {{^}}  %0 = "test.op"() : () -> (i32, i32){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f() {
  %0 = "test.op"() : () -> (i32, i32)
  return
}
