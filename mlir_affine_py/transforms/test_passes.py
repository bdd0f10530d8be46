"""The test passes mlir-opt ships for the affine analyses, reproduced so the
two tools can be diffed: `-test-memref-dependence-check`
(mlir/test/lib/Dialect/Affine/TestMemRefDependenceCheck.cpp) and
`-test-loop-permutation` (TestLoopPermutation.cpp)."""

from __future__ import annotations

from ..analysis.affine_access import MemRefAccess
from ..analysis.dependence import DependenceAnalysis, DependenceComponent, num_common_loops
from ..analysis.dependence_relation import mlir_distance_bounds
from ..diagnostics import MLIRError
from ..dialects.affine import AffineLoadOp, AffineStoreOp
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


def _mlir_components(components, src, dst, depth: int, common: int) -> list:
    """The exact components with their ranges replaced by the ones MLIR's
    Fourier-Motzkin projection finds (looser with mod/floordiv), which is
    what mlir-opt prints; kept exact where that model does not apply."""
    bounds = mlir_distance_bounds(src, dst, depth, common)
    if bounds is None:
        return components
    return [DependenceComponent(c.loop, lb, ub) for c, (lb, ub) in zip(components, bounds)]


def run_memref_dependence_check(module, options: dict) -> None:
    """Remarks `dependence from i to j at depth d = ...` for every ordered
    pair of affine.load/store ops and every depth up to common loops + 1."""
    accesses = [MemRefAccess(op) for op in module.walk()
                if isinstance(op, (AffineLoadOp, AffineStoreOp))]
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
                if result.components and depth <= common:
                    result.components = _mlir_components(result.components, src, dst, depth, common)
                text = _direction_vector_text(result, common, depth)
                emit_remark(f"dependence from {i} to {j} at depth {depth} = {text}",
                            src.op.pos, [note])


def run_loop_permutation(module, options: dict) -> None:
    """Permute every maximal perfect nest whose depth matches the map; with
    `check-validity`, only when the permutation respects every dependence.
    Like upstream, loops are visited in post-order (inner nests first)."""
    from ..dialects.affine import AffineForOp
    from .loop_utils import (get_perfectly_nested_loops, is_valid_loop_interchange_permutation,
                             permute_loops)
    text = options.get("permutation-map", "")
    try:
        perm_map = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise MLIRError(f"invalid permutation-map '{text}'")
    if sorted(perm_map) != list(range(len(perm_map))):
        raise MLIRError(f"invalid permutation-map '{text}': not a permutation")
    check = options.get("check-validity", "false").lower() in ("1", "true")
    loops = [op for op in _post_order(module) if isinstance(op, AffineForOp)]
    for loop in loops:
        nest = get_perfectly_nested_loops(loop)
        if len(nest) >= 2 and len(nest) == len(perm_map):
            if check and not is_valid_loop_interchange_permutation(nest, perm_map):
                continue
            permute_loops(nest, perm_map)


def _post_order(root):
    """Ops in post-order (children before parents), like MLIR's default walk."""
    order = []
    stack = [(root, False)]
    while stack:
        op, visited = stack.pop()
        if visited:
            order.append(op)
            continue
        stack.append((op, True))
        for region in reversed(op.regions):
            for block in reversed(region.blocks):
                for child in reversed(block.ops):
                    stack.append((child, False))
    return order
