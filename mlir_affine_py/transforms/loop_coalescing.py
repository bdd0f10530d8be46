"""`-affine-loop-coalescing`: mlir/lib/Dialect/Affine/Transforms/
LoopCoalescing.cpp, with `coalescePerfectlyNestedAffineLoops` and
`coalesceLoops` of Dialect/Affine/Utils/LoopUtils.cpp for affine.for
nests; scf.for nests are coalesced as upstream's SCF utilities do
(scf_coalescing.py has that contract).

Each affine.for of the function (outer first) heads a perfect nest; from
the innermost loop up, the longest band whose bounds are all defined above
its first loop is coalesced, when all its loops run from 0 by step 1:

- before the band, an affine.apply (an affine.min for a min bound) of each
  loop's upper bound and a running
  product of them (`(d0)[s0] -> (d0 * s0)`); the outer loop runs to the
  product;
- at the top of its body, from the innermost loop out, the old IVs: the
  running quotient `(d0)[s0] -> (d0 floordiv s0)` by each inner range and
  its remainder `(d0)[s0] -> (d0 mod s0)` by the loop's own;
- the innermost body takes the second loop's place.
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp, AffineForOp, AffineMinOp
from ..dialects.scf import ForOp
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..passes import Pass
from .loop_utils import get_perfectly_nested_loops, set_loop_bound
from .scf_coalescing import coalesce_perfectly_nested_scf_loops, defined_above

PRODUCT = AffineMap(1, 1, (affine_dim(0) * affine_symbol(0),))
QUOTIENT = AffineMap(1, 1, (affine_dim(0).floordiv(affine_symbol(0)),))
REMAINDER = AffineMap(1, 1, (affine_dim(0) % affine_symbol(0),))


class AffineLoopCoalescing(Pass):
    """Coalesce the affine.for bands of the function (the module's
    docstring has the contract)."""

    argument = "affine-loop-coalescing"
    summary = "Coalesce nested loops with independent bounds into a single loop"
    pass_name = "LoopCoalescing"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        for loop in op.walk():
            if loop.parent is None:
                continue
            if isinstance(loop, AffineForOp):
                coalesce_perfectly_nested_loops(loop)
            elif isinstance(loop, ForOp):
                coalesce_perfectly_nested_scf_loops(loop)


def coalesce_perfectly_nested_loops(root: AffineForOp) -> bool:
    loops = get_perfectly_nested_loops(root)
    if len(loops) <= 1:
        return True
    above = []
    for i, loop in enumerate(loops):
        above.append(next((j for j in range(i) if defined_above(loop.operands, loops[j])), i))
    done = False
    end = len(loops)
    while end > 0:
        start = 0
        while start < end - 1:
            if max(above[start:end]) > start:
                start += 1
                continue
            if coalesce_loops(loops[start:end]):
                done = True
            break
        if start != end - 1:
            end = start + 1
        end -= 1
    return done


def _insert_before(anchor, op):
    block = anchor.parent
    block.insert(block.ops.index(anchor), op)
    op.pos = anchor.pos
    return op.results[0]


def _upper_bound_value(anchor, loop):
    map, operands = loop.upper_bound_map, list(loop.upper_bound_operands)
    cls = AffineMinOp if len(map.results) != 1 else AffineApplyOp
    return _insert_before(anchor, cls.build(map, operands))


def coalesce_loops(loops) -> bool:
    """`coalesceLoops`: whether the band was coalesced."""
    if len(loops) < 2:
        return True
    for loop in loops:
        lb = loop.lower_bound_map
        if loop.step != 1 or not lb.is_single_constant() or lb.get_single_constant_result() != 0:
            return False
    outermost, innermost = loops[0], loops[-1]
    previous = _upper_bound_value(outermost, outermost)
    bounds = [previous]
    for loop in loops[1:]:
        bound = _upper_bound_value(outermost, loop)
        bounds.append(bound)
        previous = _insert_before(outermost, AffineApplyOp.build(PRODUCT, [previous, bound]))
    set_loop_bound(outermost, False, AffineMap(0, 1, (affine_symbol(0),)), [previous])
    body = outermost.body
    at = 0
    previous = outermost.induction_var
    inner_region = innermost.regions[0]
    for idx in range(len(loops), 0, -1):
        if idx != len(loops):
            quotient = AffineApplyOp.build(QUOTIENT, [previous, bounds[idx]])
            quotient.pos = outermost.pos
            body.insert(at, quotient)
            at += 1
            previous = quotient.results[0]
        if idx == 1:
            value = previous
        else:
            remainder = AffineApplyOp.build(REMAINDER, [previous, bounds[idx - 1]])
            remainder.pos = outermost.pos
            body.insert(at, remainder)
            at += 1
            value = remainder.results[0]
        iv = loops[idx - 1].induction_var
        for user, index in list(iv.uses):
            if _in_region(user, inner_region):
                user.set_operand(index, value)
    second = loops[1]
    inner_body = innermost.body
    inner_body.ops[-1].erase()
    block = second.parent
    where = block.ops.index(second)
    for op in list(inner_body.ops):
        inner_body.ops.remove(op)
        block.insert(where, op)
        where += 1
    for arg, init in zip(second.body.args[1:], second.inits):
        arg.replace_all_uses_with(init)
    second.erase()
    return True


def _in_region(op, region) -> bool:
    while op is not None:
        if op.parent is not None and op.parent.parent is region:
            return True
        op = op.parent_op
    return False
