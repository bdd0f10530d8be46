// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s %}
// Dominance in a region of several blocks follows its control flow: a value
// of one arm of a branch does not dominate the join, though it comes first
// in the text; a block's argument dominates only the blocks it dominates.
// CHECK: {{.*}}cfg-dominance.mlir:23:8: error: operand #0 does not dominate this use
// CHECK: {{.*}}cfg-dominance.mlir:18:8: note: operand defined here (op in the same region)
// CHECK: {{.*}}cfg-dominance.mlir:32:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}cfg-dominance.mlir:29:1: note: operand defined as a block argument (block #2 in the same region)
// CHECK: {{.*}}cfg-dominance.mlir:41:1: error: entry block of region may not have predecessors
// CHECK: {{.*}}cfg-dominance.mlir:51:3: error: expects number of branch weights to match number of successors: 3 vs 2
// CHECK: {{.*}}cfg-dominance.mlir:61:3: error: branch weights cannot all be zero
// CHECK-NOT: Traceback

func.func @diamond(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^left, ^right
^left:
  %x = arith.addi %a, %a : i32
  cf.br ^join
^right:
  cf.br ^join
^join:
  %y = arith.addi %x, %a : i32
  return %y : i32
}

// -----

func.func @argument_of_a_later_block(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^left, ^right(%a : i32)
^left:
  cf.br ^join(%v : i32)
^right(%v: i32):
  cf.br ^join(%v : i32)
^join(%r: i32):
  return %r : i32
}

// -----

func.func @entry_with_predecessor() {
^entry:
  cf.br ^next
^next:
  cf.br ^entry
}

// -----

func.func @three_weights(%c: i1) {
  cf.cond_br %c weights([1, 2, 3]), ^a, ^b
^a:
  return
^b:
  return
}

// -----

func.func @zero_weights(%c: i1) {
  cf.cond_br %c weights([0, 0]), ^a, ^b
^a:
  return
^b:
  return
}
