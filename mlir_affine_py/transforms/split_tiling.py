"""Split tiling of a loop that a shifted fusion made sequential: the step
of `-affine-optimize` that fuses a time step's sweeps with a shift and
still runs the fused loop in parallel.

Why: fdtd-2d's sweeps `ey[i] -= f(hz[i], hz[i-1])`, `ex[i] -= g(hz[i])`
and `hz[i] -= h(ex[i], ey[i+1], ey[i])` fused on `i` with `hz` shifted by
one (`-affine-permute-and-fuse`) read each row while the cache still holds
it: 0.89 of the original's time on one thread.  But the fused loop carries
dependences of distance one (`hz[i-1]` at iteration `i` needs `ex[i-1]`
from iteration `i - 1`), so it runs on one thread only; apart, each sweep
runs in parallel (0.53 on two threads) and the typed fusion of
`polyhedral/fusion_cost.py` keeps them apart.  Split tiling (Grosser et
al., "Split tiling for GPUs", 2013) has both, in one dimension: the fused
loop's iterations are cut into chunks, and each chunk runs in two phases,

    affine.parallel (%k) = (0) to (K) {            // phase 1
      S_g(first(k)) for the statements g not deferred
      affine.for %i = first(k) + 1 to min(first(k) + B, ub) { S_1(i) ... S_n(i) }
    }
    affine.parallel (%k) = (0) to (K) {            // phase 2
      S_g(first(k)) for the deferred statements g
    }

where `first(k) = lb + B * k`.  A dependence the loop carries crosses from
a chunk to the next only from its last iteration to the next chunk's first
one (every carried distance is one); its target statements (the deferred
ones, closed under the dependences of one iteration from them) wait, at
each chunk's first iteration, for phase 2.  Legal where every dependence
the loop carries has distance exactly one, no deferred statement is the
source of one (its instance at `first(k)` would have to precede phase 1's
at `first(k) + 1`), and each chunk has two iterations or more: deferred
instances of different chunks are then more than one iteration apart and
independent.  fdtd-2d (600 x 400, 400 time steps, 5 samples): one thread
0.91 of the original's time (fused, sequential: 0.89; apart, parallel:
0.99), two threads 0.49-0.51 (apart: 0.53).

Phase 2 runs in parallel too, though it is small (a row per chunk): run on
one thread, it fetches the rows the other threads wrote in phase 1 from
their caches, one after the other (2 threads, 8 chunks: 0.56 of the
original instead of 0.51).
"""

from __future__ import annotations

from ..analysis.affine_access import MemRefAccess, enclosing_affine_ops, is_memory_access
from ..analysis.dependence import DependenceAnalysis
from ..analysis.loop_work import estimated_work
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp, AffineYieldOp
from ..ir.affine_expr import constant, dim
from ..ir.affine_map import AffineMap
from ..ir.rewriter import IRMapping, OpBuilder
from ..ir.traits import is_memory_effect_free
from .affine_parallelize import affine_parallelize, carried_dependence
from .loop_utils import constant_trip_count, loop_name

# Chunks of the fused loop: a static schedule gives each of up to this many
# threads a chunk; on two threads 2 and 8 chunks ran alike (0.49-0.51).
SPLIT_CHUNKS = 8


def fuse_and_split(run: list, fusion, remark, min_work: int) -> list | None:
    """Fuse a copy of the nests `run` with `fusion` (a shifted fusion
    allowed); where the fusion made loops that carry dependences between
    their statements and each of them can be split-tiled, does enough work
    for a parallel region (`min_work` iterations of its innermost loops)
    and is inside sequential loops only, split-tile them and put the copy
    in place of `run`.  Returns the new nests, or None (`run` kept)."""
    block, after = run[0].parent, op_after(run)
    builder = OpBuilder.before_op(after)
    copies = [builder.clone(nest) for nest in run]
    fusion.run_on_region(copies)
    nests = block.ops[block.ops.index(run[-1]) + 1:block.ops.index(after)]
    if fusion.last_plan is None or not fusion.last_plan.changed:
        for nest in nests:          # the same schedule: nothing fused
            nest.erase()
        return None
    analysis = DependenceAnalysis(alias_conservative=True)
    # Each loop's statements, their accesses made once (the analysis keeps
    # the pairs' polyhedra per access) for both questions asked of it.
    bodies = {loop: _statements(loop) for nest in nests for loop in nest.walk()
              if isinstance(loop, AffineForOp)
              and sum(isinstance(op, AffineForOp) for op in loop.body.ops) > 1}
    fused = [loop for loop, groups in bodies.items()
             if carries_between_statements(loop, analysis, groups)]
    # The loops around a fused loop carried such dependences before the fusion.
    fused = [loop for loop in fused if not any(loop is not other and loop.is_ancestor_of(other)
                                               for other in fused)]
    plans = []
    for loop in fused:
        why, deferred = split_refusal(loop, analysis, groups=bodies[loop])
        work = None if why else estimated_work(loop)
        if not why and (work is None or work < min_work):
            why = f"one run of it executes about {work} iterations, fewer than {min_work}"
        parallel = None if why else next(
            (around for around, _ in enclosing_affine_ops(loop) if isinstance(around, AffineForOp)
             and carried_dependence(around, analysis)[0] is None), None)
        if parallel is not None:
            why = f"the loop around it, {loop_name(parallel)}, can run in parallel"
        if why:
            remark(run[0], f"split tiling: the nests are left as the fusion that keeps "
                           f"parallel loops made them: fused with a shift, {loop_name(loop)} "
                           f"would carry dependences between its statements and cannot run "
                           f"split-tiled: {why}")
            plans = []
            break
        plans.append((loop, deferred))
    if not plans:
        for nest in nests:
            nest.erase()
        return None
    for loop, deferred in plans:
        named, (_, count) = loop_name(loop), _chunks(loop)
        split_tile(loop, deferred)
        remark(run[0], f"split tiling: {named}, fused with a shift, carries dependences of "
                       f"distance one: split into {count} chunks that run in parallel, "
                       f"{len(deferred)} statement(s) of each chunk's first iteration after "
                       f"them (the second affine.parallel)")
    for nest in run:
        nest.erase()
    return nests


def op_after(run: list):
    """The op after the run of nests `run` in its block (a block ends with
    its terminator): it marks the run's place while its nests are
    replaced."""
    block = run[-1].parent
    return block.ops[block.ops.index(run[-1]) + 1]


def carries_between_statements(loop, analysis, groups: list | None) -> bool:
    """Whether `loop` carries a dependence from one statement of its body
    (an op of its block, with what it holds; `groups`, their accesses as
    `_statements` gives them) to another: the mark of a fusion with a
    shift."""
    if not groups or not any(groups):
        return False
    depth = _depth(loop, groups)
    for s, sources in enumerate(groups):
        for t, targets in enumerate(groups):
            if s != t and any(analysis.check(src, dst, depth).kind != "none"
                              for src in sources for dst in targets):
                return True
    return False


def split_refusal(loop, analysis, chunks: int = SPLIT_CHUNKS, groups=None) -> tuple:
    """(why `loop` cannot be split-tiled into `chunks`, or '';
    the indices of the deferred statements of its body).  `groups`: the
    accesses of its statements, where `_statements` gave them already."""
    trip = constant_trip_count(loop)
    if loop.inits or loop.step != 1 or not loop.lower_bound_map.is_single_constant() \
            or not loop.upper_bound_map.is_single_constant() or trip is None:
        return "its bounds are not constants or it carries values through iter_args", set()
    if trip < 2 * chunks:
        return f"it runs {trip} times, fewer than two per chunk of {chunks}", set()
    groups = _statements(loop) if groups is None else groups
    if groups is None or not any(groups):
        return ("a statement of its body uses a value another defines, or an op may have "
                "memory effects"), set()
    depth = _depth(loop, groups)
    sources, targets, edges = set(), set(), set()
    for s, group_s in enumerate(groups):
        for t, group_t in enumerate(groups):
            for src in group_s:
                for dst in group_t:
                    carried = analysis.check(src, dst, depth)
                    if carried.kind == "failure":
                        return f"a dependence could not be analysed ({carried.reason})", set()
                    if carried.kind == "dependence":
                        distance = carried.components[depth - 1]
                        if (distance.lb, distance.ub) != (1, 1):
                            return (f"it carries a dependence from the {src.op.op_name} to the "
                                    f"{dst.op.op_name} of a distance other than one"), set()
                        sources.add(s)
                        targets.add(t)
                    if s < t:
                        same = analysis.check(src, dst, depth + 1)
                        if same.kind == "failure":
                            return f"a dependence could not be analysed ({same.reason})", set()
                        if same.kind == "dependence":
                            edges.add((s, t))
    deferred = set(targets)
    while True:
        more = {t for s, t in edges if s in deferred} - deferred
        if not more:
            break
        deferred |= more
    if not targets:
        return "it carries no dependence", set()
    if deferred & sources:
        return ("a statement that waits for the iteration before also feeds the iteration "
                "after"), set()
    if len(deferred) == len(groups):
        return "every statement of its body waits for the iteration before", set()
    return "", deferred


def split_tile(loop, deferred: set, chunks: int = SPLIT_CHUNKS) -> tuple:
    """Rewrite `loop` into the two phases of the module docstring, the
    statements of the indices `deferred` in phase 2; (phase 1, phase 2),
    both `affine.parallel`."""
    lower = loop.lower_bound_map.get_single_constant_result()
    upper = loop.upper_bound_map.get_single_constant_result()
    size, count = _chunks(loop, chunks)
    statements = list(loop.body.ops[:-1])
    iv = loop.induction_var
    builder = OpBuilder.before_op(loop)
    first = AffineMap.get(1, 0, [dim(0) * size + lower])
    phases = []
    for phase in (1, 2):
        chunk = builder.create(AffineForOp, 0, count)
        inside = OpBuilder.before_op(chunk.body.ops[-1])
        start = inside.create(AffineApplyOp, first, [chunk.induction_var]).results[0]
        for index, op in enumerate(statements):
            if (index in deferred) == (phase == 2):
                inside.clone(op, IRMapping({iv: start}))
        if phase == 1:
            rest = inside.create(
                AffineForOp, (AffineMap.get(1, 0, [dim(0) * size + lower + 1]), [chunk.induction_var]),
                (AffineMap.get(1, 0, [dim(0) * size + lower + size, constant(upper)]),
                 [chunk.induction_var]))
            body = OpBuilder.before_op(rest.body.ops[-1])
            for op in statements:
                body.clone(op, IRMapping({iv: rest.induction_var}))
        phases.append(chunk)
    loop.erase()
    return tuple(affine_parallelize(chunk, []) for chunk in phases)


def _chunks(loop, chunks: int = SPLIT_CHUNKS) -> tuple:
    """(iterations per chunk, chunks) of the constant range of `loop` cut
    into at most `chunks` equal chunks, none empty."""
    trip = constant_trip_count(loop)
    size = -(-trip // chunks)
    return size, -(-trip // size)


def _statements(loop) -> list | None:
    """The memory accesses of each op of `loop`'s body (MemRefAccess
    lists), or None where an op uses a value another op of the body
    defines, or may have memory effects other than affine loads and
    stores."""
    ops = list(loop.body.ops[:-1])
    groups = []
    for op in ops:
        walked = list(op.walk())
        inside = set(walked)
        accesses = []
        for nested in walked:
            if is_memory_access(nested):
                accesses.append(MemRefAccess(nested))
            elif not isinstance(nested, (AffineForOp, AffineYieldOp, AffineIfOp)) \
                    and not is_memory_effect_free(nested):
                return None
            for value in nested.operands:
                owner = value.defining_op
                if owner is not None and owner not in inside and loop.is_ancestor_of(owner):
                    return None
        groups.append(accesses)
    return groups


def _depth(loop, groups: list) -> int:
    """The depth of `loop` among the loops around its accesses (1 for the
    outermost)."""
    access = next(a for group in groups for a in group)
    return access.ivs.index(loop.induction_var) + 1
