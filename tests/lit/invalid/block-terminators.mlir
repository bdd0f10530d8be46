// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Blocks and their terminators: a function's blocks must end with one, and
// a yield must belong to (and match) the op it terminates.
// CHECK: {{.*}}block-terminators.mlir:28:3: error: block with no terminator, has "affine.store"(%0, %arg0) <{map = affine_map<() -> (0)>}> : (f32, memref<4xf32>) -> ()
// CHECK-NEXT: {{^}}  affine.store %c, %m[0] : memref<4xf32>{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}block-terminators.mlir:35:3: error: block with no terminator, has 
// CHECK-NEXT: {{^}}"affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({{[{]}}{{$}}
// CHECK-NEXT: {{^}}^bb0(%arg0: index):{{$}}
// CHECK: {{.*}}block-terminators.mlir:42:3: error: 'affine.yield' op only terminates affine.if/for/parallel regions
// CHECK-NEXT: {{^}}  affine.yield{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK: {{.*}}block-terminators.mlir:49:5: error: 'affine.yield' op parent of yield must have same number of results as the yield operands
// CHECK-NEXT: {{^}}    affine.yield %a : f32{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK: {{.*}}block-terminators.mlir:58:5: error: 'affine.yield' op types mismatch between yield op and its parent
// CHECK-NEXT: {{^}}    affine.yield %b : i32{{$}}
// CHECK-NEXT: {{^}}    ^{{$}}
// CHECK: {{.*}}block-terminators.mlir:66:3: error: 'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'
// CHECK-NEXT: {{^}}  scf.yield{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
// CHECK-NOT: Traceback


func.func @f(%m: memref<4xf32>) {
  %c = arith.constant 1.0 : f32
  affine.store %c, %m[0] : memref<4xf32>
}

// -----

// An op with a region is shown from the next line on.
func.func @f() {
  affine.for %i = 0 to 10 {
  }
}

// -----

func.func @f() {
  affine.yield
}

// -----

func.func @f(%a: f32) {
  affine.for %i = 0 to 2 {
    affine.yield %a : f32
  }
  return
}

// -----

func.func @f(%a: f32, %b: i32) {
  %r = affine.for %i = 0 to 2 iter_args(%x = %a) -> (f32) {
    affine.yield %b : i32
  }
  return
}

// -----

func.func @f() {
  scf.yield
}
