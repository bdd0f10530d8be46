// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// scf.parallel with no induction variables, bound lists of another length, or (generic form, with the segments' former name) a body argument that is no index.
// CHECK: {{.*}}scf-parallel-tuples.mlir:8:3: error: 'scf.parallel' op needs at least one tuple element for lowerBound, upperBound and step
// CHECK: {{.*}}scf-parallel-tuples.mlir:15:35: error: custom op 'scf.parallel' expected 1 operands
// CHECK: {{.*}}scf-parallel-tuples.mlir:22:3: error: 'scf.parallel' op expects arguments for the induction variable to be of index type
// CHECK-NOT: Traceback
func.func @parallel_no_tuple_elements() {
  scf.parallel () = () to () step () {
  }
  return
}
// -----
func.func @parallel_arguments_different_tuple_size(
    %arg0: index, %arg1: index, %arg2: index) {
  scf.parallel (%i0) = (%arg0) to (%arg1, %arg2) step () {
  }
  return
}
// -----
func.func @parallel_body_arguments_wrong_type(
    %arg0: index, %arg1: index, %arg2: index) {
  "scf.parallel"(%arg0, %arg1, %arg2) ({
    ^bb0(%i0: f32):
      scf.yield
  }) {operand_segment_sizes = array<i32: 1, 1, 1, 0>}: (index, index, index) -> ()
  return
}
