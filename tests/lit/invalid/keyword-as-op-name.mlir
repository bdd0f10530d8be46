// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// A keyword where an op starts is read as a custom op's name, as
// OperationParser::parseOperation reads it.
func.func @f(f32) {
^bb0(%a : f32):
  tensor<42 x index  // expected-error {{custom op 'tensor' is unknown (tried 'func.tensor' as well)}}
  return
}

// -----

func.func @g() {
  f32  // expected-error {{custom op 'f32' is unknown (tried 'func.f32' as well)}}
  return
}
