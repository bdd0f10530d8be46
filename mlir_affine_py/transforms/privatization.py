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

An argument of the function (`live_out`: its values outlive the function,
as PolyBench doitgen's `sum`) qualifies too where, beyond that, the loop
has constant bounds and its last iteration writes every element the loop
writes (`MemrefDataflow.written_box`, with isl): every iteration but the
last uses a copy of the box it writes, and the last the argument itself,
chosen by an `affine.if` on the induction variable, so the argument is
left with the values the sequential loop leaves (OpenMP's `lastprivate`).
doitgen on two threads: 0.13 -> 0.07 of the original's time.
"""

from __future__ import annotations

import math
import re

import islpy as isl

from ..analysis.affine_access import (IslWriter, affine_scope_of, domain_constraints,
                                      enclosing_affine_ops, loop_ivs)
from ..analysis.dataflow import MemrefDataflow, Unmodelled
from ..dialects.affine import AffineIfOp, AffineLoadOp, AffineStoreOp, AffineYieldOp
from ..dialects.memref import AllocaOp, AllocOp, CastOp, DeallocOp, LoadOp, StoreOp
from ..ir import types as T
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.printing import value_name
from ..ir.rewriter import IRRewriter, OpBuilder
from ..ir.traits import FunctionOpInterface
from ..polyhedral.context import CONTEXT

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


def live_out(memref, loop) -> bool:
    """The memref is an argument of the function whose body is the loop's
    affine scope: its values outlive the function."""
    if memref.defining_op is not None:
        return False
    holder = memref.owner.parent_op
    return holder is not None and holder.has_trait(FunctionOpInterface) \
        and holder is affine_scope_of(loop)


def _element_bytes(type) -> int | None:
    element = type.element_type
    if not isinstance(element, (T.IntegerType, T.FloatType, T.IndexType)):
        return None
    return -(-(64 if isinstance(element, T.IndexType) else element.width) // 8)


def is_candidate(memref, loop) -> bool:
    """A buffer of the loop's affine scope that only its loads and stores
    reach, small enough to copy per iteration (the loop-independent part
    of `privatizable`, asked before the dependences); or an argument of the
    function (`live_out`) that only its loads and stores reach, whose copy
    the last iteration does without (`written_box`)."""
    type = memref.type
    if not isinstance(type, T.MemRefType) or _element_bytes(type) is None:
        return False
    if live_out(memref, loop):
        accesses = accesses_of(memref)
        scope = affine_scope_of(loop)
        return accesses is not None and all(affine_scope_of(user) is scope
                                            for user, _ in memref.uses)
    op = memref.defining_op
    if not isinstance(op, (AllocaOp, AllocOp)) or op.operands or loop.is_ancestor_of(op):
        return False
    if not type.has_static_shape:
        return False
    if math.prod(type.shape) * _element_bytes(type) > MAX_PRIVATE_BYTES:
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
    flow = _dataflow(memref, flows)
    if isinstance(flow, str):
        return flow
    if live_out(memref, loop):
        # The question of the writes alone first: isl's flow takes seconds
        # on a jammed body (trisolv's x, each element its own iteration's).
        box = written_box(memref, loop, flows)
        if isinstance(box, str):
            return box
    try:
        return flow.iteration_private(loop)
    except isl.Error:
        # isl's dataflow fails on some quasi-affine accesses (an access
        # through `mod` in a loop with a `max` bound and a step).
        return "isl could not compute its dataflow"


def _dataflow(memref, flows: dict):
    """The buffer's MemrefDataflow (its flow computed when first asked),
    or why there is none, kept in `flows`."""
    if memref not in flows:
        try:
            flows[memref] = MemrefDataflow(accesses_of(memref) or [])
        except Unmodelled as error:
            flows[memref] = str(error)
    return flows[memref]


def refusal(memref, loop, flows: dict | None) -> str | None:
    """None where a dependence the loop carries on `memref` is worth asking
    `privatizable` about: a candidate (`is_candidate`), and for an argument
    one whose elements the last iteration writes whole (the cheap part of
    the question, asked before the search for more dependences); else ""
    (not a candidate) or why the argument is refused."""
    if flows is None or not is_candidate(memref, loop):
        return ""
    if not live_out(memref, loop):
        return None
    box = written_box(memref, loop, flows)
    return box if isinstance(box, str) else None


def written_box(memref, loop, flows: dict):
    """For an argument (`live_out`): the shape of the copy its iterations
    but the last use (`MemrefDataflow.written_box`), or why there is none;
    None for a buffer of the function."""
    if not live_out(memref, loop):
        return None
    last = last_iteration(loop)
    if last is None:
        return "the loop's bounds are not constants"
    flow = _dataflow(memref, flows)
    if isinstance(flow, str):
        return flow
    try:
        box = flow.written_box(loop, last)
    except isl.Error:
        return "isl could not compute the elements it writes"
    if isinstance(box, tuple) and math.prod(box) * _element_bytes(memref.type) > MAX_PRIVATE_BYTES:
        return "its copy would not fit a thread's stack"
    return box


def last_iteration(loop) -> int | None:
    lower, upper = loop.lower_bound_map, loop.upper_bound_map
    if not (lower.is_single_constant() and upper.is_single_constant()):
        return None
    low, high = lower.get_single_constant_result(), upper.get_single_constant_result()
    if high <= low:
        return None
    return low + (high - low - 1) // loop.step * loop.step


def privatize(parallel, private: list, last: dict | None = None) -> None:
    """Give the body of `parallel` its own buffer for each (shared buffer,
    the loop's accesses of it, box) of `private`, in that order, and make
    the accesses use it.  An argument's copy (`box`: its shape) is used by
    every iteration but the last, `last[memref]`, which uses the argument
    itself: the values it leaves are the loop's (`written_box`)."""
    body = parallel.regions[0].blocks[0]
    builder = OpBuilder.before_op(body.ops[0])
    builder.loc = parallel.pos
    for memref, ops, box in private:
        if box is None:
            copy = builder.insert(AllocaOp.build(memref.type)).results[0]
        else:
            local = builder.insert(AllocaOp.build(T.MemRefType(list(box),
                                                              memref.type.element_type)))
            cast = builder.insert(CastOp.build_generic((local.results[0],), [memref.type]))
            iv = body.args[0]
            condition = IntegerSet.get(1, 0, [dim(0) - last[memref]], [True])
            choice = builder.insert(AffineIfOp.build(condition, [iv], with_else=True,
                                                     result_types=[memref.type]))
            choice.then_block.append(AffineYieldOp.build([memref]))
            choice.else_block.append(AffineYieldOp.build([cast.results[0]]))
            copy = choice.results[0]
        for op in ops:
            op.set_operand(1 if op.stores else 0, copy)


def buffer_name(memref) -> str:
    """The buffer's SSA name as the source wrote it (`%ym1`), or as the
    printer names it when the source is not at hand."""
    from ..diagnostics import current_context
    if memref.defining_op is None:
        return value_name(memref)
    head = current_context().source_text_before(memref.defining_op.pos, 120)
    found = re.search(r"(%[\w$.-]+)\s*=\s*$", head)
    return found.group(1) if found else value_name(memref)


class Expansion:
    """Scalar expansion of a buffer of one element that the iterations of
    `loop` keep to themselves (`privatizable`): the loop's loads and stores
    of it use element `iv - low` of a new buffer with an element per value
    the induction variable takes (`iteration_range`: a triangle's inner
    loop included), defined beside the old one.  Where a register tile jams
    several iterations (`recurrence_jam.py`), each copy then has its own
    element, as a private copy per iteration would be for a parallel loop;
    the loop's iterations no longer depend on each other through it.
    `undo` puts the loads and stores back."""

    def __init__(self, memref, loop, lower: int, size: int):
        self.memref = memref
        old = memref.type
        builder = OpBuilder()
        builder.set_insertion_point_after(memref.defining_op)
        self.buffer = builder.insert(AllocaOp.build(T.MemRefType((size,), old.element_type)))
        self.buffer.pos = memref.defining_op.pos
        index = AffineMap(1, 0, (dim(0) - lower,))
        self.accesses = [self._rebuild(op, self.buffer.results[0], index, [loop.induction_var])
                         for op in accesses_of(memref) or [] if loop.is_ancestor_of(op)]

    def undo(self) -> None:
        for op in self.accesses:
            self._rebuild(op, self.memref, AffineMap(0, 0, ()), [])
        IRRewriter().erase_op(self.buffer)

    @staticmethod
    def _rebuild(op, memref, map, indices):
        """`op` rebuilt to access `memref[map(indices)]`: the new op."""
        if op.stores:
            new = AffineStoreOp.build(op.operands[0], memref, map, indices)
        else:
            new = AffineLoadOp.build(memref, map, indices)
        new.pos = op.pos
        rewriter = IRRewriter.before_op(op)
        rewriter.insert(new)
        rewriter.replace_op(op, new)
        return new


def iteration_range(loop) -> tuple | None:
    """(lowest, highest) value of `loop`'s induction variable over all its
    runs (the loops and conditions around it bound it), when both are
    constants."""
    if not loop.body.ops:
        return None
    chain = enclosing_affine_ops(loop.body.ops[0])
    ivs = loop_ivs(chain)
    names = [f"i{k}" for k in range(len(ivs))]
    params: dict = {}
    writer = IslWriter("i", dict(zip(ivs, names)), params, {op for op, _ in chain})
    domain_constraints(writer, chain)
    if params:
        return None
    body = " and ".join(writer.constraints) or "true"
    if writer.exists:
        body = f"exists ({', '.join(writer.exists)} : {body})"
    domain = isl.Set(f"{{ [{', '.join(names)}] : {body} }}", context=CONTEXT)
    k = ivs.index(loop.induction_var)
    values = domain.project_out(isl.dim_type.set, k + 1, len(names) - k - 1) \
        .project_out(isl.dim_type.set, 0, k)
    if values.is_empty() or not values.is_bounded():
        return None
    low = values.lexmin().sample_point().get_coordinate_val(isl.dim_type.set, 0)
    high = values.lexmax().sample_point().get_coordinate_val(isl.dim_type.set, 0)
    return int(low.to_python()), int(high.to_python())


def expand_private_scalars(loop) -> list:
    """Expand (`Expansion`) each buffer of one element whose every access
    inside `loop` is an affine.load/store and that the loop's iterations
    keep to themselves, when the loop's induction variable ranges between
    constants (`iteration_range`); the expansions made."""
    bounds = iteration_range(loop)
    if bounds is None:
        return []
    memrefs = []
    for op in loop.walk():
        if isinstance(op, (AffineLoadOp, AffineStoreOp)) and op.memref not in memrefs:
            memrefs.append(op.memref)
    low, high = bounds
    flows: dict = {}

    def expandable(memref) -> bool:
        if not isinstance(memref.type, T.MemRefType) or memref.type.shape != () \
                or not is_candidate(memref, loop):
            return False
        inside = [op for op in accesses_of(memref) or [] if loop.is_ancestor_of(op)]
        # The cheap question first: isl's dataflow is the costly one.
        return all(isinstance(op, (AffineLoadOp, AffineStoreOp)) for op in inside) \
            and not privatizable(memref, loop, flows)

    chosen = [memref for memref in memrefs if expandable(memref)]   # before any change
    return [Expansion(memref, loop, low, high - low + 1) for memref in chosen]
