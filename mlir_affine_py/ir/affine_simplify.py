"""simplifyAffineExpr and simplifyAffineMap (mlir/lib/IR/AffineExpr.cpp,
AffineMap.cpp) over dims and symbols: a pure affine expression is flattened
(affine_flattener.py, SimpleAffineExprFlattener) into a sum of coefficient
times dim, symbol and local division, then rebuilt as
`getAffineExprFromFlatForm` does (dims, symbols, locals, constant), which
is the normal form canonicalization prints.

Two treatments of semi-affine expressions (a product of two non-constants,
a division by one) are in use, and each pass keeps the one it prints with:
`simplify_affine_expr` leaves such an expression as it is (the affine
dialect's canonicalization, -simplify-affine-structures), while
`simplify_expr_with_semi_affine_parts` flattens it with each semi-affine part
as one opaque term, as upstream's flattener keeps such a part in a local
(the folds of the loop passes).
"""

from __future__ import annotations

from .affine_expr import AffineBinaryOpExpr, AffineConstantExpr, get_affine_binary_op_expr
from .affine_expr import dim as affine_dim
from .affine_expr import symbol as affine_symbol
from .affine_flattener import CONST, AffineFlattener, NotAffine
from .affine_flattener import simplify_affine_expr as simplify_over_columns
from .affine_map import AffineMap


def simplify_affine_expr(expr, num_dims: int, num_symbols: int):
    """mlir::simplifyAffineExpr for pure affine expressions; others as
    they are."""
    try:
        return simplify_over_columns(expr, list(range(num_dims + num_symbols)), num_dims)
    except NotAffine:
        return expr


def simplify_affine_map(amap: AffineMap) -> AffineMap:
    """mlir::simplifyAffineMap: each result simplified."""
    return AffineMap.get(amap.num_dims, amap.num_symbols,
                         [simplify_affine_expr(e, amap.num_dims, amap.num_symbols)
                          for e in amap.results])


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


def simplify_expr_with_semi_affine_parts(expr, num_dims: int, num_symbols: int):
    """simplifyAffineExpr.  A semi-affine expression is flattened with each
    of its semi-affine parts (a product of two non-constants, a division or
    modulo by a non-constant, each rebuilt from its simplified operands) as
    one opaque term after the symbols, as upstream's flattener keeps such a
    part in a local; it stays as it is when that changes nothing."""
    if expr.is_pure_affine():
        return simplify_over_columns(expr, list(range(num_dims + num_symbols)), num_dims)
    opaque: list = []

    def hide(e):
        if not isinstance(e, AffineBinaryOpExpr) or e.is_pure_affine():
            return e
        lhs, rhs = e.lhs, e.rhs
        if e.kind == "add" or isinstance(rhs, AffineConstantExpr) or (
                e.kind == "mul" and isinstance(lhs, AffineConstantExpr)):
            return get_affine_binary_op_expr(e.kind, hide(lhs), hide(rhs))
        part = get_affine_binary_op_expr(
            e.kind, simplify_expr_with_semi_affine_parts(lhs, num_dims, num_symbols),
            simplify_expr_with_semi_affine_parts(rhs, num_dims, num_symbols))
        if part not in opaque:
            opaque.append(part)
        return affine_symbol(num_symbols + opaque.index(part))

    hidden = hide(expr)
    flat = simplify_over_columns(hidden, list(range(num_dims + num_symbols + len(opaque))),
                                 num_dims)
    return flat.replace_dims_and_symbols(
        [affine_dim(i) for i in range(num_dims)],
        [affine_symbol(i) for i in range(num_symbols)] + opaque)


def simplify_affine_map_with_semi_affine_parts(map: AffineMap) -> AffineMap:
    """simplifyAffineMap: each result flattened and rebuilt, semi-affine
    parts kept as opaque terms."""
    return AffineMap(map.num_dims, map.num_symbols, tuple(
        simplify_expr_with_semi_affine_parts(e, map.num_dims, map.num_symbols)
        for e in map.results))
