"""simplifyAffineExpr and simplifyAffineMap (mlir/lib/IR/AffineExpr.cpp,
AffineMap.cpp) over dims and symbols.

A pure affine expression is flattened (affine_flattener.py,
SimpleAffineExprFlattener) into a sum of coefficient times dim, symbol and
local division, then rebuilt as `getAffineExprFromFlatForm` does (dims,
symbols, locals, constant), which is the normal form canonicalization
prints.  A semi-affine one (a product of two non-constants, a division or
mod by one) goes through `simplifySemiAffine` first (a mod or division whose
divisor is a symbol dividing its dividend, or a mod of `x - x mod q` by q);
then each semi-affine part is a local of its own, and the expression is
rebuilt in `getSemiAffineExprFromFlatForm`'s order, or left as it is when
the plain rebuild gives it back.
"""

from __future__ import annotations

from .affine_expr import (ADD, MOD, MUL, AffineBinaryOpExpr,
                          AffineConstantExpr, AffineDimExpr, AffineSymbolExpr, constant,
                          get_affine_binary_op_expr)
from .affine_flattener import CONST, AffineFlattener, NotAffine, SemiAffineFlattener
from .affine_flattener import simplify_affine_expr as simplify_over_columns
from .affine_map import AffineMap


# Expressions are interned and immutable (affine_expr.py), so a result
# once computed holds for good; canonicalization asks the same again and
# again (each pattern application simplifies its op's whole map).
_SIMPLIFIED: dict = {}


def simplify_affine_expr(expr, num_dims: int, num_symbols: int):
    """mlir::simplifyAffineExpr.  An expression with a mod or division by a
    non-positive constant (poison upstream) comes back as it is (after
    `simplifySemiAffine` when semi-affine)."""
    key = (expr, num_dims, num_symbols)
    found = _SIMPLIFIED.get(key)
    if found is None:
        found = _SIMPLIFIED[key] = _simplify(expr, num_dims, num_symbols)
    return found


def _simplify(expr, num_dims: int, num_symbols: int):
    columns = list(range(num_dims + num_symbols))
    if not expr.is_pure_affine():
        expr = simplify_semi_affine(expr, num_dims, num_symbols)
    if expr.is_pure_affine():
        try:
            return simplify_over_columns(expr, columns, num_dims)
        except NotAffine:
            return expr
    flattener = SemiAffineFlattener(columns, num_dims)
    try:
        flat = flattener.flatten(expr)
    except NotAffine:
        return expr
    if flattener.rebuild(flat) is expr:
        return expr
    return flattener.rebuild_semi_affine(flat)


_SIMPLIFIED_MAPS: dict = {}


def simplify_affine_map(amap: AffineMap) -> AffineMap:
    """mlir::simplifyAffineMap: each result simplified (kept per map, as
    expressions are: maps are immutable and compare by their parts)."""
    found = _SIMPLIFIED_MAPS.get(amap)
    if found is None:
        results = [simplify_affine_expr(e, amap.num_dims, amap.num_symbols)
                   for e in amap.results]
        found = amap if all(a is b for a, b in zip(results, amap.results)) else \
            AffineMap.get(amap.num_dims, amap.num_symbols, results)
        _SIMPLIFIED_MAPS[amap] = found
    return found


# --- simplifySemiAffine (AffineExpr.cpp) -------------------------------------

def _divisible_by_symbol(expr, position: int, kind: str, from_mul: bool = False) -> bool:
    """`canSimplifyDivisionBySymbol`: whether a mod or division of `kind` by
    symbol `position` can be taken into `expr`."""
    if isinstance(expr, AffineConstantExpr):
        return expr.value == 0
    if isinstance(expr, AffineDimExpr):
        return False
    if isinstance(expr, AffineSymbolExpr):
        return expr.position == position
    if expr.kind is ADD:
        return _divisible_by_symbol(expr.lhs, position, kind) and \
            _divisible_by_symbol(expr.rhs, position, kind)
    if expr.kind is MOD:
        # A mod of multiples is not always a multiple for a division.
        return _divisible_by_symbol(expr.lhs, position, MOD) and \
            _divisible_by_symbol(expr.rhs, position, MOD)
    if expr.kind is MUL:
        return _divisible_by_symbol(expr.lhs, position, kind, True) or \
            _divisible_by_symbol(expr.rhs, position, kind, True)
    # (a floordiv b) floordiv s is (a floordiv s) floordiv b, likewise for
    # ceildiv; not for a mix of the two, nor for a quotient that is a factor:
    # ((s0 * 2) ceildiv 4) * 5 is no multiple of s0 (llvm issue 107508).
    return kind is expr.kind and not from_mul and \
        _divisible_by_symbol(expr.lhs, position, expr.kind)


def _symbolic_divide(expr, position: int, kind: str):
    """`symbolicDivide`: `expr` divided by symbol `position`, or None."""
    if isinstance(expr, AffineConstantExpr):
        return constant(0) if expr.value == 0 else None
    if isinstance(expr, AffineDimExpr):
        return None
    if isinstance(expr, AffineSymbolExpr):
        return constant(1)
    if expr.kind is ADD or expr.kind is MOD:
        inner = kind if expr.kind is ADD else MOD
        lhs = _symbolic_divide(expr.lhs, position, inner)
        rhs = _symbolic_divide(expr.rhs, position, inner)
        return None if lhs is None or rhs is None else \
            get_affine_binary_op_expr(expr.kind, lhs, rhs)
    if expr.kind is MUL:
        if not _divisible_by_symbol(expr.lhs, position, kind):
            rhs = _symbolic_divide(expr.rhs, position, kind)
            return None if rhs is None else expr.lhs * rhs
        lhs = _symbolic_divide(expr.lhs, position, kind)
        return None if lhs is None else lhs * expr.rhs
    lhs = _symbolic_divide(expr.lhs, position, expr.kind)
    return None if lhs is None else get_affine_binary_op_expr(expr.kind, lhs, expr.rhs)


def _summands(expr, out: list) -> list:
    """`getSummandExprs`: the operands of a (nested) addition."""
    if isinstance(expr, AffineBinaryOpExpr) and expr.kind is ADD:
        _summands(expr.lhs, out)
        _summands(expr.rhs, out)
    else:
        out.append(expr)
    return out


def _negated(expr):
    """`isNegatedAffineExpr`: x for `x * -1` (or `-1 * x`), else None."""
    if not isinstance(expr, AffineBinaryOpExpr) or expr.kind is not MUL:
        return None
    for factor, other in ((expr.lhs, expr.rhs), (expr.rhs, expr.lhs)):
        if isinstance(factor, AffineConstantExpr) and factor.value == -1:
            return other
    return None


def _is_mod_of_mod_subtraction(lhs, rhs, num_dims: int, num_symbols: int) -> bool:
    """`isModOfModSubtraction`: `lhs mod rhs` is 0 because lhs is
    `x - x mod rhs` (the shape loop peeling leaves: `(ub - ub mod step) mod
    step`)."""
    summands = _summands(lhs, [])
    for i, current in enumerate(summands):
        inner = _negated(current)
        if not isinstance(inner, AffineBinaryOpExpr) or inner.kind is not MOD \
                or inner.rhs is not rhs:
            continue
        diff = constant(0)
        for j, summand in enumerate(summands):
            if i != j:
                diff = diff + summand
        diff = simplify_affine_expr(diff - inner.lhs, num_dims, num_symbols)
        if isinstance(diff, AffineConstantExpr) and diff.value == 0:
            return True
    return False


def simplify_semi_affine(expr, num_dims: int, num_symbols: int):
    """`simplifySemiAffine`: a mod, floordiv or ceildiv whose divisor
    simplifies to a symbol dividing its dividend becomes 0 or the symbolic
    quotient, a mod of a mod subtraction 0; everything else is rebuilt from
    its simplified operands."""
    if not isinstance(expr, AffineBinaryOpExpr):
        return expr
    kind = expr.kind
    lhs = simplify_semi_affine(expr.lhs, num_dims, num_symbols)
    rhs = simplify_semi_affine(expr.rhs, num_dims, num_symbols)
    if kind is ADD or kind is MUL:
        return get_affine_binary_op_expr(kind, lhs, rhs)
    if _is_mod_of_mod_subtraction(lhs, rhs, num_dims, num_symbols):
        return constant(0)
    # Divisibility is asked of the operand as it was, the quotient taken of
    # the simplified one, as upstream does.
    if not isinstance(rhs, AffineSymbolExpr) or \
            not _divisible_by_symbol(expr.lhs, rhs.position, kind):
        return get_affine_binary_op_expr(kind, lhs, rhs)
    if kind is MOD:
        return constant(0)
    quotient = _symbolic_divide(lhs, rhs.position, kind)
    return quotient if quotient is not None else get_affine_binary_op_expr(kind, lhs, rhs)


def flat_form(expr, num_dims: int, num_symbols: int) -> list | None:
    """The coefficients of `expr` over dims, symbols and the constant, or
    None when it is semi-affine or needs a local division."""
    flattener = AffineFlattener(list(range(num_dims + num_symbols)), num_dims)
    try:
        flat = flattener.flatten(expr)
    except NotAffine:
        return None
    if flattener.locals:
        return None
    return [flat.get(column, 0) for column in range(num_dims + num_symbols)] \
        + [flat.get(CONST, 0)]
