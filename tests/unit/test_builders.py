"""Typed builders (the `build` classmethods of the op classes): the ops
they make print exactly as the same ops parsed from text, in the custom
and in the generic form, and as mlir-opt prints that text."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py.dialects.affine import (AffineApplyOp, AffineForOp, AffineIfOp, AffineLoadOp,
                                            AffineMaxOp, AffineMinOp, AffineStoreOp, AffineYieldOp)
from mlir_affine_py.dialects.arith import CmpIOp, ConstantOp, SelectOp
from mlir_affine_py.dialects.builtin import ModuleOp
from mlir_affine_py.dialects.func import CallOp, FuncOp, ReturnOp
from mlir_affine_py.dialects.memref import (AllocaOp, AllocOp, DeallocOp, DimOp, LoadOp, StoreOp)
from mlir_affine_py.ir import types as T
from mlir_affine_py.ir.affine_expr import constant, dim, symbol
from mlir_affine_py.ir.affine_map import AffineMap, IntegerSet
from mlir_affine_py.ir.core import OP_CLASSES
from mlir_affine_py.ir.op_definition import declaration_mismatch
from mlir_affine_py.ir.rewriter import OpBuilder, use_list_errors
from mlir_affine_py.ir.verifier import verify_operation
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.printer.printer import Printer
from support import CORPUS, MLIR_OPT, REPO_ROOT

# What mlir-opt 22 prints for the module `build_kernel` makes.
EXPECTED = """\
#map = affine_map<(d0) -> (d0 + 1)>
#map1 = affine_map<(d0)[s0] -> (d0 + 8, s0)>
#map2 = affine_map<(d0, d1) -> (d0 + d1)>
#map3 = affine_map<(d0)[s0] -> (d0, s0 - 1)>
#set = affine_set<(d0)[s0] : (d0 - 1 >= 0, -d0 + s0 - 1 >= 0)>
module {
  func.func private @ext(index) -> f32
  func.func @kernel(%arg0: memref<?x20xf32>, %arg1: index) -> f32 {
    %c0 = arith.constant 0 : index
    %cst = arith.constant 1.500000e+00 : f32
    %dim = memref.dim %arg0, %c0 : memref<?x20xf32>
    %alloc = memref.alloc(%dim) : memref<?x20xf32>
    %alloca = memref.alloca() : memref<4xi32>
    affine.for %arg2 = 0 to %dim {
      affine.for %arg3 = #map(%arg2) to min #map1(%arg2)[%arg1] step 2 {
        %9 = affine.load %arg0[%arg2, %arg3] : memref<?x20xf32>
        %10 = arith.addf %9, %cst : f32
        affine.if #set(%arg2)[%arg1] {
          affine.store %10, %alloc[%arg2, %arg3] : memref<?x20xf32>
        } else {
          affine.store %cst, %alloc[%arg2 + %arg3, 0] : memref<?x20xf32>
        }
      }
    }
    %0 = affine.apply #map(%arg1)
    %1 = affine.min #map2(%0, %arg1)
    %2 = affine.max #map3(%1)[%arg1]
    %3 = arith.cmpi slt, %1, %2 : index
    %4 = arith.select %3, %1, %2 : index
    %5 = arith.index_cast %4 : index to i32
    memref.store %5, %alloca[%c0] : memref<4xi32>
    %6 = memref.load %alloca[%c0] : memref<4xi32>
    %7 = call @ext(%4) : (index) -> f32
    %8 = affine.for %arg2 = 0 to 10 iter_args(%arg3 = %7) -> (f32) {
      %9 = arith.mulf %arg3, %cst : f32
      affine.yield %9 : f32
    }
    memref.dealloc %alloc : memref<?x20xf32>
    return %8 : f32
  }
}
"""


def build_kernel():
    """The module of EXPECTED, made with the typed builders."""
    module = ModuleOp.build()
    b = OpBuilder.at_end(module.body)
    b.create(FuncOp, "ext", T.FunctionType([T.INDEX], [T.F32]), visibility="private",
             declaration=True)
    memref = T.MemRefType((None, 20), T.F32)
    func = b.create(FuncOp, "kernel", T.FunctionType([memref, T.INDEX], [T.F32]))
    A, n = func.entry_block.args
    b.set_insertion_point_to_end(func.entry_block)
    c0 = b.create(ConstantOp, 0, T.INDEX).result
    cst = b.create(ConstantOp, 1.5, T.F32).result
    size = b.create(DimOp, A, c0).result
    alloc = b.create(AllocOp, memref, [size]).result
    alloca = b.create(AllocaOp, T.MemRefType((4,), T.I32)).result
    outer = b.create(AffineForOp, 0, size)
    i = outer.induction_var
    with b.insertion_guard():
        b.set_insertion_point_to_start(outer.body)
        inner = b.create(AffineForOp, (AffineMap(1, 0, (dim(0) + 1,)), [i]),
                         (AffineMap(1, 1, (dim(0) + 8, symbol(0))), [i, n]), step=2)
        j = inner.induction_var
        b.set_insertion_point_to_start(inner.body)
        loaded = b.create(AffineLoadOp, A, indices=[i, j]).result
        total = b.create(OP_CLASSES["arith.addf"], loaded, cst).result
        condition = IntegerSet(1, 1, (dim(0) - 1, symbol(0) - dim(0) - 1), (False, False))
        branch = b.create(AffineIfOp, condition, [i, n], with_else=True)
        b.set_insertion_point_to_start(branch.then_block)
        b.create(AffineStoreOp, total, alloc, indices=[i, j])
        b.set_insertion_point_to_start(branch.else_block)
        b.create(AffineStoreOp, cst, alloc, AffineMap(2, 0, (dim(0) + dim(1), constant(0))),
                 [i, j])
    applied = b.create(AffineApplyOp, AffineMap(1, 0, (dim(0) + 1,)), [n]).result
    low = b.create(AffineMinOp, AffineMap(2, 0, (dim(0) + dim(1),)), [applied, n]).result
    high = b.create(AffineMaxOp, AffineMap(1, 1, (dim(0), symbol(0) - 1)), [low, n]).result
    less = b.create(CmpIOp, "slt", low, high).result
    chosen = b.create(SelectOp, less, low, high).result
    cast = b.create(OP_CLASSES["arith.index_cast"], chosen, T.I32).result
    b.create(StoreOp, cast, alloca, [c0])
    b.create(LoadOp, alloca, [c0])
    called = b.create(CallOp, "ext", [T.F32], [chosen]).result

    def body(builder, iv, args):
        product = builder.create(OP_CLASSES["arith.mulf"], args[0], cst).result
        builder.create(AffineYieldOp, [product])

    reduction = b.create(AffineForOp, 0, 10, iter_args=[called], body_builder=body)
    b.create(DeallocOp, alloc)
    b.create(ReturnOp, [reduction.result])
    return module


def test_built_module_prints_as_mlir_opt_prints_it():
    module = build_kernel()
    verify_operation(module)
    assert use_list_errors(module) == []
    assert Printer().print_module(module) == EXPECTED


def test_built_and_parsed_ops_print_alike_in_both_forms():
    parsed = parse_source(EXPECTED)
    built = build_kernel()
    assert Printer().print_module(parsed) == EXPECTED
    assert Printer(generic=True).print_module(built) == Printer(generic=True).print_module(parsed)


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_prints_the_built_module_unchanged():
    text = Printer().print_module(build_kernel())
    result = oracle.run([MLIR_OPT], input=text, capture_output=True, text=True, check=True)
    assert result.stdout.rstrip("\n") == text.rstrip("\n")


def test_for_builder_makes_the_body_and_its_yield():
    loop = AffineForOp.build(0, 8, step=4)
    assert [type(op) for op in loop.body.ops] == [AffineYieldOp]
    assert loop.induction_var.type == T.INDEX and loop.step == 4
    assert list(loop.properties["operandSegmentSizes"].value) == [0, 0, 0]
    with pytest.raises(ValueError):
        AffineForOp.build(0, 8, step=0)
    with pytest.raises(ValueError):
        AffineForOp.build((AffineMap(1, 0, (dim(0),)), []), 8)


def test_generic_build_checks_the_declared_groups():
    with pytest.raises(ValueError):
        AffineLoadOp.build_generic((), [T.F32])
    with pytest.raises(ValueError):
        ConstantOp.build_generic((), [T.INDEX], {"no_such_property": None, "value": None,
                                                 "other": 1})


def _declaration_sources():
    files = sorted((REPO_ROOT / "tests" / "lit" / "roundtrip").glob("*.mlir"))
    if CORPUS is not None:
        files += sorted((CORPUS / "expected").rglob("*.mlir"))
    return files


def test_parsed_ops_match_their_declarations():
    """Every registered op read from the lit and corpus inputs has the
    operand groups, segment sizes, results and regions its class declares."""
    checked, mismatches = set(), []
    for path in _declaration_sources():
        for chunk in path.read_text().split("// -----"):
            try:
                module = parse_source(chunk, allow_unregistered=True)
            except Exception:  # noqa: BLE001 - inputs that do not parse are not at issue
                continue
            for op in module.walk():
                if op.op_name in OP_CLASSES:
                    checked.add(op.op_name)
                    problem = declaration_mismatch(op)
                    if problem:
                        mismatches.append(f"{path.name}: {op.op_name}: {problem}")
    assert mismatches == []
    assert {"affine.for", "affine.if", "affine.load", "memref.alloc", "func.call"} <= checked
