"""Perfect loop nests, as mlir/lib/Dialect/Affine/Utils/LoopUtils.cpp reads
them (`getPerfectlyNestedLoops`, `isPerfectlyNested`): what the loop
transformations and the polyhedral core ask before they change a nest."""

from __future__ import annotations

from ..dialects.affine import AffineForOp


def get_perfectly_nested_loops(root: AffineForOp) -> list:
    """The maximal perfect nest starting at `root`: each loop's body holds
    only the next loop (and the terminator)."""
    nest = [root]
    while True:
        ops = root.body.ops
        if len(ops) != 2 or not isinstance(ops[0], AffineForOp):
            return nest
        root = ops[0]
        nest.append(root)


def is_perfectly_nested(loops) -> bool:
    for outer, inner in zip(loops, loops[1:]):
        ops = outer.body.ops
        if len(ops) != 2 or ops[0] is not inner:
            return False
    return True
