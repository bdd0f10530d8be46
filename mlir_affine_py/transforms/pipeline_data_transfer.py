"""-affine-pipeline-data-transfer: overlap the DMA transfers of a loop with
its computation by double buffering and skewing, as mlir-opt's pass does
(mlir/lib/Dialect/Affine/Transforms/PipelineDataTransfer.cpp; the skew is
`affine_for_op_body_skew` of loop_utils.py, the memref replacement
affine_utils.py).

Contract, per function, for every affine.for innermost first (loops made
by the pass are not visited):
- A loop without a constant trip count is left as it is, and so is one of
  trip count 0 (which mlir-opt 22 pipelines into an epilogue that runs
  the body once, before the lower bound).
- The pairs are its body's incoming `affine.dma_start` (destination in a
  higher memory space than the source) whose source no outgoing
  dma_start of the body writes and whose fast buffer is used outside the
  loop by nothing but frees, each with the first `affine.dma_wait` of the
  body on the same tag memref with the same tag operands.
- Each pair's fast buffer, then each pair's tag, is double buffered: a
  `memref.alloc` before the loop of the old type with a leading dimension
  of 2 (no layout, the memory space kept, dynamic sizes read by
  `memref.dim`), indexed by `(iv floordiv step) mod 2` (an affine.apply at
  the top of the body, which stays even where it is composed away), the
  accesses in the body rewritten to it, a `memref.dealloc` after the loop,
  and the old alloc erased when nothing but a free is left using it.  A
  use in the body that does not dereference the buffer stops the pass on
  this loop, the new alloc left in place (as upstream leaves it).
- The pairs are then found again; each dma_start and the affine.apply ops
  computing its operands get shift 0, every other op of the body shift 1,
  and the body is skewed: a prologue (the first iteration's transfers),
  the steady-state loop and an epilogue (the last iteration's
  computation), single-iteration loops promoted.
- A loop with iter_args is double buffered but not skewed (mlir-opt 22
  skews one whose yield uses none of the shifted values, and crashes).
- Memory dependences are not checked, as upstream does not; nothing is
  reported (upstream's messages are debug output only).
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp, AffineForOp
from ..dialects.affine_dma import AffineDmaStartOp, AffineDmaWaitOp
from ..dialects.arith import ConstantOp
from ..dialects.memref import AllocOp, DeallocOp, DimOp
from ..ir import types as T
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap
from ..passes import Pass
from ..rewrite_driver import fold_operation
from .affine_utils import (create_affine_computation_slice, get_reachable_affine_apply_ops,
                           replace_all_memref_uses_with)
from .loop_utils import affine_for_op_body_skew, composed_constant_trip_count, is_opwise_shift_valid


def _in_body(loop: AffineForOp, op) -> bool:
    return op is not loop and loop.is_ancestor_of(op)


def _tags_match(start: AffineDmaStartOp, wait: AffineDmaWaitOp) -> bool:
    """The same tag memref and the same SSA tag indices (upstream does not
    look for a write to the tag in between)."""
    return start.tag_memref is wait.tag_memref and all(
        a is b for a, b in zip(start.tag_indices, wait.tag_indices))


def find_matching_start_wait_pairs(loop: AffineForOp) -> list:
    """`findMatchingStartFinishInsts`: (dma_start, dma_wait) pairs of the
    loop's body that can be pipelined."""
    ops = loop.body.ops
    outgoing = [op for op in ops
                if isinstance(op, AffineDmaStartOp) and op.is_src_memory_space_faster()]
    waits = [op for op in ops if isinstance(op, AffineDmaWaitOp)]
    starts = []
    for op in ops:
        if not isinstance(op, AffineDmaStartOp) or not op.is_dest_memory_space_faster():
            continue
        if any(out.dst_memref is op.src_memref for out in outgoing):
            continue
        fast = op.operands[op.faster_mem_pos()]
        if all(isinstance(user, DeallocOp) or _in_body(loop, user) for user, _ in fast.uses):
            starts.append(op)
    pairs = []
    for start in starts:
        wait = next((w for w in waits if _tags_match(start, w)), None)
        if wait is not None:
            pairs.append((start, wait))
    return pairs


def double_buffer(old, loop: AffineForOp):
    """`doubleBuffer`: `old` replaced in the loop's body by a buffer of
    twice its size along a new leading dimension, indexed by the iteration
    number mod 2; returns the new buffer, or None (the new alloc left
    before the loop) when a use does not dereference it."""
    block = loop.parent
    old_type = old.type
    new_type = T.MemRefType((2,) + tuple(old_type.shape), old_type.element_type, None,
                            old_type.memory_space)
    sizes = []
    for d, extent in enumerate(old_type.shape):
        if extent is None:
            sizes.append(_dim_of(old, d, loop))
    alloc = AllocOp.build(new_type, sizes)
    alloc.pos = loop.pos
    block.insert(block.ops.index(loop), alloc)
    new = alloc.results[0]
    parity = AffineApplyOp.build(AffineMap(1, 0, (dim(0).floordiv(loop.step) % 2,)),
                                 [loop.induction_var])
    parity.pos = loop.pos
    loop.body.insert(0, parity)
    if not replace_all_memref_uses_with(old, new, [parity.results[0]],
                                        lambda user: _in_body(loop, user)):
        parity.erase()
        return None
    dealloc = DeallocOp.build(new)
    dealloc.pos = loop.pos
    block.insert(block.ops.index(loop) + 1, dealloc)
    return new


def _dim_of(memref, d: int, loop: AffineForOp):
    """`createOrFold<memref::DimOp>` before the loop: an index constant and
    the dim op, or the size the dim folds to (the constant stays)."""
    block = loop.parent
    index = ConstantOp.build(d, T.INDEX)
    index.pos = loop.pos
    block.insert(block.ops.index(loop), index)
    op = DimOp.build(memref, index.results[0])
    op.pos = loop.pos
    block.insert(block.ops.index(loop), op)
    folded = fold_operation(op)
    if folded and hasattr(folded[0], "uses"):
        op.erase()
        return folded[0]
    return op.results[0]


def _erase_if_dead(memref) -> None:
    """The old buffer's alloc goes when nothing, or nothing but one free,
    uses it."""
    alloc = memref.defining_op
    if alloc is None:
        return
    users = [user for user, _ in memref.uses]
    if not users:
        alloc.erase()
    elif len(users) == 1 and isinstance(users[0], DeallocOp):
        users[0].erase()
        alloc.erase()


class AffinePipelineDataTransfer(Pass):
    argument = "affine-pipeline-data-transfer"
    summary = ("Pipeline non-blocking data transfers between explicitly managed levels of "
               "the memory hierarchy")
    pass_name = "PipelineDataTransfer"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        # Innermost first: pipelining an outer loop replaces the loops in it.
        for loop in [o for o in op.walk("post") if isinstance(o, AffineForOp)]:
            self.run_on_loop(loop)

    def run_on_loop(self, loop: AffineForOp) -> None:
        # A loop that never runs is left alone: upstream pipelines it and
        # its epilogue then runs the body once, before the lower bound.
        if not composed_constant_trip_count(loop):
            return
        pairs = find_matching_start_wait_pairs(loop)
        if not pairs:
            return
        # A buffer or tag that two pairs share is doubled once (upstream
        # reads the second pair's op after replacing it, and crashes).
        doubled: list = []
        for old in [start.operands[start.faster_mem_pos()] for start, _ in pairs] + \
                [wait.tag_memref for _, wait in pairs]:
            if any(old is done for done in doubled):
                continue
            if double_buffer(old, loop) is None:
                return
            doubled.append(old)
            _erase_if_dead(old)
        shift_zero: set = set()
        for start, _ in find_matching_start_wait_pairs(loop):
            shift_zero.add(start)
            slice_ops = create_affine_computation_slice(start)
            shift_zero.update(slice_ops or get_reachable_affine_apply_ops(list(start.operands)))
        shifts = [0 if o in shift_zero else 1 for o in loop.body.ops[:-1]] + [0]
        # The skew makes loops without iter_args (mlir-opt 22 skews a loop
        # whose yield uses no shifted value, and crashes).
        if not is_opwise_shift_valid(loop, shifts) or loop.inits:
            return
        affine_for_op_body_skew(loop, shifts, self.emit_warning)
