"""The ub dialect's ub.poison (mlir/include/mlir/Dialect/UB/IR/UBOps.td)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.core import register_op
from ..ir.op_definition import Result
from ..ir.traits import ConstantLike, Pure
from .base import SimpleTypedOp, attrs_of, new_op, types_of

UB_POISON = A.OpaqueAttr("#ub.poison")


@register_op
class UBPoisonOp(SimpleTypedOp):
    """Its `value` property defaults to `#ub.poison`, which the custom form
    leaves out."""

    name = "ub.poison"
    traits = (Pure, ConstantLike)
    ods_results = (Result("result"),)
    inherent = ("value",)

    syntax = r"""
        ub_poison: OP_UB_POISON attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        attrs = dict(attrs_of(children))
        attrs.setdefault("value", UB_POISON)
        return new_op(cls.name, None, result_types=types_of(children), attributes=attrs)

    def print(self, p) -> None:
        value = self.properties.get("value")
        if value is not None and value != UB_POISON:
            p.write("<")
            p.print_attribute(value, "never")
            p.write(">")
        super().print(p)
