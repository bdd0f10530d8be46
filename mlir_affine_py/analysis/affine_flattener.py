"""What the dependence analysis flattens: the expression of an access with
the affine.apply ops and constants feeding its operands composed in
(`compose_over_leaves`).  The flattener itself is the IR's
(ir/affine_flattener.py), named here for the analyses that use it."""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir.affine_expr import (AffineBinaryOpExpr, AffineConstantExpr, AffineDimExpr,
                              AffineSymbolExpr, constant, dim, symbol)
from ..ir.affine_flattener import (CONST, AffineFlattener, LocalVar, NotAffine,  # noqa: F401
                                   div_lower_bound, div_upper_bound, simplify_affine_expr)


def compose_over_leaves(expr, operands, num_dims: int, leaves: list):
    """`fullyComposeAffineMapAndOperands` for one result: substitute the
    affine.apply ops (and integer constants) feeding `operands`, leaving an
    expression whose dim k stands for `leaves[k]`.  New leaves are appended
    in the order they are met."""
    replacements = []
    for value in operands:
        op = value.defining_op
        if isinstance(op, AffineApplyOp):
            replacements.append(compose_over_leaves(op.map.results[0], list(op.operands),
                                                    op.map.num_dims, leaves))
        elif isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
            replacements.append(constant(op.value.value))
        else:
            if not any(v is value for v in leaves):
                leaves.append(value)
            replacements.append(dim(next(i for i, v in enumerate(leaves) if v is value)))
    return expr.replace_dims_and_symbols(replacements[:num_dims], replacements[num_dims:])


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
            part = _binary(expr.kind, lhs, rhs)
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


def _divisible_by_symbol(expr, position: int, kind: str) -> bool:
    """`isDivisibleBySymbol`: whether `expr` is a multiple of symbol
    `position` for a division or mod of `kind`."""
    if isinstance(expr, AffineConstantExpr):
        return expr.value == 0
    if isinstance(expr, AffineDimExpr):
        return False
    if isinstance(expr, AffineSymbolExpr):
        return expr.position == position
    if expr.kind == "add":
        return _divisible_by_symbol(expr.lhs, position, kind) and \
            _divisible_by_symbol(expr.rhs, position, kind)
    if expr.kind == "mod":
        # A mod of multiples is not always a multiple for a division.
        return _divisible_by_symbol(expr.lhs, position, "mod") and \
            _divisible_by_symbol(expr.rhs, position, "mod")
    if expr.kind == "mul":
        return _divisible_by_symbol(expr.lhs, position, kind) or \
            _divisible_by_symbol(expr.rhs, position, kind)
    # A quotient is no multiple of the symbol in general: (s0 * 2) ceildiv 4
    # is 1 for s0 = 2 (mlir-opt 22 also leaves upstream's test of it alone).
    return False


def _symbolic_divide(expr, position: int, kind: str):
    """`symbolicDivide`: `expr` divided by symbol `position`, or None."""
    if isinstance(expr, AffineConstantExpr):
        return constant(0) if expr.value == 0 else None
    if isinstance(expr, AffineDimExpr):
        return None
    if isinstance(expr, AffineSymbolExpr):
        return constant(1)
    if expr.kind == "add":
        lhs = _symbolic_divide(expr.lhs, position, kind)
        rhs = _symbolic_divide(expr.rhs, position, kind)
        return None if lhs is None or rhs is None else lhs + rhs
    if expr.kind == "mul":
        if not _divisible_by_symbol(expr.lhs, position, kind):
            rhs = _symbolic_divide(expr.rhs, position, kind)
            return None if rhs is None else expr.lhs * rhs
        lhs = _symbolic_divide(expr.lhs, position, kind)
        return None if lhs is None else lhs * expr.rhs
    if expr.kind in ("floordiv", "ceildiv"):
        lhs = _symbolic_divide(expr.lhs, position, expr.kind)
        return None if lhs is None else _binary(expr.kind, lhs, expr.rhs)
    return None


def _binary(kind: str, lhs, rhs):
    return {"add": lambda: lhs + rhs, "mul": lambda: lhs * rhs, "mod": lambda: lhs % rhs,
            "floordiv": lambda: lhs.floordiv(rhs), "ceildiv": lambda: lhs.ceildiv(rhs)}[kind]()


def simplify_semi_affine(expr):
    """`simplifySemiAffine`: a mod, floordiv or ceildiv whose divisor
    simplifies to a symbol that divides its dividend becomes 0 or the
    symbolic quotient; everything else is rebuilt from its simplified
    operands."""
    if not isinstance(expr, AffineBinaryOpExpr):
        return expr
    lhs, rhs = simplify_semi_affine(expr.lhs), simplify_semi_affine(expr.rhs)
    if expr.kind in ("add", "mul") or not isinstance(rhs, AffineSymbolExpr) or \
            not _divisible_by_symbol(expr.lhs, rhs.position, expr.kind):
        return _binary(expr.kind, lhs, rhs)
    if expr.kind == "mod":
        return constant(0)
    quotient = _symbolic_divide(lhs, rhs.position, expr.kind)
    return quotient if quotient is not None else _binary(expr.kind, lhs, rhs)


def simplify_semi_affine_expr(expr, num_dims: int, num_symbols: int):
    """`simplifyAffineExpr` of a semi-affine expression: `simplifySemiAffine`
    first; then, when it is still semi-affine, flattened with its
    semi-affine parts as locals and rebuilt in MLIR's order, or left as it
    is when a plain rebuild gives it back."""
    expr = simplify_semi_affine(expr)
    if expr.is_pure_affine():
        try:
            return simplify_affine_expr(expr, list(range(num_dims + num_symbols)), num_dims)
        except NotAffine:
            return expr
    flattener = SemiAffineFlattener(list(range(num_dims + num_symbols)), num_dims)
    try:
        flat = flattener.flatten(expr)
    except NotAffine:
        return expr
    if flattener.rebuild(flat) == expr:
        return expr
    return flattener.rebuild_semi_affine(flat)
