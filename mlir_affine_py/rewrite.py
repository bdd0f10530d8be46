"""Rewriting ops in place: the operations a pass needs today, under the
names they keep (MLIR's RewriterBase: `eraseOp`, `replaceAllUsesWith`,
`moveOpBefore`/`moveOpAfter`, `clone`; LoopUtils' `permuteLoops`).

Walks give the ops collected up front (`Operation.walk`), so a pass may
erase or move the op it is visiting; loop reorderings should walk in
post-order (`op.walk(order="post")`), as MLIR's walk does by default.
"""

from __future__ import annotations

from .ir.core import Operation, Value


def erase(op: Operation) -> None:
    """Remove `op` (and what it holds) from its block; its results must
    have no uses left."""
    if any(result.uses for result in op.results):
        raise ValueError(f"cannot erase '{op.op_name}': its results still have uses")
    op.erase()


def replace_all_uses_with(old: Value, new: Value) -> None:
    old.replace_all_uses_with(new)


def replace_op(op: Operation, values) -> None:
    """Replace the results of `op` by `values`, then erase it."""
    values = list(values)
    if len(values) != len(op.results):
        raise ValueError(f"'{op.op_name}' has {len(op.results)} results, got {len(values)} values")
    for result, value in zip(op.results, values):
        result.replace_all_uses_with(value)
    op.erase()


def _detach(op: Operation) -> None:
    if op.parent is not None:
        op.parent.ops.remove(op)
        op.parent = None


def move_before(op: Operation, anchor: Operation) -> None:
    """Move `op` right before `anchor` (possibly into another block)."""
    _detach(op)
    block = anchor.parent
    block.insert(block.ops.index(anchor), op)


def move_after(op: Operation, anchor: Operation) -> None:
    """Move `op` right after `anchor` (possibly into another block)."""
    _detach(op)
    block = anchor.parent
    block.insert(block.ops.index(anchor) + 1, op)


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
