"""Loop nest utilities, ported by behaviour from
mlir/lib/Dialect/Affine/Utils/LoopUtils.cpp and Analysis/LoopAnalysis.cpp:
`getPerfectlyNestedLoops`, `isPerfectlyNested`, `permuteLoops`,
`isValidLoopInterchangePermutation`, `getTripCountMapAndOperands` and
the trip counts read from it, `promoteIfSingleIteration`,
`isOpwiseShiftValid` and `affineForOpBodySkew`."""

from __future__ import annotations

import math
import re

from ..analysis.affine_access import depends_on
from ..analysis.loop_nests import get_perfectly_nested_loops, is_perfectly_nested  # noqa: F401
from ..dialects.affine import AffineApplyOp, AffineForOp
from ..dialects.arith import ConstantOp
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_map import AffineMap
from ..ir.core import OP_CLASSES
from ..ir.rewriter import IRMapping, IRRewriter, locate
from ..ir.side_effects import is_op_trivially_dead
from ..ir.traits import FunctionOpInterface
from ..rewrite_driver import PatternRewriter, fold_operation
from .affine_canonical import value_map_difference


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


# ------------------------------------------- trip count maps and promotion
def trip_count_map_and_operands(loop: AffineForOp) -> tuple:
    """`getTripCountMapAndOperands`: (map, operands) whose results are, per
    upper bound, (upper - lower) ceildiv step, the difference composed and
    canonicalized as `AffineValueMap::difference` leaves it; (None, [])
    when the lower bound is a max of several expressions."""
    lb_map, ub_map, step = loop.lower_bound_map, loop.upper_bound_map, loop.step
    if lb_map.is_single_constant() and ub_map.is_single_constant():
        span = max(0, ub_map.get_single_constant_result() - lb_map.get_single_constant_result())
        return AffineMap(0, 0, (AffineConstantExpr(-(-span // step)),)), []
    if len(lb_map.results) != 1:
        return None, []
    padded = AffineMap(lb_map.num_dims, lb_map.num_symbols,
                       (lb_map.results[0],) * len(ub_map.results))
    diff, operands = value_map_difference(ub_map, loop.upper_bound_operands, padded,
                                          loop.lower_bound_operands)
    return AffineMap(diff.num_dims, diff.num_symbols,
                     tuple(e.ceildiv(step) for e in diff.results)), operands


def composed_constant_trip_count(loop: AffineForOp) -> int | None:
    """`getConstantTripCount` over `trip_count_map_and_operands`: the
    smallest of the constant results (a negative one read as unsigned, as
    upstream's cast does), None when one is not constant."""
    map, _ = trip_count_map_and_operands(loop)
    if map is None or not all(isinstance(e, AffineConstantExpr) for e in map.results):
        return None
    return min(e.value % (1 << 64) for e in map.results)


def composed_trip_count_divisor(loop: AffineForOp) -> int:
    """`getLargestDivisorOfTripCount` over `trip_count_map_and_operands`
    (the bounds composed with the affine.apply ops feeding them)."""
    map, _ = trip_count_map_and_operands(loop)
    if map is None:
        return 1
    divisors = [(e.value or (1 << 64) - 1) if isinstance(e, AffineConstantExpr)
                else e.get_largest_known_divisor() for e in map.results]
    return math.gcd(*divisors)


def set_loop_bound(loop: AffineForOp, lower: bool, map, operands) -> None:
    """AffineForOp::setLowerBound / setUpperBound."""
    if lower:
        loop.set_lower_bound(map, operands)
    else:
        loop.set_upper_bound(map, operands)


def set_loop_step(loop: AffineForOp, step: int) -> None:
    loop.step = step


def promote_if_single_iteration(loop: AffineForOp) -> bool:
    """`promoteIfSingleIteration`: a loop of one iteration is replaced by
    its body, the IV by its lower bound (a constant at the start of the
    enclosing function's body, the lower bound's operand, or an
    affine.apply of the lower bound), iter_args by their inits and the
    results by the yielded values."""
    if composed_constant_trip_count(loop) != 1 or len(loop.lower_bound_map.results) != 1:
        return False
    iv, block = loop.induction_var, loop.parent
    lb_map = loop.lower_bound_map
    if iv.uses:
        if lb_map.is_single_constant():
            constant = ConstantOp.build(lb_map.get_single_constant_result(), T.INDEX)
            scope = _function_body(loop)
            if scope is not None:
                scope.insert(0, constant)
            else:
                block.insert(block.ops.index(loop), constant)
            constant.pos = loop.pos
            iv.replace_all_uses_with(constant.results[0])
        elif lb_map.num_dims == 1 and not lb_map.num_symbols and lb_map.results == (affine_dim(0),):
            iv.replace_all_uses_with(loop.lower_bound_operands[0])
        else:
            apply = AffineApplyOp.build(lb_map, list(loop.lower_bound_operands))
            apply.pos = loop.pos
            block.insert(block.ops.index(loop), apply)
            iv.replace_all_uses_with(apply.results[0])
    body = loop.body
    for arg, init in zip(body.args[1:], loop.inits):
        arg.replace_all_uses_with(init)
    yield_op = body.ops[-1]
    for result, value in zip(loop.results, yield_op.operands):
        result.replace_all_uses_with(value)
    yield_op.erase()
    IRRewriter().splice(block, block.ops.index(loop), list(body.ops))
    loop.erase()
    return True


def _function_body(op):
    """The entry block of the FunctionOpInterface op around `op`, or None."""
    parent = op.parent_op
    while parent is not None:
        if parent.has_trait(FunctionOpInterface) and parent.regions and parent.regions[0].blocks:
            return parent.regions[0].blocks[0]
        parent = parent.parent_op
    return None


def reduction_combiner(kind: str):
    """The arith op class that combines by the AtomicRMWKind `kind`
    (arith::getReductionOp): the one declaring it as its reduction kind."""
    for cls in OP_CLASSES.values():
        if getattr(cls, "reduction_kind", None) == kind:
            return cls
    raise KeyError(kind)


# ------------------------------------------------------- body skewing
def is_opwise_shift_valid(loop: AffineForOp, shifts) -> bool:
    """`isOpwiseShiftValid`: shifting the body's ops by `shifts` (one per
    op, its terminator included) keeps SSA dominance: every use of an op's
    result inside the body lies in an op of the same shift.  Memory
    dependences are not looked at, as upstream does not."""
    body = loop.body
    shift_of = {op: shift for op, shift in zip(body.ops, shifts)}
    for op, shift in zip(body.ops, shifts):
        for result in op.results:
            for user, _ in result.uses:
                ancestor = user
                while ancestor is not None and ancestor.parent is not body:
                    ancestor = ancestor.parent_op
                if ancestor is not None and shift_of[ancestor] != shift:
                    return False
    return True


def _shifted_map(map: AffineMap, shift: int) -> AffineMap:
    """Builder::getShiftedAffineMap: every result plus `shift`."""
    return AffineMap(map.num_dims, map.num_symbols, tuple(e + shift for e in map.results))


def _generate_shifted_loop(lb_map, ub_map, groups, offset: int, src: AffineForOp):
    """`generateShiftedLoop`: a loop with these bounds (both shifted lower
    bound maps, over the lower bound's operands), placed before the source
    loop, holding copies of the op groups from `offset` on, each group's IV
    read `shift * step` earlier; None when the loop had a single iteration
    and was promoted.  Upstream gives the upper bound map the upper
    bound's operands, which builds a malformed loop where the two bounds
    have different operands (`0 to min(10, s0)`)."""
    operands = list(src.lower_bound_operands)
    loop = AffineForOp.build((lb_map, operands), (ub_map, operands), src.step)
    locate(loop, src.pos)
    src.parent.insert(src.parent.ops.index(src), loop)
    src_iv, iv, body = src.induction_var, loop.induction_var, loop.body
    mapping = IRMapping()
    for shift, ops in groups[offset:]:
        if src_iv.uses and shift != 0:
            remap = AffineApplyOp.build(AffineMap(1, 0, (affine_dim(0) - src.step * shift,)), [iv])
            remap.pos = src.pos
            body.insert(len(body.ops) - 1, remap)
            mapping[src_iv] = remap.results[0]
        else:
            mapping[src_iv] = iv
        for op in ops:
            body.insert(len(body.ops) - 1, op.clone(mapping))
    return None if promote_if_single_iteration(loop) else loop


def _simplify_loop(loop: AffineForOp) -> bool:
    """The loop's folds and canonicalization patterns applied to it alone
    (upstream's applyOpPatternsGreedily on one op); whether it was erased."""
    if is_op_trivially_dead(loop):
        loop.erase()
        return True
    rewriter = PatternRewriter()
    for _ in range(10):         # the greedy driver's bound on its iterations
        changed = fold_operation(loop) == []
        for pattern in loop.canonicalization_patterns:
            rewriter.set_insertion_point(loop)
            if loop.parent is not None and pattern(loop, rewriter):
                changed = True
        if not changed or loop.parent is None:
            break
    return loop.parent is None


def affine_for_op_body_skew(loop: AffineForOp, shifts, warn=None) -> tuple:
    """`affineForOpBodySkew`: the body's op i runs `shifts[i]` iterations
    later (shifts, one per op, its terminator included, checked by
    `is_opwise_shift_valid` beforehand).  The loop is replaced by loops over
    the shifted intervals in a sweep over the shifts: a prologue holding the
    least shifted ops, the steady state holding all of them, and an
    epilogue per larger shift; loops of one iteration are promoted.  A loop
    without a constant trip count is left as it is, and so is one of trip
    count 0 (upstream's sweep gives it an epilogue that runs once) or one
    whose largest shift reaches its number of ops (`warn(op, message)`, as
    upstream warns), and one with iter_args (upstream's loops made drop
    them).  Two upstream slips are mended, neither of which the 0/1 shifts
    of -affine-pipeline-data-transfer meet: where two shifts are further
    apart than the trip count, the later group's loop starts at its shift
    (upstream starts it a trip count after the earlier loop's start), and
    a loop ending at shift d ends d steps on (upstream: d, not times the
    step).  Returns the first and the last loop made that were
    not promoted (None for none), which upstream unrolls fully on request
    (`unrollPrologueEpilogue`; -affine-pipeline-data-transfer does not)."""
    body = loop.body
    if len(body.ops) == 1 or loop.inits:
        return None, None
    trip_count = composed_constant_trip_count(loop)
    if not trip_count:
        return None, None
    step = loop.step
    max_shift = max(shifts)
    if max_shift >= len(shifts):
        if warn is not None:
            warn(loop, "not shifting because shifts are unrealistically large")
        return None, None
    sorted_groups: list = [[] for _ in range(max_shift + 1)]
    for op, shift in zip(body.ops[:-1], shifts):
        sorted_groups[shift].append(op)
    orig_lb = loop.lower_bound_map
    prologue = epilogue = None
    queue: list = []
    lb_shift = 0
    for d, group in enumerate(sorted_groups):
        if not group:
            continue
        if queue:
            # The queued groups run alone over [lb_shift, min(lb_shift + trip count, d)).
            if lb_shift + trip_count * step < d * step:
                made = _generate_shifted_loop(_shifted_map(orig_lb, lb_shift),
                                              _shifted_map(orig_lb, lb_shift + trip_count * step),
                                              queue, 0, loop)
                queue = []
                # Group d starts its own interval at d (upstream goes on from
                # lb_shift + trip count, running it before its first iteration).
                lb_shift = d * step
            else:
                # Up to d steps (upstream ends at d, which with a step above
                # 1 drops iterations when d > 1).
                made = _generate_shifted_loop(_shifted_map(orig_lb, lb_shift),
                                              _shifted_map(orig_lb, d * step), queue, 0, loop)
                lb_shift = d * step
            if made is not None and not _simplify_loop(made):
                prologue = made if prologue is None else prologue
                epilogue = made
        else:
            lb_shift = d * step
        queue.append((d, group))
    # The groups left in the queue finish in turn (first in, first out).
    for i in range(len(queue)):
        ub_shift = (queue[i][0] + trip_count) * step
        epilogue = _generate_shifted_loop(_shifted_map(orig_lb, lb_shift),
                                          _shifted_map(orig_lb, ub_shift), queue, i, loop)
        lb_shift = ub_shift
        prologue = epilogue if prologue is None else prologue
    loop.erase()
    return prologue, epilogue


def statement_places(statements, line_offset: int = 0) -> str:
    """`S0 = the store at 8:9 (i0 = %i, i1 = %j); ...`: each statement of
    the schedule by the place of its store in the input (whose chunk starts
    after `line_offset` lines), or the file location of a store with
    `loc(...)`, and its dimensions by the loops they were."""
    parts = []
    for statement in statements:
        store = statement.ops[-1]
        pos = store.pos
        if pos.__class__ is not tuple:
            place = pos.file_position()
            pos = place if place is None else f"{place[0]}:{place[1]}:{place[2]}"
        elif pos:
            pos = f"{pos[0] + line_offset}:{pos[1]}"
        dims = ", ".join(f"{dim} = {loop_name(loop)}"
                         for dim, loop in zip(statement.dim_names, statement.loops))
        parts.append(f"{statement.name} = the {store.op_name} at {pos} ({dims})")
    return "; ".join(parts)
