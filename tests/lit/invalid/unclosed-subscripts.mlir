// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// Subscripts and symbol operands left open: each parser of MLIR words it
// its own way (an affine map of SSA ids, an operand list, an ODS format).
// CHECK: {{.*}}unclosed-subscripts.mlir:19:25: error: expected ']'
// CHECK-NEXT: {{^}}  %a = memref.load %A[%i + 1] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}unclosed-subscripts.mlir:26:25: error: expected ']' in affine map
// CHECK-NEXT: {{^}}  %a = affine.load %A[%i %i] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK: {{.*}}unclosed-subscripts.mlir:33:61: error: expected ']' in operand list
// CHECK-NEXT: {{^}}  %a = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i %i]{{$}}
// CHECK-NEXT: {{^}}                                                            ^{{$}}
// CHECK: {{.*}}unclosed-subscripts.mlir:40:25: error: expected ']'
// CHECK-NEXT: {{^}}  %a = memref.load %A[%i %i] : memref<16xf32>{{$}}
// CHECK-NEXT: {{^}}                        ^{{$}}
// CHECK-NOT: Traceback

func.func @a(%A: memref<16xf32>, %i: index) {
  %a = memref.load %A[%i + 1] : memref<16xf32>
  return
}

// -----

func.func @b(%A: memref<16xf32>, %i: index) {
  %a = affine.load %A[%i %i] : memref<16xf32>
  return
}

// -----

func.func @c(%i: index) {
  %a = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i %i]
  return
}

// -----

func.func @d(%A: memref<16xf32>, %i: index) {
  %a = memref.load %A[%i %i] : memref<16xf32>
  return
}
