// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Symbols: a call must name a func.func of its signature in the same module,
// and a module may not define a name twice.
// CHECK: {{.*}}symbol-uses.mlir:21:3: error: 'func.call' op 'missing' does not reference a valid function
// CHECK-NEXT: {{^}}  func.call @missing() : () -> (){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}symbol-uses.mlir:29:8: error: 'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0
// CHECK-NEXT: {{^}}  %0 = func.call @g(%a) : (f32) -> i32{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK: {{.*}}symbol-uses.mlir:37:3: error: 'func.call' op incorrect number of results for callee
// CHECK-NEXT: {{^}}  func.call @g() : () -> (){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}symbol-uses.mlir:44:1: error: redefinition of symbol named 'g'
// CHECK-NEXT: {{^}}func.func private @g(){{$}}
// CHECK-NEXT: {{^}}^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  func.call @missing() : () -> ()
  return
}

// -----

func.func private @g(i32) -> i32
func.func @f(%a: f32) {
  %0 = func.call @g(%a) : (f32) -> i32
  return
}

// -----

func.func private @g() -> i32
func.func @f() {
  func.call @g() : () -> ()
  return
}

// -----

func.func private @g()
func.func private @g()
