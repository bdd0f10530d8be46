// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s %}
// A symbol (func.func, memref.global) must be directly in a symbol table.
// CHECK: {{.*}}symbol-parent.mlir:17:3: error: 'func.func' op symbol's parent must have the SymbolTable trait
// CHECK-NEXT: {{^}}  func.func private @g(){{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}symbol-parent.mlir:24:3: error: 'memref.global' op symbol's parent must have the SymbolTable trait
// CHECK-NEXT: {{^}}  memref.global "private" @x : memref<2xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}symbol-parent.mlir:36:5: error: 'func.func' op symbol's parent must have the SymbolTable trait
// CHECK-NEXT: {{^}}    func.func private @g(){{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  func.func private @g()
  return
}

// -----

func.func @f() {
  memref.global "private" @x : memref<2xf32>
  return
}

// -----

// An unregistered op may be a symbol table.
"foo.scope"() ({
  func.func private @g()
}) : () -> ()
func.func @h() {
  affine.for %i = 0 to 2 {
    func.func private @g()
  }
  return
}
