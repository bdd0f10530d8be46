// REQUIRES: openmp
// RUN: pyaffine-opt -affine-optimize="cache-size=16" %s -o %t.optimized.mlir
// RUN: FileCheck %s --input-file=%t.optimized.mlir
// RUN: pyaffine-opt -affine-optimize="cache-size=16 remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-optimize="cache-size=16 micro-kernel=false" %s | FileCheck %s --check-prefix=OFF
// RUN: mlir-opt %s -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.original.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.original.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: mlir-opt %t.optimized.mlir -lower-affine -convert-scf-to-openmp -finalize-memref-to-llvm -convert-scf-to-cf -convert-openmp-to-llvm -convert-to-llvm -reconcile-unrealized-casts -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM
// RUN: env OMP_NUM_THREADS=2 mlir-runner %t.omp.mlir -e main -entry-point-result=void -shared-libs=%omp_libs | FileCheck %s --check-prefix=SUM

// A product C += A * B whose band the cache model tiles (8 x 16 x 16 for a
// cache of 16 KiB).  In each tile a block of 4 x 8 elements of C is loaded
// once, carried through the k loop in 32 iter_args and stored once, where
// the block lies in the domain; the blocks at the ends (70 rows, 75
// columns) take the point loops restricted to them.  Lowered through
// OpenMP, it prints the original's checksum on one and two threads.
// CHECK-LABEL: func.func @product
// CHECK:         affine.parallel
// CHECK:           affine.for %[[I:.*]] = {{.*}} step 4 {
// CHECK-NEXT:        affine.for %[[J:.*]] = {{.*}} step 8 {
// CHECK-NEXT:          affine.if #{{.*}}(%[[I]], %[[J]], {{.*}}) {
// CHECK:                 %[[BLOCK:.*]]:32 = affine.for %{{.*}} = {{.*}} iter_args(
// CHECK:                   affine.yield
// CHECK:                 affine.store %[[BLOCK]]#31, %{{.*}}
// CHECK:               } else {
// CHECK-NEXT:            affine.for %{{.*}} = #{{.*}}(%[[I]]) to min
// CHECK-LABEL: func.func private @printI64
// REMARK: micro-kernel.mlir:[[# @LINE + 8]]:3: remark: affine-loop-tile: point band blocked by 4 x 8 around its reduction loop, each block of %arg2 carried in registers through it (micro-kernel)
// OFF-LABEL: func.func @product
// OFF-NOT:     affine.if
// OFF-NOT:     iter_args
// OFF-LABEL: func.func private @printI64
// SUM: -6624980185025576941

func.func @product(%A: memref<70x33xi64>, %B: memref<33x75xi64>, %C: memref<70x75xi64>) {
  affine.for %i = 0 to 70 {
    affine.for %k = 0 to 33 {
      affine.for %j = 0 to 75 {
        %a = affine.load %A[%i, %k] : memref<70x33xi64>
        %b = affine.load %B[%k, %j] : memref<33x75xi64>
        %p = arith.muli %a, %b : i64
        %c = affine.load %C[%i, %j] : memref<70x75xi64>
        %s = arith.addi %c, %p : i64
        affine.store %s, %C[%i, %j] : memref<70x75xi64>
      }
    }
  }
  return
}

func.func private @printI64(i64)
func.func private @printNewline()

func.func @main() {
  %A = memref.alloc() : memref<70x33xi64>
  %B = memref.alloc() : memref<33x75xi64>
  %C = memref.alloc() : memref<70x75xi64>
  %c3 = arith.constant 3 : i64
  affine.for %i = 0 to 70 {
    affine.for %k = 0 to 33 {
      %ii = arith.index_cast %i : index to i64
      %kk = arith.index_cast %k : index to i64
      %p = arith.muli %ii, %kk : i64
      %q = arith.addi %p, %kk : i64
      affine.store %q, %A[%i, %k] : memref<70x33xi64>
    }
  }
  affine.for %k = 0 to 33 {
    affine.for %j = 0 to 75 {
      %kk = arith.index_cast %k : index to i64
      %jj = arith.index_cast %j : index to i64
      %p = arith.muli %kk, %c3 : i64
      %q = arith.subi %p, %jj : i64
      affine.store %q, %B[%k, %j] : memref<33x75xi64>
    }
  }
  affine.for %i = 0 to 70 {
    affine.for %j = 0 to 75 {
      %ii = arith.index_cast %i : index to i64
      %jj = arith.index_cast %j : index to i64
      %q = arith.addi %ii, %jj : i64
      affine.store %q, %C[%i, %j] : memref<70x75xi64>
    }
  }
  call @product(%A, %B, %C) : (memref<70x33xi64>, memref<33x75xi64>, memref<70x75xi64>) -> ()
  %zero = arith.constant 0 : i64
  %c7 = arith.constant 7 : i64
  %h = affine.for %i = 0 to 70 iter_args(%acc = %zero) -> (i64) {
    %r = affine.for %j = 0 to 75 iter_args(%acc2 = %acc) -> (i64) {
      %v = affine.load %C[%i, %j] : memref<70x75xi64>
      %m = arith.muli %acc2, %c7 : i64
      %n = arith.addi %m, %v : i64
      affine.yield %n : i64
    }
    affine.yield %r : i64
  }
  call @printI64(%h) : (i64) -> ()
  call @printNewline() : () -> ()
  memref.dealloc %A : memref<70x33xi64>
  memref.dealloc %B : memref<33x75xi64>
  memref.dealloc %C : memref<70x75xi64>
  return
}
