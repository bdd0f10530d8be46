"""`-affine-loop-unroll`: mlir/lib/Dialect/Affine/Transforms/LoopUnroll.cpp.

The innermost affine.for loops of the function (those with no affine.for
inside), gathered in pre-order, are each unrolled by `unroll-factor`
(transforms/loop_unrolling.py), `unroll-num-reps` times over;
`unroll-factor=-1` unrolls them fully, and with `unroll-full-threshold`
instead every loop whose constant trip count is at most the threshold,
innermost first.  `unroll-up-to-factor` unrolls a shorter loop by its trip
count, `cleanup-unroll` unrolls fully a loop whose trip count the factor
does not divide instead of leaving a cleanup loop.
"""

from __future__ import annotations

from ..diagnostics import UNKNOWN_LOCATION, MLIRError
from ..dialects.affine import AffineForOp
from ..ir.traits import FunctionOpInterface
from ..passes import Option, Pass
from .loop_unrolling import loop_unroll_by_factor, loop_unroll_full, loop_unroll_up_to_factor
from .loop_utils import composed_constant_trip_count


def innermost_loops(op) -> list:
    """gatherInnermostLoops: the affine.for ops without an affine.for in
    their body, in pre-order."""
    return [loop for loop in op.walk() if isinstance(loop, AffineForOp)
            and not any(isinstance(inner, AffineForOp)
                        for nested in loop.body.ops for inner in nested.walk())]


class AffineLoopUnroll(Pass):
    argument = "affine-loop-unroll"
    summary = "Unroll affine loops"
    pass_name = "AffineLoopUnroll"
    op_interface = FunctionOpInterface

    unroll_factor = Option(4, "Use this unroll factor for all loops being unrolled, set it to "
                           "-1, and it will fully unroll.", type=int)
    unroll_up_to_factor = Option(False, "Allow unrolling up to the factor specified")
    unroll_full_threshold = Option(None, "Unroll all loops with trip count less than or equal "
                                   "to this", type=int, unsigned=True)
    unroll_num_reps = Option(1, "Unroll innermost loops repeatedly this many times",
                             type=int, unsigned=True)
    cleanup_unroll = Option(False, "Fully unroll the cleanup loop when possible.")

    def run_on_operation(self, op) -> None:
        if not (self.unroll_factor > 0 or self.unroll_factor == -1):
            # Reported for each function, as the pass fails on each.
            raise MLIRError("Invalid option: 'unroll-factor' should be greater than 0 or equal "
                            "to -1", UNKNOWN_LOCATION)
        if not op.regions or not op.regions[0].blocks:
            return
        if self.unroll_factor == -1 and self.unroll_full_threshold is not None:
            # Post-order: inner loops before the outer ones that hold them.
            loops = [loop for loop in op.walk("post") if isinstance(loop, AffineForOp)
                     and (composed_constant_trip_count(loop) or 0) <= self.unroll_full_threshold
                     and composed_constant_trip_count(loop) is not None]
            for loop in loops:
                loop_unroll_full(loop)
            return
        for _ in range(self.unroll_num_reps):
            loops = innermost_loops(op)
            if not loops:
                break
            unrolled = False
            for loop in loops:
                unrolled |= self.unroll(loop)
            if not unrolled:
                break

    def unroll(self, loop) -> bool:
        if self.unroll_factor == -1:
            return loop_unroll_full(loop)
        if self.unroll_up_to_factor:
            return loop_unroll_up_to_factor(loop, self.unroll_factor)
        return loop_unroll_by_factor(loop, self.unroll_factor, self.cleanup_unroll)
