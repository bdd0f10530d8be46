// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s --strict-whitespace
// RUN: not pyaffine-opt -split-input-file --mlir-print-debuginfo %s 2>&1 | FileCheck %s --check-prefix=DEBUG

// A verifier error is reported at the location of its op: at the first
// file location in it (a name's child, a call site's callee, a fused
// location's first file part), whose source line is shown only when that
// file can be read; the callers of a call site follow as notes.  A
// location without a file location is written before the message.  The
// files named here do not exist.

// CHECK:      nowhere/kernel.c:12:9: error: 'func.return' op has 0 operands, but enclosing function (@file) returns 1
// CHECK-NEXT: nowhere/kernel.c:12:9: note: see current operation: "func.return"() : () -> ()
// DEBUG:      nowhere/kernel.c:12:9: note: see current operation: "func.return"() : () -> () loc("nowhere/kernel.c":12:9)
func.func @file() -> i32 {
  return loc("nowhere/kernel.c":12:9)
}

// -----

// CHECK:      nowhere/x.c:1:2: error: 'func.return' op has 0 operands, but enclosing function (@name) returns 1
func.func @name() -> i32 {
  return loc("name"("nowhere/x.c":1:2))
}

// -----

// CHECK:      <unknown>:0: error: loc("name"): 'func.return' op has 0 operands, but enclosing function (@name_only) returns 1
// CHECK-NEXT: <unknown>:0: note: loc("name"): see current operation: "func.return"() : () -> ()
func.func @name_only() -> i32 {
  return loc("name")
}

// -----

// CHECK:      nowhere/callee.c:1:1: error: 'func.return' op has 0 operands, but enclosing function (@callsite) returns 1
// CHECK-NEXT: nowhere/caller.c:5:5: note: called from
// CHECK-NEXT: nowhere/main.c:9:1: note: called from
// CHECK-NEXT: nowhere/callee.c:1:1: note: see current operation: "func.return"() : () -> ()
func.func @callsite() -> i32 {
  return loc(callsite("nowhere/callee.c":1:1 at callsite("nowhere/caller.c":5:5 at "nowhere/main.c":9:1)))
}

// -----

// CHECK:      nowhere/b.c:3:3: error: 'func.return' op has 0 operands, but enclosing function (@fused) returns 1
func.func @fused() -> i32 {
  return loc(fused<"meta">["name", "nowhere/b.c":3:3, "nowhere/c.c":1:1])
}

// -----

// CHECK:      <unknown>:0: error: 'func.return' op has 0 operands, but enclosing function (@unknown) returns 1
// CHECK-NEXT: <unknown>:0: note: see current operation: "func.return"() : () -> ()
func.func @unknown() -> i32 {
  return loc(unknown)
}

// -----

// An alias defined at the top.
// CHECK:      nowhere/alias.c:7:7: error: 'func.return' op has 0 operands, but enclosing function (@alias) returns 1
#loc1 = loc("nowhere/alias.c":7:7)
func.func @alias() -> i32 {
  return loc(#loc1)
}

// -----

// An op without a location in the text is at its place in this file, its
// line shown.
// CHECK:      {{.*}}diagnostics.mlir:[[# @LINE + 4]]:3: error: 'func.return' op has 0 operands, but enclosing function (@here) returns 1
// CHECK-NEXT: {{^}}  return{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}
func.func @here() -> i32 {
  return
}
