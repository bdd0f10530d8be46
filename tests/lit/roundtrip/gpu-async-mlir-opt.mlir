// REQUIRES: mlir-opt
// RUN: pyaffine-opt %s -o %t.py.mlir
// RUN: mlir-opt %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir
// RUN: pyaffine-opt --mlir-print-op-generic %s -o %t.py.generic.mlir
// RUN: mlir-opt --mlir-print-op-generic %s -o %t.ref.generic.mlir
// RUN: diff %t.ref.generic.mlir %t.py.generic.mlir

// gpu's async ops print as mlir-opt 22 prints them: `async` for a token
// result, the tokens waited for in brackets, and the space the format puts
// where neither is (`gpu.wait `, `gpu.memcpy  %a`).
func.func @f(%m: memref<4xf32>, %n: index) {
  gpu.wait
  %t = gpu.wait async
  gpu.wait [%t]
  %t2 = gpu.wait async [%t, %t]
  %a = gpu.alloc host_shared (%n) : memref<?xf32>
  %b, %bt = gpu.alloc async [%t2] (%n)[%n] : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  gpu.memcpy %a, %a : memref<?xf32>, memref<?xf32>
  gpu.dealloc %a : memref<?xf32>
  %d = gpu.dealloc async %b : memref<?xf32, affine_map<(d0)[s0] -> (d0 + s0)>>
  return
}
