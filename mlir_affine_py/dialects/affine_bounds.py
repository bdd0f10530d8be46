"""Affine expressions simplified with what the loops around their operands
tell (mlir/lib/Dialect/Affine/IR/AffineOps.cpp: simplifyExprAndOperands,
simplifyMinOrMaxExprWithOperands; getBoundForAffineExpr): an operand that
is the IV of an affine.for with constant bounds has a constant range and
its loop's step as a divisor, which can make a floordiv, ceildiv or mod
constant or simpler, and a result of a min (max) bound redundant.
"""

from __future__ import annotations

from math import gcd

from ..ir.affine_expr import (
    AffineBinaryOpExpr,
    AffineConstantExpr,
    AffineDimExpr,
    constant,
    get_affine_binary_op_expr,
)
from ..ir.affine_map import AffineMap
from ..ir.affine_simplify import flat_form


def _for_of_iv(value):
    """getForInductionVarOwner: the affine.for whose IV `value` is."""
    owner = getattr(value, "owner", None)
    if owner is None or not hasattr(owner, "args") or value.index != 0:
        return None
    loop = owner.parent_op
    return loop if loop is not None and loop.op_name == "affine.for" else None


def iv_lower_bound(value):
    loop = _for_of_iv(value)
    if loop is not None and loop.lower_bound_map.is_single_constant():
        return loop.lower_bound_map.get_single_constant_result()
    return None


def iv_upper_bound(value):
    """The greatest value the IV takes (inclusive), when constant."""
    loop = _for_of_iv(value)
    if loop is None or not loop.upper_bound_map.is_single_constant():
        return None
    ub = loop.upper_bound_map.get_single_constant_result()
    if loop.lower_bound_map.is_single_constant():
        lb = loop.lower_bound_map.get_single_constant_result()
        return ub - 1 - (ub - lb - 1) % loop.step
    return ub - 1


def _floor(a: int, b: int) -> int:
    return a // b


def _ceil(a: int, b: int) -> int:
    return -((-a) // b)


def bound_for_expr(expr, num_dims: int, num_symbols: int, lows, highs, upper: bool):
    """getBoundForAffineExpr: a constant bound (inclusive) of `expr` from
    the constant bounds of its inputs, or None."""
    kind = getattr(expr, "kind", None)
    if kind in ("floordiv", "ceildiv", "mod"):
        rhs = expr.rhs
        positive = isinstance(rhs, AffineConstantExpr) and rhs.value >= 1
        if kind == "floordiv" or kind == "ceildiv":
            if not positive:
                return None
            bound = bound_for_expr(expr.lhs, num_dims, num_symbols, lows, highs, upper)
            if bound is None:
                return None
            return (_floor if kind == "floordiv" else _ceil)(bound, rhs.value)
        if positive:
            c = rhs.value
            lb = bound_for_expr(expr.lhs, num_dims, num_symbols, lows, highs, False)
            ub = bound_for_expr(expr.lhs, num_dims, num_symbols, lows, highs, True)
            if ub is not None and lb is not None and _floor(lb, c) == _floor(ub, c):
                return ub % c if upper else lb % c
            return c - 1 if upper else 0
    row = flat_form(expr, num_dims, num_symbols)
    if row is None:
        return None
    bound = row[-1]
    for i, coefficient in enumerate(row[:-1]):
        if coefficient:
            known = (highs if (coefficient > 0) == upper else lows)[i]
            if known is None:
                return None
            bound += known * coefficient
    return bound


def _operand_bounds(operands) -> tuple[list, list]:
    return [iv_lower_bound(v) for v in operands], [iv_upper_bound(v) for v in operands]


def _largest_known_divisor(expr, operands) -> int:
    """getLargestKnownDivisor, with a loop IV's step (and lower bound)."""
    divisor = expr.get_largest_known_divisor()
    if not isinstance(expr, AffineDimExpr):
        return divisor
    loop = _for_of_iv(operands[expr.position])
    if loop is None:
        return 1
    lower = loop.lower_bound_map
    if lower.is_single_constant() and lower.get_single_constant_result() == 0:
        return loop.step
    known = 0
    for result in lower.results:
        known = gcd(known, result.get_largest_known_divisor())
    return gcd(known, loop.step) if known else loop.step


def _bounded_by(expr, operands, k: int) -> bool:
    """isNonNegativeBoundedBy: 0 <= expr < k, for a constant or a loop IV."""
    if isinstance(expr, AffineConstantExpr):
        return 0 <= expr.value < k
    if not isinstance(expr, AffineDimExpr):
        return False
    loop = _for_of_iv(operands[expr.position])
    return (loop is not None and loop.lower_bound_map.is_single_constant()
            and loop.lower_bound_map.get_single_constant_result() >= 0
            and loop.upper_bound_map.is_single_constant()
            and loop.upper_bound_map.get_single_constant_result() <= k)


def _q_times_d_plus_r(expr, operands):
    """isQTimesDPlusR: (divisor, multiple part, remainder) or None."""
    if getattr(expr, "kind", None) != "add":
        return None
    for multiple, rest in ((expr.lhs, expr.rhs), (expr.rhs, expr.lhs)):
        divisor = _largest_known_divisor(multiple, operands)
        if _bounded_by(rest, operands, divisor):
            return divisor, multiple, rest
    return None


def simplify_expr_with_operands(expr, num_dims: int, num_symbols: int, operands):
    """simplifyExprAndOperands: floordiv, ceildiv and mod simplified with
    the bounds and steps of the loop IVs among the operands."""
    if not isinstance(expr, AffineBinaryOpExpr):
        return expr
    lhs = simplify_expr_with_operands(expr.lhs, num_dims, num_symbols, operands)
    rhs = simplify_expr_with_operands(expr.rhs, num_dims, num_symbols, operands)
    expr = get_affine_binary_op_expr(expr.kind, lhs, rhs)
    kind = getattr(expr, "kind", None)
    if kind not in ("floordiv", "ceildiv", "mod"):
        return expr
    lhs, rhs = expr.lhs, expr.rhs
    if not isinstance(rhs, AffineConstantExpr) or rhs.value <= 0:
        return expr
    c = rhs.value
    lows, highs = _operand_bounds(operands)
    low = lhs.value if isinstance(lhs, AffineConstantExpr) else \
        bound_for_expr(lhs, num_dims, num_symbols, lows, highs, False)
    high = lhs.value if isinstance(lhs, AffineConstantExpr) else \
        bound_for_expr(lhs, num_dims, num_symbols, lows, highs, True)
    if low is not None and high is not None:
        if kind == "floordiv" and _floor(low, c) == _floor(high, c):
            return constant(_floor(low, c))
        if kind == "ceildiv" and _ceil(low, c) == _ceil(high, c):
            return constant(_ceil(low, c))
        if kind == "mod" and 0 <= low < c and high < c:
            return lhs
    split = _q_times_d_plus_r(lhs, operands)
    if split is not None:
        divisor, multiple, rest = split
        if c % divisor == 0 and kind == "floordiv":
            return multiple.floordiv(rhs)
        if divisor % c == 0 and kind == "mod":
            return rest % rhs
        return expr
    if (kind == "floordiv" and _bounded_by(lhs, operands, c)) or \
            (kind == "mod" and _largest_known_divisor(lhs, operands) % c == 0):
        return constant(0)
    return expr


def simplify_map_with_operands(amap: AffineMap, operands) -> AffineMap:
    return AffineMap.get(amap.num_dims, amap.num_symbols,
                         [simplify_expr_with_operands(e, amap.num_dims, amap.num_symbols,
                                                      operands) for e in amap.results])


def simplify_min_or_max_with_operands(amap: AffineMap, operands, is_max: bool) -> AffineMap:
    """simplifyMinOrMaxExprWithOperands: results that can never be the
    max (min) go, results of one value become constants."""
    if not operands:
        return amap
    lows_in, highs_in = _operand_bounds(operands)
    lows, highs = [], []
    for e in amap.results:
        if isinstance(e, AffineConstantExpr):
            lows.append(e.value)
            highs.append(e.value)
        else:
            lows.append(bound_for_expr(e, amap.num_dims, amap.num_symbols, lows_in, highs_in,
                                       False))
            highs.append(bound_for_expr(e, amap.num_dims, amap.num_symbols, lows_in, highs_in,
                                        True))
    kept = []
    for i, e in enumerate(amap.results):
        if lows[i] is not None and highs[i] is not None and lows[i] == highs[i]:
            e = constant(lows[i])
        mine, others, their_own = (highs, lows, highs) if is_max else (lows, highs, lows)
        if mine[i] is None:
            kept.append(e)
            continue
        redundant = False
        for pos, other in enumerate(others):
            if pos == i or other is None:
                continue
            if (other > mine[i]) if is_max else (other < mine[i]):
                redundant = True
                break
            if (other < mine[i]) if is_max else (other > mine[i]):
                continue
            if (their_own[pos] is not None and lows[i] is not None and lows[i] == highs[i]
                    and other == their_own[pos] and i < pos):
                continue
            redundant = True
            break
        if not redundant:
            kept.append(e)
    return AffineMap.get(amap.num_dims, amap.num_symbols, kept)
