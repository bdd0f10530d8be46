// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %s | FileCheck %s
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// Printed as mlir-opt 22 prints them (compare-dialect-symbols.mlir diffs
// this file against mlir-opt itself).

// A hexadecimal literal is an integer outside a shape; inside one, `0x`
// is a zero dimension and its `x` (MLIR's type parser splits the literal).
// CHECK-LABEL: func.func @hex_and_shapes
// CHECK-NEXT: %c3890_i32 = arith.constant 3890 : i32
// CHECK-NEXT: "foo"() {a = 3890 : i64, b = [31], c = dense<3890> : tensor<i32>} : () -> (tensor<0xf32>, memref<0x4xi32>, vector<2x[4]xf32>)
func.func @hex_and_shapes() -> i32 {
  %h = arith.constant 0xf32 : i32
  %0:3 = "foo"() {a = 0xf32, b = [0x1f], c = dense<0xf32> : tensor<i32>} : () -> (tensor<0xf32>, memref<0x4xi32>, vector<2x[4]xf32>)
  return %h : i32
}

// -----

// A dialect symbol in opaque form (`!foo<data>`) is printed in pretty form
// (`!foo.data`) when its data is an identifier, possibly with a body.
// CHECK-LABEL: func.func @opaque_symbols() -> !bar<>
// CHECK-NEXT: "foo"() : () -> (!bar<>, !bar.baz, !foo<"x">, !foo.bar<1>, !foo.bar.baz<1>, !foo<a-b>, !foo<_x>)
// CHECK-NEXT: "foo"() {a = #foo.bar, b = #foo<"x y">, c = #foo<>, d = #foo.bar<a>b<c>, e = #foo<bar$>, f = #foo<bar >, g = #foo<9>} : () -> ()
func.func @opaque_symbols() -> !bar<> {
  %0:7 = "foo"() : () -> (!bar<>, !bar<baz>, !foo<"x">, !foo<bar<1>>, !foo<bar.baz<1>>, !foo<a-b>, !foo<_x>)
  "foo"() {a = #foo<bar>, b = #foo<"x y">, c = #foo<>, d = #foo<bar<a>b<c>>, e = #foo<bar$>, f = #foo<bar >, g = #foo<9>} : () -> ()
  return %0#0 : !bar<>
}

// -----

// A dialect attribute may be followed by its type, in either form.
// CHECK: "foo"() {b = [#a.b : i32, #a<"x"> : i32, #a.c<1> : tensor<4xf32>], c = #foo.attr : !foo.t} : () -> ()
// GENERIC: "foo"() {b = [#a.b : i32, #a<"x"> : i32, #a.c<1> : tensor<4xf32>], c = #foo.attr : !foo.t} : () -> ()
"foo"() {b = [#a.b : i32, #a<"x"> : i32, #a.c<1> : tensor<4xf32>], c = #foo.attr : !foo.t} : () -> ()

// -----

// The regions of an unregistered op may be graph regions: in a block, a
// value may be used before the op that defines it, also in nested regions.
// CHECK: "graph"() ({
// CHECK-NEXT: %0 = "foo"(%0, %1) : (i64, i64) -> i64
// CHECK-NEXT: "nested"() ({
// CHECK-NEXT: "use"(%2) : (i64) -> ()
// CHECK: %1 = "bar"(%0) : (i64) -> i64
// CHECK-NEXT: %2 = "bar"(%0) : (i64) -> i64
// GENERIC: "graph"() ({
// GENERIC-NEXT: %0 = "foo"(%0, %1) : (i64, i64) -> i64
"graph"() ({
  %1 = "foo"(%1, %2) : (i64, i64) -> i64
  "nested"() ({
    "use"(%3) : (i64) -> ()
  }) : () -> ()
  %2 = "bar"(%1) : (i64) -> i64
  %3 = "bar"(%1) : (i64) -> i64
  "unregistered_terminator"() : () -> ()
}) : () -> ()
