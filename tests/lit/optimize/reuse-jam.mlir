// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="jam-reuse=0" %s | FileCheck %s --check-prefix=OFF
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// Two sweeps of a five-point stencil per time step, as jacobi-2d's: rows
// i and i + 1 of a sweep both load A[i][j] and A[i + 1][j].  The rows are
// unrolled and jammed by 4 and every element is loaded once per group of
// rows (rows i - 1 to i + 4 at j, and j - 1 and j + 1 of the four rows:
// 14 loads instead of 20); the 33rd row is left to a loop of its own.  The rows, 4792 bytes, are
// longer than a page: the prefetchers follow each copy's row.
// The groups of rows run in parallel.  Every run prints the original's
// checksum (1 and 2 threads).
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.parallel (%[[I:.*]]) = (1) to (33) step (4) {
// CHECK-NEXT:      affine.for %[[J:.*]] = 1 to 599 {
// CHECK-COUNT-5:     affine.load %arg0
// CHECK:             affine.store %{{.*}}, %arg1[%[[I]], %[[J]]]
// CHECK-NEXT:        %[[I1:.*]] = affine.apply #{{.*}}(%[[I]])
// CHECK-COUNT-3:     affine.load %arg0
// CHECK-NOT:         affine.load
// CHECK:             affine.store %{{.*}}, %arg1[%[[I1]], %[[J]]]
// CHECK:             affine.store
// CHECK:             affine.store
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    affine.for %{{.*}} = 1 to 599 {
// CHECK-COUNT-5:   affine.load %arg0[%c33
// CHECK:         affine.parallel (%{{.*}}) = (1) to (33) step (4) {
// REMARK: reuse-jam.mlir:[[# @LINE + 7]]:5: remark: affine-loop-unroll-jam: %i unrolled and jammed by 4: the copies of the innermost loop load the same elements of %arg0; 6 loads merged (register tile)
// REMARK: reuse-jam.mlir:[[# @LINE + 20]]:5: remark: affine-loop-unroll-jam: %i unrolled and jammed by 4: the copies of the innermost loop load the same elements of %arg1; 6 loads merged (register tile)
// OFF-NOT: step (4)
// SUM: 908255789370040993

func.func @kernel(%A: memref<35x600xi64>, %B: memref<35x600xi64>) {
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 34 {
      affine.for %j = 1 to 599 {
        %c = affine.load %A[%i, %j] : memref<35x600xi64>
        %w = affine.load %A[%i, %j - 1] : memref<35x600xi64>
        %e = affine.load %A[%i, %j + 1] : memref<35x600xi64>
        %s = affine.load %A[%i + 1, %j] : memref<35x600xi64>
        %n = affine.load %A[%i - 1, %j] : memref<35x600xi64>
        %0 = arith.addi %c, %w : i64
        %1 = arith.addi %0, %e : i64
        %2 = arith.addi %1, %s : i64
        %3 = arith.addi %2, %n : i64
        affine.store %3, %B[%i, %j] : memref<35x600xi64>
      }
    }
    affine.for %i = 1 to 34 {
      affine.for %j = 1 to 599 {
        %c = affine.load %B[%i, %j] : memref<35x600xi64>
        %w = affine.load %B[%i, %j - 1] : memref<35x600xi64>
        %e = affine.load %B[%i, %j + 1] : memref<35x600xi64>
        %s = affine.load %B[%i + 1, %j] : memref<35x600xi64>
        %n = affine.load %B[%i - 1, %j] : memref<35x600xi64>
        %0 = arith.subi %c, %w : i64
        %1 = arith.addi %0, %e : i64
        %2 = arith.subi %1, %s : i64
        %3 = arith.addi %2, %n : i64
        affine.store %3, %A[%i, %j] : memref<35x600xi64>
      }
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<35x600xi64>
  %B = memref.alloc() : memref<35x600xi64>
  affine.for %i = 0 to 35 {
    affine.for %j = 0 to 600 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %q = arith.addi %p, %jj : i64
      affine.store %q, %A[%i, %j] : memref<35x600xi64>
      affine.store %p, %B[%i, %j] : memref<35x600xi64>
    }
  }
  call @kernel(%A, %B) : (memref<35x600xi64>, memref<35x600xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 35 iter_args(%acc = %zero) -> (i64) {
    %r = affine.for %j = 0 to 600 iter_args(%acc2 = %acc) -> (i64) {
      %v = affine.load %A[%i, %j] : memref<35x600xi64>
      %w = affine.load %B[%i, %j] : memref<35x600xi64>
      %m = arith.muli %acc2, %c7 : i64
      %n = arith.addi %m, %v : i64
      %o = arith.muli %n, %c7 : i64
      %s = arith.addi %o, %w : i64
      affine.yield %s : i64
    }
    affine.yield %r : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %A : memref<35x600xi64>
  memref.dealloc %B : memref<35x600xi64>
  return
}
