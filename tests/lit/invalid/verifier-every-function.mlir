// RUN: pyaffine-opt -verify-diagnostics %s
// Each function is verified on its own (OperationVerifier verifies a module's
// isolated-from-above ops in parallel): every failing function reports its
// first error, not only the first function of the module.
func.func @first() {
  // expected-error@+1 {{'arith.constant' op integer return type must be signless}}
  %r = "arith.constant"() {value = -1 : si32} : () -> si32
  return
}

func.func @fine() {
  return
}

func.func @second() {
  // expected-error@+1 {{'arith.constant' op value must be an integer, float, or elements attribute}}
  %r = "arith.constant"() {value = "hi" : i32} : () -> i32
  return
}
