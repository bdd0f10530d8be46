"""-loop-invariant-code-motion: hoist the ops of a loop's body that compute
the same value in every iteration out of the loop, as mlir-opt's generic
pass does (mlir/lib/Transforms/LoopInvariantCodeMotion.cpp and
Utils/LoopInvariantCodeMotionUtils.cpp, `moveLoopInvariantCode`).

Design notes
------------
- **Loops** are the ops whose class declares LoopLikeOpInterface (scf.for,
  scf.while, scf.parallel, affine.for, affine.parallel, ...); their loop
  regions are their regions.  They are visited in post-order, so an op
  hoisted out of an inner loop may be hoisted again out of the outer one.
- **Invariant**: every operand of the op, and of the ops nested in it,
  is defined outside the loop or inside the op itself.
- **Movable**: the op (and what it holds) has no memory effect and may be
  speculated (`ir/side_effects.py`): the body may run zero times, so only
  ops that cannot trap or write are hoisted.  Terminators stay.
- **Order**: the body's ops are taken in order, and when one is moved its
  users in the body are looked at again (a worklist), so chains of
  invariant ops move together and keep their order before the loop.
"""

from __future__ import annotations

from collections import deque

from ..ir.rewriter import IRRewriter
from ..ir.side_effects import is_speculatable
from ..ir.traits import LoopLikeOpInterface, is_memory_effect_free
from ..passes import Pass


def _defining_region_op(value):
    """The op whose region defines `value` (None at the top level)."""
    owner = value.owner
    block = owner.parent if hasattr(owner, "results") else owner
    return block.parent_op if block is not None else None


def is_defined_outside(loop, value) -> bool:
    """LoopLikeOpInterface::isDefinedOutsideOfLoop."""
    holder = _defining_region_op(value)
    return holder is None or not loop.is_ancestor_of(holder)


def can_be_hoisted(op, defined_outside) -> bool:
    """Every value `op` and its nested ops use comes from outside the loop
    or from within `op` itself."""
    if op.is_terminator:
        return False
    for nested in op.walk():
        for value in nested.operands:
            holder = _defining_region_op(value)
            if holder is not None and op.is_ancestor_of(holder):
                continue
            if not defined_outside(value):
                return False
    return True


def move_loop_invariant_code(loop) -> int:
    """Hoist the invariant, movable ops of `loop`'s regions before it;
    returns how many moved."""
    rewriter = IRRewriter()
    moved = 0
    for region in loop.regions:
        worklist = deque(op for block in region.blocks for op in block.ops)
        while worklist:
            op = worklist.popleft()
            if op.parent is None or op.parent.parent is not region:
                continue
            if not (is_memory_effect_free(op) and is_speculatable(op)):
                continue
            if not can_be_hoisted(op, lambda value: is_defined_outside(loop, value)):
                continue
            rewriter.move_op_before(op, loop)
            moved += 1
            for result in op.results:
                for user, _ in result.uses:
                    if user.parent is not None and user.parent.parent is region:
                        worklist.append(user)
    return moved


class LoopInvariantCodeMotion(Pass):
    """Hoist loop-invariant ops out of every loop, innermost loops first."""

    argument = "loop-invariant-code-motion"
    summary = "Hoist loop invariant instructions outside of the loop"
    pass_name = "LoopInvariantCodeMotion"

    def run_on_operation(self, op) -> None:
        for loop in op.walk(order="post"):
            if loop.has_trait(LoopLikeOpInterface):
                move_loop_invariant_code(loop)
