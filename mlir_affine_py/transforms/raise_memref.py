"""-affine-raise-from-memref: memref.load/store whose indices are affine
functions of valid dims and symbols become affine.load/store, as mlir-opt's
pass does (mlir/lib/Dialect/Affine/Transforms/RaiseMemrefDialect.cpp).

Contract: each index is read back through arith.constant, arith.addi and
arith.muli to the values it is built of; a value that is a valid affine
symbol (checked first) becomes a symbol, else a valid affine dim a dim,
each numbered at its first appearance over the access's indices.  When
every index reads so (a product with a factor free of dims at least:
`d0 * s0` is raised, as upstream raises it, `d0 * d1` not), the access is replaced by the affine one with that map
over the dims then the symbols.  The arith ops stay (-canonicalize removes
the dead ones).  Walked in pre-order over the function.
"""

from __future__ import annotations

from ..dialects.affine import AffineLoadOp, AffineStoreOp
from ..dialects.affine_validity import is_valid_dim, is_valid_symbol
from ..dialects.memref import LoadOp, StoreOp
from ..ir.affine_expr import ADD, MUL
from ..ir.affine_expr import constant as affine_constant
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import get_affine_binary_op_expr
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap
from ..ir.matchers import constant_int_value
from ..ir.rewriter import IRRewriter
from ..passes import Pass


def _kind(op) -> str | None:
    """m_Op<arith::AddIOp> / m_Op<arith::MulIOp>: arith's binary ops share
    one class, so the op is told by its name, as isa<> tells it by class."""
    name = op.op_name
    if name == "arith.addi":
        return ADD
    if name == "arith.muli":
        return MUL
    return None


def _position(value, values: list, valid) -> int | None:
    """`findInListOrAdd`."""
    for index, known in enumerate(values):
        if known is value:
            return index
    if valid(value):
        values.append(value)
        return len(values) - 1
    return None


def to_affine_expr(value, dims: list, symbols: list):
    """`toAffineExpr`: the expression `value` computes, or None."""
    constant = constant_int_value(value)
    if constant is not None:
        return affine_constant(constant)
    producer = value.defining_op
    kind = _kind(producer) if producer is not None else None
    if kind is not None:
        lhs = to_affine_expr(producer.operands[0], dims, symbols)
        rhs = to_affine_expr(producer.operands[1], dims, symbols) if lhs is not None else None
        # A product of two terms that both vary with dims is not raised.
        if rhs is not None and (kind == ADD or lhs.is_symbolic_or_constant()
                                or rhs.is_symbolic_or_constant()):
            return get_affine_binary_op_expr(kind, lhs, rhs)
    position = _position(value, symbols, is_valid_symbol)
    if position is not None:
        return affine_symbol(position)
    position = _position(value, dims, is_valid_dim)
    if position is not None:
        return affine_dim(position)
    return None


def access_map(indices) -> tuple | None:
    """`computeAffineMapAndArgs`: (map, operands) for the indices, or None."""
    dims, symbols, results = [], [], []
    for index in indices:
        expr = to_affine_expr(index, dims, symbols)
        if expr is None:
            return None
        results.append(expr)
    return AffineMap(len(dims), len(symbols), tuple(results)), dims + symbols


class AffineRaiseFromMemref(Pass):
    argument = "affine-raise-from-memref"
    summary = "Turn some memref operators to affine operators where supported"
    pass_name = "RaiseMemrefDialect"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        rewriter = IRRewriter()
        for access in op.walk():
            if not isinstance(access, (LoadOp, StoreOp)) or access.parent is None:
                continue
            is_store = isinstance(access, StoreOp)
            first_index = 2 if is_store else 1
            raised = access_map(access.operands[first_index:])
            if raised is None:
                continue
            map, operands = raised
            memref = access.operands[first_index - 1]
            rewriter.set_insertion_point(access)
            if is_store:
                new = rewriter.create(AffineStoreOp, access.operands[0], memref, map, operands)
            else:
                new = rewriter.create(AffineLoadOp, memref, map, operands)
            new.pos = access.pos
            rewriter.replace_op(access, new.results)
