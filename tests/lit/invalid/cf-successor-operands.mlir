// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck %s %}
// BranchOpInterface: the operands a branch passes to each successor match
// the successor's arguments, in number and in type.

// CHECK: cf-successor-operands.mlir:8:3: error: branch has 1 operands for successor #0, but target block has 2
func.func @count(%a: i32) {
  cf.br ^bb1(%a : i32)
^bb1(%x: i32, %y: i32):
  return
}

// -----

// CHECK: cf-successor-operands.mlir:17:3: error: type mismatch for bb argument #0 of successor #1
func.func @cond_br_type(%a: i32, %b: i1) {
  cf.cond_br %b, ^bb1(%a : i32), ^bb1(%b : i1)
^bb1(%x: i32):
  return
}

// -----

// CHECK: cf-successor-operands.mlir:26:3: error: type mismatch for bb argument #0 of successor #1
func.func @switch_type(%a: i32, %b: i1) {
  cf.switch %a : i32, [
    default: ^bb1(%a : i32),
    4: ^bb1(%b : i1)
  ]
^bb1(%x: i32):
  return
}
