"""The time-tiling step of `-affine-optimize`: a loop over time steps
around stencil sweeps (several perfect nests of one depth, each sweep
reading what the previous one wrote) is fused with shifts, skewed along
time, tiled and run as a wavefront (`polyhedral/time_tiling.py`), where
the cache model says it pays: one time step touches more than the tile's
share of the cache, so each sweep reads its grid from memory again, and
consecutive time steps touch the same data.

Sizes: the largest uniform size (256 down to 8, the time tile no longer
than the time loop) whose tile footprint, exact with isl, fits the share
of the cache; the innermost a multiple of 8 for the vectorizer, and at
least MIN_INNERMOST where such a tile fits (else as the others).  The
statements get an innermost point loop each where the dependences allow.
The tiles of one wavefront run in parallel where the new nest's
dependences allow.

It runs before fusion and permutation, which would fuse the sweeps with
peeled prologues and epilogues (no longer sweeps of one depth); the nests
it makes are left to the later steps as they are.
"""

from __future__ import annotations

import math

import islpy as isl

from ..analysis.affine_access import NotAffine
from ..analysis.footprint import memory_footprint_bytes
from ..dialects.affine import AffineForOp, AffineStoreOp
from ..polyhedral.skewing import MAX_SKEW_FACTOR, tile_loops_made
from ..polyhedral.time_tiling import TimeTiling
from .cache_tiling import CANDIDATE_SIZES, LINE_BYTES, VECTOR_WIDTH
from .loop_skew import parallelize_wavefront
from .loop_utils import constant_trip_count, loop_name


# The innermost point loop is what the vectorizer gets: heat-3d's uniform
# 8 x 8 x 8 x 8 tiles (the largest uniform size whose skewed tile fits half
# a 2 MiB cache) left it 8 iterations, one vector iteration and a remainder
# per row, and took 1.7-1.8 times the original's time (90^3 points, 180
# steps); 8 x 8 x 8 x 64 0.84-1.19 times.  The other sizes shrink first.
MIN_INNERMOST = 64

# Where time tiling pays without being asked for (`last_level_bytes`): a
# sweep whose grids fit the last-level cache runs at the speed of the core,
# not of memory (jacobi-2d's original took 0.37-0.39 ns per point for
# grids of 0.3 to 5.5 MiB in a 16 MiB L3, 1.29 ns for 22 MiB), so there
# the tiles only add their overhead (1.06-1.14 of its time); past it,
# 64 x 64 x 64 tiles took 0.39 of its time.  The tile must also touch
# REUSE times fewer bytes per statement instance than a time step does:
# heat-3d's 8 x 8 x 8 x 64 tiles, whose skewed halos are as large as their
# cores, touch more, and took 0.80 of the original's time where its fused
# sweeps took 0.66 (140^3 points).
REUSE = 4

# Within the last-level cache, the sweeps of one dimension (jacobi-1d's
# rows) are the exception: each point streams 16 bytes for two adds and a
# multiply, so a time step that outgrows the first-level cache runs at the
# second level's speed (jacobi-1d, 14100 points, 225 KiB a step: 0.216 ns a
# point), and tiles that fit the first-level cache, 256 x 256, keep their
# rows of 256 points for the vectorizer and took 0.86-0.87 of the
# original's time (3 samples, two runs).  Tiles of two- and three-
# dimensional sweeps that fit it have short rows and halos as large as
# their cores (jacobi-2d, 16 x 64 x 64 tiles: twice the original's time).
FIRST_LEVEL_DEPTH = 1


def time_tile(root: AffineForOp, cache_bytes: int, remark,
              last_level_bytes: int | None = None, first_level: bool = False) -> list | None:
    """Time-tile the nest at `root` when it is a stencil time loop and the
    model says so: the new ops, or None (nothing changed).  `remark(op,
    text)` reports the decision.  With `last_level_bytes`, only where one
    time step outgrows that cache and the tiles reuse their data (REUSE);
    without, wherever it outgrows `cache_bytes`.  With `first_level`,
    `cache_bytes` is the first-level cache's share: only sweeps of one
    dimension, whose tiles keep rows of at least MIN_INNERMOST points and
    reuse their data (FIRST_LEVEL_DEPTH)."""
    if first_level and not _sweeps_of_depth(root, FIRST_LEVEL_DEPTH):
        return None
    if not any(isinstance(op, AffineForOp) for op in root.body.ops):
        return None
    step = memory_footprint_bytes(root, {root.induction_var: root.step}, LINE_BYTES)
    if step is None or step <= (cache_bytes if last_level_bytes is None else last_level_bytes):
        return None
    name = loop_name(root)

    def refuse(why: str) -> None:
        remark(root, f"affine-loop-tile: time loop {name} not tiled across time steps: {why} "
                     f"(one time step touches {step} bytes)")

    step_instances = _instances_per_step(root) if last_level_bytes is not None else None
    if last_level_bytes is not None and not step_instances:
        return refuse("its sweeps are not perfect nests of constant trip counts")
    try:
        tiling = TimeTiling(root)
        if tiling.dependences.all.is_empty():
            return None
        found = tiling.find()
        if found is None:
            return refuse(f"no skews of factors up to {MAX_SKEW_FACTOR} and shifts of 0 or 1 "
                          f"make its band permutable")
        skews, shifts = found
        if not any(skews) and not any(any(row) for row in shifts):
            return None       # a permutable band already: the band tiling's case
        sizes, footprint = _sizes(tiling, skews, shifts, root, cache_bytes,
                                  (MIN_INNERMOST,) if first_level else (MIN_INNERMOST, VECTOR_WIDTH))
        # The band is permutable (find's criterion): where the schedule
        # before tiling is legal, so are its tiles and their wavefront, and
        # the tiles of one wavefront carry no dependence between them.
        if sizes is None:
            return refuse(f"no tile of rows of {MIN_INNERMOST} points or more fits the cache "
                          f"of {cache_bytes} bytes")
        if not tiling.is_legal(skews, shifts):
            return refuse(f"the schedule skewed by {skews} would reverse a dependence")
        if step_instances and (footprint * step_instances * REUSE
                               > step * math.prod(sizes) * len(tiling.scop.statements)):
            # Bytes per instance: a tile's not REUSE times below a step's.
            instances = math.prod(sizes) * len(tiling.scop.statements)
            return refuse(f"its tiles of {' x '.join(map(str, sizes))} would touch "
                          f"{footprint / instances:.1f} bytes a statement instance, not "
                          f"{REUSE} times fewer than a time step's "
                          f"{step / step_instances:.1f}")
        # Each statement its own innermost point loop where the dependences
        # allow: in the shared one the shifts make a statement read what
        # the one before it stored an iteration earlier (jacobi-2d's
        # B[i][j] stored, read at j + 1), a dependence at distance 1 that
        # LLVM's vectorizer refuses (store-to-load forwarding); a sweep's
        # own loop carries none, as in the original.
        split = len(tiling.scop.statements) > 1 and tiling.is_legal(
            skews, shifts, sizes, True, split=True)
        parallel = tile_loops_made(tiling.schedule(skews, shifts, sizes, True, split),
                                   tiling.scop.domain, 0, 1)
        new_ops = tiling.apply(skews, shifts, sizes, split=split)
    except (NotAffine, isl.Error) as error:
        return refuse(f"not analysable ({error})")
    parallel = parallel and parallelize_wavefront(new_ops)
    shift_text = "; ".join(", ".join(map(str, row)) for row in shifts)
    remark(root, f"affine-loop-tile: time loop {name} tiled across time steps: the sweeps "
           f"shifted by ({shift_text}) and skewed by {skews} along it, tiles of "
           f"{' x '.join(map(str, sizes))}"
           + (", one innermost point loop per statement" if split else "")
           + f" (tile footprint {footprint} bytes within the cache of {cache_bytes} bytes; "
           f"one time step touches {step} bytes); tiles run as a "
           "wavefront" + (", the tiles of one wavefront in parallel" if parallel else ""))
    return new_ops


def _instances_per_step(root: AffineForOp) -> int | None:
    """Statement instances of one time step: over the sweeps (perfect
    nests of constant trip counts), the product of their trip counts."""
    total = 0
    for nest in root.body.ops:
        if not isinstance(nest, AffineForOp):
            continue
        count, loop = 1, nest
        while isinstance(loop, AffineForOp):
            trip = constant_trip_count(loop)
            if trip is None:
                return None
            count *= trip
            inner = [op for op in loop.body.ops if isinstance(op, AffineForOp)]
            stores = sum(isinstance(op, AffineStoreOp) for op in loop.body.ops)
            loop = inner[0] if len(inner) == 1 else None
        total += count * max(stores, 1)
    return total or None


def _sweeps_of_depth(root: AffineForOp, depth: int) -> bool:
    """Whether every nest in the time loop `root` is a sweep of `depth`
    loops."""
    for nest in root.body.ops:
        if isinstance(nest, AffineForOp):
            loops, loop = 0, nest
            while isinstance(loop, AffineForOp):
                loops += 1
                inner = [op for op in loop.body.ops if isinstance(op, AffineForOp)]
                loop = inner[0] if len(inner) == 1 else None
            if loops != depth:
                return False
    return True


def _sizes(tiling, skews, shifts, root, cache_bytes, innermost=(MIN_INNERMOST, VECTOR_WIDTH)) -> tuple:
    trip = constant_trip_count(root)
    for least_innermost in innermost:
        for size in CANDIDATE_SIZES:
            sizes = [min(size, trip) if trip else size] + [size] * tiling.depth
            sizes[-1] = -(-max(sizes[-1], least_innermost) // VECTOR_WIDTH) * VECTOR_WIDTH
            footprint = tiling.tile_footprint(skews, shifts, sizes)
            if footprint is not None and footprint <= cache_bytes:
                return sizes, footprint
    return None, None
