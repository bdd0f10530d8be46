"""What the dependence analysis flattens: the expression of an access with
the affine.apply ops and constants feeding its operands composed in
(`compose_over_leaves`).  The flattener itself is the IR's
(ir/affine_flattener.py), named here for the analyses that use it."""

from __future__ import annotations

from ..dialects.affine import AffineApplyOp
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir.affine_expr import constant, dim
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
