// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %s -o %t.custom.mlir
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect --mlir-print-op-generic %s -o %t.generic.mlir
// RUN: pyaffine-opt -split-input-file --allow-unregistered-dialect %t.generic.mlir -o %t.back.mlir
// RUN: diff %t.custom.mlir %t.back.mlir

// The generic form reads back as the same IR: printed in the custom form it
// gives what the source gives (the default `fastmath`/`overflowFlags` the
// generic form spells out are not printed in the custom form).

func.func @f(%A: memref<10xf32>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %r:2 = "test.pair"() : () -> (index, index)
  affine.for %i = 0 to 10 {
    %v = affine.load %A[%i] : memref<10xf32>
    %w = arith.addf %v, %v : f32
    affine.store %w, %A[%i] : memref<10xf32>
  }
  affine.for %j = 0 to 20 {
    %v = affine.load %A[%j + 1] : memref<10xf32>
    "test.use"(%v, %c0, %r#1) : (f32, index, index) -> ()
  }
  return %c0 : index
}

// -----

func.func @h(%f: f32, %i: i32) -> i16 {
  %a = arith.addf %f, %f : f32
  %b = arith.mulf %a, %f fastmath<ninf,nnan> : f32
  %c = arith.addi %i, %i : i32
  %d = arith.muli %c, %i overflow<nuw, nsw> : i32
  %e = arith.divsi %d, %i : i32
  %g = arith.cmpf olt, %a, %b : f32
  %h = arith.cmpi slt, %e, %i : i32
  %k = math.sqrt %b fastmath<fast> : f32
  %t = arith.trunci %e : i32 to i16
  %n = arith.negf %k : f32
  return %t : i16
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
  return
}
