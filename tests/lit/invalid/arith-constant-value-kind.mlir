// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// arith.constant with a value that is not a TypedAttr, in its custom form, its
// attribute dictionary and its generic form, with mlir-opt 22's messages and places.
// CHECK: {{.*}}arith-constant-value-kind.mlir:13:23: error: custom op 'arith.constant' invalid kind of attribute specified
// CHECK: {{.*}}arith-constant-value-kind.mlir:21:5: error: custom op 'arith.constant' invalid kind of attribute specified
// CHECK: {{.*}}arith-constant-value-kind.mlir:28:23: error: custom op 'arith.constant' invalid kind of attribute specified
// CHECK: {{.*}}arith-constant-value-kind.mlir:35:23: error: custom op 'arith.constant' invalid kind of attribute specified
// CHECK: {{.*}}arith-constant-value-kind.mlir:42:8: error: 'arith.constant' op value must be an integer, float, or elements attribute
// CHECK: {{.*}}arith-constant-value-kind.mlir:49:23: error: custom op 'arith.constant' 'arith.constant' op attribute 'value' failed to satisfy constraint: TypedAttr instance
// CHECK: {{.*}}arith-constant-value-kind.mlir:56:8: error: invalid properties {value = [1]} for op arith.constant: Invalid attribute `value` in property conversion: [1]
// CHECK-NOT: Traceback
func.func @a() {
  %0 = arith.constant unit
  return
}

// -----

func.func @b() {
  %0 = arith.constant {a = "}"} // a comment
    [1, 2]
  return
}

// -----

func.func @c() {
  %0 = arith.constant @f
  return
}

// -----

func.func @d() {
  %0 = arith.constant array<i32: 1>
  return
}

// -----

func.func @e() {
  %0 = arith.constant "x"
  return
}

// -----

func.func @f() {
  %0 = arith.constant {value = unit} 1 : i32
  return
}

// -----

func.func @g() {
  %0 = "arith.constant"() <{value = [1]}> : () -> i32
  return
}
