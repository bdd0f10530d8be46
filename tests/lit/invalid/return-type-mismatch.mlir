// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// func.return with an operand type other than the function's result type.
// CHECK: {{.*}}return-type-mismatch.mlir:9:3: error: type of return operand 0 ('i32') doesn't match function result type ('i64') in function @f
// CHECK-NEXT: {{^}}  return %a : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%a: i32) -> i64 {
  return %a : i32
}
