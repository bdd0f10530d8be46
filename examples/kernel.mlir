// examples/kernel.c as Polygeist emits it (cgeist -S --raise-scf-to-affine
// --mlir-print-debuginfo): every op at the line and column of the C it
// comes from.
module {
  func.func @kernel(%arg0: memref<?x256xf64>, %arg1: memref<?xf64>, %arg2: memref<?xf64>) attributes {llvm.linkage = #llvm.linkage<external>} {
    affine.for %arg3 = 0 to 256 {
      affine.for %arg4 = 0 to 256 {
        %0 = affine.load %arg0[%arg4, %arg3] : memref<?x256xf64> loc(#loc3)
        %1 = affine.load %arg1[%arg4] : memref<?xf64> loc(#loc4)
        %2 = arith.mulf %0, %1 : f64 loc(#loc5)
        %3 = affine.load %arg2[%arg3] : memref<?xf64> loc(#loc6)
        %4 = arith.addf %3, %2 : f64 loc(#loc6)
        affine.store %4, %arg2[%arg3] : memref<?xf64> loc(#loc6)
      } loc(#loc2)
    } loc(#loc1)
    return loc(#loc7)
  } loc(#loc)
} loc(#loc)
#loc = loc("kernel.c":4:0)
#loc1 = loc("kernel.c":5:3)
#loc2 = loc("kernel.c":6:5)
#loc3 = loc("kernel.c":7:15)
#loc4 = loc("kernel.c":7:25)
#loc5 = loc("kernel.c":7:23)
#loc6 = loc("kernel.c":7:12)
#loc7 = loc("kernel.c":8:1)
