// RUN: pyaffine-opt -verify-diagnostics %s
// func.call whose result types differ from the callee's: the error notes
// both type lists at the call (CallOp::verifySymbolUses).
func.func @return_i32_f32() -> (i32, f32) {
  %0 = arith.constant 1 : i32
  %1 = arith.constant 1.0 : f32
  return %0, %1 : i32, f32
}

func.func @call() {
  // expected-error @+3 {{op result type mismatch at index 0}}
  // expected-note @+2 {{op result types: 'f32', 'i32'}}
  // expected-note @+1 {{function result types: 'i32', 'f32'}}
  %0:2 = call @return_i32_f32() : () -> (f32, i32)
  return
}
