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

Before that, the point loops are put in an order the vectorizer can use
(`vector_innermost`): where the innermost point loop only accumulates
(every store of its body is to an element that does not move along it),
its iterations are one chain of dependent floating-point adds, which LLVM
does not vectorize (that would reassociate the sum) and which runs at the
add's latency.  The fusion model may choose that order for its stride-1
loads (syrk's `C[i][j] += A[i][k] * A[j][k]` as `(i, j, k)`); inside a
tile, whose data the cache holds, the loads' stride matters less than the
chain, so the point loop along which the stores walk with stride 1 (`j`)
goes innermost, where the permutation is legal.  Measured on PolyBench
syrk (today's size, one thread, 5 samples): the tiled `(i, j, k)` 1.26 of
the original's time, its point loops as `(i, k, j)` 0.59.
"""

from __future__ import annotations

from ..analysis.affine_access import depends_on, is_memory_access
from ..analysis.cost_model import access_info
from ..dialects.affine import AffineForOp
from .loop_unroll_jam import loop_unroll_jam_by_factor
from .loop_utils import (constant_trip_count, is_valid_loop_interchange_permutation, loop_name,
                         permute_loops)

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


def vector_innermost(points: list):
    """Where the innermost loop of the point band `points` (outermost
    first) only accumulates, move innermost the point loop along which
    every store walks with stride 1, where no loop between them has a bound
    that depends on it and the dependences allow it (the module docstring);
    the point loops in their new order, or None when nothing moved."""
    if len(points) < 2 or any(loop.inits for loop in points):
        return None
    innermost = points[-1]
    if any(isinstance(op, AffineForOp) for op in innermost.body.ops):
        return None
    stores = [op for op in innermost.walk() if is_memory_access(op) and getattr(op, "stores", False)]
    if not stores or any(depends_on(value, {innermost.induction_var})
                         for op in stores for value in op.map_operands):
        return None
    stores = [access_info(op) for op in stores]
    for position in range(len(points) - 2, -1, -1):
        iv = points[position].induction_var
        if not all(_walks_contiguously(store, iv) for store in stores):
            continue
        inside = points[position + 1:]
        if any(depends_on(value, {iv}) for loop in inside for value in loop.operands):
            return None
        order = [k for k in range(len(points)) if k != position] + [position]
        perm_map = [order.index(k) for k in range(len(points))]
        if not is_valid_loop_interchange_permutation(points, perm_map):
            return None
        permute_loops(points, perm_map)
        return [points[k] for k in order]
    return None


def _walks_contiguously(access, iv) -> bool:
    """`iv` moves the access by one element: it appears, with coefficient
    1 or -1, only in the last subscript."""
    if not access.rows or any(iv in row.coeffs or iv in row.nonlinear
                              for row in access.rows[:-1]):
        return False
    last = access.rows[-1]
    return iv not in last.nonlinear and last.coeffs.get(iv) in (1, -1)


def describe(loop, factor: int) -> str:
    return f"point loop {loop_name(loop)} unrolled and jammed by {factor} (register tile)"
