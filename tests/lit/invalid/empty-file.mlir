// An empty file is valid: like mlir-opt, pyaffine-opt prints an empty
// module.  So does a file holding only comments, like this one.
// RUN: echo -n > %t.mlir
// RUN: pyaffine-opt %t.mlir | FileCheck --match-full-lines %s
// RUN: pyaffine-opt %s | FileCheck --match-full-lines %s
// CHECK:      module {
// CHECK-NEXT: }
// CHECK-NOT: {{.}}
