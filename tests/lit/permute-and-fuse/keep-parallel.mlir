// RUN: pyaffine-opt -affine-permute-and-fuse %s | FileCheck %s --check-prefix=FUSED
// RUN: pyaffine-opt -affine-permute-and-fuse="keep-parallel=true" %s | FileCheck %s --check-prefix=APART
// RUN: pyaffine-opt -affine-permute-and-fuse="keep-parallel=true remarks=true" %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: pyaffine-opt -affine-permute-and-fuse="keep-parallel=true" %s | pyaffine-opt -affine-parallelize | FileCheck %s --check-prefix=PARALLEL
// RUN: %if mlir-opt %{ pyaffine-opt -affine-permute-and-fuse %s | mlir-opt --verify-each -o /dev/null %}

// Two sweeps of a time step.  Fused on i, the second shifted by one (it reads
// B[i] the first wrote), the i loop carries that dependence and, inside the
// time loop that carries the next step's reads, no loop runs in parallel.
// With keep-parallel the fusion is not offered: each sweep keeps an i loop
// free of carried dependences, of 198 x 198 iterations a run.

// REMARK: level 1: S1: fusion with S0 on S1:i1 not offered: the fused loop would carry a dependence from S0 to S1, while apart neither loop carries one, no enclosing loop runs in parallel and one run of a loop apart executes about 39204 iterations
// REMARK: kept the original schedule (S0(i0, i1, i2); S1(i0, i1, i2))

// FUSED-LABEL: func.func @stencil
// FUSED:       affine.for %{{.*}} = 0 to 10 {
// FUSED:         affine.for %[[I:.*]] = 2 to 199 {
// FUSED-NEXT:      affine.for %{{.*}} = 1 to 199 {
// FUSED:             affine.store %{{.*}}, %arg1[%[[I]], %{{.*}}]
// FUSED:             affine.store %{{.*}}, %arg0[%{{.*}}, %{{.*}}]
// FUSED-NEXT:      }
// FUSED-NEXT:    }

// APART-LABEL: func.func @stencil
// APART:       affine.for %{{.*}} = 0 to 10 {
// APART-NEXT:    affine.for %{{.*}} = 1 to 199 {
// APART:           affine.store %{{.*}}, %arg1
// APART:         affine.for %{{.*}} = 1 to 199 {
// APART:           affine.store %{{.*}}, %arg0

// PARALLEL:      affine.for %{{.*}} = 0 to 10 {
// PARALLEL-NEXT:   affine.parallel
// PARALLEL:        affine.parallel
func.func @stencil(%A: memref<200x200xf64>, %B: memref<200x200xf64>) {
  affine.for %t = 0 to 10 {
    affine.for %i = 1 to 199 {
      affine.for %j = 1 to 199 {
        %n = affine.load %A[%i - 1, %j] : memref<200x200xf64>
        %s = affine.load %A[%i + 1, %j] : memref<200x200xf64>
        %w = affine.load %A[%i, %j - 1] : memref<200x200xf64>
        %e = affine.load %A[%i, %j + 1] : memref<200x200xf64>
        %v = arith.addf %n, %s : f64
        %h = arith.addf %w, %e : f64
        %b = arith.addf %v, %h : f64
        affine.store %b, %B[%i, %j] : memref<200x200xf64>
      }
    }
    affine.for %i = 1 to 199 {
      affine.for %j = 1 to 199 {
        %b = affine.load %B[%i, %j] : memref<200x200xf64>
        affine.store %b, %A[%i, %j] : memref<200x200xf64>
      }
    }
  }
  return
}
