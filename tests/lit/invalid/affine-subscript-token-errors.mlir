// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// Errors in subscripts that the lexer takes as one AFFINE_SUBSCRIPTS token,
// reported where mlir-opt reports them: in a shape met before (whose map is
// known) and in a new one, whose text is parsed token by token.
// CHECK: {{.*}}affine-subscript-token-errors.mlir:33:31: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}  %b = affine.load %A[%i + 1, %k] : memref<16x16xf32>{{$}}
// CHECK-NEXT: {{^}}                              ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:40:26: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// CHECK-NEXT: {{^}}  %a = affine.load %A[%i * %j, %j] : memref<16x16xf32>{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:47:26: error: non-affine expression: at least one of the multiply operands has to be either a constant or symbolic
// CHECK-NEXT: {{^}}  %a = affine.load %A[%j * %i, %i] : memref<16x16xf32>{{$}}
// CHECK-NEXT: {{^}}                         ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:54:16: error: use of value '%i' expects different type than prior uses: 'f32' vs 'index'
// CHECK-NEXT: {{^}}  affine.store %i, %A[%i floordiv 2] : memref<16x16xf32>{{$}}
// CHECK-NEXT: {{^}}               ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:53:53: note: prior use here
// CHECK-NEXT: {{^}}func.func @stored_value_type(%A: memref<16x16xf32>, %i: index) {{[{]$}}
// CHECK-NEXT: {{^}}                                                    ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:62:33: error: use of undeclared SSA value name
// CHECK-NEXT: {{^}}    %a = affine.load %A[%x + 1, %y floordiv 4] : memref<16x16xf32>{{$}}
// CHECK-NEXT: {{^}}                                ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:71:10: error: 'affine.load' op operand cannot be used as a symbol
// CHECK-NEXT: {{^}}    %a = affine.load %A[symbol(%x) + 1] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}         ^{{$}}
// CHECK: {{.*}}affine-subscript-token-errors.mlir:79:28: error: constant too large for index
// CHECK-NEXT: {{^}}  %a = affine.load %A[%i + 99999999999999999999] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                           ^{{$}}
// CHECK-NOT: Traceback

func.func @known_shape(%A: memref<16x16xf32>, %i: index, %j: index) {
  %a = affine.load %A[%i + 1, %j] : memref<16x16xf32>
  %b = affine.load %A[%i + 1, %k] : memref<16x16xf32>
  return
}

// -----

func.func @new_shape(%A: memref<16x16xf32>, %i: index, %j: index) {
  %a = affine.load %A[%i * %j, %j] : memref<16x16xf32>
  return
}

// -----

func.func @repeat_new_shape(%A: memref<16x16xf32>, %i: index, %j: index) {
  %a = affine.load %A[%j * %i, %i] : memref<16x16xf32>
  return
}

// -----

func.func @stored_value_type(%A: memref<16x16xf32>, %i: index) {
  affine.store %i, %A[%i floordiv 2] : memref<16x16xf32>
  return
}

// -----

func.func @undefined_second(%A: memref<16x16xf32>, %i: index) {
  affine.for %x = 0 to 4 {
    %a = affine.load %A[%x + 1, %y floordiv 4] : memref<16x16xf32>
  }
  return
}

// -----

func.func @symbol_of_dim(%A: memref<16xf32>) {
  affine.for %x = 0 to 4 {
    %a = affine.load %A[symbol(%x) + 1] : memref<16xf32>
  }
  return
}

// -----

func.func @big(%A: memref<16xf32>, %i: index) {
  %a = affine.load %A[%i + 99999999999999999999] : memref<16xf32>
  return
}
