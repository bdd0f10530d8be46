// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize="jam-reductions=0" %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="remarks=true jam-reductions=0" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-parallelize %s | FileCheck %s --check-prefix=UPSTREAM
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=3 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// A triangle of rows, as syrk's `C[i][j] += A[i][k] * A[j][k]` for j <= i:
// row i does i + 1 dot products, so under OpenMP's static schedule (one
// contiguous chunk of rows per thread) the second of two threads gets 75%
// of the work.  The parallel loop is folded: its iteration t runs rows t
// and 199 - t, each pair the same work, so the chunks are alike.  The
// rectangular loop that clears C is left as it is.  Upstream's
// -affine-parallelize keeps the rows in order.  Every run prints the
// original's checksum (1, 2 and 3 threads).
// CHECK-DAG:   #[[MIRROR:.*]] = affine_map<(d0) -> (-d0 + 199)>
// CHECK-DAG:   #[[PAIR:.*]] = affine_set<(d0) : (d0 * -2 + 198 >= 0)>
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.parallel (%{{.*}}) = (0) to (200) {
// CHECK:         affine.parallel (%[[T:.*]]) = (0) to (100) {
// CHECK-NEXT:      affine.for %[[J:.*]] = 0 to #{{.*}}(%[[T]]) {
// CHECK:             affine.store %{{.*}}, %{{.*}}[%[[T]], %[[J]]]
// CHECK:           affine.if #[[PAIR]](%[[T]]) {
// CHECK-NEXT:        %[[ROW:.*]] = affine.apply #[[MIRROR]](%[[T]])
// CHECK-NEXT:        affine.for %[[J2:.*]] = 0 to #{{.*}}(%[[ROW]]) {
// CHECK:               affine.store %{{.*}}, %{{.*}}[%[[ROW]], %[[J2]]]
// CHECK-LABEL: func.func private @printI64
// REMARK: balance.mlir:[[# @LINE + 14]]:3: remark: affine-parallelize: %i folded for balance (iterations t and 199 - t together: the busiest of 2 threads does 50% of the work instead of 75%)
// UPSTREAM-LABEL: func.func @kernel
// UPSTREAM:         affine.parallel (%{{.*}}) = (0) to (200) {
// UPSTREAM:         affine.parallel (%{{.*}}) = (0) to (200) {
// UPSTREAM-NOT:     affine.if
// SUM: -2659773680348228160

func.func @kernel(%A: memref<200x64xi64>, %C: memref<200x200xi64>) {
  %zero = arith.constant 0 : i64
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 200 {
      affine.store %zero, %C[%i, %j] : memref<200x200xi64>
    }
  }
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {
      affine.for %k = 0 to 64 {
        %a = affine.load %A[%i, %k] : memref<200x64xi64>
        %b = affine.load %A[%j, %k] : memref<200x64xi64>
        %p = arith.muli %a, %b : i64
        %c = affine.load %C[%i, %j] : memref<200x200xi64>
        %s = arith.addi %c, %p : i64
        affine.store %s, %C[%i, %j] : memref<200x200xi64>
      }
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<200x64xi64>
  %C = memref.alloc() : memref<200x200xi64>
  affine.for %i = 0 to 200 {
    affine.for %k = 0 to 64 {
      %ii = arith.index_cast %i : index to i64
      %kk = arith.index_cast %k : index to i64
      %p = arith.muli %ii, %kk : i64
      %q = arith.addi %p, %kk : i64
      affine.store %q, %A[%i, %k] : memref<200x64xi64>
    }
  }
  call @kernel(%A, %C) : (memref<200x64xi64>, memref<200x200xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 200 iter_args(%acc = %zero) -> (i64) {
    %r = affine.for %j = 0 to 200 iter_args(%acc2 = %acc) -> (i64) {
      %v = affine.load %C[%i, %j] : memref<200x200xi64>
      %m = arith.muli %acc2, %c7 : i64
      %n = arith.addi %m, %v : i64
      affine.yield %n : i64
    }
    affine.yield %r : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %A : memref<200x64xi64>
  memref.dealloc %C : memref<200x200xi64>
  return
}
