// RUN: pyaffine-opt %s | FileCheck %s
// RUN: %if mlir-opt %{ pyaffine-opt %s -o %t.py.mlir %}
// RUN: %if mlir-opt %{ mlir-opt %s -o %t.ref.mlir %}
// RUN: %if mlir-opt %{ diff %t.ref.mlir %t.py.mlir %}

// llvm.mlir.constant in its custom form: `(value) attr-dict : type`.

func.func @f() -> i32 {
  %0 = llvm.mlir.constant(1 : i32) : i32
  %1 = llvm.mlir.constant(2.5 : f64) : f64
  %2 = llvm.mlir.constant(7 : index) : i64
  %3 = llvm.mlir.constant(1 : i32) {note = 1 : i64} : i32
  %4 = llvm.mlir.constant(3) : i64
  %5 = llvm.mlir.constant(dense<1.0> : vector<2xf32>) : vector<2xf32>
  return %0 : i32
}

// CHECK:      %0 = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %1 = llvm.mlir.constant(2.500000e+00 : f64) : f64
// CHECK-NEXT: %2 = llvm.mlir.constant(7 : index) : i64
// CHECK-NEXT: %3 = llvm.mlir.constant(1 : i32) {note = 1 : i64} : i32
// CHECK-NEXT: %4 = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: %5 = llvm.mlir.constant(dense<1.000000e+00> : vector<2xf32>) : vector<2xf32>
