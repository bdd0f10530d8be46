"""Loop nest utilities, ported by behaviour from
mlir/lib/Dialect/Affine/Utils/LoopUtils.cpp and Analysis/LoopAnalysis.cpp:
`getPerfectlyNestedLoops`, `isPerfectlyNested`, `permuteLoops`,
`isValidLoopInterchangePermutation`, `getTripCountMapAndOperands` and
the trip counts read from it."""

from __future__ import annotations

import math
import re

from ..analysis.affine_access import depends_on
from ..dialects.affine import AffineForOp
from ..ir.affine_expr import AffineConstantExpr
from ..ir.affine_expr import dim as affine_dim
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


def loop_name(loop: AffineForOp) -> str:
    """The loop's IV as the source wrote it (`%i`), or as the printer names
    it when the source is not at hand (a loop built by a pass)."""
    from ..diagnostics import current_context
    head = current_context().source_text_at(loop.pos, 120)
    found = re.match(r"affine\.for\s+(%[\w$.-]+)", head)
    return found.group(1) if found else str(loop.induction_var)


def non_rectangular_reason(band) -> str | None:
    """Why the perfect band is not a hyper-rectangle (a loop's bounds use
    the IV of a loop of the band around it), or None."""
    ivs = set()
    for loop in band:
        for value in list(loop.lower_bound_operands) + list(loop.upper_bound_operands):
            if depends_on(value, ivs):
                return (f"the bounds of {loop_name(loop)} depend on an outer loop of the band "
                        f"(not a hyper-rectangle)")
        ivs.add(loop.induction_var)
    return None


def trip_count_exprs(loop: AffineForOp) -> list | None:
    """`getTripCountMapAndOperands`: per upper bound, (upper - lower)
    ceildiv step over the bounds' operands taken as one list of dimensions
    (a value used by both bounds is one dimension); None when the lower
    bound is a max of several expressions."""
    lb_map, ub_map = loop.lower_bound_map, loop.upper_bound_map
    if lb_map.is_single_constant() and ub_map.is_single_constant():
        span = max(0, ub_map.get_single_constant_result() - lb_map.get_single_constant_result())
        return [AffineConstantExpr(-(-span // loop.step))]
    if len(lb_map.results) != 1:
        return None
    positions: dict = {}

    def in_common_space(map, operands):
        exprs = [affine_dim(positions.setdefault(v, len(positions))) for v in operands]
        return [e.replace_dims_and_symbols(exprs[:map.num_dims], exprs[map.num_dims:])
                for e in map.results]

    lower = in_common_space(lb_map, list(loop.lower_bound_operands))[0]
    uppers = in_common_space(ub_map, list(loop.upper_bound_operands))
    return [(upper - lower).ceildiv(loop.step) for upper in uppers]


def constant_trip_count(loop: AffineForOp) -> int | None:
    """`getConstantTripCount`: the smallest of the trip count expressions
    when all are constants."""
    exprs = trip_count_exprs(loop)
    if not exprs or not all(isinstance(e, AffineConstantExpr) for e in exprs):
        return None
    return min(e.value for e in exprs)


def largest_divisor_of_trip_count(loop: AffineForOp) -> int:
    """`getLargestDivisorOfTripCount`: the gcd of the trip count
    expressions' largest known divisors (a constant count is its own, an
    empty loop's is taken as 2**64 - 1); 1 when unknown."""
    exprs = trip_count_exprs(loop)
    if not exprs:
        return 1
    divisors = []
    for e in exprs:
        if isinstance(e, AffineConstantExpr):
            divisors.append(e.value if e.value else (1 << 64) - 1)
        else:
            divisors.append(e.get_largest_known_divisor())
    return math.gcd(*divisors)
