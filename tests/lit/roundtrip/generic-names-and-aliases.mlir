// RUN: pyaffine-opt --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s

// In the generic form values get no suggested names and the counters are
// never rewound: nested regions are numbered from the last one pushed
// (test.op's, then the second loop's, then the first loop's), each going on
// from the numbers of the one before.  Aliases are numbered in MLIR's alias walk over generic ops: an
// op's regions first, then its types, then its properties and attributes
// sorted by name.

// CHECK:      #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<() -> (0)>
// CHECK-NEXT: #map2 = affine_map<() -> (10)>
// CHECK-NEXT: #map3 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map4 = affine_map<() -> (20)>
// CHECK-NEXT: #map5 = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT: #map6 = affine_map<(d0) -> (d0 * 3)>
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT:   "func.func"() <{function_type = (memref<10xf32>, index) -> index, sym_name = "f"}> ({
// CHECK-NEXT:   ^bb0(%arg0: memref<10xf32>, %arg1: index):
// CHECK-NEXT:     %0 = "arith.constant"() <{value = 0 : index}> : () -> index
// CHECK-NEXT:     %1:2 = "test.pair"() : () -> (index, index)
// CHECK-NEXT:     "affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map2}> ({
// CHECK-NEXT:     ^bb0(%arg4: index):
// CHECK-NEXT:       %4 = "affine.load"(%arg0, %arg4) <{map = #map}> : (memref<10xf32>, index) -> f32
// CHECK-NEXT:       %5 = "arith.addf"(%4, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// CHECK-NEXT:       "affine.store"(%5, %arg0, %arg4) <{map = #map}> : (f32, memref<10xf32>, index) -> ()
// CHECK-NEXT:       "affine.yield"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     "affine.for"() <{lowerBoundMap = #map1, operandSegmentSizes = array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = #map4}> ({
// CHECK-NEXT:     ^bb0(%arg3: index):
// CHECK-NEXT:       %3 = "affine.load"(%arg0, %arg3) <{map = #map3}> : (memref<10xf32>, index) -> f32
// CHECK-NEXT:       "test.use"(%3, %0, %1#1) : (f32, index, index) -> ()
// CHECK-NEXT:       "affine.yield"() : () -> ()
// CHECK-NEXT:     }) : () -> ()
// CHECK-NEXT:     "test.op"(%0) ({
// CHECK-NEXT:     ^bb0(%arg2: index):
// CHECK-NEXT:       %2 = "affine.apply"(%arg2) <{map = #map3}> : (index) -> index
// CHECK-NEXT:       "test.yield"() : () -> ()
// CHECK-NEXT:     }) {a = #map5, b = #map6} : (index) -> ()
// CHECK-NEXT:     "func.return"(%0) : (index) -> ()
// CHECK-NEXT:   }) : () -> ()
// CHECK-NEXT: }) : () -> ()
func.func @f(%A: memref<10xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %r:2 = "test.pair"() : () -> (index, index)
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<10xf32>
  }
  affine.for %j = 0 to 20 {
    %v = affine.load %A[%j + 1] : memref<10xf32>
    "test.use"(%v, %c0, %r#1) : (f32, index, index) -> ()
  }
  "test.op"(%c0) ({
  ^bb0(%a: index):
    %y = affine.apply affine_map<(d0) -> (d0 + 1)>(%a)
    "test.yield"() : () -> ()
  }) {b = affine_map<(d0) -> (d0 * 3)>, a = affine_map<(d0) -> (d0 * 2)>} : (index) -> ()
  return %c0 : index
}
