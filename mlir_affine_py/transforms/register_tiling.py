"""Register tiles: the step of `-affine-optimize` after cache tiling that
unrolls and jams a point loop of a tiled band (Polly's and BLIS's register
blocking of the GEMM micro-kernel, within this project's model).

In gemm's point band `(i, k, j)`, the innermost loop streams `B[k][j]`
and `C[i][j]`; `B[k][j]` does not depend on `i`.  Unrolling `i` by a
factor and jamming the copies into the innermost body makes each `B[k][j]`
loaded once serve that many rows of `C`: the innermost loop then updates
several independent vectors of `C` per load of `B`, which the vectorizer
turns into as many independent multiply-add streams.

Which loop: the outermost point loop, not the innermost, that some load of
the innermost body does not depend on (the load each jammed copy shares),
whose trip count the factor divides (no cleanup loop inside a tile).  It is
legal because the band was tiled: tiling proved it permutable, and unroll
and jam is a strip-mining followed by a permutation within the band.
Measured on PolyBench gemm (past L2, one thread, 5 samples): the tiled
kernel 0.50 of the original's time, jammed by 2 0.48, by 4 0.40, by 8 0.38.
"""

from __future__ import annotations

from ..analysis.affine_access import depends_on, is_memory_access
from ..dialects.affine import AffineForOp
from .loop_unroll_jam import loop_unroll_jam_by_factor
from .loop_utils import constant_trip_count, loop_name

# Rows of the register tile: the factor of the unroll and jam.
DEFAULT_FACTOR = 4


def register_tile(points: list, factor: int = DEFAULT_FACTOR):
    """Unroll and jam a point loop of the tiled band `points` (outermost
    first) by `factor`, as the module docstring says; the loop jammed, or
    None when no loop qualifies."""
    if factor < 2 or len(points) < 2:
        return None
    innermost = points[-1]
    loads = [op for op in innermost.body.ops if is_memory_access(op)
             and not getattr(op, "stores", False)]
    if any(isinstance(op, AffineForOp) for op in innermost.body.ops) or not loads:
        return None
    for loop in points[:-1]:
        trip = constant_trip_count(loop)
        if trip is None or trip < factor or trip % factor != 0 or loop.inits:
            continue
        iv = loop.induction_var
        if not any(not any(depends_on(value, {iv}) for value in op.map_operands)
                   for op in loads):
            continue
        if loop_unroll_jam_by_factor(loop, factor):
            return loop
    return None


def describe(loop, factor: int) -> str:
    return f"point loop {loop_name(loop)} unrolled and jammed by {factor} (register tile)"
