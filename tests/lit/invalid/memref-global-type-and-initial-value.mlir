// RUN: pyaffine-opt -split-input-file -verify-diagnostics %s
// memref.global checks its type as soon as it is read and reads any
// attribute after `=` (custom<GlobalMemrefOpTypeAndInitialValue>): both
// errors at the op's name.
// expected-error @+1 {{type should be static shaped memref, but got 'i32'}}
memref.global @foo : i32 = 5

// -----

// expected-error @+1 {{initial value should be a unit or elements attribute}}
memref.global @foo : memref<2x2xf32>  = "foo"

// -----

// `constant` here is the global's keyword, not func.constant's short name.
// expected-error @+1 {{custom op 'memref.global' expected valid '@'-identifier for symbol name}}
memref.global constant "private" @foo : memref<2x2xf32>  = "foo"
