"""The rewriter (ir/rewriter.py): insertion points, clone with an
IRMapping, replace/erase/move/inline, each leaving the use lists exact."""

from __future__ import annotations

import pytest

from mlir_affine_py.diagnostics import MLIRError
from mlir_affine_py.dialects.affine import AffineForOp, AffineLoadOp, AffineStoreOp
from mlir_affine_py.dialects.arith import ConstantOp
from mlir_affine_py.ir import types as T
from mlir_affine_py.ir.core import OP_CLASSES
from mlir_affine_py.ir.rewriter import IRMapping, IRRewriter, OpBuilder, use_list_errors
from mlir_affine_py.ir.verifier import verify_operation
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.passes import drain_remarks
from mlir_affine_py.printer.printer import Printer
from mlir_affine_py.transforms.loop_interchange import run_affine_loop_interchange
from mlir_affine_py.transforms.loop_utils import (get_perfectly_nested_loops, permute_loops)
from support import REPO_ROOT

TEXT = """\
module {
  func.func @f(%arg0: memref<8x8xf32>, %arg1: f32) {
    %c1 = arith.constant 1 : index
    affine.for %arg2 = 0 to 8 {
      affine.for %arg3 = 0 to 8 {
        %0 = affine.load %arg0[%arg2, %arg3] : memref<8x8xf32>
        %1 = arith.addf %0, %arg1 : f32
        affine.store %1, %arg0[%arg3, %arg2] : memref<8x8xf32>
      }
    }
    return
  }
}
"""


def _setup():
    module = parse_source(TEXT)
    func = module.regions[0].blocks[0].ops[0]
    entry = func.regions[0].blocks[0]
    outer = entry.ops[1]
    inner = outer.body.ops[0]
    return module, func, entry, outer, inner


def _check(module):
    assert use_list_errors(module) == []
    verify_operation(module)
    return Printer().print_module(module)


def test_insertion_points():
    module, func, entry, outer, inner = _setup()
    b = OpBuilder()
    b.set_insertion_point(outer)
    first = b.create(ConstantOp, 2, T.INDEX)
    b.set_insertion_point_after(outer)
    after = b.create(ConstantOp, 3, T.INDEX)
    b.set_insertion_point_to_start(entry)
    start = b.create(ConstantOp, 4, T.INDEX)
    b.set_insertion_point_to_end(inner.body)
    with b.insertion_guard():
        b.set_insertion_point(inner.body.ops[0])
        b.create(ConstantOp, 5, T.INDEX)
    assert b.block is inner.body and b.before is None
    ops = entry.ops
    assert ops[0] is start and ops[2] is first and ops[ops.index(outer) + 1] is after
    assert isinstance(inner.body.ops[0], ConstantOp)
    _check(module)


def test_clone_with_mapping_and_replace_op():
    module, func, entry, outer, inner = _setup()
    rewriter = IRRewriter.before_op(outer)
    mapping = IRMapping()
    copy = rewriter.clone(outer, mapping)
    assert mapping.lookup(outer.induction_var) is copy.induction_var
    load, addf, store, _ = inner.body.ops
    assert mapping.contains(addf.results[0])
    # The copy's ops use the copy's values, the original's are untouched.
    copy_inner = copy.body.ops[0]
    assert copy_inner.body.ops[0].operands[1] is copy.induction_var
    assert load.operands[1] is outer.induction_var
    rewriter.set_insertion_point(addf)
    mulf = rewriter.create(OP_CLASSES["arith.mulf"], load.results[0], entry.args[1])
    rewriter.replace_op(addf, mulf)
    assert store.operands[0] is mulf.results[0] and addf.parent is None
    assert load.results[0].uses == [(mulf, 0)]
    text = _check(module)
    assert text.count("arith.mulf") == 1 and text.count("arith.addf") == 1


def test_erase_refuses_an_op_still_used():
    module, func, entry, outer, inner = _setup()
    load = inner.body.ops[0]
    rewriter = IRRewriter()
    with pytest.raises(ValueError):
        rewriter.erase_op(load)
    rewriter.erase_op(outer)
    assert outer not in entry.ops
    # The block argument's uses inside the erased loop are gone.
    assert entry.parent.parent is func and func.regions[0].blocks[0].args[0].uses == []
    _check(module)


def test_moves_and_splice_interchange_a_nest():
    module, func, entry, outer, inner = _setup()
    rewriter = IRRewriter()
    # inner loop before outer, then outer into inner's body: the nest swapped.
    rewriter.move_op_before(inner, outer)
    rewriter.splice(inner.body, 0, [outer])
    rewriter.splice(outer.body, 0, inner.body.ops[1:-1])
    text = _check(module)
    assert "affine.load %arg0[%arg3, %arg2]" in text
    assert "affine.store %1, %arg0[%arg2, %arg3]" in text
    assert inner.body.ops[0] is outer and isinstance(outer.body.ops[0], AffineLoadOp)


def test_inline_block_before_replaces_the_arguments():
    module, func, entry, outer, inner = _setup()
    rewriter = IRRewriter()
    c1 = entry.ops[0].results[0]
    body = inner.body
    rewriter.erase_op(body.ops[-1])                   # the yield
    rewriter.inline_block_before(body, outer.body, 0, [c1])
    rewriter.erase_op(inner)
    store = outer.body.ops[2]
    assert isinstance(store, AffineStoreOp) and store.operands[2] is c1
    assert len(c1.uses) == 2
    _check(module)
    with pytest.raises(ValueError):
        rewriter.inline_block_before(AffineForOp.build(0, 1).body, entry, 0, [])


def test_use_list_checker_finds_a_stale_use():
    module, func, entry, outer, inner = _setup()
    load = inner.body.ops[0]
    load.operands[0] = func.regions[0].blocks[0].args[1]     # bypassing set_operand
    assert use_list_errors(module)


LIT_INTERCHANGE = sorted((REPO_ROOT / "tests" / "lit" / "interchange").glob("*.mlir"))


@pytest.mark.parametrize("path", LIT_INTERCHANGE, ids=lambda p: p.name)
def test_passes_leave_exact_use_lists(path):
    """Loop distribution, interchange and permutation rewrite through the
    rewriter: afterwards every use list matches the operands."""
    for chunk in path.read_text().split("// -----"):
        try:
            module = parse_source(chunk, allow_unregistered=True)
        except MLIRError:
            continue
        run_affine_loop_interchange(module, {})
        drain_remarks()
        assert use_list_errors(module) == []
        verify_operation(module)
        for op in list(module.walk()):
            if isinstance(op, AffineForOp) and op.parent is not None:
                nest = get_perfectly_nested_loops(op)
                if len(nest) > 1:
                    permute_loops(nest, list(range(len(nest)))[::-1])
        assert use_list_errors(module) == []
        verify_operation(module)
