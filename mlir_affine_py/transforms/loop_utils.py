"""Loop nest utilities, ported by behaviour from
mlir/lib/Dialect/Affine/Utils/LoopUtils.cpp and Analysis/LoopAnalysis.cpp:
`getPerfectlyNestedLoops`, `isPerfectlyNested`, `permuteLoops`,
`isValidLoopInterchangePermutation`."""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..ir.rewriter import IRRewriter


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


def permute_loops(loops, perm_map) -> int:
    """Move `loops[i]` to position `perm_map[i]` of the perfect nest (loop
    bounds are left as they are, as upstream's `permuteLoops` does); returns
    the index in `loops` of the new outermost loop."""
    n = len(loops)
    if sorted(perm_map) != list(range(n)):
        raise ValueError(f"invalid permutation map {list(perm_map)}")
    if n < 2:
        return 0
    assert is_perfectly_nested(loops), "input not perfectly nested"
    inverse = sorted((position, i) for i, position in enumerate(perm_map))
    rewriter = IRRewriter()
    # The innermost body moves to the loop that becomes innermost.
    if perm_map[-1] != n - 1:
        dest = loops[inverse[-1][1]].body
        src = loops[-1].body
        rewriter.splice(dest, 0, src.ops[:-1])
    # Loops move innermost first, so each one's body is empty when it moves.
    for i in range(n - 1, -1, -1):
        if perm_map[i] == 0:
            if i == 0:
                continue
            rewriter.move_op_before(loops[i], loops[0])
            continue
        parent_position = inverse[perm_map[i] - 1][1]
        if i > 0 and i - 1 == parent_position:
            continue
        rewriter.splice(loops[parent_position].body, 0, [loops[i]])
    return inverse[0][1]


def order_to_perm_map(order) -> list:
    """An order (original loop positions, outermost first) as a permutation
    map (loop i moves to position map[i]): its inverse."""
    perm_map = [0] * len(order)
    for position, loop in enumerate(order):
        perm_map[loop] = position
    return perm_map


def is_valid_loop_interchange_permutation(loops, perm_map, dependences=None) -> bool:
    """Upstream's check: no loop has iter_args, and reading every dependence's
    components in the permuted order, the first non-zero lower bound is
    positive.  `dependences` may be passed in when already computed (lists of
    DependenceComponent, one per loop of the nest)."""
    if len(loops) == 1:
        return True
    if any(loop.inits for loop in loops):
        return False
    if dependences is None:
        from ..analysis.dependence import DependenceAnalysis, get_dependence_components
        analysis = DependenceAnalysis(relaxed_bounds=True)
        dependences = [comps for comps, *_ in get_dependence_components(loops[0], len(loops), analysis)]
    order = [0] * len(loops)
    for i, position in enumerate(perm_map):
        order[position] = i
    return all(lexicographically_nonnegative(components, order) for components in dependences)


def lexicographically_nonnegative(components, order) -> bool:
    """The first component (in `order`) with a non-zero lower bound is positive.
    An unknown lower bound (-inf) counts as negative."""
    for loop_index in order:
        if loop_index >= len(components):
            break
        lb = components[loop_index].lb
        if lb is None or lb < 0:
            return False
        if lb > 0:
            return True
    return True
