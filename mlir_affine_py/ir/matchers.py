"""Matching constants, as mlir/IR/Matchers.h does: `m_Constant`,
`getConstantIntValue`.  A constant is the result of an op whose class
declares ConstantLike; its value is the op's `value` attribute."""

from __future__ import annotations

from . import attributes as A
from . import types as T
from .traits import ConstantLike


def constant_attribute(value):
    """m_Constant: the attribute `value` is a constant of, or None."""
    op = value.defining_op
    if op is None or not op.has_trait(ConstantLike):
        return None
    return op.properties.get("value")


def constant_int_value(value) -> int | None:
    """getConstantIntValue: the integer (or index) constant `value` is."""
    attr = constant_attribute(value)
    if isinstance(attr, A.IntegerAttr):
        return attr.value
    return None


def int_range(value):
    """The (smin, smax, umin, umax) InferIntRangeInterface gives `value`
    without asking about the operands of its defining op: a constant's
    value, or what the op's class says (`int_range(value)`); None when
    unknown or not an integer."""
    type = value.type
    width = 64 if isinstance(type, T.IndexType) else getattr(type, "width", None)
    if not isinstance(type, (T.IndexType, T.IntegerType)) or not width:
        return None
    constant = constant_int_value(value)
    if constant is not None:
        unsigned = constant & ((1 << width) - 1)
        signed = unsigned - (1 << width) if unsigned >> (width - 1) else unsigned
        return signed, signed, unsigned, unsigned
    op = value.defining_op
    hook = getattr(op, "int_range", None) if op is not None else None
    return hook(value) if hook is not None else None


def range_excludes_zero_unsigned(value) -> bool:
    """m_IntRangeWithoutZeroU."""
    known = int_range(value)
    return known is not None and known[2] > 0


def range_excludes_zero_and_minus_one_signed(value) -> bool:
    """m_IntRangeWithoutZeroS and m_IntRangeWithoutNegOneS."""
    known = int_range(value)
    return known is not None and not known[0] <= 0 <= known[1] and not known[0] <= -1 <= known[1]
