"""Flattening of affine expressions into linear rows with local variables.

A port, by behaviour, of `SimpleAffineExprFlattener` (mlir/lib/IR/AffineExpr.cpp)
with the constraints `AffineExprFlattener` records for its local variables
(AffineStructures.cpp, `IntegerRelation::addLocalFloorDiv`): every mod,
floordiv and ceildiv by a constant introduces a local q with
`divisor*q <= dividend <= divisor*q + divisor - 1`, after cancelling the GCD of
dividend and divisor, and identical divisions share one local.  The order in
which locals and their constraints are created matches upstream, because the
projection that later consumes them is order sensitive.

Rows are dicts from column keys to coefficients, the constant under `CONST`,
so callers can place columns in whatever order the relation needs.
`SemiAffineFlattener` flattens semi-affine expressions too, each product of
non-constants and each division or mod by one a local of its own, and
rebuilds them in upstream's order of terms.
`affine_simplify.py` gives simplifyAffineExpr and simplifyAffineMap over
dims and symbols from it; `analysis/affine_flattener.py` composes the
affine.apply ops feeding an access before it is flattened.
"""

from __future__ import annotations

from math import gcd

from .affine_expr import (AffineBinaryOpExpr, AffineConstantExpr, AffineDimExpr,
                          AffineSymbolExpr, constant, dim, get_affine_binary_op_expr, symbol)

CONST = "const"


class NotAffine(Exception):
    """The access or domain cannot be expressed exactly (semi-affine maps,
    ops the analysis does not model); callers treat it as 'unknown'."""


class LocalVar:
    """An existentially quantified column (a division or a projected dim)."""

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return self.name


def _scaled(row: dict, factor: int) -> dict:
    return {k: v * factor for k, v in row.items() if v * factor != 0}


def div_lower_bound(dividend: dict, divisor: int, local) -> dict:
    """`getDivLowerBound`: divisor*q - dividend + divisor - 1 >= 0."""
    row = _scaled(dividend, -1)
    row[local] = divisor
    row[CONST] = row.get(CONST, 0) + divisor - 1
    return row


def div_upper_bound(dividend: dict, divisor: int, local) -> dict:
    """`getDivUpperBound`: dividend - divisor*q >= 0."""
    row = dict(dividend)
    row[local] = -divisor
    return row


class AffineFlattener:
    """Flattens expressions whose dim k is the column key `columns[k]` and
    symbol k is `columns[num_dims + k]`.

    `locals` lists the locals in creation order, `local_ineqs` their two
    constraints each (lower bound first) and `reprs` the division each one
    stands for, as (dividend row, divisor).  Like upstream, a local is
    identified by the simplified expression rebuilt from its flat form, so
    divisions that simplify alike share one."""

    def __init__(self, columns: list, num_dims: int | None = None):
        self.columns = columns
        self.num_dims = len(columns) if num_dims is None else num_dims
        self.locals: list = []
        self.local_ineqs: list = []
        self.reprs: dict = {}
        self._exprs: dict = {}
        self._by_expr: dict = {}

    def flatten(self, expr) -> dict:
        if isinstance(expr, AffineConstantExpr):
            return {CONST: expr.value} if expr.value else {}
        if isinstance(expr, AffineDimExpr):
            return {self.columns[expr.position]: 1}
        if isinstance(expr, AffineSymbolExpr):
            return {self.columns[self.num_dims + expr.position]: 1}
        assert isinstance(expr, AffineBinaryOpExpr)
        lhs = self.flatten(expr.lhs)
        rhs = self.flatten(expr.rhs)
        if expr.kind == "add":
            out = dict(lhs)
            for k, v in rhs.items():
                out[k] = out.get(k, 0) + v
            return {k: v for k, v in out.items() if v}
        if not isinstance(expr.rhs, AffineConstantExpr):
            raise NotAffine("semi-affine expression")
        factor = expr.rhs.value
        if expr.kind == "mul":
            return _scaled(lhs, factor)
        if factor <= 0:
            raise NotAffine("division by a non-positive constant")
        if expr.kind == "mod":
            return self._mod(lhs, factor)
        return self._div(lhs, factor, ceil=expr.kind == "ceildiv")

    def _mod(self, lhs: dict, modulus: int) -> dict:
        """`visitModExpr`: expr mod c = expr - c * (expr floordiv c)."""
        if all(v % modulus == 0 for v in lhs.values()):
            return {}
        common = modulus
        for v in lhs.values():
            common = gcd(common, v)
        dividend = {k: v // common for k, v in lhs.items()}
        divisor = modulus // common
        quotient = self._local(self.rebuild(dividend).floordiv(constant(divisor)),
                               dividend, divisor)
        out = dict(lhs)
        out[quotient] = -modulus
        return out

    def _div(self, lhs: dict, divisor: int, ceil: bool) -> dict:
        """`visitDivExpr`: cancel the GCD, then a local for the quotient
        (ceildiv as the floordiv of dividend + divisor - 1)."""
        common = divisor
        for v in lhs.values():
            common = gcd(common, v)
        lhs = {k: v // common for k, v in lhs.items()}
        divisor //= common
        if divisor == 1:
            return lhs
        dividend = dict(lhs)
        if ceil:
            dividend[CONST] = dividend.get(CONST, 0) + divisor - 1
            dividend = {k: v for k, v in dividend.items() if v}
        rebuilt = self.rebuild(lhs)
        local_expr = rebuilt.ceildiv(constant(divisor)) if ceil else \
            rebuilt.floordiv(constant(divisor))
        return {self._local(local_expr, dividend, divisor): 1}

    def _local(self, local_expr, dividend: dict, divisor: int):
        """The local for a division, shared between divisions with the same
        expression (`findLocalId`), created with its two constraints
        otherwise."""
        local = self._by_expr.get(local_expr)
        if local is None:
            local = self._new_local(local_expr)
            self.reprs[local] = (dividend, divisor)
            self.local_ineqs.append(div_lower_bound(dividend, divisor, local))
            self.local_ineqs.append(div_upper_bound(dividend, divisor, local))
        return local

    def _new_local(self, local_expr) -> LocalVar:
        local = LocalVar(f"q{len(self.locals)}")
        self._by_expr[local_expr] = local
        self._exprs[local] = local_expr
        self.locals.append(local)
        return local

    def rebuild(self, flat: dict):
        """`getAffineExprFromFlatForm`: dims, then symbols, then locals (as
        their expressions), then the constant, summed through the
        simplifying constructors."""
        expr = constant(0)
        for position, key in enumerate(self.columns):
            if flat.get(key, 0):
                term = dim(position) if position < self.num_dims else \
                    symbol(position - self.num_dims)
                expr = expr + term * flat[key]
        for local in self.locals:
            if flat.get(local, 0):
                expr = expr + self._exprs[local] * flat[local]
        if flat.get(CONST, 0):
            expr = expr + flat[CONST]
        return expr


class SemiAffineFlattener(AffineFlattener):
    """`SimpleAffineExprFlattener` on semi-affine expressions: a product of
    two non-constants, or a mod or division by a non-constant, becomes a
    local standing for that part, its operands rebuilt from their flat
    forms (`addLocalVariableSemiAffine`); equal parts share a local.  Such a
    local has no constraints."""

    def flatten(self, expr) -> dict:
        if isinstance(expr, AffineBinaryOpExpr) and expr.kind != "add" \
                and not isinstance(expr.rhs, AffineConstantExpr):
            lhs = self.rebuild(self.flatten(expr.lhs))
            rhs = self.rebuild(self.flatten(expr.rhs))
            part = get_affine_binary_op_expr(expr.kind, lhs, rhs)
            local = self._by_expr.get(part)
            return {(local if local is not None else self._new_local(part)): 1}
        return super().flatten(expr)

    def rebuild_semi_affine(self, flat: dict):
        """`getSemiAffineExprFromFlatForm`: the terms sorted by MLIR's keys
        (a dim's position and a running negative offset, counted on from the
        parts `dim op constant`, so that a dim comes before them; a symbol's
        position and a running offset past the dims and symbols; a part
        whose operands are a dim or symbol and a dim, symbol or constant
        keyed by them), then the other parts in their order, then the
        constant."""
        num_dims = self.num_dims
        num_symbols = len(self.columns) - num_dims
        widest = max(num_dims, num_symbols)
        keyed: dict = {}
        offset_sym, offset_dim = 0, -1
        for j in range(num_symbols):
            coefficient = flat.get(self.columns[num_dims + j], 0)
            if coefficient:
                keyed[(j, widest + offset_sym)] = (coefficient, symbol(j))
                offset_sym += 1
        placed = set()
        for local in self.locals:
            coefficient = flat.get(local, 0)
            part = self._exprs[local]
            if not coefficient or not isinstance(part, AffineBinaryOpExpr):
                continue
            lhs, rhs = part.lhs, part.rhs
            if not (isinstance(lhs, (AffineDimExpr, AffineSymbolExpr)) and
                    isinstance(rhs, (AffineDimExpr, AffineSymbolExpr, AffineConstantExpr))):
                continue
            if isinstance(rhs, AffineConstantExpr) and isinstance(lhs, AffineDimExpr):
                key = (lhs.position, offset_dim)
                offset_dim -= 1
            elif isinstance(lhs, AffineDimExpr) and not isinstance(rhs, AffineConstantExpr):
                key = (lhs.position, rhs.position)
            else:
                key = (lhs.position, widest + offset_sym)
                offset_sym += 1
            keyed[key] = (coefficient, part)
            placed.add(local)
        for j in range(num_dims):
            coefficient = flat.get(self.columns[j], 0)
            if coefficient:
                keyed[(j, offset_dim)] = (coefficient, dim(j))
                offset_dim -= 1
        expr = constant(0)
        for key in sorted(keyed):
            coefficient, term = keyed[key]
            expr = expr + term * coefficient
        for local in self.locals:
            if flat.get(local, 0) and local not in placed:
                expr = expr + self._exprs[local] * flat[local]
        if flat.get(CONST, 0):
            expr = expr + flat[CONST]
        return expr


def simplify_affine_expr(expr, columns: list, num_dims: int):
    """`simplifyAffineExpr` of a pure affine expression: flatten, then
    rebuild; the rebuilt tree can simplify further (`(d0 + d1 + d2 * 2) mod 2`
    becomes `(d0 + d1) mod 2`)."""
    flattener = AffineFlattener(columns, num_dims)
    return flattener.rebuild(flattener.flatten(expr))
