"""-affine-data-copy-generate: explicit copies of the memref regions a loop
nest touches into buffers of a fast memory space, as mlir-opt's pass makes
them (mlir/lib/Dialect/Affine/Transforms/AffineDataCopyGeneration.cpp; the
copies themselves in data_copy.py).

Contract, per function: each block is cut into ranges at its affine.for
ops; the ops before a loop form a range, and a loop whose footprint fits
`fast-mem-capacity` (KiB; upstream's footprint,
`footprint_bytes`) is a range
of its own, while a loop that does not fit (with
`skip-non-unit-stride-loops`: a loop of step > 1, whatever its footprint) is
entered and its body cut in turn.  Every range gets its regions copied in
before it and out after it (point-wise copy nests, or with `generate-dma`
`affine.dma_start`/`affine.dma_wait` pairs) and its accesses rewritten to
the buffers.  Afterwards the copy nests' single-iteration loops are promoted
and their accesses' maps composed, as upstream does.  Only memrefs in
`slow-mem-space` (or without an integer memory space) are copied.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..dialects.affine_canonicalize import simplify_affine_op
from ..rewrite_driver import PatternRewriter
from ..diagnostics import print_op_on_diagnostic
from ..passes import Option, Pass
from ..ir.verifier import appended_op
from .data_copy import CopyOptions, affine_data_copy_generate, is_load_or_store
from .loop_utils import promote_if_single_iteration
from .memref_region import footprint_bytes

UNLIMITED = 2 ** 64 - 1


def starts_range(op, copy_nests: list) -> bool:
    return (is_load_or_store(op) or isinstance(op, AffineForOp)) and \
        not any(op is nest for nest in copy_nests)


def _next_range_start(block, index: int, copy_nests: list):
    for op in block.ops[index:]:
        if starts_range(op, copy_nests):
            return op
    return None


def finish_copy_nests(copy_nests: list, last_kind_only: bool = False) -> None:
    """Promote the copy nests' single-iteration loops, then compose the maps
    of their loads and stores (`AffineLoad/StoreOp` canonicalization); with
    `last_kind_only`, of the kind of the last one only, as upstream's test
    pass does (it clears its pattern list for each op)."""
    accesses = []
    for nest in copy_nests:
        for op in list(nest.walk("post")):
            if isinstance(op, AffineForOp):
                promote_if_single_iteration(op)
            elif is_load_or_store(op):
                accesses.append(op)
    if last_kind_only and accesses:
        kind = type(accesses[-1])
        accesses = [op for op in accesses if isinstance(op, kind)]
    rewriter = PatternRewriter()
    for op in accesses:
        simplify_affine_op(op, rewriter)


def warn_with_op(pass_, op, message: str) -> None:
    """A warning of `pass_` on `op`, shown with it as mlir-opt shows it."""
    notes = ([("see current operation: " + appended_op(op, generic=False), op.pos)]
             if print_op_on_diagnostic() else [])
    pass_.emit_warning(op, message, notes)


class AffineDataCopyGeneration(Pass):
    argument = "affine-data-copy-generate"
    summary = "Generate explicit copying for affine memory operations"
    pass_name = "AffineDataCopyGeneration"
    op_name = "func.func"

    fast_mem_capacity = Option(UNLIMITED, "Set fast memory space capacity in KiB, unlimited by "
                               "default", type=int, unsigned=True)
    fast_mem_space = Option(1, "Fast memory space identifier for copy generation",
                            unsigned=True)
    generate_dma = Option(False, "Generate DMA instead of point-wise copy")
    min_dma_transfer = Option(1024, "Minimum DMA transfer size supported by the target in bytes")
    skip_non_unit_stride_loops = Option(False, "Testing purposes: avoid non-unit stride loop "
                                        "choice depths for copy placement")
    slow_mem_space = Option(0, "Slow memory space identifier for copy generation",
                            unsigned=True)
    tag_mem_space = Option(0, "Tag memory space identifier for copy generation",
                           unsigned=True)

    def run_on_operation(self, op) -> None:
        from ..dialects.arith import ConstantOp
        from ..ir import types as T
        entry = op.regions[0].blocks[0]
        entry.insert(0, ConstantOp.build(0, T.INDEX)).pos = op.pos     # at the function
        capacity = self.fast_mem_capacity
        self.options = CopyOptions(self.generate_dma, self.slow_mem_space, self.fast_mem_space,
                                   self.tag_mem_space,
                                   capacity * 1024 if capacity != UNLIMITED else capacity)
        self.copy_nests: list = []
        for block in op.regions[0].blocks:
            self.run_on_block(block)
        finish_copy_nests(self.copy_nests)

    def copy(self, block, begin, end) -> None:
        affine_data_copy_generate(block, begin, end, self.options, None, self.copy_nests,
                                  lambda op, message: warn_with_op(self, op, message))

    def exceeds_capacity(self, loop) -> bool:
        footprint = footprint_bytes(loop)
        return footprint is not None and footprint > self.options.fast_mem_capacity_bytes

    def run_on_block(self, block) -> None:
        """`runOnBlock`: copies for each range of the block, recursing into
        the loops that do not fit."""
        if not block.ops:
            return
        begin = _next_range_start(block, 0, self.copy_nests)
        it = begin
        while it is not None:
            if isinstance(it, AffineForOp) and not any(it is n for n in self.copy_nests):
                self.copy(block, begin, it)
                recurse = it.step != 1 if self.skip_non_unit_stride_loops \
                    else self.exceeds_capacity(it)
                if recurse:
                    self.run_on_block(it.body)
                else:
                    self.copy(block, it, block.ops[block.ops.index(it) + 1])
                begin = _next_range_start(block, block.ops.index(it) + 1, self.copy_nests)
                it = begin
            else:
                index = block.ops.index(it) + 1
                it = block.ops[index] if index < len(block.ops) else None
        if begin is not None:
            self.copy(block, begin, block.ops[-1])
