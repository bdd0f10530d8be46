"""Privatization for the parallel loops of `-affine-parallelize`: a
buffer of the function that each iteration of a loop writes before it
reads it, and that nobody reads after the loop, gets a copy of its own
per iteration, so the output and anti dependences the loop carries on it
no longer keep the loop sequential (PolyBench's deriche keeps its
recurrence scalars in such buffers; Polly privatizes them, Pluto's users
expand them by hand).

A buffer qualifies (`privatizable`) when it is a `memref.alloca` or
`memref.alloc` of static shape with no operands, defined outside the loop
in the loop's affine scope, small enough for a thread's stack, and used
only as the memref of affine.load/store and memref.load/store ops placed
in affine.for/affine.if nests of that scope (and by a memref.dealloc
outside the loop): nothing else can read or write it.  Whether the loop's
iterations keep its values to themselves is decided by the value-based
flow dependences of its accesses (`analysis/dataflow.py`).  The private
copy is a `memref.alloca` of the same type at the start of the
`affine.parallel` body; the loop's accesses use it.  mlir-opt's
`-convert-scf-to-openmp` wraps the body of the parallel loop in a
`memref.alloca_scope`, so each iteration's copy is freed when it ends.
"""

from __future__ import annotations

import math
import re

from ..analysis.affine_access import affine_scope_of
from ..analysis.dataflow import MemrefDataflow, Unmodelled
from ..dialects.affine import AffineLoadOp, AffineStoreOp
from ..dialects.memref import AllocaOp, AllocOp, DeallocOp, LoadOp, StoreOp
from ..ir import types as T
from ..ir.printing import value_name

# The bytes of one private copy at most: every thread holds one on its
# stack (libomp's default stack is a few MiB).
MAX_PRIVATE_BYTES = 1 << 16


def accesses_of(memref) -> list | None:
    """The loads and stores of a buffer nothing else can reach (its
    deallocation apart), or None."""
    accesses = []
    for user, index in memref.uses:
        if isinstance(user, (AffineLoadOp, LoadOp)) and index == 0 \
                or isinstance(user, (AffineStoreOp, StoreOp)) and index == 1:
            accesses.append(user)
        elif not isinstance(user, DeallocOp):
            return None
    return accesses


def is_candidate(memref, loop) -> bool:
    """A buffer of the loop's affine scope that only its loads and stores
    reach, small enough to copy per iteration (the loop-independent part
    of `privatizable`, asked before the dependences)."""
    op = memref.defining_op
    if not isinstance(op, (AllocaOp, AllocOp)) or op.operands or loop.is_ancestor_of(op):
        return False
    type = memref.type
    if not isinstance(type, T.MemRefType) or not type.has_static_shape:
        return False
    element = type.element_type
    if not isinstance(element, (T.IntegerType, T.FloatType, T.IndexType)):
        return False
    width = 64 if isinstance(element, T.IndexType) else element.width
    if math.prod(type.shape) * -(-width // 8) > MAX_PRIVATE_BYTES:
        return False
    accesses = accesses_of(memref)
    if accesses is None:
        return False
    scope = affine_scope_of(loop)
    return all(affine_scope_of(user) is scope for user, _ in memref.uses) and not any(
        isinstance(user, DeallocOp) and loop.is_ancestor_of(user) for user, _ in memref.uses)


def privatizable(memref, loop, flows: dict | None = None) -> str:
    """Why the iterations of `loop` may not each have their own copy of
    the candidate buffer ("" when they may).  `flows` keeps the buffer's
    value-based flow (or why there is none) for the next loop asked about
    while the IR stays as it is."""
    flows = {} if flows is None else flows
    if memref not in flows:
        try:
            flows[memref] = MemrefDataflow(accesses_of(memref) or [])
        except Unmodelled as error:
            flows[memref] = str(error)
    flow = flows[memref]
    return flow if isinstance(flow, str) else flow.iteration_private(loop)


def privatize(parallel, private: list) -> None:
    """Give the body of `parallel` its own buffer for each (shared buffer,
    the loop's accesses of it) of `private`, in that order, and make the
    accesses use it."""
    body = parallel.regions[0].blocks[0]
    for index, (memref, ops) in enumerate(private):
        alloca = body.insert(index, AllocaOp.build(memref.type))
        alloca.pos = parallel.pos
        for op in ops:
            op.set_operand(1 if op.stores else 0, alloca.results[0])


def buffer_name(memref) -> str:
    """The buffer's SSA name as the source wrote it (`%ym1`), or as the
    printer names it when the source is not at hand."""
    from ..diagnostics import current_context
    head = current_context().source_text_before(memref.defining_op.pos, 120)
    found = re.search(r"(%[\w$.-]+)\s*=\s*$", head)
    return found.group(1) if found else value_name(memref)
