// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// cf.switch's cases (parseSwitchOpCases): `default` and each case value are
// reported at the token found, with the op's name; the list ends where no
// `,` follows, and then its `]` is wanted.
func.func @no_default(%flag : i32) {
  cf.switch %flag : i32, [
    // expected-error@+1 {{custom op 'cf.switch' expected 'default'}}
    45: ^bb1
  ]
^bb1:
  return
}

// -----

func.func @no_case_value(%flag : i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{custom op 'cf.switch' expected integer value}}
    : ^bb1
  ]
^bb1:
  return
}

// -----

func.func @no_comma(%flag : i32) {
  cf.switch %flag : i32, [
    default: ^bb1,
    // expected-error@+1 {{expected ']'}}
    45: ^bb1
    46: ^bb1
  ]
^bb1:
  return
}
