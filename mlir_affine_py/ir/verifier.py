"""IR verification after a pass, as mlir-opt does between passes: each op's
own `verify()` and SSA dominance (an operand must be defined earlier in its
block or in a block around it, never across an isolated-from-above op).

Regions with several blocks are checked permissively (a value of any block
of the region is accepted): the affine passes never build control-flow
graphs, and their loops are single-block regions.  The walk keeps an
explicit stack, so deep nests do not reach Python's recursion limit."""

from __future__ import annotations

from ..diagnostics import MLIRError


def verify_operation(root) -> None:
    """Raise MLIRError at the first op that fails verification."""
    # Each work item: ("op", op, scopes) or ("define", values, scope).
    # `scopes` is the tuple of value sets visible at the op, innermost last.
    work = [("op", root, ())]
    while work:
        kind, item, scopes = work.pop()
        if kind == "define":
            scopes.update(item)
            continue
        op = item
        for index, value in enumerate(op.operands):
            if not any(value in scope for scope in scopes):
                raise MLIRError(f"operand #{index} does not dominate this use", op.pos)
        message = op.verify()
        if message:
            raise MLIRError(message, op.pos)
        if op.results and scopes:
            work.append(("define", op.results, scopes[-1]))
        outer = () if op.isolated_from_above else scopes
        for region in reversed(op.regions):
            shared = set()
            if len(region.blocks) > 1:
                for block in region.blocks:
                    shared.update(block.args)
                    for inner in block.ops:
                        shared.update(inner.results)
            for block in reversed(region.blocks):
                scope = set(block.args) | shared
                inner_scopes = outer + (scope,)
                for inner in reversed(block.ops):
                    work.append(("op", inner, inner_scopes))
