func.func @casts(%arg0: i32, %arg1: i64, %arg2: vector<4xi32>, %arg3: vector<4xi64>, %arg4: !llvm.ptr, %f: f32) {
  %0 = llvm.sext %arg0 : i32 to i56
  %1 = llvm.zext nneg %arg0 : i32 to i64
  %2 = llvm.trunc %arg1 overflow<nuw, nsw> : i64 to i56
  %3 = llvm.add %arg0, %arg0 : i32
  %4 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<nnan,ninf>} : f32
  %5 = llvm.fadd %f, %f {fastmathFlags = #llvm.fastmath<none>} : f32
  %6 = llvm.load volatile %arg4 atomic syncscope("singlethread") monotonic {alignment = 16 : i64} : !llvm.ptr -> f32
  llvm.store %f, %arg4 invariant_group : f32, !llvm.ptr
  %7 = llvm.cmpxchg weak volatile %arg4, %arg0, %arg0 syncscope("singlethread") acq_rel monotonic {alignment = 16 : i64} : !llvm.ptr, i32
  llvm.fence syncscope("agent") seq_cst
  %8 = llvm.extractelement %arg2[%arg0 : i32] : vector<4xi32>
  %9 = llvm.insertelement %arg0, %arg2[%arg0 : i32] : vector<4xi32>
  %10 = llvm.shufflevector %arg2, %arg2 [0, 0, 0, 0, 7] : vector<4xi32>
  %11 = llvm.mlir.undef : !llvm.struct<(i32, f64, i32)>
  %12 = llvm.extractvalue %11[1] : !llvm.struct<(i32, f64, i32)>
  %13 = llvm.insertvalue %arg0, %11[2] : !llvm.struct<(i32, f64, i32)>
  %14 = llvm.freeze %arg0 : i32
  %15 = llvm.va_arg %arg4 : (!llvm.ptr) -> i32
  %16 = llvm.inline_asm has_side_effects "foo", "bar" %arg0, %arg0 : (i32, i32) -> i8
  %asm_tail = llvm.inline_asm tail_call_kind = <tail> asm_dialect = intel "foo", "=r,r" %arg0 : (i32) -> i32
  %asm_whole = llvm.inline_asm tail_call_kind = #llvm.tailcallkind<notail> "foo", "=r,r" %arg0 : (i32) -> i32
  %rmw_max = llvm.atomicrmw max %arg4, %arg0 acquire : !llvm.ptr, i32

  return
}

llvm.mlir.global internal thread_local unnamed_addr @g(-1 : i32) {addr_space = 0 : i32, alignment = 4 : i64, dso_local} : i32
llvm.func @personality(...) -> i32
llvm.func @callee(i32) -> i32

llvm.func @calls(%a: i32, %p: !llvm.ptr, %v: vector<4xf32>) -> i32 attributes {personality = @personality} {
  %0 = llvm.call tail @callee(%a) {fastmathFlags = #llvm.fastmath<fast>} : (i32) -> i32
  %1 = llvm.getelementptr inbounds|nuw %p[%a, 0] : (!llvm.ptr, i32) -> !llvm.ptr, !llvm.struct<(array<10 x f32>)>
  %2 = llvm.alloca inalloca %a x i32 {alignment = 8} : (i32) -> !llvm.ptr
  %3 = llvm.icmp "slt" %a, %a : i32
  %4 = llvm.intr.vector.reduce.fmax(%v) {fastmathFlags = #llvm.fastmath<nnan>} : (vector<4xf32>) -> f32
  llvm.intr.assume %3 ["align"(%p, %a : !llvm.ptr, i32)] : i1
  %5 = llvm.invoke @callee(%a) to ^bb1 unwind ^bb2 : (i32) -> i32
^bb1:
  llvm.return %5 : i32
^bb2:
  %6 = llvm.landingpad cleanup : !llvm.struct<(ptr, i32)>
  llvm.resume %6 : !llvm.struct<(ptr, i32)>
}
