// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// The generic form of an op of an unregistered dialect, without --allow-unregistered-dialect.
// CHECK: {{.*}}unregistered-dialect-generic.mlir:9:17: error: operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used
// CHECK-NEXT: {{^}}  %0 = "foo.bar"(%x) : (i32) -> i32{{$}}
// CHECK-NEXT: {{^}}                ^{{$}}
// CHECK-NOT: Traceback

func.func @f(%x: i32) {
  %0 = "foo.bar"(%x) : (i32) -> i32
  return
}
