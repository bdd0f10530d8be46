"""Register tiles for reductions: the step of `-affine-optimize` after
cache tiling that unrolls and jams the loop around an innermost loop that
accumulates into one element (bicg's `q[i] += A[i][j] * p[j]` over `j`,
gesummv's, atax's, mvt's and gemver's dot products).

Why: such an innermost loop is one chain of dependent floating-point adds.
LLVM does not vectorize it ("cannot prove it is safe to reorder
floating-point operations": it would reassociate the sum), so each
iteration waits for the add before it.  Unrolling the loop around it, whose
induction variable picks the element (`i` in `q[i]`), and jamming the
copies into the innermost body gives that many independent chains per
iteration, sharing the loads that do not depend on it (`p[j]`), with each
element's adds in their original order: checksums stay bit for bit.  It is
the register tile of `register_tiling.py` for nests that are not tiled,
where tiling found no reuse leaving the cache.  Measured on PolyBench at
today's sizes (one thread, 7 samples, same run), jammed by 4: atax, bicg,
gemver, gesummv and mvt took 0.58-0.78 of their time without it; by 8,
0.85-0.98 of their time by 4; by 16, no better than by 8 (0.94-1.04).

Where the inner loop's bounds depend on the jammed loop (a triangle:
trisolv's `j < i`, cholesky's `k < j`), the copies' inner loops differ, and
the nest is jammed as a schedule instead (`polyhedral/jam.py`): each copy
runs its part of the body where its own inner iterations begin and end,
legal where isl finds every exact dependence kept.  Measured (one thread,
3 samples, PolyBench at today's sizes, by 8): trisolv 0.53 and cholesky
0.73 of the original's time.

A reduction through a scalar that each iteration of the loop around it
resets (ludcmp's and symm's `w`, a `memref<f64>` of the function) is one
chain shared by all the iterations; where the iterations keep the scalar
to themselves (`privatization.py`), it is expanded first, an element per
iteration (`privatization.Expansion`), and jammed as any reduction; where
nothing is jammed the expansion is undone.

Legal when every dependence carried by the jammed loop keeps its order in
the jammed nest: the copies of one iteration run, per unit of the body (a
run of ops, or an inner loop, as `jam_sub_blocks` cuts it), after the same
unit of the earlier iterations in the group, and inside the shared inner
loops iteration by iteration.  So a dependence from iteration `i` to a
later one must go to an inner iteration that is lexicographically later,
or, at equal inner iterations, to a unit that is not earlier.
"""

from __future__ import annotations

from ..analysis.affine_access import MemRefAccess, NotAffine, depends_on, is_memory_access
from ..analysis.dependence import DependenceAnalysis, num_common_loops
from ..dialects.affine import AffineForOp, AffineIfOp, AffineYieldOp
from ..ir.core import Block
from ..ir.traits import is_memory_effect_free
from ..polyhedral.jam import NestJam
from .privatization import expand_private_scalars
from .loop_unroll_jam import inner_bounds_invariant, loop_unroll_jam_by_factor
from .loop_utils import constant_trip_count, loop_name

# Copies of the loop around the reduction: enough independent add chains to
# keep the adders busy, the add's latency (4 cycles) times the adds a core
# issues per cycle (2) on the x86 cores it was measured on; 16 gained
# nothing over 8 there (the module docstring).
REDUCTION_FACTOR = 8
INNER_BOUNDS = "a bound of a loop inside it depends on a value defined in it"


def jam_reductions(root, factor: int, remark, skip=(), inside=()) -> list:
    """Unroll and jam by `factor` each loop around an innermost reduction
    under `root` where it is legal (the module docstring), leaving the
    top-level nests in `skip` (made by an earlier step) and the loops in
    `inside` (the point bands of tiles) alone; `remark(op, text)` says what
    was done to each candidate and why.  Returns the loops jammed."""
    if factor < 2:
        return []
    analysis = DependenceAnalysis(alias_conservative=True)
    nests = [child for region in root.regions for block in region.blocks
             for child in block.ops if child not in skip]
    jammed: list = list(inside)
    # A reduction through a scalar that each iteration of the loop around it
    # resets (ludcmp's `w`) accumulates into an element of its own per
    # iteration once expanded; put back where nothing is jammed.
    expansions = {outer: expand_private_scalars(outer) for nest in nests
                  for outer in _around_scalar_reductions(nest)
                  if not any(point is outer or point.is_ancestor_of(outer) for point in inside)}
    for loop, accumulator in [found for nest in nests for found in _candidates(nest)]:
        if any(outer is loop or outer.is_ancestor_of(loop) for outer in jammed):
            continue        # a point band, or a body copied and rebuilt by an outer jam
        why = jam_refusal(loop, factor, analysis)
        if why == INNER_BOUNDS:
            # A triangle: jammed as a schedule, each copy's part of the
            # body where its own inner iterations begin and end.
            why = _jam_as_schedule(loop, factor, accumulator, remark)
            if not why:
                jammed.append(loop)
                continue
        if why:
            remark(loop, f"affine-loop-unroll-jam: {loop_name(loop)} not unrolled and jammed: {why}")
        elif loop_unroll_jam_by_factor(loop, factor):
            jammed.append(loop)
            remark(loop, f"affine-loop-unroll-jam: {loop_name(loop)} unrolled and jammed by "
                         f"{factor}: the innermost loop accumulates into {accumulator}, a chain "
                         f"the vectorizer cannot reorder; the copies are {factor} independent "
                         f"chains (register tile)")
    for outer, made in expansions.items():
        if not any(loop is outer or loop.is_ancestor_of(outer) for loop in jammed):
            for expansion in reversed(made):
                expansion.undo()
    return jammed[len(inside):]


def _around_scalar_reductions(root) -> list:
    """The loops around an innermost loop that stores into a buffer of one
    element (a scalar) without moving."""
    found = []
    for inner in root.walk():
        parent = inner.parent_op if isinstance(inner, AffineForOp) else None
        if isinstance(parent, AffineForOp) and parent not in found and not any(
                c is not inner and isinstance(c, AffineForOp) for c in inner.walk()) and any(
                getattr(op, "stores", False) and is_memory_access(op)
                and op.memref.type.shape == () for op in inner.walk()):
            found.append(parent)
    return found


def _jam_as_schedule(loop, factor: int, accumulator: str, remark) -> str:
    """Jam `loop`, whose inner loop's bounds depend on it, with the
    schedule of `polyhedral/jam.py`, checked by isl; why not, or ''."""
    try:
        nest = NestJam(loop)
    except NotAffine as error:
        return f"{INNER_BOUNDS}, and as a schedule: {error}"
    schedule = nest.schedule(factor, 0)
    if not nest.is_legal(schedule):
        return (f"{INNER_BOUNDS}, and the jammed schedule would reverse a dependence "
                f"(isl)")
    name = loop_name(loop)
    try:
        new_ops = nest.apply(schedule)
    except NotAffine as error:
        return f"{INNER_BOUNDS}, and as a schedule: {error}"
    remark(new_ops[0], f"affine-loop-unroll-jam: {name} unrolled and jammed by {factor} as a "
                       f"schedule (the inner loop's bounds depend on it): the innermost loop "
                       f"accumulates into {accumulator}; the copies are {factor} independent "
                       f"chains, each running its part of the body where its own inner "
                       f"iterations begin and end (register tile)")
    return ""


def _candidates(root) -> list:
    """[(loop, accumulator)]: the loops whose body holds an innermost loop
    that stores to an element it does not move over but `loop` does, and
    loads something `loop` does not move over (shared by the copies)."""
    found = []
    for inner in root.walk():
        parent = inner.parent_op if isinstance(inner, AffineForOp) else None
        if not isinstance(parent, AffineForOp) or any(c is not inner and isinstance(c, AffineForOp)
                                                      for c in inner.walk()):
            continue
        if any(loop is parent for loop, _ in found):
            continue
        accesses = [op for op in inner.walk() if is_memory_access(op)]
        outer, own = {parent.induction_var}, {inner.induction_var}
        stores = [op for op in accesses if getattr(op, "stores", False)
                  and not any(depends_on(v, own) for v in op.map_operands)
                  and any(depends_on(v, outer) for v in op.map_operands)]
        shared = [op for op in accesses if not getattr(op, "stores", False)
                  and not any(depends_on(v, outer) for v in op.map_operands)]
        if stores and shared:
            found.append((parent, _element_name(stores[0])))
    return found


def _element_name(store) -> str:
    loops = [v.owner.parent.parent for v in store.map_operands if isinstance(v.owner, Block)]
    names = [loop_name(loop) for loop in loops if isinstance(loop, AffineForOp)]
    return f"one element of a memref, indexed by {', '.join(names)}"


def jam_refusal(loop, factor: int, analysis) -> str:
    """Why `loop` cannot be unrolled and jammed by `factor` (the module
    docstring's legality), or ''."""
    trip = constant_trip_count(loop)
    if loop.inits:
        return "it carries values through iter_args"
    if trip is not None and trip < factor:
        return f"it runs {trip} times, fewer than the factor {factor}"
    if not inner_bounds_invariant(loop):
        return INNER_BOUNDS
    accesses = []
    for op in loop.walk():
        if op is loop:
            continue
        if is_memory_access(op):
            accesses.append(MemRefAccess(op))
        elif not isinstance(op, (AffineForOp, AffineYieldOp, AffineIfOp)) \
                and not is_memory_effect_free(op):
            return f"'{op.op_name}' may have memory effects"
    depth = accesses[0].ivs.index(loop.induction_var) + 1 if accesses else 0
    for src in accesses:
        for dst in accesses:
            result = analysis.check(src, dst, depth)
            if result.kind == "failure":
                return f"a dependence could not be analysed ({result.reason})"
            if result.kind == "dependence" and not _kept(src, dst, depth, result.components):
                return (f"it carries a dependence from the {src.op.op_name} to the "
                        f"{dst.op.op_name} that the jammed order would reverse")
    return ""


def _kept(src, dst, depth: int, components: list) -> bool:
    """Whether a dependence carried at `depth` keeps its order once the
    loop at `depth` is jammed: its distances in the shared inner loops are
    lexicographically positive, or may all be zero with the destination's
    unit not before the source's (bounds are per loop, so a zero that may
    be positive is taken as zero and the next loop decides: conservative)."""
    common = num_common_loops(src, dst)
    for component in components[depth:common]:
        if component.lb is None or component.lb < 0:
            return False
        if component.lb > 0:
            return True
    body = (src.ivs[common - 1].owner if common else None)
    return _unit(src.op, body) <= _unit(dst.op, body)


def _unit(op, block) -> int:
    """The index of the unit of `block` (runs of ops and loops, as
    `jam_sub_blocks` cuts it) that holds `op`."""
    while op.parent is not block:
        op = op.parent_op
    index, previous_loop = 0, True
    for child in block.ops:
        is_loop = isinstance(child, AffineForOp)
        if is_loop or previous_loop:
            index += 1
        previous_loop = is_loop
        if child is op:
            return index
    return index
