// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// An op with operand segments read from the generic form: the segments must add up to its operands (ODS verifyInvariants).
// CHECK: {{.*}}operand-segments-invariant.mlir:6:8: error: 'memref.alloc' op operand count (1) does not match with the total size (2) specified in attribute 'operandSegmentSizes'
// CHECK-NOT: Traceback
func.func @g(%n: index) {
  %0 = "memref.alloc"(%n) <{operandSegmentSizes = array<i32: 1, 1>}> : (index) -> memref<?xf32>
  return
}
