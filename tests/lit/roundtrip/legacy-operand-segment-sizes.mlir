// RUN: pyaffine-opt --mlir-print-op-generic %s | FileCheck %s

// The former name of the operand segments, in an attribute dictionary, is
// read as the property of the ops that have one; other ops keep it as a
// discardable attribute, as mlir-opt does.

// CHECK: "memref.alloc"(%arg0) <{operandSegmentSizes = array<i32: 1, 0>}> : (index) -> memref<?xf32>
// CHECK: "memref.dealloc"(%0) {operand_segment_sizes = array<i32: 1>} : (memref<?xf32>) -> ()
func.func @f(%n: index) {
  %0 = "memref.alloc"(%n) {operand_segment_sizes = array<i32: 1, 0>} : (index) -> memref<?xf32>
  "memref.dealloc"(%0) {operand_segment_sizes = array<i32: 1>} : (memref<?xf32>) -> ()
  return
}
