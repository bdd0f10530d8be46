"""Affine expressions as written (`AffineSyntax`, what the grammar's
affine_expr callbacks build) and their binding to dims, symbols and SSA
operands (`affine_from_syntax`), shared by the core syntax (maps and sets)
and the affine ops' subscripts and bounds."""

from __future__ import annotations

from ..ir.affine_expr import constant as affine_constant
from .syntax import TOKEN, integer_literal, parse_error


class AffineSyntax(tuple):
    """An affine expression as written: (kind, operands...) before its
    identifiers are bound to dims, symbols or SSA operands."""


def affine_from_syntax(node, names, bind_ssa=None):
    """Build the simplified AffineExpr, in MLIR's parse order.

    A node is an `AffineSyntax` or, for an integer or an SSA name, its token.
    `names` binds bare identifiers; `bind_ssa(token, is_symbol)` binds SSA
    operands in subscripts (affine.load), returning their dim/symbol expr.
    """
    if isinstance(node, TOKEN):
        if node.type == "INT":
            value = integer_literal(node.value)
            if value >= 1 << 63:
                # AffineParser::parseIntegerExpr: the literal must fit int64_t.
                raise parse_error(node, "constant too large for index")
            return affine_constant(value)
        if bind_ssa is None:
            raise parse_error(node, "unexpected ssa identifier")
        return bind_ssa(node, False)
    kind = node[0]
    if kind == "id":
        expr = names.get(node[1].value)
        if expr is None:
            raise parse_error(node[1], "use of undeclared identifier")
        return expr
    if kind == "symbol":
        if bind_ssa is None:
            raise parse_error(node[1], "unexpected ssa identifier")
        return bind_ssa(node[1], True)
    if kind == "neg":
        # AffineParser::parseNegateExpression builds `(-1) * operand`.
        return affine_constant(-1) * affine_from_syntax(node[1], names, bind_ssa)
    lhs = affine_from_syntax(node[1], names, bind_ssa)
    rhs = affine_from_syntax(node[2], names, bind_ssa)
    if kind == "add":
        return lhs + rhs
    if kind == "sub":
        return lhs - rhs
    if kind == "mul":
        if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
            raise parse_error(_syntax_token(node[2]), "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
        return lhs * rhs
    if not rhs.is_symbolic_or_constant():
        raise parse_error(_syntax_token(node[2]), f"non-affine expression: right operand of {kind} has to be either a constant or symbolic")
    if kind == "floordiv":
        return lhs.floordiv(rhs)
    if kind == "ceildiv":
        return lhs.ceildiv(rhs)
    return lhs.mod(rhs)


def _syntax_token(node):
    while isinstance(node, AffineSyntax):
        node = node[1]
    return node
