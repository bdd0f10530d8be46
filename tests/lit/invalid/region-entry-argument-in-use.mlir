// RUN: not pyaffine-opt %s 2>&1 | FileCheck --strict-whitespace %s
// A loop's iteration argument named as its induction variable: the entry
// arguments of a region are defined one after the other, so the second is
// a name already in use, as mlir-opt reports it.
// CHECK: {{.*}}region-entry-argument-in-use.mlir:13:41: error: region entry argument '%i' is already in use
// CHECK-NEXT: {{^}}  %r = affine.for %i = 0 to 4 iter_args(%i = %a) -> (f32) {{{$}}
// CHECK-NEXT: {{^}}                                        ^{{$}}
// CHECK-NEXT: {{.*}}region-entry-argument-in-use.mlir:13:19: note: previously referenced here
// CHECK-NEXT: {{^}}  %r = affine.for %i = 0 to 4 iter_args(%i = %a) -> (f32) {{{$}}
// CHECK-NEXT: {{^}}                  ^{{$}}
// CHECK-NOT: Traceback
func.func @f(%a: f32) {
  %r = affine.for %i = 0 to 4 iter_args(%i = %a) -> (f32) {
    affine.yield %i : f32
  }
  return
}
