"""Affine maps and integer sets with their operands in canonical form, as
the folders of the affine ops leave them (mlir/lib/Dialect/Affine/IR/
AffineOps.cpp): `composeAffineMapAndOperands` (operands produced by
affine.apply replaced by the apply's expression), `canonicalizeMapAndOperands`
and `canonicalizeSetAndOperands` (dims that are valid symbols become
symbols, symbols that are not become dims, constant symbols become
constants, duplicate and unused operands go), `simplifyAffineMap`, and the
folds that the affine ops' `fold` methods do with them.

Maps and sets are handled alike: a set is read as the map of its
constraints' left-hand sides and rebuilt with its equality flags.
"""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp
from ..dialects.affine_canonicalize import canonicalize_map_and_operands
from ..ir import attributes as A
from ..ir.affine_expr import constant as affine_constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.affine_simplify import simplify_affine_map
from ..ir.traits import ConstantLike


# canonicalizeMapOrSetAndOperands has its home with the affine ops' folds
# (dialects/affine_canonicalize.py); a set goes through it as it is.
canonicalize_set_and_operands = canonicalize_map_and_operands


def constant_index_of(value) -> int | None:
    """The integer of a value produced by a constant-like op (m_Constant
    with an IntegerAttr), else None."""
    op = value.defining_op
    if op is None or not op.has_trait(ConstantLike):
        return None
    attr = op.properties.get("value")
    if isinstance(attr, A.IntegerAttr) and not isinstance(attr.value, bool):
        return attr.value
    return None


def _replace(map: AffineMap, dims, syms, num_dims: int, num_syms: int) -> AffineMap:
    return AffineMap(num_dims, num_syms,
                     tuple(e.replace_dims_and_symbols(dims, syms) for e in map.results))


def _replace_by_apply(map: AffineMap, position: int, dims: list, syms: list) -> AffineMap:
    """replaceDimOrSym: the dim or symbol at flat `position` replaced by the
    expression of the affine.apply producing it, whose operands join the
    dims and symbols."""
    is_dim = position < len(dims)
    pos = position if is_dim else position - len(dims)
    holder = dims if is_dim else syms
    value = holder[pos]
    if value is None or not isinstance(value.defining_op, AffineApplyOp):
        return map
    apply = value.defining_op
    holder[pos] = None
    inner, inner_operands = canonicalize_map_and_operands(apply.map, list(apply.operands))
    k = inner.num_dims
    shifted = inner.results[0].replace_dims_and_symbols(
        [affine_dim(len(dims) + i) for i in range(k)],
        [affine_symbol(len(syms) + i) for i in range(inner.num_symbols)])
    dims.extend(inner_operands[:k])
    syms.extend(inner_operands[k:])
    target = affine_dim(pos) if is_dim else affine_symbol(pos)
    results = tuple(e.replace({target: shifted}) for e in map.results)
    return AffineMap(len(dims), len(syms), results)


def compose_affine_map_and_operands(map: AffineMap, operands) -> tuple:
    """composeAffineMapAndOperands: one round of replacing the operands
    produced by affine.apply, then canonicalization and simplification."""
    operands = list(operands)
    if not map.results:
        map, operands = canonicalize_map_and_operands(map, operands)
        return simplify_affine_map(map), operands
    dims, syms = operands[:map.num_dims], operands[map.num_dims:]
    position = 0
    while position != len(dims) + len(syms):
        map = _replace_by_apply(map, position, dims, syms)
        position += 1
    # Replaced operands are gone from the expressions: prune their slots.
    dim_repl, sym_repl, operands = [], [], []
    for value in dims:
        dim_repl.append(affine_constant(0) if value is None else affine_dim(len(operands)))
        if value is not None:
            operands.append(value)
    num_dims = len(operands)
    for value in syms:
        sym_repl.append(affine_constant(0) if value is None
                        else affine_symbol(len(operands) - num_dims))
        if value is not None:
            operands.append(value)
    map = _replace(map, dim_repl, sym_repl, num_dims, len(operands) - num_dims)
    map, operands = canonicalize_map_and_operands(map, operands)
    return simplify_affine_map(map), operands


def fully_compose_affine_map_and_operands(map: AffineMap, operands) -> tuple:
    """fullyComposeAffineMapAndOperands: composed until no operand comes
    from an affine.apply."""
    operands = list(operands)
    while any(isinstance(v.defining_op, AffineApplyOp) for v in operands):
        map, operands = compose_affine_map_and_operands(map, operands)
    return map, operands


def set_as_map(iset: IntegerSet) -> AffineMap:
    return AffineMap(iset.num_dims, iset.num_symbols, tuple(iset.constraints))


def map_as_set(map: AffineMap, eq_flags) -> IntegerSet:
    return IntegerSet(map.num_dims, map.num_symbols, tuple(map.results), tuple(eq_flags))


def compose_set_and_operands(iset: IntegerSet, operands) -> tuple:
    """composeSetAndOperands: the constraints composed as a map's results
    (nothing happens when no operand comes from an affine.apply)."""
    operands = list(operands)
    if not any(isinstance(v.defining_op, AffineApplyOp) for v in operands):
        return iset, operands
    map, operands = compose_affine_map_and_operands(set_as_map(iset), operands)
    return map_as_set(map, iset.eq_flags), operands


def constant_fold_results(map: AffineMap, operands) -> list:
    """Per result, its value when the operands it uses are constants
    (AffineExprConstantFolder), else None."""
    known = [constant_index_of(v) for v in operands]
    n = map.num_dims
    values = []
    for expr in map.results:
        needed = [i for i in range(len(known)) if (expr.is_function_of_dim(i) if i < n
                                                   else expr.is_function_of_symbol(i - n))]
        if any(known[i] is None for i in needed):
            values.append(None)
            continue
        given = [k or 0 for k in known]
        try:
            values.append(expr.evaluate(given[:n], given[n:]))
        except (ZeroDivisionError, ArithmeticError):
            values.append(None)
    return values


def value_map_difference(a_map: AffineMap, a_operands, b_map: AffineMap, b_operands) -> tuple:
    """`AffineValueMap::difference`: (map, operands) of a - b, result by
    result, over a's dims, b's dims, a's symbols and b's symbols, composed,
    canonicalized and simplified."""
    a_operands, b_operands = list(a_operands), list(b_operands)
    a_dims, b_dims = a_map.num_dims, b_map.num_dims
    operands = (a_operands[:a_dims] + b_operands[:b_dims] + a_operands[a_dims:]
                + b_operands[b_dims:])
    shifted = [e.shift_dims(b_dims, a_dims).shift_symbols(b_map.num_symbols, a_map.num_symbols)
               for e in b_map.results]
    diff = AffineMap(a_dims + b_dims, a_map.num_symbols + b_map.num_symbols,
                     tuple(a - b for a, b in zip(a_map.results, shifted)))
    diff, operands = fully_compose_affine_map_and_operands(diff, operands)
    diff, operands = canonicalize_map_and_operands(diff, operands)
    return simplify_affine_map(diff), operands
