"""Rewriting ops in place, for scripts and passes: the builder and rewriter
of `ir/rewriter.py` (MLIR's OpBuilder, IRRewriter, IRMapping) and plain
functions over one rewriter under the names of MLIR's RewriterBase
(`eraseOp`, `replaceAllUsesWith`, `replaceOp`, `moveOpBefore`/`moveOpAfter`,
`clone`) and LoopUtils' `permuteLoops`.

Walks give the ops collected up front (`Operation.walk`), so a pass may
erase or move the op it is visiting; loop reorderings should walk in
post-order (`op.walk(order="post")`), as MLIR's walk does by default.
"""

from __future__ import annotations

from .ir.core import Operation, Value
from .ir.rewriter import IRMapping, IRRewriter, OpBuilder

__all__ = ["IRMapping", "IRRewriter", "OpBuilder", "clone", "erase", "move_after",
           "move_before", "permute_loops", "replace_all_uses_with", "replace_op"]


def erase(op: Operation) -> None:
    """Remove `op` (and what it holds) from its block; its results must
    have no uses left."""
    IRRewriter().erase_op(op)


def replace_all_uses_with(old: Value, new: Value) -> None:
    IRRewriter().replace_all_uses_with(old, new)


def replace_op(op: Operation, values) -> None:
    """Replace the results of `op` by `values`, then erase it."""
    IRRewriter().replace_op(op, values)


def move_before(op: Operation, anchor: Operation) -> None:
    """Move `op` right before `anchor` (possibly into another block)."""
    IRRewriter().move_op_before(op, anchor)


def move_after(op: Operation, anchor: Operation) -> None:
    """Move `op` right after `anchor` (possibly into another block)."""
    IRRewriter().move_op_after(op, anchor)


def clone(op: Operation, mapping: dict | None = None) -> Operation:
    """A deep copy of `op`, its operands remapped through `mapping` (old
    value -> new value), which receives the old -> new results and block
    arguments.  The copy is in no block yet."""
    return op.clone(mapping)


def permute_loops(loops, perm_map) -> int:
    """Move loop i of the perfect nest `loops` to position perm_map[i];
    returns the index in `loops` of the new outermost loop.  No legality
    check: see `mlir_affine_py.LoopNest.is_valid_permutation`."""
    from .transforms.loop_utils import permute_loops as permute
    return permute(loops, perm_map)
