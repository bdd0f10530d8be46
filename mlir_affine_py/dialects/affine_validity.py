"""Which values may be affine dimensions and symbols (AffineOps.cpp:
`isValidDim`, `isValidSymbol`, `getAffineScope`, `isTopLevelValue`,
`verifyDimAndSymbolIdentifiers`).

Design notes
------------
* An affine scope is the region of the nearest op with the AffineScope
  trait (func.func, builtin.module).  A value defined at its top level, or
  an argument of its entry block, is a valid symbol; so is a constant, the
  result of a pure op (arith.addi, affine.apply, ...) whose operands are
  valid symbols, the size of a memref or tensor defined at the top level
  or allocated with a valid symbol size (a `ShapedDimOpInterface` op), and
  anything defined above a region whose op is not isolated from above,
  where it is valid.
* A valid dimension is a valid symbol, an induction variable of an
  affine.for or affine.parallel, an affine.apply of valid dimensions, or
  the size of a top-level memref.
* The ops are asked rather than named: an op whose block arguments include
  induction variables has `affine_induction_vars()`; affine.apply answers
  `is_valid_dim_in(region)` for its operands, as
  AffineApplyOp::isValidDim(Region *) does; memref.alloc, view, subview
  (and cast, through its source) answer `size_value(index)`.
"""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import BlockArgument
from ..ir.traits import (AffineScope, AlwaysSpeculatable, ConstantLike, ShapedDimOpInterface,
                         is_memory_effect_free)


def parent_region(value):
    """The region the value is defined in (its block's)."""
    if isinstance(value, BlockArgument):
        return value.owner.parent
    op = value.defining_op
    return op.parent.parent if op is not None and op.parent is not None else None


def get_affine_scope(op):
    """The region of the nearest AffineScope op around `op`, or None."""
    current = op
    while True:
        parent = current.parent_op
        if parent is None:
            return None
        if parent.has_trait(AffineScope):
            return current.parent.parent
        current = parent


def is_top_level_value(value, region=None) -> bool:
    """Defined in `region` directly; without one, directly in the region of
    an AffineScope op."""
    defined_in = parent_region(value)
    if region is not None:
        return defined_in is region
    owner = defined_in.parent if defined_in is not None else None
    return owner is not None and owner.has_trait(AffineScope)


def is_affine_induction_var(value) -> bool:
    if not isinstance(value, BlockArgument) or value.owner.parent is None:
        return False
    owner = value.owner.parent.parent
    ivs = getattr(owner, "affine_induction_vars", None)
    return ivs is not None and value in ivs()


def _outer_region(region):
    """The region around `region`'s op when that op lets values from above
    in (not isolated from above), else None."""
    op = region.parent if region is not None else None
    if op is None or op.isolated_from_above or op.parent is None:
        return None
    return op.parent.parent


def is_valid_symbol(value, region=None) -> bool:
    """isValidSymbol(value) and, with `region`, isValidSymbol(value, region)."""
    if value.type != T.INDEX:
        return False
    if region is None:
        if is_top_level_value(value):
            return True
        op = value.defining_op
        return op is not None and is_valid_symbol(value, get_affine_scope(op))
    while region is not None:
        if is_top_level_value(value, region):
            return True
        op = value.defining_op
        if op is not None:
            if op.has_trait(ConstantLike):
                return True
            if op.has_trait(AlwaysSpeculatable) and is_memory_effect_free(op) and all(
                    is_valid_symbol(operand, region) for operand in op.operands):
                return True
            if op.has_trait(ShapedDimOpInterface):
                return is_dim_op_valid_symbol(op, region)
        region = _outer_region(region)
    return False


def is_dim_op_valid_symbol(op, region) -> bool:
    """isDimOpValidSymbol: the size of a top-level memref or tensor, or a
    static or symbol size of the memref.alloc it comes from."""
    shaped = op.operands[0]
    if is_top_level_value(shaped):
        return True
    if isinstance(shaped, BlockArgument):
        return False
    index = op.operands[1].defining_op
    value = getattr(index, "properties", {}).get("value") if index is not None else None
    if value is None or not index.has_trait(ConstantLike):
        return False
    size_of = getattr(shaped.defining_op, "size_value", None)
    if size_of is None:
        return False
    size = size_of(value.value)
    return size is True or (size is not None and is_valid_symbol(size, region))


def is_valid_dim(value, region=None) -> bool:
    """isValidDim(value) and, with `region`, isValidDim(value, region)."""
    if value.type != T.INDEX:
        return False
    if region is None:
        op = value.defining_op
        if op is not None:
            return is_valid_dim(value, get_affine_scope(op))
        return is_affine_induction_var(value) or is_top_level_value(value)
    # The induction variable first: the common subscript, and quicker to
    # tell than a symbol (an or of the same answers as MLIR's order).
    if is_affine_induction_var(value) or is_valid_symbol(value, region):
        return True
    op = value.defining_op
    if op is None:
        return False
    check = getattr(op, "is_valid_dim_in", None)
    if check is not None:
        return check(region)
    if op.has_trait(ShapedDimOpInterface):
        return is_top_level_value(op.operands[0])
    return False


def is_valid_affine_index_operand(value, region) -> bool:
    return is_valid_dim(value, region) or is_valid_symbol(value, region)


def dim_and_symbol_error(op, operands, num_dims: int) -> str | None:
    """verifyDimAndSymbolIdentifiers: the first operand that is not a valid
    dimension (among the first `num_dims`) or symbol (the rest)."""
    region = get_affine_scope(op)
    for position, value in enumerate(operands):
        if position < num_dims:
            if not is_valid_dim(value, region):
                return f"'{op.op_name}' op operand cannot be used as a dimension id"
        elif not is_valid_symbol(value, region):
            return f"'{op.op_name}' op operand cannot be used as a symbol"
    return None
