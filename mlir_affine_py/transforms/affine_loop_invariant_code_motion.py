"""-affine-loop-invariant-code-motion: ops of an affine.for body that do
not depend on the loop move before it, as mlir-opt's pass does
(mlir/lib/Dialect/Affine/Transforms/AffineLoopInvariantCodeMotion.cpp).

Contract: loops are visited innermost first (post-order), so an op hoisted
out of an inner loop may leave the outer one too.  An op of the body is
invariant when
- it has no memory effect (nested ops included), or is an affine access
  whose memref no other op in the loop writes (for a store: nor reads);
- none of its operands is the loop's IV or an iter_arg, or the result of an
  op of the body that has users and stays (an affine access counts as
  having users);
- for an affine.for/if/parallel, every op nested in it is invariant.
The invariant ops move, in their order, right before the loop.  Like
upstream's pass, aliasing between distinct memref values is not
considered.  Unlike mlir-opt 22, ops with memory effects stay in a loop of
trip count 0 (upstream's later fix): hoisted, they would run.
"""

from __future__ import annotations

from ..analysis.memref_effects import has_effect, surrounding_for_loops
from ..dialects.affine import AffineForOp, AffineIfOp, AffineYieldOp
from ..dialects.affine_parallel import AffineParallelOp
from ..ir.rewriter import IRRewriter
from ..ir.traits import (READ, WRITE, AffineReadOpInterface, AffineWriteOpInterface,
                         is_memory_effect_free)
from ..passes import Pass
from .loop_utils import constant_trip_count


class _Invariance:
    """`isOpLoopInvariant` for the ops of one loop, with upstream's sets of
    ops with users and ops to hoist (by id)."""

    def __init__(self, loop: AffineForOp):
        self.loop = loop
        # Ops with effects stay in a loop that never runs (upstream's fix
        # after LLVM 22, llvm-project#189165: mlir-opt 22 hoists a store
        # out of `affine.for %i = 0 to 0`, which then always runs).
        self.never_runs = constant_trip_count(loop) == 0
        self.iv = loop.induction_var
        self.iter_args = loop.body.args[1:]
        self.with_users: set = set()
        self.to_hoist: set = set()

    def all_invariant(self, region) -> bool:
        return all(self.invariant(op) for block in region.blocks for op in block.ops)

    def invariant(self, op) -> bool:
        is_access = op.has_trait(AffineReadOpInterface) or op.has_trait(AffineWriteOpInterface)
        if self.never_runs and not is_memory_effect_free(op):
            return False
        if isinstance(op, (AffineIfOp, AffineForOp, AffineParallelOp)):
            if not all(self.all_invariant(region) for region in op.regions):
                return False
        elif not is_access and not is_memory_effect_free(op):
            return False
        elif is_access and not self._access_invariant(op):
            return False
        for value in op.operands:
            if value is self.iv or any(value is arg for arg in self.iter_args):
                return False
            source = value.defining_op
            if source is not None and id(source) in self.with_users \
                    and id(source) not in self.to_hoist:
                return False
        self.to_hoist.add(id(op))
        return True

    def _access_invariant(self, op) -> bool:
        self.with_users.add(id(op))
        memref = op.memref
        writes = op.has_trait(AffineWriteOpInterface)
        for user, _ in memref.uses:
            if user is op:
                continue
            if has_effect(user, memref, WRITE) or (writes and has_effect(user, memref, READ)):
                if any(loop is self.loop for loop in surrounding_for_loops(user)):
                    return False
        return True


def hoist_loop_invariant_ops(loop: AffineForOp) -> None:
    invariance = _Invariance(loop)
    to_move = []
    for op in loop.body.ops:
        if any(r.uses for r in op.results):
            invariance.with_users.add(id(op))
        if not isinstance(op, AffineYieldOp) and invariance.invariant(op):
            to_move.append(op)
    rewriter = IRRewriter()
    for op in to_move:
        rewriter.move_op_before(op, loop)


class AffineLoopInvariantCodeMotion(Pass):
    argument = "affine-loop-invariant-code-motion"
    summary = "Hoist loop invariant instructions outside of affine loops"
    pass_name = "LoopInvariantCodeMotion"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        for loop in op.walk("post"):
            if isinstance(loop, AffineForOp):
                hoist_loop_invariant_ops(loop)
