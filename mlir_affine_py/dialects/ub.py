"""The ub dialect's ub.poison (mlir/include/mlir/Dialect/UB/IR/UBOps.td)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.core import register_op
from ..ir.op_definition import Result
from ..ir.traits import ConstantLike, Pure
from .base import SimpleTypedOp

UB_POISON = A.OpaqueAttr("#ub.poison")


@register_op
class UBPoisonOp(SimpleTypedOp):
    """Its `value` property defaults to `#ub.poison`, which the custom form
    leaves out."""

    name = "ub.poison"
    traits = (Pure, ConstantLike)
    ods_results = (Result("result"),)
    inherent = ("value",)

    @classmethod
    def parsed_attributes(cls, attrs: dict) -> dict:
        attrs.setdefault("value", UB_POISON)
        return attrs

    def print(self, p) -> None:
        value = self.properties.get("value")
        if value is not None and value != UB_POISON:
            p.write("<")
            p.print_attribute(value, "never")
            p.write(">")
        super().print(p)
