"""The tiling step of `-affine-optimize`: `-affine-loop-tile` (with its
`polyhedral` extension) where the sizes, and whether to tile at all, come
from a cache model, and where bands that do not tile as they stand are
distributed or skewed first.

- **Whether to tile.** Tiling shortens reuse distances; it pays only where
  a loop of the band (not the innermost) carries reuse that the cache
  loses: one iteration of the loop touches more than the cache holds, and
  two consecutive iterations touch less than twice that (some data is
  touched by both: `reuse_beyond_cache`).  gemm's `(k, j)` band inside `i`
  touches a row of B per k: nothing to gain; its `(i, k, j)` band reuses
  all of B across i: tiled.  A band of one loop is only strip-mined by
  tiling: its body's bands are tried instead.
- **Sizes.** The largest uniform size whose tile footprint
  (`analysis/footprint.py`, exact with isl: per memref the bounding box of
  the elements one tile touches) fits half of `cache-size` (the reused data
  competes with the streamed data, and an LRU cache keeps the reused part
  only up to about that share); the innermost point loop keeps a trip count
  that is a multiple of 8 where the loop is that long, so its stride-1
  accesses vectorize; the outermost tile loop, the one that runs in
  parallel, gets at least 8 tiles where it is that long.
- **Distribution.** An imperfect nest is distributed (`loop_distribution.py`)
  when one of the perfect bands that gives is worth tiling (gemm's
  `C *= beta` before its product), and only then: distribution gives up
  the locality the fused parts shared.
- **Skewing.** A band that is not permutable (a dependence runs backwards
  along a loop: seidel-2d's `(t, i, j)`) gets the smallest skew factors
  that make it permutable (`polyhedral/skewing.py`, Pluto's criterion);
  its skewed axes are tiled and the tiles run as a wavefront (the first
  tile loop runs over the sum of the first two tile indices, and the tiles
  of one wavefront carry no dependence between them).
"""

from __future__ import annotations

from .. import remarks
from ..analysis.affine_access import NotAffine
from ..analysis.dependence import DependenceAnalysis
from ..analysis.footprint import memory_footprint_bytes as upstream_footprint_bytes
from ..dialects.affine import AffineForOp
from ..polyhedral.skewing import BandTransform, identity_matrix
from .loop_distribution import distribute_nest
from .loop_skew import skew_and_tile
from .loop_tiling import AffineLoopTiling, tiling_refusal, tiling_violation
from .micro_kernel import micro_kernel
from .register_tiling import describe, register_tile, vector_innermost
from .loop_utils import (constant_trip_count, get_perfectly_nested_loops, loop_name,
                         non_rectangular_reason)

# The L2 per core of the machine the model was tuned on
# (/sys/devices/system/cpu/cpu0/cache/index2/size).
DEFAULT_CACHE_KIB = 2048
VECTOR_WIDTH = 8
# A cache line: the unit in which reuse is counted.
LINE_BYTES = 64
# The share of the cache a tile may fill: one half.
CACHE_SHARE = 2
# Tiles along the outermost (parallel) tile loop, at least, where it is that
# long: a few per thread, so that uneven tiles balance out.
PARALLEL_TILES = 8
# Uniform tile sizes tried, largest first.
CANDIDATE_SIZES = (256, 128, 64, 32, 16, 8, 4, 2)


class CacheTiling(AffineLoopTiling):
    """`-affine-loop-tile` with the tile-footprint model for its sizes; a
    band whose whole footprint fits the cache is not tiled."""

    def __init__(self, skip=(), skew: bool = True, register_tile: int = 0,
                 micro_kernel: bool = False, **options) -> None:
        super().__init__(**options)
        self.skip = frozenset(skip)     # nests made by an earlier step, left as they are
        self.skew = skew
        self.register_tile = register_tile     # unroll-and-jam factor of the point loops
        self.micro_kernel = micro_kernel       # accumulators in registers (micro_kernel.py)
        self.deferred: list = []               # point bands awaiting `finish`
        self.tiled_points: list = []           # the outermost point loop of each band tiled

    def tiled(self, points) -> None:
        reordered = vector_innermost(points)
        if reordered is not None:
            points = reordered
            if self.remarks:
                self.emit_remark(points[-1], "affine-loop-tile: the point loop along which "
                                 "the stores walk with stride 1 moved innermost: the innermost "
                                 "only accumulated, a chain the vectorizer cannot reorder")
        self.tiled_points.append(points[0])
        if self.micro_kernel:
            self.deferred.append(points)
        else:
            self.register(points)

    def register(self, points) -> None:
        """The register-level step of a tiled band's point loops: its
        micro-kernel where it qualifies (with `micro_kernel`), else the
        register tile."""
        kernel = micro_kernel(points) if self.micro_kernel else None
        if kernel is not None:
            if self.remarks:
                self.emit_remark(points[0], f"affine-loop-tile: {kernel}")
            return
        jammed = register_tile(points, self.register_tile)
        if jammed is not None and self.remarks:
            self.emit_remark(jammed, f"affine-loop-tile: {describe(jammed, self.register_tile)}")

    def finish(self) -> None:
        """With `micro_kernel`, the register-level step of every band tiled,
        deferred to here: after the parallel step, which reads the point
        bands faster without the micro-kernels' iter_args (a loop that is
        not a SCoP is searched pair by pair).  A band whose point loops the
        parallel step changed is left as it is."""
        for points in self.deferred:
            if all(isinstance(loop, AffineForOp) and loop.parent is not None for loop in points) \
                    and all(inner.parent_op is outer for outer, inner in zip(points, points[1:])):
                self.register(points)
        self.deferred = []

    def run_on_operation(self, op) -> None:
        analysis = DependenceAnalysis(alias_conservative=True)
        for root in [child for region in op.regions for block in region.blocks
                     for child in block.ops if isinstance(child, AffineForOp)]:
            if root not in self.skip:
                self.tile_band(get_perfectly_nested_loops(root), analysis)

    def tile_band(self, band, analysis) -> None:
        if len(band) == 1:
            if self.distribute_to_tile(band[0], analysis):
                return
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
        if self.skew and tiling_refusal(band, analysis) is not None \
                and self.skew_to_tile(band, sizes, why):
            return
        if non_rectangular_reason(band) and _loops_below(band[-1]):
            # isl's tiles of such a band (lu's (i, j) around its k loops,
            # whose bounds follow i and j) took seconds to generate and ran
            # slower than the band untiled (docs/benchmark.md).
            self.not_tiled(band, "not a hyper-rectangle, with loops below it")
            return
        super().tile_band(band, analysis)

    def skew_to_tile(self, band, sizes, why: str) -> bool:
        """A band that is not permutable, skewed by the smallest factors
        that make it so, tiled, and its tiles run as a wavefront; False
        (and nothing changed) where no such skew exists or the result would
        not be legal."""
        import islpy as isl

        if any(loop.inits for loop in band):
            return False
        try:
            transform = BandTransform(band)
            negative = transform.negative_axes(identity_matrix(len(band)))
            matrix = transform.find_skew()
            # Permutable under `matrix` (find_skew's criterion), the band
            # may be tiled and its tiles run as a wavefront whenever the
            # skewed schedule itself is legal.
            if matrix is None or not negative or not transform.is_legal_with(matrix):
                return False
            names = ", ".join(loop_name(loop) for loop in band)
            backwards = ", ".join(loop_name(band[k]) for k in negative)
            parallel = skew_and_tile(transform, matrix, sizes)
        except (NotAffine, isl.Error):
            return False
        rows = "; ".join(" ".join(str(c) for c in row) for row in matrix)
        self.record(remarks.PASSED, band[0], "tiled-band", f"band ({names}) skewed and tiled",
                    ("Band", names), ("Skew", f"[{rows}]"),
                    ("TileSizes", " x ".join(map(str, sizes))), ("Reason", why))
        if self.remarks:
            self.emit_remark(band[0], f"affine-loop-tile: band ({names}) skewed by [{rows}] "
                             f"(dependences ran backwards along {backwards}), tiled by "
                             f"{' x '.join(map(str, sizes))} ({why}); tiles run as a wavefront"
                             + (", the tiles of one wavefront in parallel" if parallel else ""))
        return True

    def distribute_to_tile(self, loop, analysis) -> bool:
        """An imperfect nest (a loop around several parts) is distributed
        when one of the perfect bands that gives is tileable and worth
        tiling (gemm's `C *= beta` before its product); then those bands are
        tiled.  Distribution gives up the locality the fused parts shared,
        so it happens only for a tiling."""
        if sum(isinstance(child, AffineForOp) for child in loop.body.ops) < 1 \
                or len(loop.body.ops) <= 2:
            return False
        plan = distribute_nest(loop, analysis)
        bands = [get_perfectly_nested_loops(root) for root in plan.new_roots]
        if not plan.distributed or not any(
                len(band) > 1 and self.may_tile(band, analysis)
                and self.chosen_tile_sizes(band)[0] is not None for band in bands):
            plan.discard()
            return False
        plan.commit()
        if self.remarks:
            self.emit_remark(plan.new_roots[0], f"affine-loop-tile: {loop_name(plan.new_roots[0])} "
                             f"distributed into {len(bands)} nests, to tile their bands")
        for band in bands:
            self.tile_band(band, analysis)
        return True

    def may_tile(self, band, analysis) -> bool:
        """Whether `tile_band` would tile the band: as upstream does, or,
        not a hyper-rectangle (covariance's `j` from `i`), with isl where
        every dependence runs forward along each of its loops."""
        if tiling_refusal(band, analysis) is None:
            return True
        return (self.polyhedral and non_rectangular_reason(band) is not None
                and not any(loop.inits for loop in band)
                and tiling_violation(band, analysis) is None)

    def not_tiled(self, band, why: str) -> None:
        names = ", ".join(loop_name(loop) for loop in band)
        self.record(remarks.MISSED, band[0], "band-not-tiled", f"band ({names}) not tiled",
                    ("Band", names), ("Reason", why))
        if self.remarks:
            self.emit_remark(band[0], f"affine-loop-tile: band ({names}) not tiled: {why}")

    def chosen_tile_sizes(self, band) -> tuple:
        # Half the cache: the data a tile reuses competes there with the
        # data it streams through, and an LRU cache keeps the reused part
        # only up to about that share.
        return cache_tile_sizes(band, self.cache_size * 1024 // CACHE_SHARE)


def memory_footprint_bytes(root, tile_sizes=None, line_bytes=None):
    """The footprint the model counts: each group of nearby references of
    a memref its own box (`analysis/footprint.py`, `reference_groups`)."""
    return upstream_footprint_bytes(root, tile_sizes, line_bytes, reference_groups=True)


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
    why_not = reuse_beyond_cache(band, cache_bytes)
    if why_not:
        return None, why_not
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
    if trips[0] is not None and len(band) > 1:
        # The outermost tile loop is the one that runs in parallel: enough
        # tiles along it to share among the threads evenly.
        sizes[0] = min(sizes[0], max(1, _power_of_two_below(trips[0] // PARALLEL_TILES)))
    return sizes, (f"tile footprint {footprint} bytes within the cache of "
                   f"{cache_bytes} bytes; band footprint {whole} bytes")


def reuse_beyond_cache(band, cache_bytes: int) -> str:
    """Empty when a loop of the band (not the innermost) carries reuse that
    the cache loses: one of its iterations touches more than the cache
    holds, and two consecutive ones touch less than twice that (some data
    is touched by both; counted in cache lines, so that the columns of a
    transposition, which share lines, count as reused).  Else why tiling would gain nothing: tiling only
    shortens reuse distances, and here they are short already (the reuse
    carried by the band's loops spans less than the cache) or there is no
    reuse to shorten."""
    steps = [loop.step for loop in band]
    spans = []
    for depth in range(len(band) - 1):
        fixed = {loop.induction_var: step for loop, step in zip(band[:depth], steps)}
        one = memory_footprint_bytes(band[0], {**fixed, band[depth].induction_var: steps[depth]},
                                     LINE_BYTES)
        if one is None:
            return ""      # unknown: the cache model decides alone
        spans.append(f"{loop_name(band[depth])}: {one}")
        if one <= cache_bytes:
            continue
        two = memory_footprint_bytes(band[0], {**fixed, band[depth].induction_var: 2 * steps[depth]},
                                     LINE_BYTES)
        if two is None or two < 2 * one:
            return ""
    return ("no reuse it carries leaves the cache (bytes one iteration of each loop touches: "
            + ", ".join(spans) + ")")


def _loops_below(loop) -> bool:
    return any(isinstance(op, AffineForOp) for op in loop.walk() if op is not loop)


def _power_of_two_below(value: int) -> int:
    return 1 << (value.bit_length() - 1) if value > 0 else 0


def _capped(size: int, trip: int | None) -> int:
    return size if trip is None else max(1, min(size, trip))


def _vector_size(size: int, trip: int | None) -> int:
    """The size rounded up to a multiple of VECTOR_WIDTH, where the loop
    runs at least that many iterations."""
    if trip is not None and trip < VECTOR_WIDTH:
        return size
    return -(-size // VECTOR_WIDTH) * VECTOR_WIDTH

