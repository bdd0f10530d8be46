// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %s -o %t.py.mlir
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir

// The printed text is byte-identical to mlir-opt 22's.

#tile = affine_map<(d0) -> (d0 + 32)>
func.func @matmul_tiled(%A: memref<128x128xf64>, %B: memref<128x128xf64>, %C: memref<128x128xf64>) {
  affine.for %ii = 0 to 128 step 32 {
    affine.for %i = #tile(%ii)[] to min affine_map<(d0) -> (d0 + 32, 128)>(%ii) {
      affine.for %j = 0 to 128 {
        affine.for %k = 0 to 128 {
          %a = affine.load %A[%i, %k] : memref<128x128xf64>
          %b = affine.load %B[%k, %j] : memref<128x128xf64>
          %c = affine.load %C[%i, %j] : memref<128x128xf64>
          %p = arith.mulf %a, %b : f64
          %s = arith.addf %c, %p : f64
          affine.store %s, %C[%i, %j] : memref<128x128xf64>
        }
      }
    }
  }
  return
}

// -----

func.func @guarded(%A: memref<?xf32>, %n: index) -> f32 {
  %zero = arith.constant 0.0 : f32
  %r = affine.for %i = 0 to %n iter_args(%acc = %zero) -> (f32) {
    %x = affine.if affine_set<(d0)[s0] : (s0 - d0 * 2 - 1 >= 0)>(%i)[%n] -> f32 {
      %v = affine.load %A[%i * 2] : memref<?xf32>
      affine.yield %v : f32
    } else {
      affine.yield %zero : f32
    }
    %s = arith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  "test.sink"(%r) : (f32) -> ()
  return %r : f32
}
