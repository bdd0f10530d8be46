"""The test passes mlir-opt ships for the affine analyses, reproduced so the
two tools can be diffed: `-test-memref-dependence-check`
(mlir/test/lib/Dialect/Affine/TestMemRefDependenceCheck.cpp),
`-test-loop-permutation` (TestLoopPermutation.cpp) and
`-test-affine-parametric-tile` (TestAffineLoopParametricTiling.cpp)."""

from __future__ import annotations

from ..analysis.affine_access import MemRefAccess
from ..analysis.dependence import DependenceAnalysis, DependenceComponent, num_common_loops
from ..analysis.dependence_relation import mlir_distance_bounds
from ..diagnostics import print_op_on_diagnostic
from ..dialects.affine import AffineLoadOp, AffineStoreOp
from ..passes import ListOption, Option, Pass
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


class TestMemRefDependenceCheck(Pass):
    """Remarks `dependence from i to j at depth d = ...` for every ordered
    pair of affine.load/store ops and every depth up to common loops + 1."""

    argument = "test-memref-dependence-check"
    summary = "Checks dependences between all pairs of memref accesses."
    pass_name = "(anonymous namespace)::TestMemRefDependenceCheck"

    def run_on_operation(self, op) -> None:
        accesses = [MemRefAccess(o) for o in op.walk()
                    if isinstance(o, (AffineLoadOp, AffineStoreOp))]
        analysis = DependenceAnalysis()
        for i, src in enumerate(accesses):
            notes = ([("see current operation: " + op_to_string(src.op), src.op.pos)]
                     if print_op_on_diagnostic() else [])
            for j, dst in enumerate(accesses):
                common = num_common_loops(src, dst)
                for depth in range(1, common + 2):
                    result = analysis.check(src, dst, depth)
                    if result.kind == "failure":
                        self.emit_error(src.op, "dependence check failed", notes)
                        continue
                    if result.components and depth <= common:
                        result.components = _mlir_components(result.components, src, dst,
                                                             depth, common)
                    text = _direction_vector_text(result, common, depth)
                    self.emit_remark(src.op, f"dependence from {i} to {j} at depth {depth} = {text}",
                                     notes)


class TestLoopPermutation(Pass):
    """Permute every maximal perfect nest whose depth matches the map; with
    `check-validity`, only when the permutation respects every dependence.
    Like upstream, loops are visited in post-order (inner nests first)."""

    argument = "test-loop-permutation"
    summary = "Tests affine loop permutation utility"
    pass_name = "(anonymous namespace)::TestLoopPermutation"

    permutation_map = ListOption(int, "Specify the loop permutation", unsigned=True)
    check_validity = Option(False, "Check validity of the loop permutation")

    def validate_options(self) -> None:
        if sorted(self.permutation_map) != list(range(len(self.permutation_map))):
            text = ",".join(map(str, self.permutation_map))
            raise self.options["permutation-map"].error(f"'{text}' is not a permutation")

    def run_on_operation(self, op) -> None:
        from ..dialects.affine import AffineForOp
        from .loop_utils import (get_perfectly_nested_loops, is_valid_loop_interchange_permutation,
                                 permute_loops)
        perm_map = list(self.permutation_map)
        loops = [o for o in op.walk(order="post") if isinstance(o, AffineForOp)]
        for loop in loops:
            nest = get_perfectly_nested_loops(loop)
            if len(nest) >= 2 and len(nest) == len(perm_map):
                if self.check_validity and not is_valid_loop_interchange_permutation(nest, perm_map):
                    continue
                permute_loops(nest, perm_map)


class TestAffineLoopParametricTiling(Pass):
    """Tile every perfect band at the top of a function with the function's
    leading arguments as tile sizes.  Like -affine-loop-tile, a band that
    the exact dependences forbid tiling (or whose lower bounds are not
    constants, which the parametric bounds assume) is left with a remark."""

    argument = "test-affine-parametric-tile"
    summary = "Tile affine loops using SSA values as tile sizes"
    pass_name = "(anonymous namespace)::TestAffineLoopParametricTiling"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        from ..analysis.dependence import DependenceAnalysis
        from ..dialects.affine import AffineForOp
        from ..ir.types import IndexType
        from .loop_tiling import tiling_refusal
        from .tiled_nest import tile_perfectly_nested_parametric
        from .loop_utils import get_perfectly_nested_loops
        analysis = DependenceAnalysis(alias_conservative=True)
        if not op.regions or not op.regions[0].blocks:
            return
        entry = op.regions[0].blocks[0]
        args = entry.args
        bands = [get_perfectly_nested_loops(child) for child in entry.ops
                 if isinstance(child, AffineForOp)]
        from ..ir.verifier import appended_op
        for band in bands:
            # An op's error shows the op, as Operation::emitError does.
            notes = ([("see current operation: " + appended_op(band[0]), band[0].pos)]
                     if print_op_on_diagnostic() else [])
            if len(args) < len(band):
                self.emit_error(band[0], "too few tile sizes provided in the argument list of "
                                "the function which contains the current band", notes)
                return
            if not all(isinstance(arg.type, IndexType) for arg in args[:len(band)]):
                self.emit_error(band[0], "expected tiling parameters to be of index type", notes)
                return
            if any(not loop.lower_bound_map.is_single_constant() for loop in band):
                self.emit_remark(band[0], "test-affine-parametric-tile: band left as it is: "
                                 "a lower bound is not a constant")
                continue
            refusal = tiling_refusal(band, analysis)
            if refusal is not None:
                message, notes = refusal
                self.emit_remark(band[0], f"test-affine-parametric-tile: {message}", notes)
                continue
            tile_perfectly_nested_parametric(band, args[:len(band)])
