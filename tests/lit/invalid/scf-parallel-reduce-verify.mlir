// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// scf.parallel, scf.reduce and scf.reduce.return failing their verifiers and parsers.
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:12:3: error: 'scf.parallel' op constant step operand must be positive
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:18:8: error: 'scf.parallel' op expects number of results: 1 to be the same as number of reductions: 0
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:26:5: error: 'scf.reduce' op expected two block arguments with type 'f32' in the 0-th reduction region
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:39:7: error: 'scf.reduce.return' op must have type 'f32' (the type of the reduction inputs)
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:46:27: error: custom op 'scf.parallel' expected 2 operands
// CHECK: {{.*}}scf-parallel-reduce-verify.mlir:53:5: error: 'scf.reduce' op reduction bodies must be terminated with an 'scf.reduce.return' op
// CHECK-NOT: Traceback
func.func @a(%lb: index, %x: f32) {
  %c0 = arith.constant 0 : index
  scf.parallel (%i) = (%lb) to (%lb) step (%c0) {
  }
  return
}
// -----
func.func @b(%lb: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce
  }
  return %r : f32
}
// -----
func.func @c(%lb: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: i32):
      scf.reduce.return %l : f32
    }
  }
  return %r : f32
}
// -----
func.func @d(%lb: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      %c = arith.constant 1 : i32
      scf.reduce.return %c : i32
    }
  }
  return %r : f32
}
// -----
func.func @e(%lb: index, %x: f32) {
  scf.parallel (%i, %j) = (%lb) to (%lb) step (%lb) {
  }
  return
}
// -----
func.func @f(%lb: index, %x: f32) -> f32 {
  %r = scf.parallel (%i) = (%lb) to (%lb) step (%lb) init (%x) -> f32 {
    scf.reduce(%x : f32) {
    ^bb0(%l: f32, %r: f32):
      "test.foo"() : () -> ()
    }
  }
  return %r : f32
}
