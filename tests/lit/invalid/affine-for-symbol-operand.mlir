// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// A loop's induction variable is a dimension of the loops inside, never a
// symbol of their bounds.
// CHECK: {{.*}}affine-for-symbol-operand.mlir:16:5: error: 'affine.for' op operand cannot be used as a symbol
// CHECK-NEXT: {{^}}    affine.for %j = 0 to %i {{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK: {{.*}}affine-for-symbol-operand.mlir:26:5: error: 'affine.for' op operand cannot be used as a symbol
// CHECK-NEXT: {{^}}    affine.for %j = %i to 28 {{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK-NOT: Traceback


func.func @f() {
  affine.for %i = 0 to 28 {
    affine.for %j = 0 to %i {
    }
  }
  return
}

// -----

func.func @f() {
  affine.parallel (%i) = (0) to (10) {
    affine.for %j = %i to 28 {
    }
  }
  return
}
