// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="first-level-cache=0" %s | FileCheck %s --check-prefix=OFF
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// jacobi-1d's two sweeps over 20000 points: a time step touches 313 KiB,
// more than the first-level cache (32 KiB), and each point streams 16
// bytes for three operations, so the sweeps run at the second level's
// speed.  The time loop is fused with a shift, skewed by 2 and tiled by
// 256 x 256 for the first-level cache; the tiles of a wavefront run in
// parallel, each sweep keeps an innermost loop of its own.  With
// first-level-cache=0 the time loop is left as it is (each sweep in
// parallel: 19998 points pay for a parallel region).  Every run prints
// the original's checksum (1 and 2 threads).
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.for %{{.*}} = 0 to
// CHECK:           affine.parallel
// CHECK:             affine.for
// CHECK:               affine.for
// CHECK:                 affine.store %{{.*}}, %arg1
// CHECK:               affine.for
// CHECK:                 affine.store %{{.*}}, %arg0
// REMARK: time-tile-1d.mlir:[[# @LINE + 7]]:3: remark: affine-loop-tile: time loop %t tiled across time steps: the sweeps shifted by (0; 1) and skewed by [2] along it, tiles of 256 x 256, one innermost point loop per statement (tile footprint 12288 bytes within the cache of 16384 bytes; one time step touches 320000 bytes); tiles run as a wavefront, the tiles of one wavefront in parallel
// OFF-LABEL: func.func @kernel
// OFF-NEXT:    affine.for %{{.*}} = 0 to 300 {
// OFF-NEXT:      affine.parallel (%{{.*}}) = (1) to (19999) {
// SUM: 7887125319450888364

func.func @kernel(%A: memref<20000xi64>, %B: memref<20000xi64>) {
  affine.for %t = 0 to 300 {
    affine.for %i = 1 to 19999 {
      %l = affine.load %A[%i - 1] : memref<20000xi64>
      %c = affine.load %A[%i] : memref<20000xi64>
      %r = affine.load %A[%i + 1] : memref<20000xi64>
      %0 = arith.addi %l, %r : i64
      %1 = arith.subi %0, %c : i64
      affine.store %1, %B[%i] : memref<20000xi64>
    }
    affine.for %i = 1 to 19999 {
      %l = affine.load %B[%i - 1] : memref<20000xi64>
      %c = affine.load %B[%i] : memref<20000xi64>
      %r = affine.load %B[%i + 1] : memref<20000xi64>
      %0 = arith.addi %l, %r : i64
      %1 = arith.subi %0, %c : i64
      affine.store %1, %A[%i] : memref<20000xi64>
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<20000xi64>
  %B = memref.alloc() : memref<20000xi64>
  affine.for %i = 0 to 20000 {
    %ii = arith.index_cast %i : index to i64
    %c7 = arith.constant 7 : i64
    %m = arith.remui %ii, %c7 : i64
    affine.store %m, %A[%i] : memref<20000xi64>
    affine.store %ii, %B[%i] : memref<20000xi64>
  }
  call @kernel(%A, %B) : (memref<20000xi64>, memref<20000xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c31 = arith.constant 31 : i64
  %h = affine.for %i = 0 to 20000 iter_args(%acc = %zero) -> (i64) {
    %v = affine.load %A[%i] : memref<20000xi64>
    %w = affine.load %B[%i] : memref<20000xi64>
    %m = arith.muli %acc, %c31 : i64
    %n = arith.addi %m, %v : i64
    %o = arith.muli %n, %c31 : i64
    %s = arith.addi %o, %w : i64
    affine.yield %s : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %A : memref<20000xi64>
  memref.dealloc %B : memref<20000xi64>
  return
}
