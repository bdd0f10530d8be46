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

from contextlib import contextmanager

from ..ir import types as T
from ..ir.core import BlockArgument
from ..ir.traits import (AffineScope, AlwaysSpeculatable, ConstantLike, ShapedDimOpInterface,
                         is_memory_effect_free)
from ..ir.verifier import VERIFICATION_SCOPES


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
    if region is not None and _VALIDITY is not None:
        return _remembered(value, region, False)
    return _is_valid_symbol(value, region)


def _is_valid_symbol(value, region) -> bool:
    if value.type is not T.INDEX and value.type != T.INDEX:    # `is`: no Python __eq__
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
    if region is not None and _VALIDITY is not None:
        return _remembered(value, region, True)
    return _is_valid_dim(value, region)


def _is_valid_dim(value, region) -> bool:
    if value.type is not T.INDEX and value.type != T.INDEX:    # `is`: no Python __eq__
        return False
    if region is None:
        op = value.defining_op
        if op is not None:
            return is_valid_dim(value, get_affine_scope(op))
        return is_affine_induction_var(value) or is_top_level_value(value)
    # MLIR's answer is an or: the induction variable first, then an
    # affine.apply of valid dims (the common subscripts, and quicker to tell
    # than a symbol), then a symbol.
    if is_affine_induction_var(value):
        return True
    op = value.defining_op
    check = getattr(op, "is_valid_dim_in", None) if op is not None else None
    if check is not None and check(region):
        return True
    if is_valid_symbol(value, region):
        return True
    if op is None or check is not None:
        return False
    if op.has_trait(ShapedDimOpInterface):
        return is_top_level_value(op.operands[0])
    return False


def is_valid_affine_index_operand(value, region) -> bool:
    return is_valid_dim(value, region) or is_valid_symbol(value, region)


# While `validity_cached` holds (a verification, which changes no op):
# block -> the affine scope of its ops, and (value, region, whether as a
# dimension) -> whether the value is a valid one there.  A loop nest's
# accesses use the same few values in the same scope again and again.
_SCOPES: dict | None = None
_UNKNOWN = object()         # a block not in _SCOPES (None is a scope there)
_VALIDITY: dict | None = None
# Meanwhile also region -> (the values found valid dimensions there, those
# found valid symbols): an op whose operands are all known valid is passed
# with two set comparisons instead of a lookup per operand.
_VALID_IN: dict | None = None


class _ValidInScope(dict):
    """_VALID_IN: a region's pair of sets, made empty when first asked."""

    def __missing__(self, region) -> tuple:
        found = self[region] = (set(), set())
        return found


@contextmanager
def validity_cached():
    """Within it, `affine_scope`, `is_valid_dim` and `is_valid_symbol`
    answer each block and each (value, scope) once.  For verification only: the IR does not
    change meanwhile."""
    global _SCOPES, _VALIDITY, _VALID_IN
    outer = _SCOPES, _VALIDITY, _VALID_IN
    if _VALIDITY is None:
        _SCOPES, _VALIDITY, _VALID_IN = {}, {}, _ValidInScope()
    try:
        yield
    finally:
        _SCOPES, _VALIDITY, _VALID_IN = outer


VERIFICATION_SCOPES.append(validity_cached)


def affine_scope(op):
    """get_affine_scope(op), kept per block while `validity_cached` holds
    (the ops of a block share their scope, which is that of the op holding
    the block unless that op is an AffineScope)."""
    block = op.parent
    if _SCOPES is None or block is None:
        return get_affine_scope(op)
    region = _SCOPES.get(block, _UNKNOWN)   # not a KeyError: each block misses once
    if region is not _UNKNOWN:
        return region
    holder = op.parent_op
    if holder is None:
        region = None
    elif holder.has_trait(AffineScope):
        region = block.parent
    else:
        region = affine_scope(holder)
    _SCOPES[block] = region
    return region


def note_induction_vars(loop) -> None:
    """While `validity_cached` holds, what verifying `loop` (an affine.for
    or affine.parallel, before the ops of its body) tells the caches: its
    induction variables of index type are valid dimensions wherever they
    are used (isValidDim's rule for them asks no region), and its body's
    blocks share its affine scope.  The body's accesses, whose subscripts
    are mostly those variables, then find their answers kept."""
    if _VALIDITY is None or not (loop.regions and loop.regions[0].blocks):
        return          # not verifying, or a body the verifier will refuse
    region = affine_scope(loop)
    dims = _VALID_IN[region][0]
    for value in loop.affine_induction_vars():
        if value.type is T.INDEX or value.type == T.INDEX:
            dims.add(value)
    is_scope = loop.has_trait(AffineScope)
    for body in loop.regions:
        for block in body.blocks:
            _SCOPES[block] = body if is_scope else region


def note_valid_dim_apply(apply) -> None:
    """While `validity_cached` holds, what verifying `apply` (an
    affine.apply, before the ops that use it) tells the caches: if its
    operands are all known valid dimensions in its scope, so is its result
    (AffineApplyOp::isValidDim), which the accesses after it use."""
    if _VALIDITY is None or apply.parent is None:
        return
    dims = _VALID_IN[affine_scope(apply)][0]
    result = apply.results[0]
    if (result.type is T.INDEX or result.type == T.INDEX) and dims.issuperset(apply.operands):
        dims.add(result)


def _remembered(value, region, dim: bool) -> bool:
    """is_valid_dim (`dim`) or is_valid_symbol of `value` in `region`, as
    `validity_cached` keeps them."""
    valid_here = _VALID_IN[region][0 if dim else 1]
    if value in valid_here:         # most answers, and the loops' variables
        return True
    key = (value, region, dim)
    valid = _VALIDITY.get(key)      # not a KeyError: most values are new once
    if valid is None:
        valid = _VALIDITY[key] = (_is_valid_dim(value, region) if dim
                                  else _is_valid_symbol(value, region))
        if valid:
            valid_here.add(value)
    return valid


def dim_and_symbol_error(op, operands, num_dims: int) -> str | None:
    """verifyDimAndSymbolIdentifiers (`dim_and_symbol_error_uncached`),
    through the answers `validity_cached` keeps."""
    if _VALIDITY is None:
        return dim_and_symbol_error_uncached(op, operands, num_dims)
    if not operands:
        return None
    # The scope kept for the op's block, without a call (affine_scope's).
    region = _SCOPES.get(op.parent) if op.parent is not None else None
    if region is None:
        region = affine_scope(op)
    # The operands all found valid before (most of a loop nest's accesses):
    # the set comparisons are enough.
    dims, symbols = _VALID_IN[region]
    if len(operands) <= num_dims:      # most subscripts: no symbol
        if dims.issuperset(operands):
            return None
    elif dims.issuperset(operands[:num_dims]) and symbols.issuperset(operands[num_dims:]):
        return None
    for position, value in enumerate(operands):
        dim = position < num_dims
        if not _remembered(value, region, dim):
            return (f"'{op.op_name}' op operand cannot be used as a dimension id" if dim
                    else f"'{op.op_name}' op operand cannot be used as a symbol")
    return None


def dim_and_symbol_error_uncached(op, operands, num_dims: int) -> str | None:
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
