"""-test-affine-loop-unswitch: mlir-opt's test of `hoistAffineIfOp`
(mlir/test/lib/Dialect/Affine/TestAffineLoopUnswitching.cpp, the utility in
mlir/lib/Dialect/Affine/Utils/Utils.cpp): an affine.if is moved out of the
loops whose IVs its condition does not use, each branch getting its own
copy of those loops.

Contract: the affine.if ops are tried in post-order.  Each is first
canonicalized on its own (its condition composed, unused operands dropped;
an if that folds away is not hoisted); it then goes above the outermost
op it can pass: affine.for and affine.parallel loops whose IVs it does not
use, and affine.if ops, up to the first other op.  The new affine.if holds
in its then branch that op with the if's then block in the if's place,
and in its else branch a copy with the if's else block (or nothing) there;
affine.if canonicalization and folding then run on the whole function
(dead ops, such as the loops left empty, go).  As upstream's test pass
does, the run stops after the first hoisting (trying again up to five
times while none happens).  The semantics: every iteration of the passed
loops sees the same condition, so choosing the branch once is exact.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp, AffineIfOp
from ..dialects.affine_canonicalize import IF_PATTERNS
from ..dialects.affine_parallel import AffineParallelOp
from ..ir import attributes as A
from ..ir.rewriter import IRRewriter, locate
from ..passes import Pass
from ..rewrite_driver import GreedyPatternRewriteDriver, OpPatternsDriver

_MARK = "__mlir_if_hoisting"
_MAX_ITERATIONS = 5
_IF_PATTERN_NAMES = frozenset(pattern.__name__ for pattern in IF_PATTERNS)


def _isolated_ancestor(op):
    while not op.isolated_from_above:
        op = op.parent_op
    return op


def outermost_invariant_op(if_op: AffineIfOp):
    """`getOutermostInvariantForOp`: the op the affine.if can be put before."""
    operands = {id(value) for value in if_op.operands}
    found = if_op
    while not found.parent_op.isolated_from_above:
        parent = found.parent_op
        if isinstance(parent, AffineForOp):
            if id(parent.induction_var) in operands:
                break
        elif isinstance(parent, AffineParallelOp):
            if any(id(iv) in operands for iv in parent.body.args):
                break
        elif not isinstance(parent, AffineIfOp):
            break
        found = parent
    return found


def _promote_block(rewriter: IRRewriter, if_op: AffineIfOp, block) -> None:
    """`promoteIfBlock`: the block's ops but its terminator replace `if_op`."""
    rewriter.splice(if_op.parent, if_op.parent.ops.index(if_op), block.ops[:-1])
    rewriter.erase_op(if_op)


def _hoist_over(if_op: AffineIfOp, over) -> AffineIfOp:
    rewriter = IRRewriter()
    rewriter.set_insertion_point(over)
    hoisted = AffineIfOp.build(if_op.properties["condition"].value, list(if_op.operands),
                               with_else=True)
    locate(hoisted, if_op.pos)      # AffineIfOp::create at the if's location
    rewriter.insert(hoisted)
    if_op.attributes[_MARK] = A.BOOL_TRUE
    rewriter.set_insertion_point_after(over)
    copy = rewriter.clone(over)
    _promote_block(rewriter, if_op, if_op.then_block)
    rewriter.move_op_before(over, hoisted.then_block.ops[0])
    copied_if = next(op for op in copy.walk() if _MARK in op.attributes)
    if copied_if.else_block is None:
        copied_if.erase()
    else:
        _promote_block(rewriter, copied_if, copied_if.else_block)
    rewriter.move_op_before(copy, hoisted.else_block.ops[0])
    return hoisted


def hoist_affine_if(if_op: AffineIfOp) -> bool:
    """`hoistAffineIfOp`: whether the affine.if was hoisted."""
    if if_op.results:
        return False
    # applyOpPatternsGreedily on the op alone (ExistingOps).
    OpPatternsDriver([if_op], enabled=_IF_PATTERN_NAMES).simplify()
    if if_op.parent is None:
        return False
    over = outermost_invariant_op(if_op)
    if over is if_op:
        return False
    hoisted = _hoist_over(if_op, over)
    function = _isolated_ancestor(hoisted)
    for region in function.regions:
        GreedyPatternRewriteDriver(region, enabled=_IF_PATTERN_NAMES).simplify()
    return True


class TestAffineLoopUnswitch(Pass):
    argument = "test-affine-loop-unswitch"
    summary = "Tests affine loop unswitching / if/else hoisting"
    pass_name = "(anonymous namespace)::TestAffineLoopUnswitching"

    def run_on_operation(self, op) -> None:
        for _ in range(_MAX_ITERATIONS):
            for if_op in op.walk("post"):
                if isinstance(if_op, AffineIfOp) and if_op.parent is not None \
                        and hoist_affine_if(if_op):
                    return
