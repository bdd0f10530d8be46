// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A terminator must be the last operation of its block.
// CHECK: {{.*}}terminator-not-last.mlir:18:3: error: 'func.return' op must be the last operation in the parent block
// CHECK-NEXT: {{^}}  return %0 : i32{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}terminator-not-last.mlir:26:5: error: 'affine.yield' op must be the last operation in the parent block
// CHECK-NEXT: {{^}}    affine.yield{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK: {{.*}}terminator-not-last.mlir:37:5: error: expected ':'
// CHECK-NEXT: {{^}}  %v = affine.load %m[0] : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT: Traceback


func.func @f() -> i32 {
  %0 = arith.constant 1 : i32
  return %0 : i32
  %1 = arith.constant 2 : i32
}

// -----

func.func @f(%m: memref<4xf32>, %v: f32) {
  affine.for %i = 0 to 4 {
    affine.yield
    affine.store %v, %m[%i] : memref<4xf32>
  }
  return
}

// -----

// `return` takes `%v` as its operand and wants its type where `=` stands.
func.func @f(%m: memref<4xf32>) {
  return
  %v = affine.load %m[0] : memref<4xf32>
}
