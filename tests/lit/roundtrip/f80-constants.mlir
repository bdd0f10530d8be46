// RUN: pyaffine-opt --allow-unregistered-dialect %s | FileCheck %s
// RUN: %if mlir-opt %{ pyaffine-opt --allow-unregistered-dialect %s -o %t.py.mlir %}
// RUN: %if mlir-opt %{ mlir-opt --allow-unregistered-dialect %s -o %t.ref.mlir %}
// RUN: %if mlir-opt %{ diff %t.ref.mlir %t.py.mlir %}

// x87 extended precision (f80) constants: decimal literals go through
// double, hex literals are the 80-bit pattern with its explicit integer bit,
// and printing follows APFloat (NaN and Inf in hex).

func.func @f() {
  %0 = arith.constant 1.5 : f80
  %1 = arith.constant 0x3FFF8000000000000000 : f80
  %2 = arith.constant 0.1 : f80
  %3 = arith.constant -2.5e300 : f80
  %4 = arith.constant 0x7FFF8000000000000000 : f80
  %5 = arith.constant 0xFFFFC000000000000000 : f80
  %6 = arith.constant 0x00000000000000000001 : f80
  %7 = arith.constant 0x7FFFC000000000000001 : f80
  %8 = arith.constant 1.0e-320 : f80
  %9 = arith.constant 3.141592653589793 : f80
  %10 = arith.constant dense<[1.5, 0.1]> : tensor<2xf80>
  %11 = arith.constant 0x40008000000000000000 : f80
  %12 = arith.constant 0x0000C000000000000000 : f80
  %13 = arith.constant 123456789.0 : f80
  %14 = arith.constant -0.0 : f80
  %15 = arith.constant dense<0x3FFF8000000000000000> : tensor<2xf80>
  "test.use"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (f80, f80, f80, f80, f80, f80, f80, f80, f80, f80, tensor<2xf80>, f80, f80, f80, f80, tensor<2xf80>) -> ()
  return
}

// CHECK: %cst = arith.constant 1.500000e+00 : f80
// CHECK-NEXT: %cst_0 = arith.constant 1.000000e+00 : f80
// CHECK-NEXT: %cst_1 = arith.constant 0.100000000000000005551 : f80
// CHECK-NEXT: %cst_2 = arith.constant -2.50000000000000013126E+300 : f80
// CHECK-NEXT: %cst_3 = arith.constant 0x7FFF8000000000000000 : f80
// CHECK-NEXT: %cst_4 = arith.constant 0xFFFFC000000000000000 : f80
// CHECK-NEXT: %cst_5 = arith.constant 3.645200e-4951 : f80
// CHECK-NEXT: %cst_6 = arith.constant 0x7FFFC000000000000001 : f80
// CHECK-NEXT: %cst_7 = arith.constant 9.99988867182683005413E-321 : f80
// CHECK-NEXT: %cst_8 = arith.constant 3.141592653589793116 : f80
// CHECK-NEXT: %cst_9 = arith.constant dense<[1.500000e+00, 0.100000000000000005551]> : tensor<2xf80>
// CHECK-NEXT: %cst_10 = arith.constant 2.000000e+00 : f80
// CHECK-NEXT: %cst_11 = arith.constant 5.04315471466814025939E-4932 : f80
// CHECK-NEXT: %cst_12 = arith.constant 0x4019EB79A2A000000000 : f80
// CHECK-NEXT: %cst_13 = arith.constant -0.000000e+00 : f80
// CHECK-NEXT: %cst_14 = arith.constant dense<1.000000e+00> : tensor<2xf80>
