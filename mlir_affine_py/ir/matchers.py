"""Matching constants, as mlir/IR/Matchers.h does: `m_Constant`,
`getConstantIntValue`.  A constant is the result of an op whose class
declares ConstantLike; its value is the op's `value` attribute."""

from __future__ import annotations

from . import attributes as A
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
