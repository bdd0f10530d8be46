"""The test passes mlir-opt ships for the affine analyses, reproduced so the
two tools can be diffed: `-test-memref-dependence-check`
(mlir/test/lib/Dialect/Affine/TestMemRefDependenceCheck.cpp) and
`-test-loop-permutation` (TestLoopPermutation.cpp)."""

from __future__ import annotations

from ..analysis.affine_access import MemRefAccess, is_memory_access
from ..analysis.dependence import DependenceAnalysis, num_common_loops
from ..diagnostics import MLIRError
from ..passes import emit_remark
from ..printer.printer import op_to_string


def _direction_vector_text(result, common: int, depth: int) -> str:
    if not result.has_dependence:
        return "false"
    if not result.components or depth > common:
        return "true"
    parts = []
    for component in result.components:
        low = "-inf" if component.lb is None else str(component.lb)
        high = "+inf" if component.ub is None else str(component.ub)
        parts.append(f"[{low}, {high}]")
    return "".join(parts)


def run_memref_dependence_check(module, options: dict) -> None:
    """Remarks `dependence from i to j at depth d = ...` for every ordered
    pair of affine.load/store ops and every depth up to common loops + 1."""
    accesses = [MemRefAccess(op) for op in module.walk()
                if is_memory_access(op) and op.op_name in ("affine.load", "affine.store")]
    analysis = DependenceAnalysis()
    for i, src in enumerate(accesses):
        note = ("see current operation: " + op_to_string(src.op), src.op.pos)
        for j, dst in enumerate(accesses):
            common = num_common_loops(src, dst)
            for depth in range(1, common + 2):
                result = analysis.check(src, dst, depth)
                if result.kind == "failure":
                    emit_remark("dependence check failed", src.op.pos, [note], "error")
                    continue
                text = _direction_vector_text(result, common, depth)
                emit_remark(f"dependence from {i} to {j} at depth {depth} = {text}",
                            src.op.pos, [note])
