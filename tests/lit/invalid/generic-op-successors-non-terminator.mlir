// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// A generic op with a successor list must be a terminator when it is a known
// op; the error stands at the `[` (OperationParser::parseGenericOperation),
// before the operand types are compared with the operands.
func.func @f(%a : i32, %b : i32) {
  %c = "arith.addi"(%a, %b)[^bb1] : () -> () // expected-error {{successors in non-terminator}}
^bb1:
  return
}
