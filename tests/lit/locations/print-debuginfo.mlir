// RUN: pyaffine-opt --mlir-print-debuginfo %s | FileCheck %s
// RUN: pyaffine-opt --mlir-print-debuginfo %s | pyaffine-opt --mlir-print-debuginfo - | FileCheck %s --check-prefix=AGAIN
// RUN: pyaffine-opt --mlir-print-debuginfo - < %s | FileCheck %s --check-prefix=STDIN

// --mlir-print-debuginfo: every op is followed by its location, through an
// alias defined after the module (an op location's aliases can be deferred);
// block arguments print theirs inline, and the aliases they make are
// defined before the module.  An op or argument without `loc(...)` has the
// file location of where it stands; the module the parser adds, 0:0.

// CHECK:      #[[ARG:loc[0-9]*]] = loc("arg.c":1:2)
// CHECK-NEXT: #[[M:loc[0-9]*]] = loc("{{.*}}print-debuginfo.mlir":47:45)
// CHECK-NEXT: #[[IV:loc[0-9]*]] = loc("{{.*}}print-debuginfo.mlir":49:14)
// CHECK-NEXT: module {
// CHECK-NEXT:   func.func @f(%arg0: index loc("arg.c":1:2), %arg1: memref<10xf32> loc("{{.*}}print-debuginfo.mlir":47:45)) {
// CHECK-NEXT:     %c0 = arith.constant 0 : index loc(#[[ALIAS:loc[0-9]*]])
// CHECK-NEXT:     affine.for %arg2 loc("{{.*}}print-debuginfo.mlir":49:14) = 0 to 10 {
// CHECK-NEXT:       %0 = affine.load %arg1[%arg2] : memref<10xf32> loc(#[[FILE:loc[0-9]*]])
// CHECK-NEXT:       affine.store %0, %arg1[%arg2] : memref<10xf32> loc(#[[NAME:loc[0-9]*]])
// CHECK-NEXT:     } loc(#[[CALL:loc[0-9]*]])
// CHECK-NEXT:     return loc(#[[FUSED:loc[0-9]*]])
// CHECK-NEXT:   } loc(#[[FUNC:loc[0-9]*]])
// CHECK-NEXT: } loc(#[[MODULE:loc[0-9]*]])
// CHECK-NEXT: #[[MODULE]] = loc("{{.*}}print-debuginfo.mlir":0:0)
// CHECK-NEXT: #[[FUNC]] = loc("{{.*}}print-debuginfo.mlir":47:1)
// CHECK-NEXT: #[[ALIAS]] = loc("a.c":3:4)
// CHECK-NEXT: #[[CALLEE:loc[0-9]*]] = loc("foo")
// CHECK-NEXT: #[[CALLER:loc[0-9]*]] = loc("bar.c":3:3 to :8)
// CHECK-NEXT: #[[FILE]] = loc("kernel.c":12:9)
// CHECK-NEXT: #[[CHILD:loc[0-9]*]] = loc("x.c":1:1)
// CHECK-NEXT: #[[A:loc[0-9]*]] = loc("a":1:1)
// CHECK-NEXT: #[[B:loc[0-9]*]] = loc("b":2:2 to 3:1)
// CHECK-NEXT: #[[CALL]] = loc(callsite(#[[CALLEE]] at #[[CALLER]]))
// CHECK-NEXT: #[[NAME]] = loc("n"(#[[CHILD]]))
// CHECK-NEXT: #[[FUSED]] = loc(fused<"meta">[#[[A]], #[[B]]])
// CHECK-EMPTY:

// Read from standard input, the file is `<stdin>`.
// STDIN: #[[MODULE:loc[0-9]*]] = loc("<stdin>":0:0)
// STDIN: #{{loc[0-9]*}} = loc("<stdin>":47:1)

// Printed again, every location is the same.
// AGAIN: affine.store %0, %arg1[%arg2] : memref<10xf32> loc(#[[NAME:loc[0-9]*]])
// AGAIN: #[[NAME]] = loc("n"(#{{loc[0-9]*}}))

#loc1 = loc("a.c":3:4)
func.func @f(%arg0: index loc("arg.c":1:2), %m: memref<10xf32>) {
  %c0 = arith.constant 0 : index loc(#loc1)
  affine.for %i = 0 to 10 {
    %v = affine.load %m[%i] : memref<10xf32> loc("kernel.c":12:9)
    affine.store %v, %m[%i] : memref<10xf32> loc("n"("x.c":1:1))
  } loc(callsite("foo" at "bar.c":3:3 to :8))
  return loc(fused<"meta">["a":1:1, "b":2:2 to 3:1])
}
