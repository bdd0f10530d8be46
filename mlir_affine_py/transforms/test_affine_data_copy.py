"""-test-affine-data-copy: mlir-opt's test pass of the copy utilities
(mlir/test/lib/Dialect/Affine/TestAffineDataCopy.cpp), on functions with a
single loop nest whose innermost level is a single loop.

- `memref-filter`: `affineDataCopyGenerate` on the body of the outermost
  loop for the memref of the innermost loop's first affine.load only;
- `for-memref-region`: that load's region over the whole nest
  (`MemRefRegion::compute` at depth 0) copied around the nest
  (`generateCopyForMemRegion`);
- `capacity-kib`: `affineDataCopyGenerate` on the body of the outermost
  loop for every memref, with that fast memory capacity.

As upstream's pass, it then promotes the copy nests' single-iteration loops
and canonicalizes their accesses, with the patterns of the last access's
kind only (upstream clears its pattern list for each op, so only loads or
only stores get their maps composed).
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp, AffineLoadOp
from ..passes import Option, Pass
from .affine_data_copy_generate import finish_copy_nests, warn_with_op
from .data_copy import CopyOptions, affine_data_copy_generate, generate_copy_for_mem_region
from .memref_region import compute_region

UNLIMITED = 2 ** 64 - 1


def loops_by_depth(func) -> list:
    """`gatherLoops`: the affine.for ops of the function per depth."""
    levels: list = []

    def gather(block, depth):
        if depth == len(levels):
            levels.append([])
        for op in block.ops:
            if isinstance(op, AffineForOp):
                levels[depth].append(op)
                gather(op.body, depth + 1)
    for block in func.regions[0].blocks:
        gather(block, 0)
    if levels and not levels[-1]:
        levels.pop()
    return levels


class TestAffineDataCopy(Pass):
    argument = "test-affine-data-copy"
    summary = "Tests affine data copy utility functions."
    pass_name = "(anonymous namespace)::TestAffineDataCopy"
    op_name = "func.func"

    capacity_kib = Option(UNLIMITED, "Test copy generation enforcing a limit of capacity, "
                          "unlimited by default", type=int, unsigned=True)
    for_memref_region = Option(False, "Test copy generation for a single memref region")
    memref_filter = Option(False, "Enable memref filter testing in affine data copy "
                           "optimization")

    def run_on_operation(self, op) -> None:
        levels = loops_by_depth(op)
        if not levels or len(levels[0]) != 1 or len(levels[-1]) != 1:
            return
        nest, innermost = levels[0][0], levels[-1][0]
        load = None
        if self.memref_filter or self.for_memref_region:
            load = next((o for o in innermost.body.ops if isinstance(o, AffineLoadOp)), None)
            if load is None:
                return
        elif self.capacity_kib == UNLIMITED:
            return
        options = CopyOptions(False, 0, 0, 0, 32 * 1024 * 1024)
        copy_nests: list = []
        body = nest.body
        if self.memref_filter:
            affine_data_copy_generate(body, body.ops[0], body.ops[-1], options, load.memref,
                                      copy_nests,
                                      lambda o, message: warn_with_op(self, o, message))
        elif self.for_memref_region:
            region = compute_region(load, 0, add_dim_bounds=True)
            if region is None:
                return
            region.loc = nest.pos       # MemRefRegion region(loopNest.getLoc())
            generate_copy_for_mem_region(region, nest, options)
        else:
            options.fast_mem_capacity_bytes = self.capacity_kib * 1024
            affine_data_copy_generate(body, body.ops[0], body.ops[-1], options, None,
                                      copy_nests,
                                      lambda o, message: warn_with_op(self, o, message))
        finish_copy_nests(copy_nests, last_kind_only=True)
