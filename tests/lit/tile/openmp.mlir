// REQUIRES: openmp
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: pyaffine-opt -affine-parallelize="parallel-reductions=true" %s -o %t.parallel.mlir
// RUN: FileCheck %s --check-prefix=PARALLEL --input-file=%t.parallel.mlir
// RUN: mlir-opt %t.parallel.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s
// RUN: pyaffine-opt -affine-loop-tile="tile-size=32" -affine-parallelize="max-nested=1" %s -o %t.tiled.mlir
// RUN: FileCheck %s --check-prefix=TILED --input-file=%t.tiled.mlir
// RUN: mlir-opt %t.tiled.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.tiled.omp.mlir
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.tiled.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s

// SPMD code: the parallel loops, lowered through OpenMP, run on one and on
// two threads and print the checksum of the original (integers, so the
// parallel reduction over a row is exact).  Tiled, then parallelized at
// the outermost level (a tile loop), it prints it too.
// CHECK: 4882708331345827548

// PARALLEL-LABEL: func.func @kernel
// PARALLEL:       affine.parallel (%{{.*}}) = (1) to (255) {
// PARALLEL-NEXT:    affine.parallel (%{{.*}}) = (1) to (255) {
// PARALLEL:       affine.parallel (%{{.*}}) = (0) to (256) {
// PARALLEL-NEXT:    affine.parallel (%{{.*}}) = (0) to (256) reduce ("addi") -> (i64) {
// TILED-LABEL: func.func @kernel
// TILED:       affine.parallel (%{{.*}}) = (1) to (255) step (32) {
// TILED-NEXT:    affine.for %{{.*}} = 1 to 255 step 32 {

func.func @kernel(%A: memref<256x256xi64>, %B: memref<256x256xi64>, %R: memref<256xi64>) {
  affine.for %i = 1 to 255 {
    affine.for %j = 1 to 255 {
      %a = affine.load %A[%i - 1, %j] : memref<256x256xi64>
      %b = affine.load %A[%i + 1, %j] : memref<256x256xi64>
      %c = affine.load %A[%i, %j - 1] : memref<256x256xi64>
      %s = arith.addi %a, %b : i64
      %t = arith.muli %s, %c : i64
      affine.store %t, %B[%i, %j] : memref<256x256xi64>
    }
  }
  %zero = arith.constant 0 : i64
  affine.for %i = 0 to 256 {
    %sum = affine.for %j = 0 to 256 iter_args(%acc = %zero) -> (i64) {
      %v = affine.load %B[%i, %j] : memref<256x256xi64>
      %n = arith.addi %acc, %v : i64
      affine.yield %n : i64
    }
    affine.store %sum, %R[%i] : memref<256xi64>
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<256x256xi64>
  %B = memref.alloc() : memref<256x256xi64>
  %R = memref.alloc() : memref<256xi64>
  %zero = arith.constant 0 : i64
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %q = arith.addi %p, %jj : i64
      affine.store %q, %A[%i, %j] : memref<256x256xi64>
      affine.store %zero, %B[%i, %j] : memref<256x256xi64>
    }
  }
  call @kernel(%A, %B, %R) : (memref<256x256xi64>, memref<256x256xi64>, memref<256xi64>) -> ()
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 256 iter_args(%acc = %zero) -> (i64) {
    %v = affine.load %R[%i] : memref<256xi64>
    %m = arith.muli %acc, %c7 : i64
    %n = arith.addi %m, %v : i64
    affine.yield %n : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  return
}
