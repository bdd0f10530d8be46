// REQUIRES: mlir-opt
// --mlir-timing: the report has mlir-opt's layout and rows (the times differ).

// RUN: pyaffine-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0}),test-loop-permutation{permutation-map=0,1})" --mlir-timing -o /dev/null 2>&1 | sed -E -e 's/[0-9]+\.[0-9]+/N/g' -e 's/\( *N%\)/(P)/' > %t.py
// RUN: mlir-opt %s --pass-pipeline="builtin.module(func.func(test-loop-permutation{permutation-map=1,0}),test-loop-permutation{permutation-map=0,1})" --mlir-timing -o /dev/null 2>&1 | sed -E -e 's/[0-9]+\.[0-9]+/N/g' -e 's/\( *N%\)/(P)/' > %t.ref
// RUN: diff %t.ref %t.py
// RUN: FileCheck %s < %t.py
// RUN: pyaffine-opt %s -test-loop-permutation="permutation-map=1,0" --mlir-timing -o /dev/null 2>&1 | sed -E -e 's/[0-9]+\.[0-9]+/N/g' -e 's/\( *N%\)/(P)/' > %t.py
// RUN: mlir-opt %s -test-loop-permutation="permutation-map=1,0" --mlir-timing -o /dev/null 2>&1 | sed -E -e 's/[0-9]+\.[0-9]+/N/g' -e 's/\( *N%\)/(P)/' > %t.ref
// RUN: diff %t.ref %t.py

// CHECK: ... Execution time report ...
// CHECK:      ----Wall Time----  ----Name----
// CHECK-NEXT:     N (P)  Parser
// CHECK-NEXT:     N (P)  'func.func' Pipeline
// CHECK-NEXT:     N (P)    (anonymous namespace)::TestLoopPermutation
// CHECK-NEXT:     N (P)  (anonymous namespace)::TestLoopPermutation
// CHECK-NEXT:     N (P)  Output
// CHECK-NEXT:     N (P)  Rest
// CHECK-NEXT:     N (P)  Total

func.func @f(%A: memref<4x8xf32>) {
  affine.for %i = 0 to 4 {
    affine.for %j = 0 to 8 {
      %v = affine.load %A[%i, %j] : memref<4x8xf32>
      affine.store %v, %A[%i, %j] : memref<4x8xf32>
    }
  }
  return
}
