// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// scf.for read from the generic form with too few operands, too many regions, or a body without its induction variable: mlir-opt 22's messages, not an internal error.
// CHECK: {{.*}}scf-for-generic-shape.mlir:8:3: error: 'scf.for' op different number of inits and region iter_args: 0 != 18446744073709551615
// CHECK: {{.*}}scf-for-generic-shape.mlir:15:3: error: 'scf.for' op expected 3 or more operands, but found 2
// CHECK: {{.*}}scf-for-generic-shape.mlir:23:3: error: 'scf.for' op requires one region
// CHECK-NOT: Traceback
func.func @f(%a: index) {
  "scf.for"(%a, %a, %a) ({
    scf.yield
  }) : (index, index, index) -> ()
  return
}
// -----
func.func @f(%a: index) {
  "scf.for"(%a, %a) ({
  ^bb0(%i: index):
    scf.yield
  }) : (index, index) -> ()
  return
}
// -----
func.func @loop_for_one_region(%arg0: index) {
  "scf.for"(%arg0, %arg0, %arg0) (
    {scf.yield},
    {scf.yield}
  ) : (index, index, index) -> ()
  return
}
