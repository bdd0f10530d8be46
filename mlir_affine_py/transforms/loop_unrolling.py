"""Loop unrolling as upstream does it (mlir/lib/Dialect/Affine/Utils/
LoopUtils.cpp): `loopUnrollByFactor`, `loopUnrollFull`,
`loopUnrollUpToFactor`, the cleanup loop of `generateCleanupLoopForUnroll`
and `getCleanupLoopLowerBound`, and `generateUnrolledLoop`, which
-affine-loop-unroll-jam shares.

- Unrolling by f scales the step by f and appends f - 1 copies of the body
  before its terminator, copy i with the IV replaced by an
  `affine.apply (d0) -> (d0 + i * step)` of it (made only when the IV is
  used) and the iter_args by the values the previous copy yields.
- A trip count that f does not divide is left to a cleanup loop after the
  unrolled one, a copy of it running from lb + (tc - tc mod f) * step,
  composed with the lower bound; a loop with a max lower bound or a min
  upper bound is then not unrolled.
- A loop left with one iteration is promoted (loop_utils).
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp, AffineForOp
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_map import AffineMap
from ..ir.rewriter import IRMapping
from .affine_canonical import (canonicalize_map_and_operands,
                               fully_compose_affine_map_and_operands, simplify_affine_map)
from .loop_utils import (composed_trip_count_divisor, promote_if_single_iteration,
                         set_loop_bound, set_loop_step, trip_count_map_and_operands,
                         composed_constant_trip_count)


def iv_bump(loop_pos, iv, offset: int):
    """The affine.apply `(d0) -> (d0 + offset)` of the IV, detached."""
    apply = AffineApplyOp.build(AffineMap(1, 0, (affine_dim(0) + offset,)), [iv])
    apply.pos = loop_pos
    return apply


def generate_unrolled_loop(body, iv, factor: int, remap_iv, iter_args=(), yielded=()) -> None:
    """`generateUnrolledLoop`: `factor - 1` copies of the body's ops (but
    its terminator) inserted before the terminator; `remap_iv(i)` gives the
    detached op whose result stands for the IV in copy i."""
    terminator = body.ops[-1]
    originals = body.ops[:-1]
    last = list(yielded)
    for i in range(1, factor):
        mapping = IRMapping()
        mapping.update(zip(iter_args, last))
        if iv.uses:
            bump = remap_iv(i)
            body.insert(body.ops.index(terminator), bump)
            mapping[iv] = bump.results[0]
        for op in originals:
            body.insert(body.ops.index(terminator), op.clone(mapping))
        for k, value in enumerate(yielded):
            owner = value.defining_op
            if owner is not None and owner.parent is body:
                last[k] = mapping[value]
    terminator.set_operands(last)


def cleanup_lower_bound(loop: AffineForOp, factor: int) -> tuple:
    """`getCleanupLoopLowerBound`: (map, operands) of lb + (tc - tc mod
    factor) * step for each trip count expression tc, composed; (None, [])
    when the trip count is unknown."""
    tc_map, tc_operands = trip_count_map_and_operands(loop)
    if tc_map is None:
        return None, []
    block = loop.parent
    at = block.ops.index(loop)
    lb = AffineApplyOp.build(loop.lower_bound_map, list(loop.lower_bound_operands))
    bumps = [AffineApplyOp.build(AffineMap(tc_map.num_dims, tc_map.num_symbols,
                                           ((e - e % factor) * loop.step,)), tc_operands)
             for e in tc_map.results]
    made = [lb] + bumps
    for offset, op in enumerate(made):
        op.pos = loop.pos
        block.insert(at + offset, op)
    map = AffineMap(1 + len(bumps), 0,
                    tuple(affine_dim(0) + affine_dim(i + 1) for i in range(len(bumps))))
    map, operands = fully_compose_affine_map_and_operands(
        map, [op.results[0] for op in made])
    map, operands = canonicalize_map_and_operands(simplify_affine_map(map), operands)
    for op in reversed(made):
        if not op.results[0].uses:
            op.erase()
    return map, operands


def generate_cleanup_loop(loop: AffineForOp, factor: int) -> bool:
    """`generateCleanupLoopForUnroll`: a copy of the loop after it runs the
    last iterations, from the unrolled loop's new upper bound."""
    block = loop.parent
    cleanup = loop.clone(IRMapping())
    block.insert(block.ops.index(loop) + 1, cleanup)
    for result, new, init in zip(loop.results, cleanup.results, list(cleanup.inits)):
        result.replace_all_uses_with(new)
        cleanup.set_operands([result if v is init else v for v in cleanup.operands])
    map, operands = cleanup_lower_bound(loop, factor)
    if map is None:
        return False
    set_loop_bound(cleanup, True, map, operands)
    promote_if_single_iteration(cleanup)
    set_loop_bound(loop, False, map, operands)
    return True


def loop_unroll_by_factor(loop: AffineForOp, factor: int, cleanup_unroll: bool = False) -> bool:
    """`loopUnrollByFactor`; whether it succeeded."""
    trip = composed_constant_trip_count(loop)
    if factor == 1:
        if trip == 1 and not promote_if_single_iteration(loop):
            return False
        return True
    if len(loop.body.ops) == 1:
        return True
    if trip is not None and trip < factor:
        return loop_unroll_full(loop) if cleanup_unroll else False
    if composed_trip_count_divisor(loop) % factor != 0:
        if len(loop.lower_bound_map.results) != 1 or len(loop.upper_bound_map.results) != 1:
            return False
        if cleanup_unroll:
            return loop_unroll_full(loop)
        generate_cleanup_loop(loop, factor)
    step = loop.step
    iv, pos = loop.induction_var, loop.pos
    body = loop.body
    set_loop_step(loop, step * factor)
    generate_unrolled_loop(body, iv, factor, lambda i: iv_bump(pos, iv, i * step),
                           body.args[1:], list(body.ops[-1].operands))
    promote_if_single_iteration(loop)
    return True


def loop_unroll_full(loop: AffineForOp) -> bool:
    """`loopUnrollFull`: by the constant trip count."""
    trip = composed_constant_trip_count(loop)
    if trip is None:
        return False
    if trip == 0:
        return True
    if trip == 1:
        return promote_if_single_iteration(loop)
    return loop_unroll_by_factor(loop, trip)


def loop_unroll_up_to_factor(loop: AffineForOp, factor: int) -> bool:
    """`loopUnrollUpToFactor`: by the trip count when it is below `factor`."""
    trip = composed_constant_trip_count(loop)
    if trip is not None and trip < factor:
        return loop_unroll_by_factor(loop, trip)
    return loop_unroll_by_factor(loop, factor)
