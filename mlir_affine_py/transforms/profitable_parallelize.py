"""The parallel step of `-affine-optimize`: `-affine-parallelize` that
leaves a loop sequential when one run of it does too little work to pay
for starting and joining the threads (durbin's inner loops, one parallel
region per iteration of a sequential loop, ran 1.3 times slower on one
thread than the sequential loop).  The work is the number of iterations of
the innermost loops in one run of the loop, every enclosing loop at the
middle of its range (so a triangular nest counts its average).
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..passes import Option
from .affine_parallelize import AffineParallelize

# Iterations of the innermost loops one run of a parallel loop must execute
# at least: a parallel region costs a few microseconds to start and join.
MIN_PARALLEL_WORK = 1 << 14


class ProfitableParallelize(AffineParallelize):
    """`-affine-parallelize` that leaves a loop sequential when one run of
    it does too little work to pay for starting and joining the threads
    (durbin's inner loops, run once per iteration of a sequential loop)."""

    # One isl computation per loop before the search pair by pair, which
    # the jammed bodies of the earlier steps make long (a hundred accesses).
    whole_loop_first = True

    min_parallel_work = Option(MIN_PARALLEL_WORK, "Iterations of the innermost loops one "
                               "run of a loop must execute, at least, to run in parallel",
                               unsigned=True)

    def unprofitable(self, loop) -> str:
        work = estimated_work(loop)
        if work is not None and work < self.min_parallel_work:
            return (f"one run of it executes about {work} iterations, fewer than the "
                    f"{self.min_parallel_work} that pay for a parallel region")
        return ""


def estimated_work(loop) -> int | None:
    """The iterations of the innermost loops in one run of `loop`, with
    every enclosing loop at the middle of its range (so a triangular nest
    counts its average); None where a bound is not a constant function of
    the enclosing loops."""
    chain, parent = [], loop.parent_op
    while isinstance(parent, AffineForOp):
        chain.append(parent)
        parent = parent.parent_op
    values: dict = {}
    for outer in reversed(chain):
        bounds = _bounds(outer, values)
        if bounds is None:
            return None
        lower, upper = bounds
        values[outer.induction_var] = lower + max(0, (upper - lower) // outer.step // 2) * outer.step
    return _work(loop, values)


def _bounds(loop, values) -> tuple | None:
    def side(map, operands, combine):
        if any(v not in values for v in operands):
            return None
        known = [values[v] for v in operands]
        return combine(map.evaluate(known[:map.num_dims], known[map.num_dims:]))
    lower = side(loop.lower_bound_map, list(loop.lower_bound_operands), max)
    upper = side(loop.upper_bound_map, list(loop.upper_bound_operands), min)
    return None if lower is None or upper is None else (lower, upper)


def _work(loop, values) -> int | None:
    bounds = _bounds(loop, values)
    if bounds is None:
        return None
    lower, upper = bounds
    trips = max(0, -(-(upper - lower) // loop.step))
    inner_values = {**values, loop.induction_var: lower + (trips // 2) * loop.step}
    inner = 0
    for op in loop.walk():
        if op is not loop and isinstance(op, AffineForOp) and _enclosing_loop(op) is loop:
            work = _work(op, inner_values)
            if work is None:
                return None
            inner += work
    return trips * max(1, inner)


def _enclosing_loop(op):
    parent = op.parent_op
    while parent is not None and not isinstance(parent, AffineForOp):
        parent = parent.parent_op
    return parent
