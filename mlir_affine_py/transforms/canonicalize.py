"""-canonicalize: fold ops and apply the canonicalization patterns their
classes declare, with the greedy driver (mlir/lib/Transforms/
Canonicalizer.cpp over `rewrite_driver.py`), until nothing changes."""

from __future__ import annotations

from ..passes import ListOption, Option, Pass
from ..rewrite_driver import GreedyPatternRewriteDriver

_REGION_SIMPLIFY = {"disabled": "disabled", "normal": "normal", "aggressive": "aggressive",
                    "true": "normal", "false": "disabled", "1": "normal", "0": "disabled"}


class RegionSimplifyOption(Option):
    """`region-simplify=disabled|normal|aggressive` (GreedySimplifyRegionLevel)."""

    # The values `--help` lists, with upstream's descriptions.
    values = [("disabled", "Don't run any control-flow simplification."),
              ("normal", "Perform simple control-flow simplifications (e.g. dead args "
                         "elimination)."),
              ("aggressive", "Perform aggressive control-flow simplification (e.g. block "
                             "merging).")]

    def parse_scalar(self, text: str):
        level = _REGION_SIMPLIFY.get(text)
        if level is None:
            raise self.error(f"Cannot find option named '{text}'!")
        return level

    def format(self, value) -> str:
        return value

    def type_name(self) -> str:
        return "mlir::GreedySimplifyRegionLevel"


class Canonicalizer(Pass):
    """Fold and canonicalize every op in the op's regions."""

    argument = "canonicalize"
    summary = "Canonicalize operations"
    pass_name = "Canonicalizer"

    top_down = Option(True, "Seed the worklist in general top-down order")
    region_simplify = RegionSimplifyOption("normal", "Perform control flow optimizations to the region tree", type=str)
    max_iterations = Option(10, "Max. iterations between applying patterns / simplifying regions")
    max_num_rewrites = Option(-1, "Max. number of pattern rewrites within an iteration")
    test_convergence = Option(False, "Test only: Fail pass on non-convergence to detect cyclic pattern")
    disable_patterns = ListOption(str, "Labels of patterns that should be filtered out during application")
    enable_patterns = ListOption(str, "Labels of patterns that should be used during application, all other patterns are filtered out")

    def run_on_operation(self, op) -> None:
        enabled = set(self.enable_patterns) if self.enable_patterns else None
        for region in op.regions:
            driver = GreedyPatternRewriteDriver(
                region, top_down=self.top_down, max_iterations=self.max_iterations,
                max_num_rewrites=self.max_num_rewrites,
                region_simplification=self.region_simplify, enabled=enabled,
                disabled=set(self.disable_patterns))
            converged = driver.simplify()
            if self.test_convergence and not converged:
                self.emit_error(op, "Canonicalizer failed to converge")
