// RUN: pyaffine-opt %s | FileCheck %s
// RUN: %if mlir-opt %{ mlir-opt %s | FileCheck %s %}

// arith.truncf's optional rounding mode stands before its fastmath flags;
// a function declaration may name its arguments (the names are dropped).
// CHECK: func.func private @decl(tensor<?xf32>) -> tensor<?xf32>
// CHECK-LABEL: func.func @rounding
// CHECK-NEXT: arith.truncf %arg0 to_nearest_even : f64 to f32
// CHECK-NEXT: arith.truncf %arg0 toward_zero fastmath<fast> : f64 to f32
// CHECK-NEXT: arith.extf %{{.*}} fastmath<nnan> : f32 to f64
func.func private @decl(%arg0: tensor<?xf32>) -> tensor<?xf32>

func.func @rounding(%a: f64) -> f32 {
  %t = arith.truncf %a to_nearest_even : f64 to f32
  %u = arith.truncf %a toward_zero fastmath<fast> : f64 to f32
  %v = arith.extf %t fastmath<nnan> : f32 to f64
  return %t : f32
}
