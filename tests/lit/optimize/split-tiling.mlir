// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="split-tiling=false" %s | FileCheck %s --check-prefix=OFF
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// fdtd-2d's time step on integers: ey from hz's rows i and i - 1, ex from
// hz's row i, hz from ex's row i and ey's rows i and i + 1.  Typed fusion
// keeps the sweeps apart, each parallel; fused with hz shifted by one,
// the fused loop carries dependences of distance one, and it runs split
// tiled: 39 rows in 8 chunks of 5 in parallel, each chunk's first row
// without hz, then hz of each chunk's first row, in parallel too.  Every
// run prints the original's checksum (1 and 2 threads).
// CHECK-DAG:   #[[FIRST:.*]] = affine_map<(d0) -> (d0 * 5 + 1)>
// CHECK-DAG:   #[[NEXT:.*]] = affine_map<(d0) -> (d0 * 5 + 2)>
// CHECK-DAG:   #[[LAST:.*]] = affine_map<(d0) -> (d0 * 5 + 6, 40)>
// CHECK-LABEL: func.func @kernel
// CHECK:         affine.parallel (%[[K:.*]]) = (0) to (8) {
// CHECK-NEXT:      %[[I:.*]] = affine.apply #[[FIRST]](%[[K]])
// CHECK:             affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}]
// CHECK:             affine.store %{{.*}}, %arg0[%[[I]], %{{.*}}]
// CHECK:           affine.for %[[R:.*]] = #[[NEXT]](%[[K]]) to min #[[LAST]](%[[K]]) {
// CHECK:               affine.store %{{.*}}, %arg1[%[[R]], %{{.*}}]
// CHECK:               affine.store %{{.*}}, %arg0[%[[R]], %{{.*}}]
// CHECK:               affine.store %{{.*}}, %arg2[%{{.*}}, %{{.*}}]
// CHECK:         affine.parallel (%[[K2:.*]]) = (0) to (8) {
// CHECK-NEXT:      %[[I2:.*]] = affine.apply #[[FIRST]](%[[K2]])
// CHECK-COUNT-1:     affine.store %{{.*}}, %arg2
// CHECK-NOT:         affine.store
// CHECK:         return
// REMARK: remark: affine-loop-unroll-jam: %i not unrolled and jammed for reuse: the copies would share 3 of their 20 loads, fewer than 20%
// REMARK: remark: split tiling: %i, fused with a shift, carries dependences of distance one: split into 8 chunks that run in parallel, 1 statement(s) of each chunk's first iteration after them (the second affine.parallel)
// OFF-NOT: (0) to (8)
// OFF:     affine.parallel (%{{.*}}) = (1) to (40)
// SUM: -8997794138799161183

func.func @kernel(%ex: memref<40x600xi64>, %ey: memref<40x600xi64>, %hz: memref<40x600xi64>) {
  affine.for %t = 0 to 4 {
    affine.for %j = 0 to 600 {
      %tt = arith.index_cast %t : index to i64
      affine.store %tt, %ey[0, %j] : memref<40x600xi64>
    }
    affine.for %i = 1 to 40 {
      affine.for %j = 0 to 600 {
        %0 = affine.load %ey[%i, %j] : memref<40x600xi64>
        %1 = affine.load %hz[%i, %j] : memref<40x600xi64>
        %2 = affine.load %hz[%i - 1, %j] : memref<40x600xi64>
        %3 = arith.subi %1, %2 : i64
        %4 = arith.subi %0, %3 : i64
        affine.store %4, %ey[%i, %j] : memref<40x600xi64>
      }
    }
    affine.for %i = 0 to 40 {
      affine.for %j = 1 to 600 {
        %0 = affine.load %ex[%i, %j] : memref<40x600xi64>
        %1 = affine.load %hz[%i, %j] : memref<40x600xi64>
        %2 = affine.load %hz[%i, %j - 1] : memref<40x600xi64>
        %3 = arith.subi %1, %2 : i64
        %4 = arith.subi %0, %3 : i64
        affine.store %4, %ex[%i, %j] : memref<40x600xi64>
      }
    }
    affine.for %i = 0 to 39 {
      affine.for %j = 0 to 599 {
        %0 = affine.load %hz[%i, %j] : memref<40x600xi64>
        %1 = affine.load %ex[%i, %j + 1] : memref<40x600xi64>
        %2 = affine.load %ex[%i, %j] : memref<40x600xi64>
        %3 = arith.subi %1, %2 : i64
        %4 = affine.load %ey[%i + 1, %j] : memref<40x600xi64>
        %5 = arith.addi %3, %4 : i64
        %6 = affine.load %ey[%i, %j] : memref<40x600xi64>
        %7 = arith.subi %5, %6 : i64
        %8 = arith.subi %0, %7 : i64
        affine.store %8, %hz[%i, %j] : memref<40x600xi64>
      }
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %ex = memref.alloc() : memref<40x600xi64>
  %ey = memref.alloc() : memref<40x600xi64>
  %hz = memref.alloc() : memref<40x600xi64>
  affine.for %i = 0 to 40 {
    affine.for %j = 0 to 600 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %ii, %jj : i64
      %q = arith.addi %p, %jj : i64
      %r = arith.subi %p, %ii : i64
      affine.store %p, %ex[%i, %j] : memref<40x600xi64>
      affine.store %q, %ey[%i, %j] : memref<40x600xi64>
      affine.store %r, %hz[%i, %j] : memref<40x600xi64>
    }
  }
  call @kernel(%ex, %ey, %hz) : (memref<40x600xi64>, memref<40x600xi64>, memref<40x600xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 40 iter_args(%acc = %zero) -> (i64) {
    %r = affine.for %j = 0 to 600 iter_args(%acc2 = %acc) -> (i64) {
      %u = affine.load %ex[%i, %j] : memref<40x600xi64>
      %v = affine.load %ey[%i, %j] : memref<40x600xi64>
      %w = affine.load %hz[%i, %j] : memref<40x600xi64>
      %a = arith.muli %acc2, %c7 : i64
      %b = arith.addi %a, %u : i64
      %c = arith.muli %b, %c7 : i64
      %d = arith.addi %c, %v : i64
      %e = arith.muli %d, %c7 : i64
      %s = arith.addi %e, %w : i64
      affine.yield %s : i64
    }
    affine.yield %r : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %ex : memref<40x600xi64>
  memref.dealloc %ey : memref<40x600xi64>
  memref.dealloc %hz : memref<40x600xi64>
  return
}
