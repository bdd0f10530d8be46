"""Coalescing of scf.for nests for -affine-loop-coalescing:
`coalescePerfectlyNestedSCFForLoops` and `coalesceLoops` of
mlir/lib/Dialect/SCF/Utils/Utils.cpp, on index-typed loops.

A band of perfectly nested scf.for loops whose bounds are defined above
its first loop, and whose iter_args run straight through it (each inner
loop's inits are the outer loop's iter_args, the outer loop yields the
inner loop's results), becomes one loop:

- each loop is normalized: before the band its new bounds, arith.constant
  0 and 1 and the trip count (ub - lb) ceildiv step, folded to a constant
  or an affine.apply composed with the bound's producers; at the top of the
  innermost body, lb + iv * step gives the old IV where that is not the IV
  itself;
- the outer loop runs to the product of the trip counts (each partial
  product folded or composed again, as upstream builds them);
- at the top of its body, affine.delinearize_index of its IV over the trip
  counts gives every loop's IV, and the inner bodies are inlined in turn,
  their yields becoming the inner loops' results.
Index-typed bounds only (upstream's integer-typed path uses arith ops);
a band with another type is left as it is.
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp
from .affine_canonical import compose_affine_map_and_operands
from ..dialects.affine_index import AffineDelinearizeIndexOp
from ..dialects.arith import ConstantOp
from ..dialects.memref import DYNAMIC
from ..dialects.scf import ForOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr, AffineDimExpr, AffineSymbolExpr
from ..ir.affine_expr import constant as affine_constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..ir.matchers import constant_int_value
from ..ir.rewriter import IRRewriter

_S0, _S1, _S2, _D0 = affine_symbol(0), affine_symbol(1), affine_symbol(2), affine_dim(0)
TRIP_COUNT = AffineMap(0, 3, ((_S1 - _S0).ceildiv(_S2),))
DENORMALIZED = AffineMap(1, 2, (_D0 * _S1 + _S0,))
PRODUCT = AffineMap(0, 2, (_S0 * _S1,))


def perfectly_nested_scf_loops(root: ForOp) -> list:
    nest = [root]
    while len(root.body.ops) == 2 and isinstance(root.body.ops[0], ForOp):
        root = root.body.ops[0]
        nest.append(root)
    return nest


def defined_above(values, loop) -> bool:
    """areValuesDefinedAbove: no value is defined inside `loop`."""
    for value in values:
        owner = value.defining_op
        where = owner if owner is not None else value.owner.parent_op
        if where is loop or loop.is_ancestor_of(where):
            return False
    return True


def coalesce_perfectly_nested_scf_loops(root: ForOp) -> bool:
    loops = perfectly_nested_scf_loops(root)
    above = [next((j for j in range(i) if defined_above(loop.operands[:3], loops[j])), i)
             for i, loop in enumerate(loops)]
    chain_start = [0]
    for i in range(1, len(loops)):
        outer, inner = loops[i - 1], loops[i]
        outer_args = outer.body.args[1:]
        chained = (len(outer_args) == len(inner.inits)
                   and all(a is b for a, b in zip(outer_args, inner.inits))
                   and len(outer.body.ops[-1].operands) == len(inner.results)
                   and all(a is b for a, b in zip(outer.body.ops[-1].operands, inner.results)))
        chain_start.append(chain_start[i - 1] if chained else i)
    done = False
    end = len(loops)
    while end > 0:
        start = 0
        while start < end - 1:
            if max(above[start:end]) > start or chain_start[end - 1] > start:
                start += 1
                continue
            done |= coalesce_scf_loops(loops[start:end])
            break
        if start != end - 1:
            end = start + 1
        end -= 1
    return done


def composed_folded_apply(rewriter: IRRewriter, map: AffineMap, operands: list):
    """makeComposedFoldedAffineApply: `operands` ints or values; the result
    an int when it folds to a constant, an operand when it is one, else a
    new affine.apply."""
    dims = [o for o in operands[:map.num_dims] if not isinstance(o, int)]
    syms = [o for o in operands[map.num_dims:] if not isinstance(o, int)]
    counter = {"dim": 0, "sym": 0}

    def replacement(operand, kind, make):
        if isinstance(operand, int):
            return affine_constant(operand)
        counter[kind] += 1
        return make(counter[kind] - 1)

    folded = map.replace_dims_and_symbols(
        [replacement(o, "dim", affine_dim) for o in operands[:map.num_dims]],
        [replacement(o, "sym", affine_symbol) for o in operands[map.num_dims:]],
        len(dims), len(syms))
    values = dims + syms
    folded, values = compose_affine_map_and_operands(folded, values)
    expr = folded.results[0]
    if isinstance(expr, AffineConstantExpr):
        return expr.value
    if isinstance(expr, AffineDimExpr):
        return values[expr.position]
    if isinstance(expr, AffineSymbolExpr):
        return values[folded.num_dims + expr.position]
    return rewriter.create(AffineApplyOp, folded, values).results[0]


def _value(rewriter: IRRewriter, folded):
    """getValueOrCreateConstantIndexOp."""
    if isinstance(folded, int):
        return rewriter.create(ConstantOp, folded, T.INDEX).results[0]
    return folded


def _fold_result(value):
    constant = constant_int_value(value)
    return value if constant is None else constant


def coalesce_scf_loops(loops) -> bool:
    """`coalesceLoops` for a band of scf.for loops: whether it was done."""
    if len(loops) < 2:
        return False
    if any(loop.operands[i].type != T.INDEX for loop in loops for i in range(3)):
        return False
    if any(constant_int_value(loop.operands[2]) == 0 for loop in loops):
        return False
    outermost, innermost = loops[0], loops[-1]
    rewriter = IRRewriter()
    for loop in loops:
        lb, ub, step = loop.operands[:3]
        # Each loop's normalization is at its own location (loop.getLoc()).
        rewriter.set_insertion_point(outermost)
        rewriter.loc = loop.pos
        trip_count = composed_folded_apply(
            rewriter, TRIP_COUNT, [_fold_result(lb), _fold_result(ub), _fold_result(step)])
        loop.set_operand(0, _value(rewriter, 0))
        loop.set_operand(1, _value(rewriter, trip_count))
        loop.set_operand(2, _value(rewriter, 1))
        rewriter.set_insertion_point_to_start(innermost.body)
        rewriter.loc = loop.pos
        iv = loop.induction_var
        old = _value(rewriter, composed_folded_apply(
            rewriter, DENORMALIZED, [iv, _fold_result(lb), _fold_result(step)]))
        if old is not iv:
            for user, index in list(iv.uses):
                if user is not old.defining_op:
                    user.set_operand(index, old)
    rewriter.set_insertion_point(outermost)
    trip_counts = [loop.operands[1] for loop in loops]
    product = 1
    for count in trip_counts:
        product = composed_folded_apply(rewriter, PRODUCT, [product, _fold_result(count)])
    outermost.set_operand(1, _value(rewriter, product))
    rewriter.set_insertion_point_to_start(outermost.body)
    ivs = _delinearize(rewriter, outermost.induction_var, trip_counts)
    delinearize = ivs[0].defining_op
    for user, index in list(outermost.induction_var.uses):
        if user is not delinearize:
            user.set_operand(index, ivs[0])
    for i in range(len(loops) - 1, 0, -1):
        outer, inner = loops[i - 1], loops[i]
        terminator = inner.body.ops[-1]
        inner_args = inner.body.args[1:]
        yielded = []
        for value in terminator.operands:
            if value is inner.induction_var:
                value = ivs[i]
            elif any(value is arg for arg in inner_args):
                value = inner.inits[[id(a) for a in inner_args].index(id(value))]
            yielded.append(value)
        rewriter.erase_op(terminator)
        rewriter.inline_block_before(inner.body, outer.body, outer.body.ops.index(inner),
                                     [ivs[i], *outer.body.args[1:]])
        rewriter.replace_op(inner, yielded)
    return True


def _delinearize(rewriter: IRRewriter, linear, bounds) -> list:
    """affine.delinearize_index of `linear` over `bounds` (constants static)."""
    static = [constant_int_value(b) for b in bounds]
    dynamic = [b for b, c in zip(bounds, static) if c is None]
    static = [DYNAMIC if c is None else c for c in static]
    op = AffineDelinearizeIndexOp([linear, *dynamic], [T.INDEX] * len(bounds),
                                  properties={"static_basis": A.DenseArrayAttr(T.I64, static)})
    return rewriter.insert(op).results
