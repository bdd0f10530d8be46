"""-affine-optimize: the optimizer in one flag.  On each function, three
steps, each the existing pass run with the options chosen here:

1. **Fusion and permutation** (`-affine-permute-and-fuse`): the statements
   get the schedule of the fusion conflict graph and its cost model.
2. **Tiling** (`-affine-loop-tile` with its `polyhedral` extension): only
   fully permutable bands are tiled (every dependence has a non-negative
   distance along each loop of the band), with sizes from a cache model:
   the largest uniform size whose tile footprint (`analysis/footprint.py`,
   exact with isl: the elements one tile touches, per memref the bounding
   box) fits `cache-size` KiB.  A band whose whole footprint fits is left
   untiled, tiling would only add loop overhead; so is a band of one loop
   (tiling it only strip-mines it), whose body's bands are tried instead.  The innermost point loop
   keeps a trip count that is a multiple of 8 where the loop is that long,
   so that its stride-1 accesses vectorize (8 lanes of f32 in a 256-bit
   register, two registers of f64).
3. **Parallel loops** (`-affine-parallelize`): the outermost loop (a tile
   loop after tiling) that carries no dependence becomes `affine.parallel`;
   `max-nested=1` by default, for one level of SPMD parallelism.  A loop
   that carries only a reduction is parallel only with
   `parallel-reductions=true`, since reassociation changes floating-point
   results.

Each step can be turned off (`fuse=false`, `tile=false`,
`parallelize=false`).  With `remarks=true` every step says what it did in
its own words: the schedule chosen, per band whether it is tiled and why
(sizes and footprint), and which loop runs in parallel.  Bands a step
cannot handle are left as they are, with that step's remark.
"""

from __future__ import annotations

from ..analysis.footprint import memory_footprint_bytes
from ..dialects.affine import AffineForOp
from ..passes import Option, Pass
from .affine_parallelize import AffineParallelize
from .loop_tiling import AffineLoopTiling
from .loop_utils import constant_trip_count, get_perfectly_nested_loops, loop_name
from .permute_and_fuse import AffinePermuteAndFuse

# The L2 per core of the machine the model was tuned on
# (/sys/devices/system/cpu/cpu0/cache/index2/size).
DEFAULT_CACHE_KIB = 2048
VECTOR_WIDTH = 8
# Uniform tile sizes tried, largest first.
CANDIDATE_SIZES = (256, 128, 64, 32, 16, 8, 4, 2)


class AffineOptimize(Pass):
    argument = "affine-optimize"
    summary = "Fuse and permute, tile for the cache and parallelize affine loop nests"
    pass_name = "AffineOptimize"
    op_name = "func.func"

    fuse = Option(True, "Fuse and permute the loop nests (-affine-permute-and-fuse)")
    tile = Option(True, "Tile the fully permutable bands for the cache (-affine-loop-tile)")
    parallelize = Option(True, "Make the outermost loop that carries no dependence "
                         "affine.parallel (-affine-parallelize)")
    cache_size = Option(DEFAULT_CACHE_KIB, "Size in KiB of the cache a tile's footprint "
                        "must fit; the default is the L2 per core of the machine it was "
                        "tuned on (2048 KiB, /sys/devices/system/cpu/cpu0/cache/index2)",
                        type=int, unsigned=True, minimum=1)
    max_nested = Option(1, "Maximum number of nested parallel loops", unsigned=True)
    parallel_reductions = Option(False, "Also run loops that carry only reductions in "
                                 "parallel (reassociates floating-point reductions)")
    remarks = Option(False, "Remark what each step did: the schedule chosen, per band "
                     "whether it is tiled and why (sizes, footprint), which loop is parallel")

    def run_on_operation(self, op) -> None:
        if self.fuse:
            AffinePermuteAndFuse(remarks=self.remarks).run_on_operation(op)
        if self.tile:
            CacheTiling(cache_size=self.cache_size, remarks=self.remarks,
                        polyhedral=True).run_on_operation(op)
        if self.parallelize:
            AffineParallelize(max_nested=self.max_nested,
                              parallel_reductions=self.parallel_reductions,
                              remarks=self.remarks).run_on_operation(op)


class CacheTiling(AffineLoopTiling):
    """`-affine-loop-tile` with the tile-footprint model for its sizes; a
    band whose whole footprint fits the cache is not tiled."""

    def tile_band(self, band, analysis) -> None:
        if len(band) == 1:
            # One loop tiled is only strip-mined: no order changes, no reuse
            # gained.  The bands of the loops in its body are tried instead.
            self.not_tiled(band, "one loop alone, tiling it would only strip-mine it")
            for child in list(band[0].body.ops):
                if isinstance(child, AffineForOp):
                    self.tile_band(get_perfectly_nested_loops(child), analysis)
            return
        sizes, why = self.chosen_tile_sizes(band)
        if sizes is None:
            self.not_tiled(band, why)
            return
        super().tile_band(band, analysis)

    def not_tiled(self, band, why: str) -> None:
        if self.remarks:
            names = ", ".join(loop_name(loop) for loop in band)
            self.emit_remark(band[0], f"affine-loop-tile: band ({names}) not tiled: {why}")

    def chosen_tile_sizes(self, band) -> tuple:
        return cache_tile_sizes(band, self.cache_size * 1024)


def cache_tile_sizes(band, cache_bytes: int) -> tuple:
    """(sizes, what chose them) for a band: the largest uniform size whose
    tile fits the cache, the innermost size a multiple of VECTOR_WIDTH where
    the innermost loop allows; (None, why) when the band fits whole or its
    footprint is unknown."""
    whole = memory_footprint_bytes(band[0], {})
    if whole is None:
        return None, "its footprint is unknown"
    if whole <= cache_bytes:
        return None, f"its footprint, {whole} bytes, fits the cache of {cache_bytes} bytes"
    trips = [constant_trip_count(loop) for loop in band]

    def tile(size: int) -> tuple:
        sizes = [_capped(size, trip) for trip in trips]
        sizes[-1] = _vector_size(sizes[-1], trips[-1])
        footprint = memory_footprint_bytes(
            band[0], {loop.induction_var: s * loop.step for loop, s in zip(band, sizes)})
        return sizes, footprint

    # A larger tile holds a smaller one, so its footprint is no smaller: a
    # bisection over the candidates, largest first, finds the largest that fits.
    low, high, best = 0, len(CANDIDATE_SIZES) - 1, None
    while low <= high:
        middle = (low + high) // 2
        sizes, footprint = tile(CANDIDATE_SIZES[middle])
        if footprint is not None and footprint <= cache_bytes:
            best, high = (sizes, footprint), middle - 1
        else:
            low = middle + 1
    if best is None:
        return None, f"no tile of its loops fits the cache of {cache_bytes} bytes"
    sizes, footprint = best
    return sizes, (f"tile footprint {footprint} bytes within the cache of "
                   f"{cache_bytes} bytes; band footprint {whole} bytes")


def _capped(size: int, trip: int | None) -> int:
    return size if trip is None else max(1, min(size, trip))


def _vector_size(size: int, trip: int | None) -> int:
    """The size rounded up to a multiple of VECTOR_WIDTH, where the loop
    runs at least that many iterations."""
    if trip is not None and trip < VECTOR_WIDTH:
        return size
    return -(-size // VECTOR_WIDTH) * VECTOR_WIDTH
