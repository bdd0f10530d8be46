"""The index dialect's index.constant
(mlir/include/mlir/Dialect/Index/IR/IndexOps.td)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Result
from ..ir.traits import ConstantLike, Pure
from .base import RegisteredOp, attrs_of, new_op


@register_op
class IndexConstantOp(RegisteredOp):
    """`%idx3 = index.constant {attrs} 3`; the result is named after the value."""

    name = "index.constant"
    traits = (Pure, ConstantLike)
    ods_results = (Result("result"),)
    inherent = ("value",)

    syntax = r"""
        !index_constant: "index.constant" attr_dict? signed_int
    """

    @classmethod
    def parse(cls, t, children):
        value = next(c for c in children if isinstance(c, int))
        attrs = dict(attrs_of(children))
        attrs["value"] = A.IntegerAttr(value, T.INDEX)
        return new_op("index.constant", children[0], result_types=[T.INDEX], attributes=attrs)

    def result_name_hints(self):
        return [f"idx{self.properties['value'].value}"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(f" {self.properties['value'].value}")
