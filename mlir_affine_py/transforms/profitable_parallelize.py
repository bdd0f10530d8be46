"""The parallel step of `-affine-optimize`: `-affine-parallelize` that
leaves a loop sequential when one run of it does too little work to pay
for starting and joining the threads (durbin's inner loops, one parallel
region per iteration of a sequential loop, ran 1.3 times slower on one
thread than the sequential loop).  The work is the number of iterations of
the innermost loops in one run of the loop, every enclosing loop at the
middle of its range (so a triangular nest counts its average).
"""

from __future__ import annotations

from ..analysis.loop_work import estimated_work
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

    # Loops unrolled and jammed by the earlier steps, with their factors:
    # one of their iterations is that many of the program's
    # (analysis/loop_work.py).
    copies: dict = {}

    def run_on_operation(self, op) -> None:
        # The parallel loops made, for the load balance (parallel_balance.py)
        # after the micro-kernels, which fill their bodies.
        self.parallel_loops: list = []
        super().run_on_operation(op)

    def created(self, parallel) -> None:
        self.parallel_loops.append(parallel)

    def unprofitable(self, loop) -> str:
        work = estimated_work(loop, self.copies)
        if work is not None and work < self.min_parallel_work:
            return (f"one run of it executes about {work} iterations, fewer than the "
                    f"{self.min_parallel_work} that pay for a parallel region")
        return ""
