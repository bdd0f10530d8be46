"""The tensor ops the corpus uses next to affine code: tensor.empty and
tensor.dim (mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td)."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Result, Variadic
from ..ir.traits import ConditionallySpeculatable, NoMemoryEffect, Pure
from ..parse.syntax import TOKEN, parse_error
from .base import RegisteredOp, attrs_of, new_op, types_of, uses


@register_op
class EmptyOp(RegisteredOp):
    """`tensor.empty(%d0, ...) {attrs} : tensor<?x4xf32>`, one index operand
    per dynamic dimension."""

    name = "tensor.empty"
    traits = (Pure,)
    ods_operands = (Variadic("dynamicSizes"),)
    ods_results = (Result("result"),)

    syntax = r"""
        !empty_op: "tensor.empty" "(" value_use_list? ")" attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        operands = uses(children)
        type = types_of(children)[0]
        if not isinstance(type, T.TensorType):
            colon = next(c for c in children if isinstance(c, TOKEN) and c.type == "COLON")
            raise parse_error(colon, "invalid kind of type specified: expected builtin.tensor, but "
                              f"found '{type}'")
        return new_op("tensor.empty", children[0], operands, [T.INDEX] * len(operands), [type],
                      dict(attrs_of(children)))

    def verify(self):
        type = self.results[0].type
        expected = sum(d is None for d in type.shape)
        if len(self.operands) != expected:
            return (f"'tensor.empty' op incorrect number of dynamic sizes, has "
                    f"{len(self.operands)}, expected {expected}")
        return None

    def print(self, p) -> None:
        p.write("(")
        p.print_operands(self.operands)
        p.write(")")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


@register_op
class DimOp(RegisteredOp):
    """`%dim = tensor.dim {attrs} %t, %i : tensor<...>` (ODS: attr-dict
    $source `,` $index `:` type($source))."""

    name = "tensor.dim"
    traits = (NoMemoryEffect, ConditionallySpeculatable)
    ods_operands = (Operand("source"), Operand("index"))
    ods_results = (Result("result"),)

    syntax = r"""
        !dim_op: "tensor.dim" attr_dict? VALUE_ID "," VALUE_ID ":" type
    """

    @classmethod
    def parse(cls, t, children):
        source, index = [c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"]
        type = types_of(children)[0]
        if not isinstance(type, (T.TensorType, T.UnrankedTensorType)):
            raise parse_error(source, f"'tensor.dim' op operand #0 must be non-0-ranked or unranked "
                              f"tensor, but got '{type}'")
        return new_op("tensor.dim", children[0], [source, index], [type, T.INDEX], [T.INDEX],
                      dict(attrs_of(children)))

    def result_name_hints(self):
        return ["dim"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.operands[0].type)
