"""simplifyAffineExpr and simplifyAffineMap (mlir/lib/IR/AffineExpr.cpp,
AffineMap.cpp): a pure affine expression is flattened into a sum of
coefficient times dim, symbol and local division, then rebuilt as
`getAffineExprFromFlatForm` does (dims, symbols, locals, constant), which
is the normal form canonicalization prints.

Flattening follows SimpleAffineExprFlattener: `e mod c` becomes
`e - c * (e floordiv c)`, a division cancels the GCD of its dividend and
divisor and, unless the divisor became 1, is a local standing for the
simplified division (equal divisions share one).  Semi-affine expressions
(a product of two non-constants, a division by one) are left as they are.
"""

from __future__ import annotations

from math import gcd

from .affine_expr import (
    AffineBinaryOpExpr,
    AffineConstantExpr,
    AffineDimExpr,
    constant,
    dim,
    symbol,
)
from .affine_map import AffineMap


class _Flattener:
    """Rows are lists: one coefficient per dim, symbol and local, then the
    constant; a new local widens every row kept so far."""

    def __init__(self, num_dims: int, num_symbols: int):
        self.num_inputs = num_dims + num_symbols
        self.num_dims = num_dims
        self.local_exprs: list = []

    def width(self) -> int:
        return self.num_inputs + len(self.local_exprs) + 1

    def widen(self, row: list) -> list:
        return row[:-1] + [0] * (self.width() - len(row)) + row[-1:]

    def flatten(self, expr) -> list | None:
        if isinstance(expr, AffineConstantExpr):
            row = [0] * self.width()
            row[-1] = expr.value
            return row
        if not isinstance(expr, AffineBinaryOpExpr):
            row = [0] * self.width()
            position = expr.position + (0 if isinstance(expr, AffineDimExpr) else self.num_dims)
            row[position] = 1
            return row
        lhs = self.flatten(expr.lhs)
        if lhs is None:
            return None
        rhs = self.flatten(expr.rhs)
        if rhs is None:
            return None
        lhs, rhs = self.widen(lhs), self.widen(rhs)
        if expr.kind == "add":
            return [a + b for a, b in zip(lhs, rhs)]
        if any(rhs[:-1]):
            return None             # semi-affine
        factor = rhs[-1]
        if expr.kind == "mul":
            return [a * factor for a in lhs]
        if factor <= 0:
            return None
        if expr.kind == "mod":
            return self.mod(lhs, factor)
        return self.div(lhs, factor, expr.kind == "ceildiv")

    def rebuild(self, row: list):
        """getAffineExprFromFlatForm."""
        expr = constant(0)
        for j in range(self.num_inputs):
            if row[j]:
                leaf = dim(j) if j < self.num_dims else symbol(j - self.num_dims)
                expr = expr + leaf * row[j]
        for j, local in enumerate(self.local_exprs):
            coefficient = row[self.num_inputs + j] if self.num_inputs + j < len(row) - 1 else 0
            if coefficient:
                expr = expr + local * coefficient
        if row[-1]:
            expr = expr + row[-1]
        return expr

    def local(self, division) -> tuple[int, bool]:
        """The index of the local for `division`, and whether it is new."""
        for index, known in enumerate(self.local_exprs):
            if known == division:
                return index, False
        self.local_exprs.append(division)
        return len(self.local_exprs) - 1, True

    def mod(self, lhs: list, modulus: int) -> list:
        if all(value % modulus == 0 for value in lhs):
            return [0] * len(lhs)
        common = modulus
        for value in lhs:
            common = gcd(common, abs(value))
        dividend = [value // common for value in lhs]
        quotient = self.rebuild(dividend).floordiv(constant(modulus // common))
        index, _ = self.local(quotient)
        out = self.widen(lhs)
        out[self.num_inputs + index] -= modulus
        return out

    def div(self, lhs: list, divisor: int, ceil: bool) -> list:
        common = divisor
        for value in lhs:
            common = gcd(common, abs(value))
        lhs = [value // common for value in lhs]
        divisor //= common
        if divisor == 1:
            return lhs
        numerator = self.rebuild(lhs)
        division = (numerator.ceildiv(constant(divisor)) if ceil
                    else numerator.floordiv(constant(divisor)))
        index, _ = self.local(division)
        out = [0] * self.width()
        out[self.num_inputs + index] = 1
        return out


def simplify_affine_expr(expr, num_dims: int, num_symbols: int):
    """mlir::simplifyAffineExpr for pure affine expressions; others as
    they are."""
    flattener = _Flattener(num_dims, num_symbols)
    row = flattener.flatten(expr)
    if row is None:
        return expr
    return flattener.rebuild(flattener.widen(row))


def simplify_affine_map(amap: AffineMap) -> AffineMap:
    """mlir::simplifyAffineMap: each result simplified."""
    return AffineMap.get(amap.num_dims, amap.num_symbols,
                         [simplify_affine_expr(e, amap.num_dims, amap.num_symbols)
                          for e in amap.results])


def flat_form(expr, num_dims: int, num_symbols: int) -> list | None:
    """The coefficients of `expr` over dims, symbols and the constant, or
    None when it is semi-affine or needs a local division."""
    flattener = _Flattener(num_dims, num_symbols)
    row = flattener.flatten(expr)
    if row is None or flattener.local_exprs:
        return None
    return row
