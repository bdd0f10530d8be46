// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s
// RUN: %if mlir-opt %{ not mlir-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck --strict-whitespace %s %}
// An unregistered op's region may be a graph region: its values may be used
// in any order within a block, but not across blocks that do not dominate
// the use, nor outside the region in a block with SSA dominance.
// CHECK: {{.*}}graph-region-dominance.mlir:15:3: error: operand #0 does not dominate this use
// CHECK: {{.*}}graph-region-dominance.mlir:18:8: note: operand defined here (op in the same region)
// CHECK: {{.*}}graph-region-dominance.mlir:26:5: error: operand #0 does not dominate this use
// CHECK: {{.*}}graph-region-dominance.mlir:29:8: note: operand defined here (op in a parent region)
// CHECK-NOT: Traceback

"graph"() ({
  "t"() [^bb1] : () -> ()
^bb1:
  "use"(%3) : (i64) -> ()
  "t"() [^bb2] : () -> ()
^bb2:
  %3 = "bar"() : () -> i64
  "unregistered_terminator"() : () -> ()
}) : () -> ()

// -----

func.func @f() {
  "graph"() ({
    "use"(%3) : (i64) -> ()
    "t"() : () -> ()
  }) : () -> ()
  %3 = "bar"() : () -> i64
  return
}
