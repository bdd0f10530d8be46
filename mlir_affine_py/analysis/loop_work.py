"""The work of a loop nest, counted as the iterations of its innermost
loops: what a parallel region's start must pay for
(`transforms/profitable_parallelize.py`) and how a parallel loop's
iterations share it (`transforms/parallel_balance.py`).  Loops whose
bounds are constant functions of the loops around them are counted
exactly at given values of those loops; the loops around are taken at the
middle of their ranges, so a triangular nest counts its average.  A loop
unrolled and jammed by a factor runs that many of the program's
iterations in each of its own: `copies` maps such loops to their factors,
so that the count stays one of the program's iterations.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..dialects.affine_parallel import AffineParallelOp

LOOPS = (AffineForOp, AffineParallelOp)


def estimated_work(loop, copies=None) -> int | None:
    """The iterations of the innermost loops in one run of `loop`, with
    every enclosing loop at the middle of its range (so a triangular nest
    counts its average), the body of a loop in `copies` counted that many
    times (the module docstring); None where a bound is not a constant
    function of the enclosing loops."""
    values = _outer_values(loop)
    return None if values is None else _work(loop, values, copies or {})


def iteration_works(loop, ivs) -> list | None:
    """The iterations of the innermost loops in each iteration of the
    one-dimensional `loop` (affine.for or affine.parallel) whose induction
    variable is one of `ivs`, the loops around it at the middle of their
    ranges; None where a bound is not a constant function of the
    enclosing loops."""
    values = _outer_values(loop)
    if values is None:
        return None
    works = [_body_work(loop, {**values, loop.body.args[0]: iv}, {}) for iv in ivs]
    return None if any(work is None for work in works) else works


def _outer_values(loop) -> dict | None:
    chain, parent = [], _enclosing_loop(loop)
    while parent is not None:
        chain.append(parent)
        parent = _enclosing_loop(parent)
    values: dict = {}
    for outer in reversed(chain):
        bounds = _bounds(outer, values)
        if bounds is None:
            return None
        lower, upper, step = bounds
        values[outer.body.args[0]] = lower + max(0, (upper - lower) // step // 2) * step
    return values


def _bounds(loop, values) -> tuple | None:
    """(lower, upper, step) of a one-dimensional loop at `values`."""
    if isinstance(loop, AffineForOp):
        lower_map, lower_operands = loop.lower_bound_map, list(loop.lower_bound_operands)
        upper_map, upper_operands = loop.upper_bound_map, list(loop.upper_bound_operands)
        step = loop.step
    elif len(loop.steps) == 1:
        lower_map, lower_operands = loop.lower_bounds_map, list(loop.lower_bounds_operands)
        upper_map, upper_operands = loop.upper_bounds_map, list(loop.upper_bounds_operands)
        step = loop.steps[0]
    else:
        return None

    def side(map, operands, combine):
        if any(v not in values for v in operands):
            return None
        known = [values[v] for v in operands]
        return combine(map.evaluate(known[:map.num_dims], known[map.num_dims:]))
    lower = side(lower_map, lower_operands, max)
    upper = side(upper_map, upper_operands, min)
    return None if lower is None or upper is None else (lower, upper, step)


def _work(loop, values, copies: dict) -> int | None:
    bounds = _bounds(loop, values)
    if bounds is None:
        return None
    lower, upper, step = bounds
    trips = max(0, -(-(upper - lower) // step))
    inner = _body_work(loop, {**values, loop.body.args[0]: lower + (trips // 2) * step}, copies)
    return None if inner is None else trips * inner * copies.get(loop, 1)


def _body_work(loop, values, copies: dict) -> int | None:
    """The iterations of the innermost loops in one iteration of `loop`
    (at least 1: the body itself)."""
    inner = 0
    for child in _child_loops(loop):
        work = _work(child, values, copies)
        if work is None:
            return None
        inner += work
    return max(1, inner)


def _child_loops(op):
    """The loops nested in `op` with no loop between (through affine.if)."""
    for region in op.regions:
        for block in region.blocks:
            for inner in block.ops:
                if isinstance(inner, LOOPS):
                    yield inner
                else:
                    yield from _child_loops(inner)


def _enclosing_loop(op):
    parent = op.parent_op
    while parent is not None and not isinstance(parent, LOOPS):
        parent = parent.parent_op
    return parent
