// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize="jam-recurrences=0" %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="remarks=true jam-recurrences=0" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="privatize=false jam-recurrences=0" %s | FileCheck %s --check-prefix=SHARED
// RUN: pyaffine-opt -affine-parallelize="privatize=true max-nested=1" %s | FileCheck %s
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp | FileCheck %s --check-prefix=OMP
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// A row recurrence through two scalars, as PolyBench's deriche keeps its
// ym1 and ym2: each row resets them before its sweep, so the loop over the
// rows carries only output and anti dependences on them, and no value of
// one row reaches another or the code after the loop.  It runs in parallel
// with a copy of both per row, at the start of the parallel body; mlir-opt's
// SCF-to-OpenMP conversion wraps that body in a memref.alloca_scope, so each
// row's copies are freed when it ends.  Lowered through OpenMP, it prints
// the original's checksum on one and on two threads.  Without privatization
// the rows stay sequential.  (`jam-recurrences=0`: by default the register
// tiles for recurrences give each row an element of its own of the scalars
// and jam eight rows instead, recurrence_jam.py; the rows then run in
// parallel without private copies.)
// CHECK-LABEL: func.func @kernel
// CHECK:         %[[YM1:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT:    %[[YM2:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT:    affine.parallel (%[[I:.*]]) = (0) to (256) {
// CHECK-NEXT:      %[[P1:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT:      %[[P2:.*]] = memref.alloca() : memref<i64>
// CHECK-NEXT:      affine.store %{{.*}}, %[[P1]][] : memref<i64>
// CHECK-NEXT:      affine.store %{{.*}}, %[[P2]][] : memref<i64>
// CHECK-NEXT:      affine.for %{{.*}} = 0 to 256 {
// CHECK:             affine.load %[[P1]][] : memref<i64>
// CHECK-NEXT:        affine.load %[[P2]][] : memref<i64>
// CHECK:             affine.store %{{.*}}, %[[P2]][] : memref<i64>
// CHECK-NEXT:        affine.store %{{.*}}, %[[P1]][] : memref<i64>
// CHECK-NOT:     %[[YM1]]
// CHECK-NOT:     %[[YM2]]
// CHECK-LABEL: func.func private @printI64
// REMARK: privatize.mlir:[[# @LINE + 21]]:5: remark: affine-parallelize: %j stays sequential: one run of it executes about 256 iterations, fewer than the 16384 that pay for a parallel region
// REMARK: privatize.mlir:[[# @LINE + 17]]:3: remark: affine-parallelize: %i runs in parallel, with private copies of %ym1, %ym2
// SHARED-LABEL: func.func @kernel
// SHARED-NOT:     affine.parallel
// SHARED:         affine.for %{{.*}} = 0 to 256 {
// SHARED-LABEL: func.func @main
// OMP-LABEL: func.func @kernel
// OMP:         omp.loop_nest
// OMP-NEXT:      memref.alloca_scope {
// OMP-NEXT:        memref.alloca() : memref<i64>
// OMP-NEXT:        memref.alloca() : memref<i64>
// SUM: 7181104570985536384

func.func @kernel(%A: memref<256x256xi64>, %B: memref<256x256xi64>) {
  %zero = arith.constant 0 : i64
  %c3 = arith.constant 3 : i64
  %ym1 = memref.alloca() : memref<i64>
  %ym2 = memref.alloca() : memref<i64>
  affine.for %i = 0 to 256 {
    affine.store %zero, %ym1[] : memref<i64>
    affine.store %zero, %ym2[] : memref<i64>
    affine.for %j = 0 to 256 {
      %a = affine.load %A[%i, %j] : memref<256x256xi64>
      %p1 = affine.load %ym1[] : memref<i64>
      %p2 = affine.load %ym2[] : memref<i64>
      %t = arith.muli %p1, %c3 : i64
      %s = arith.addi %a, %t : i64
      %y = arith.subi %s, %p2 : i64
      affine.store %y, %B[%i, %j] : memref<256x256xi64>
      affine.store %p1, %ym2[] : memref<i64>
      affine.store %y, %ym1[] : memref<i64>
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<256x256xi64>
  %B = memref.alloc() : memref<256x256xi64>
  affine.for %i = 0 to 256 {
    affine.for %j = 0 to 256 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %q = arith.addi %p, %jj : i64
      affine.store %q, %A[%i, %j] : memref<256x256xi64>
    }
  }
  call @kernel(%A, %B) : (memref<256x256xi64>, memref<256x256xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 256 iter_args(%acc = %zero) -> (i64) {
    %r = affine.for %j = 0 to 256 iter_args(%acc2 = %acc) -> (i64) {
      %v = affine.load %B[%i, %j] : memref<256x256xi64>
      %m = arith.muli %acc2, %c7 : i64
      %n = arith.addi %m, %v : i64
      affine.yield %n : i64
    }
    affine.yield %r : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %A : memref<256x256xi64>
  memref.dealloc %B : memref<256x256xi64>
  return
}
