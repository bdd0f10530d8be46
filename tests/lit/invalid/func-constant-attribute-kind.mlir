// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// func.constant's `$value` is a SymbolRefAttr read as a whole attribute, then
// checked for its kind: a string gets "invalid kind of attribute specified".
func.func @short_name() {
  // expected-error @+1 {{custom op 'func.constant' invalid kind of attribute specified}}
  %0 = constant "" : index
  return
}

// -----

func.func @full_name() {
  // expected-error @+1 {{custom op 'func.constant' invalid kind of attribute specified}}
  %0 = func.constant "" : index
  return
}
