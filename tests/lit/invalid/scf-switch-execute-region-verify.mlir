// RUN: not pyaffine-opt -split-input-file --allow-unregistered-dialect %s 2>&1 | FileCheck %s
// scf.index_switch and scf.execute_region failing their verifiers (mlir-opt 22's messages).
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:14:3: error: 'scf.index_switch' op has duplicate case value: 1
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:27:8: error: 'scf.index_switch' op expected result #0 of each region to be 'i32'
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:36:8: error: 'scf.index_switch' op expected each region to return 1 values, but default region returns 0
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:44:8: error: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: region branch point has 0 operands, but region successor needs 1 inputs
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:51:3: error: 'scf.execute_region' op region needs to have at least one block
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:57:3: error: 'scf.index_switch' op has 0 case regions but 1 case values
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:64:3: error: 'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:73:8: error: 'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'
// CHECK: {{.*}}scf-switch-execute-region-verify.mlir:81:3: error: 'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks
// CHECK-NOT: Traceback
func.func @a(%i: index) {
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  case 1 {
    scf.yield
  }
  default {
  }
  return
}
// -----
func.func @b(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  default {
    %c = arith.constant 1 : i64
    scf.yield %c : i64
  }
  return %0 : i32
}
// -----
func.func @c(%i: index) -> i32 {
  %0 = scf.index_switch %i -> i32
  default {
    scf.yield
  }
  return %0 : i32
}
// -----
func.func @d(%i: index) -> i32 {
  %0 = scf.execute_region -> i32 {
    scf.yield
  }
  return %0 : i32
}
// -----
func.func @e(%i: index) {
  scf.execute_region {
  }
  return
}
// -----
func.func @f(%i: index) {
  "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
      "scf.yield"() : () -> ()
    }) : (index) -> ()
  return
}
// -----
func.func @h(%i: index) {
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}
// -----
func.func @i(%i: index) -> i32 {
  %0 = scf.execute_region -> i32 {
    %c = arith.constant 1 : i64
    scf.yield %c : i64
  }
  return %0 : i32
}
// -----
func.func @j(%i: index) {
  scf.index_switch %i
  case 1 {
  }
  default {
    "foo.bar"() : () -> ()
  }
  return
}
