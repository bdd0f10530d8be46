// REQUIRES: mlir-opt
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.py.mlir
// RUN: mlir-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.ref.mlir
// RUN: diff %t.ref.mlir %t.py.mlir

// The generic form is byte-identical to mlir-opt 22's: no suggested value
// names, one value counter for the whole op, aliases in the order of MLIR's
// alias walk (regions, operand and result types, then properties and
// attributes by name), and properties shown with their defaults.

#m = affine_map<(d0) -> (d0 + 3)>
module attributes {test.attr = affine_map<(d0) -> (d0 * 7)>} {
  memref.global "private" constant @g : memref<4xf32, affine_map<(d0) -> (d0 + 1)>> = dense<1.0>
  func.func @f(%arg0: index {test.argattr = affine_map<(d0) -> (d0 * 9)>}, %m: memref<?x?xf32>) -> (index, index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %a:2 = "test.multi"(%arg0) {map = affine_map<(d0) -> (d0 * 5)>} : (index) -> (index, memref<4xf32, affine_map<(d0) -> (d0 + 2)>>)
    "test.region"() ({
    ^bb0(%x: index):
      %r = affine.apply #m(%x)
      "test.br"()[^bb1] : () -> ()
    ^bb1:
      %q = affine.apply affine_map<(d0) -> (d0 - 4)>(%x)
      "test.term"(%q) : (index) -> ()
    }) {zattr = affine_map<(d0) -> (d0 * 11)>, aattr = affine_map<(d0) -> (d0 * 13)>} : () -> ()
    %s = scf.for %i = %c0 to %arg0 step %c1 iter_args(%acc = %c0) -> (index) {
      %t = arith.addi %acc, %i : index
      %u = scf.if %true -> index {
        scf.yield %t : index
      } else {
        scf.yield %acc : index
      }
      scf.yield %u : index
    }
    %w = scf.while (%v = %c0) : (index) -> index {
      %cond = arith.cmpi slt, %v, %arg0 : index
      scf.condition(%cond) %v : index
    } do {
    ^bb0(%v2: index):
      %n = arith.addi %v2, %c1 : index
      scf.yield %n : index
    }
    affine.parallel (%i, %j) = (0, 0) to (10, 20) step (2, 4) {
      %v = affine.load %m[%i, %j] : memref<?x?xf32>
      affine.store %v, %m[%j, %i] : memref<?x?xf32>
    }
    %r = affine.parallel (%i) = (0) to (10) reduce ("addf") -> f32 {
      %v = affine.load %m[%i, %i] : memref<?x?xf32>
      affine.yield %v : f32
    }
    %l = "llvm.mlir.constant"() <{value = 1 : i32}> : () -> i32
    %l2 = "llvm.mlir.constant"() <{value = 2.0 : f64}> : () -> f64
    %ic = index.constant 42
    %p = ub.poison : index
    %e = tensor.empty(%arg0) : tensor<?x4xf32>
    %d = tensor.dim %e, %c0 : tensor<?x4xf32>
    %al = memref.alloca() : memref<8xf32>
    %g = memref.get_global @g : memref<4xf32, affine_map<(d0) -> (d0 + 1)>>
    %cast = memref.cast %m : memref<?x?xf32> to memref<4x?xf32>
    memref.alloca_scope {
      %z = memref.alloca() : memref<2xf32>
    }
    %mx = affine.max affine_map<(d0)[s0] -> (d0, s0 + 1)>(%arg0)[%c1]
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%arg0) {
      affine.prefetch %m[%c0, %c1], read, locality<3>, data : memref<?x?xf32>
    }
    %res = func.call @h(%arg0) : (index) -> index
    return %s, %w : index, index
  }
  func.func private @h(index) -> index attributes {llvm.emit_c_interface}
}

// -----

func.func @g(%m: memref<100x100xf32>, %i: index, %j: index) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v = affine.vector_load %m[%i, %j + 1] : memref<100x100xf32>, vector<8xf32>
  affine.vector_store %v, %m[%i, %j] : memref<100x100xf32>, vector<8xf32>
  %d:2 = affine.delinearize_index %i into (10, 10) : index, index
  %buf = memref.alloc() : memref<16xf32, 2>
  %tag = memref.alloc() : memref<1xi32>
  affine.dma_start %m[%i, %j], %buf[%c0], %tag[%c0], %c16 : memref<100x100xf32>, memref<16xf32, 2>, memref<1xi32>
  affine.dma_wait %tag[%c0], %c16 : memref<1xi32>
  memref.dma_start %m[%i, %j], %buf[%c0], %c16, %tag[%c0] : memref<100x100xf32>, memref<16xf32, 2>, memref<1xi32>
  memref.dma_wait %tag[%c0], %c16 : memref<1xi32>
  %x = memref.load %m[%i, %j] : memref<100x100xf32>
  memref.store %x, %m[%j, %i] : memref<100x100xf32>
  %r = memref.reinterpret_cast %m to offset: [0], sizes: [10, 1000], strides: [1000, 1] : memref<100x100xf32> to memref<10x1000xf32>
  %u = llvm.mlir.undef : i32
  %p = llvm.mlir.poison : f32
  %cv = arith.constant dense<[1, 2]> : vector<2xi32>
  %f = arith.constant 1.5 : f32
  %a = memref.alloc(%i) {alignment = 64 : i64} : memref<?xf32>
  memref.dealloc %a : memref<?xf32>
  memref.dealloc %buf : memref<16xf32, 2>
  %ext = arith.extf %f : f32 to f64
  %tr = arith.truncf %ext : f64 to f32
  %ff = arith.addf %f, %f fastmath<fast> : f32
  %cmp = arith.cmpf olt, %f, %f fastmath<nnan> : f32
  %ii = arith.addi %i, %j overflow<nsw, nuw> : index
  %cnd = scf.if %cmp -> f32 {
    scf.yield %f : f32
  } else {
    scf.yield %ff : f32
  }
  scf.if %cmp {
    "test.foo"() : () -> ()
  }
  return
}

// -----

func.func @h(%f: f32, %i: i32) {
  %a = arith.addf %f, %f fastmath<nnan,ninf> : f32
  %b = arith.addf %f, %f fastmath<nnan, ninf, contract> : f32
  %c = arith.muli %i, %i overflow<nuw, nsw> : i32
  %d = arith.addf %f, %f fastmath<fast> : f32
  %e = arith.addf %f, %f fastmath<none> : f32
  %g = arith.addi %i, %i overflow<none> : i32
  return
}
