// REQUIRES: openmp
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: pyaffine-opt -affine-optimize="cache-size=4 jam-recurrences=0" %s -o %t.wavefront.mlir
// RUN: FileCheck %s --check-prefix=WAVEFRONT --input-file=%t.wavefront.mlir
// RUN: mlir-opt %t.wavefront.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: pyaffine-opt -affine-optimize="cache-size=4" %s -o %t.jammed.mlir
// RUN: FileCheck %s --check-prefix=JAMMED --input-file=%t.jammed.mlir
// RUN: mlir-opt %t.jammed.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.jammed.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.jammed.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.jammed.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s

// A Gauss-Seidel sweep over time steps, in place, on integers (so that any
// reordering the dependences do not allow shows in the checksum): the band
// (t, i, j) is not permutable; -affine-optimize skews it by the smallest
// factors that make it so, tiles it, and runs the tiles of each wavefront
// in parallel (with `jam-recurrences=0`; by default the inner loop's
// recurrence, A[i][j] from A[i][j-1], is skewed and jammed instead, eight
// rows at a time along j + 2i: recurrence_jam.py).  On one and on two
// threads each prints the original's checksum.
// CHECK: 3596713368012374224

// WAVEFRONT-LABEL: func.func @kernel
// WAVEFRONT:       affine.for %{{.*}} = 0 to {{[0-9]+}} {
// WAVEFRONT-NEXT:    affine.parallel (%{{.*}}) = (max(
// WAVEFRONT-LABEL: func.func @main

// JAMMED-LABEL: func.func @kernel
// JAMMED:       affine.for %{{.*}} = 0 to 16 {
// JAMMED-NEXT:    affine.for %{{.*}} = 1 to 63 step 8 {
// JAMMED-LABEL: func.func @main

func.func @kernel(%A: memref<64x64xi64>) {
  affine.for %t = 0 to 16 {
    affine.for %i = 1 to 63 {
      affine.for %j = 1 to 63 {
        %n = affine.load %A[%i - 1, %j] : memref<64x64xi64>
        %w = affine.load %A[%i, %j - 1] : memref<64x64xi64>
        %s = affine.load %A[%i + 1, %j] : memref<64x64xi64>
        %e = affine.load %A[%i, %j + 1] : memref<64x64xi64>
        %c = affine.load %A[%i, %j] : memref<64x64xi64>
        %nw = arith.addi %n, %w : i64
        %se = arith.addi %s, %e : i64
        %sum = arith.addi %nw, %se : i64
        %c3 = arith.constant 3 : i64
        %m = arith.muli %c, %c3 : i64
        %r = arith.xori %sum, %m : i64
        affine.store %r, %A[%i, %j] : memref<64x64xi64>
      }
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<64x64xi64>
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %q = arith.addi %p, %jj : i64
      affine.store %q, %A[%i, %j] : memref<64x64xi64>
    }
  }
  call @kernel(%A) : (memref<64x64xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (i64) {
    %row = affine.for %j = 0 to 64 iter_args(%racc = %acc) -> (i64) {
      %v = affine.load %A[%i, %j] : memref<64x64xi64>
      %m = arith.muli %racc, %c7 : i64
      %n = arith.addi %m, %v : i64
      affine.yield %n : i64
    }
    affine.yield %row : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
