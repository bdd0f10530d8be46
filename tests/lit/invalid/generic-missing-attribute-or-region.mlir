// RUN: not pyaffine-opt -split-input-file %s 2>&1 | FileCheck --strict-whitespace %s
// Generic forms that leave out what ODS requires: the attribute an op
// cannot do without, or its region.  Reported as mlir-opt 22 reports them
// (verifyInvariants, before the op's own checks), never as an internal error.
// CHECK: {{.*}}generic-missing-attribute-or-region.mlir:10:8: error: 'affine.apply' op requires attribute 'map'
// CHECK-NEXT: {{^}}  %x = "affine.apply"(%i) {} : (index) -> index{{$}}
// CHECK-NEXT: {{^}}       ^{{$}}
// CHECK-NOT: internal error
func.func @no_map(%i: index) {
  %x = "affine.apply"(%i) {} : (index) -> index
  return
}

// -----
// CHECK: {{.*}}generic-missing-attribute-or-region.mlir:17:3: error: 'scf.for' op requires one region
func.func @no_region(%arg0: index) {
  "scf.for"(%arg0, %arg0, %arg0) : (index, index, index) -> ()
  return
}

// -----
// CHECK: {{.*}}generic-missing-attribute-or-region.mlir:24:3: error: 'scf.for' op requires one region
func.func @two_regions(%arg0: index) {
  "scf.for"(%arg0, %arg0, %arg0) ({
    scf.yield
  }, {
    scf.yield
  }) : (index, index, index) -> ()
  return
}
