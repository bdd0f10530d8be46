"""-affine-optimize: the optimizer in one flag.  On each function, three
steps, each the existing pass run with the options chosen here:

0. **Time tiling** (`time_tiling.py`): a loop over time steps around
   stencil sweeps whose time steps each outgrow the last-level cache
   (`last-level-cache`), where the tiles touch a quarter of the bytes per
   instance a time step does, is fused with shifts, skewed along time,
   tiled and run as a wavefront; the later steps leave the nests it makes
   as they are.  Within the last-level cache the sweeps run at the core's
   speed and time tiling only adds its overhead; `time-tile=true` tiles
   wherever a time step outgrows the tile's share of the cache.  The
   exception is a stencil of one dimension (jacobi-1d), whose sweeps
   stream 16 bytes a point for three operations: where a time step
   outgrows the first-level cache (`first-level-cache`), its tiles are
   sized for that cache (jacobi-1d, 14100 points: 0.86 of the original's
   time on one thread, 0.46 on two).
1. **Fusion and permutation** (`-affine-permute-and-fuse`): the statements
   get the schedule of the fusion conflict graph and its cost model.  When
   the parallel step is on, the fusion keeps the parallel loops
   (`keep-parallel`, typed fusion): loops are not fused where the fused
   loop would carry a dependence between them that neither carries apart,
   inside loops none of which is parallel (a stencil's time loop), where a
   loop apart does `min-parallel-work`.  The model counts each statement's
   parallelism alone and did not see it: the sweeps of a time step of
   jacobi-2d, heat-3d and fdtd-2d, fused with a shift, ran in one loop
   carrying the dependence between them, and nothing ran in parallel.
   Apart, on 2 threads they take 0.54, 0.47 and 0.60 of the original's
   time instead of 0.89, 0.81 and 3.3 (fdtd-2d's three sweeps fused in one
   innermost loop ran 3.3 times slower: 4K aliasing among its page-aligned
   arrays); on one thread, jacobi-2d and heat-3d lose what fusion saved
   (1.01 and 1.02 instead of 0.88 and 0.84) and fdtd-2d runs at 1.09.
   Where a later step leaves such sweeps as they are (no register tile
   took them), they are fused with the shift after all where the fused
   loop can run split-tiled (`split-tiling`, `split_tiling.py`): cut into
   chunks that run in parallel, each chunk's first iteration leaving the
   statements that wait for the chunk before to a second parallel loop.
   fdtd-2d: one thread 0.93 of the original (fused, sequential: 0.88;
   apart: 1.00), two threads 0.50 (apart: 0.54).
2. **Register tiles for recurrences** (`recurrence_jam.py`): where an
   innermost loop carries a recurrence (seidel-2d's `A[i][j]` from
   `A[i][j-1]`, deriche's rows through its scalars), each iteration waits
   for the one before whatever the cache holds; the loop is skewed by the
   one around it, which is unrolled and jammed (`jam-recurrences`, 8):
   independent chains run together, scalars each iteration resets given an
   element per iteration.  Such nests are bound by latency, not by the
   cache, and are not tiled.
3. **Tiling** (`cache_tiling.py`, on `-affine-loop-tile` with its
   `polyhedral` extension): a band is tiled where a loop of it carries reuse
   that the cache loses, with the largest sizes whose tile footprint fits
   half the cache; an imperfect nest is distributed where that exposes such
   a band; a band that is not permutable is skewed first where small skew
   factors make it so, and its tiles then run as a wavefront.  Where the
   innermost point loop only accumulates (a chain of dependent adds), the
   point loop along which the stores walk goes innermost instead
   (`register_tiling.py`).  A tiled band `(i, k, j)` that accumulates into
   `C[i][j]` along `k` gets a micro-kernel (`micro-kernel`,
   `micro_kernel.py`): blocks of 4 x 8 elements of C carried in registers
   through the k loop (PolyBench at today's size, one thread: syrk and
   syr2k 0.59-0.62 of the original's time -> 0.19, covariance and
   correlation 0.12 -> 0.07, 2mm and 3mm 0.09-0.12 -> 0.07).  Otherwise a
   point loop of each tiled band is unrolled and jammed (`register-tile`,
   `register_tiling.py`) where the copies share a load of the innermost
   loop.  In the nests left untiled, the loop around an innermost loop that
   accumulates into one element is unrolled and jammed likewise
   (`reduction_jam.py`; where the inner loop's bounds depend on it, as a
   schedule, `polyhedral/jam.py`): independent add chains instead of one.
   Where the copies of the loop around an innermost loop would load the
   same elements (a stencil sweep's neighbouring rows: jacobi-2d's rows i
   and i + 1 both load `A[i][j]` and `A[i+1][j]`), it is unrolled and
   jammed by 4 and each element loaded once per group of rows
   (`jam-reuse`, `reuse_jam.py`): a sweep runs at the speed of its loads
   wherever its grids lie.  jacobi-2d (600 x 600, one thread): 1.01 of the
   original's time -> 0.78; not where a copy's rows are shorter than a
   page (the prefetchers restart at every jump: heat-3d's loop `j`), nor
   where a copy's load would wait for a store of another copy at a
   distance of a multiple of 4 KiB (heat-3d's loop `i` at 90 x 90 x 90).  The parallel step counts a jammed loop's iterations as
   the program's (`analysis/loop_work.py`).
4. **Parallel loops** (`profitable_parallelize.py`, on
   `-affine-parallelize`): the outermost loop (a tile loop after tiling)
   that carries no dependence and does enough work per run to pay for a
   parallel region becomes `affine.parallel`; `max-nested=1` by default,
   for one level of SPMD parallelism.  A loop that carries only a reduction
   is parallel only with `parallel-reductions=true`, since reassociation
   changes floating-point results.  A loop whose carried dependences are
   all on buffers of the function (`memref.alloca`/`alloc`, static shape,
   reached only by loads and stores) that each iteration writes before it
   reads them and that nobody reads after the loop, by the value-based
   flow dependences (`analysis/dataflow.py`), runs in parallel with a copy
   of those buffers per iteration (`privatization.py`; deriche's
   recurrence scalars; an argument the last iteration writes whole, such as
   doitgen's `sum`, gets a copy in every other iteration); `privatize=false`
   keeps such loops sequential.
   OpenMP's static schedule gives each thread one contiguous chunk of a
   parallel loop; where the iterations' work grows with the induction
   variable (a triangle's row tiles: syrk, syr2k, symm, covariance,
   correlation), the loop is folded so that iteration t runs t and T-1-t
   (`parallel_balance.py`): on two threads they ran 1.3-1.45 times faster
   than on one, folded 1.6-2.0 times.

Each step can be turned off (`fuse=false`, `tile=false`,
`parallelize=false`).  With `remarks=true` every step says what it did in
its own words: the schedule chosen, per band whether it is tiled and why
(sizes and footprint), and which loop runs in parallel (with private
copies of which buffers).  Bands a step cannot handle are left as they
are, with that step's remark.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..passes import Option, Pass
from .cache_tiling import CACHE_SHARE, DEFAULT_CACHE_KIB, CacheTiling
from .permute_and_fuse import AffinePermuteAndFuse, affine_regions
from .loop_utils import loop_name
from .parallel_balance import balance
from .profitable_parallelize import MIN_PARALLEL_WORK, ProfitableParallelize
from .recurrence_jam import RECURRENCE_FACTOR, jam_recurrences
from .reduction_jam import REDUCTION_FACTOR, jam_reductions
from .register_tiling import DEFAULT_FACTOR
from .reuse_jam import REUSE_FACTOR, jam_reuse
from .split_tiling import fuse_and_split, op_after
from .time_tiling import time_tile

DEFAULT_LAST_LEVEL_KIB = 16384
DEFAULT_FIRST_LEVEL_KIB = 32


class AffineOptimize(Pass):
    argument = "affine-optimize"
    summary = "Fuse and permute, tile for the cache and parallelize affine loop nests"
    pass_name = "AffineOptimize"
    op_name = "func.func"

    fuse = Option(True, "Fuse and permute the loop nests (-affine-permute-and-fuse)")
    tile = Option(True, "Tile the fully permutable bands for the cache (-affine-loop-tile)")
    skew = Option(True, "Skew a band that is not permutable by the smallest factors that "
                  "make it so, where it must be tiled (its tiles then run as a wavefront)")
    time_tile = Option(False, "Tile stencil time loops across time steps (the sweeps "
                       "fused with shifts and skewed along time) wherever a time step "
                       "outgrows the tile's share of the cache; without it, only where a "
                       "time step outgrows the last-level cache and the tiles reuse their "
                       "data (time_tiling.py): within it the sweeps run at the core's speed")
    last_level_cache = Option(DEFAULT_LAST_LEVEL_KIB, "Size in KiB of the last-level cache, "
                              "past which a stencil's time steps are time-tiled where the "
                              "tiles reuse their data (16384: the L3 of the machine it was "
                              "measured on); 0: never without time-tile", type=int,
                              unsigned=True)
    first_level_cache = Option(DEFAULT_FIRST_LEVEL_KIB, "Size in KiB of the first-level "
                               "data cache: the time steps of a stencil of one dimension that "
                               "outgrow it are time-tiled for it, where the tiles reuse their "
                               "data (32: the L1d of the machine it was measured on); 0: never",
                               type=int, unsigned=True)
    register_tile = Option(DEFAULT_FACTOR, "Unroll and jam a point loop of each tiled band "
                           "by this factor where a load of the innermost loop does not "
                           "depend on it (gemm's B[k][j] shared by that many rows of C: "
                           "register_tiling.py); 0 or 1: off", unsigned=True)
    micro_kernel = Option(True, "Give a tiled band that accumulates into C[i][j] along k a "
                          "micro-kernel: a 4 x 8 block of C carried in registers through the k "
                          "loop (micro_kernel.py), instead of the register tile")
    jam_reductions = Option(REDUCTION_FACTOR, "Unroll and jam by this factor the loop "
                            "around an innermost loop that accumulates into one element, "
                            "where it is legal: independent add chains instead of one that "
                            "the vectorizer cannot reorder (reduction_jam.py); 0 or 1: off",
                            unsigned=True)
    jam_reuse = Option(REUSE_FACTOR, "Unroll and jam by this factor the loop around an "
                       "innermost loop whose copies would load the same elements (a stencil's "
                       "neighbouring rows), each such element then loaded once per jammed "
                       "iteration (reuse_jam.py); 0 or 1: off", unsigned=True)
    jam_recurrences = Option(RECURRENCE_FACTOR, "Skew and unroll-and-jam by this factor the "
                             "loop around an innermost loop that carries a recurrence (a "
                             "value computed from the iteration before), so that that many "
                             "independent chains run together (recurrence_jam.py); 0 or 1: off",
                             unsigned=True)
    split_tiling = Option(True, "Fuse with a shift the sweeps kept apart for their parallel "
                          "loops where the fused loop can run split-tiled in parallel")
    parallelize = Option(True, "Make the outermost loop that carries no dependence "
                         "affine.parallel (-affine-parallelize)")
    cache_size = Option(DEFAULT_CACHE_KIB, "Size in KiB of the cache a tile's footprint "
                        "must fit; the default is the L2 per core of the machine it was "
                        "tuned on (2048 KiB, /sys/devices/system/cpu/cpu0/cache/index2)",
                        type=int, unsigned=True, minimum=1)
    max_nested = Option(1, "Maximum number of nested parallel loops", unsigned=True)
    min_parallel_work = Option(MIN_PARALLEL_WORK, "Iterations of the innermost loops one "
                               "run of a loop must execute, at least, to run in parallel "
                               "(a parallel region costs a few microseconds)", unsigned=True)
    parallel_reductions = Option(False, "Also run loops that carry only reductions in "
                                 "parallel (reassociates floating-point reductions)")
    privatize = Option(True, "Run a loop in parallel whose carried dependences are all on "
                       "buffers of the function each iteration writes before reading them "
                       "and nobody reads after the loop, with a copy of them per iteration")
    remarks = Option(False, "Remark what each step did: the schedule chosen, per band "
                     "whether it is tiled and why (sizes, footprint), which loop is parallel")

    def run_on_operation(self, op) -> None:
        # Top-level nests an earlier step made (time tiling, register tiles
        # for recurrences): the later steps leave them as they are.
        made: set = set()
        copies: dict = {}       # the loops unrolled and jammed, with their factors
        # The ops after the runs of nests whose fusion kept loops apart for
        # their parallelism (split tiling may fuse them after all).
        kept_apart: set = set()
        changed: set = set()    # loops the jams and tiling changed
        if self.tile:
            share = self.cache_size * 1024 // CACHE_SHARE
            first_share = self.first_level_cache * 1024 // CACHE_SHARE
            for root in _top_level_loops(op):
                new_ops = None
                if self.time_tile or self.last_level_cache:
                    new_ops = time_tile(root, share, self.remark, None if self.time_tile
                                        else self.last_level_cache * 1024)
                if new_ops is None and not self.time_tile and first_share:
                    new_ops = time_tile(root, first_share, self.remark, first_share,
                                        first_level=True)
                made.update(new_ops or ())
        if self.fuse:
            fusion = AffinePermuteAndFuse(remarks=self.remarks, keep_parallel=self.parallelize,
                                          min_parallel_work=self.min_parallel_work)
            for region in affine_regions(op):
                for run in _runs_without(region, made):
                    after = op_after(run)
                    fusion.run_on_region(run)
                    if fusion.last_plan is not None and fusion.last_plan.kept_parallel:
                        kept_apart.add(after)
        if self.tile and self.jam_recurrences > 1:
            # Before cache tiling: a recurrence is bound by its latency, not
            # by the cache, wherever its data lies.
            made.update(jam_recurrences(op, self.jam_recurrences, self.remark, skip=made))
        if self.tile:
            tiling = CacheTiling(cache_size=self.cache_size, remarks=self.remarks,
                                 polyhedral=True, skew=self.skew, skip=made,
                                 register_tile=self.register_tile,
                                 micro_kernel=self.micro_kernel)
            tiling.run_on_operation(op)
            # Tiled bands have their own register tiles (register_tiling.py).
            jammed = jam_reductions(op, self.jam_reductions, self.remark, skip=made,
                                    inside=tiling.tiled_points)
            copies.update({loop: self.jam_reductions for loop in jammed})
            copies.update({loop: self.jam_reuse for loop in jam_reuse(
                op, self.jam_reuse, self.remark, skip=made,
                inside=[*tiling.tiled_points, *jammed])})
            changed = {*copies, *tiling.tiled_points}
        if kept_apart and self.split_tiling and self.parallelize:
            self._split_tile(op, made, kept_apart, changed)
        parallel_loops: list = []
        if self.parallelize:
            parallel_step = ProfitableParallelize(max_nested=self.max_nested,
                                                  parallel_reductions=self.parallel_reductions,
                                                  privatize=self.privatize,
                                                  min_parallel_work=self.min_parallel_work,
                                                  remarks=self.remarks)
            parallel_step.copies = copies
            parallel_step.run_on_operation(op)
            parallel_loops = parallel_step.parallel_loops
        if self.tile:
            # The micro-kernels after the parallel step (CacheTiling.finish).
            tiling.finish()
        for parallel in parallel_loops:
            # Last: a folded loop's body is copied whole.
            folded = balance(parallel)
            if folded:
                self.remark(parallel, f"affine-parallelize: {loop_name(parallel)} {folded}")

    def _split_tile(self, op, made: set, kept_apart: set, changed: set) -> None:
        """Fuse with a shift, after all, the runs of nests whose fusion
        kept loops apart for their parallelism, where the fused loops can
        run split-tiled (`split_tiling.py`) and no earlier step changed the
        nests (`changed`: loops unrolled and jammed or tiled)."""
        shifted = AffinePermuteAndFuse(remarks=self.remarks)
        for region in affine_regions(op):
            for run in _runs_without(region, made):
                if op_after(run) in kept_apart and not any(
                        loop in changed for nest in run for loop in nest.walk()):
                    fuse_and_split(run, shifted, self.remark, self.min_parallel_work)

    def remark(self, op, text: str) -> None:
        if self.remarks:
            self.emit_remark(op, text)


def _top_level_loops(op) -> list:
    return [child for region in op.regions for block in region.blocks
            for child in block.ops if isinstance(child, AffineForOp)]


def _runs_without(region: list, skipped: set) -> list:
    """The runs of consecutive nests of `region` that are not in `skipped`."""
    runs, run = [], []
    for nest in region:
        if nest in skipped:
            runs, run = runs + [run] if run else runs, []
        else:
            run.append(nest)
    return runs + [run] if run else runs
