"""The math dialect's ops beyond those arith.py declares with arith's
element-wise forms (mlir/include/mlir/Dialect/Math/IR/MathOps.td), each its
ODS declaration."""

from __future__ import annotations

from ..ir import types as T
from ..ir.attr_syntax import AttrSyntax, enum_error
from ..ir.core import register_op
from ..ir.op_definition import Operand, Property, Result
from ..ir.traits import Elementwise, Pure, SameOperandsAndResultShape, SameOperandsAndResultType
from ..ir.type_constraints import FloatLike, SignlessIntegerOrIndexLike
from .arith import FASTMATH_NONE, flags_attr
from .base import RegisteredOp


class FastMath(AttrSyntax):
    """`#arith.fastmath<...>` as its stripped form `<fast>`."""

    grammar = '"<" name_id ("," name_id)* ">"'
    words = ("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "fast")

    def parse(self, children, op_name: str = ""):
        for child in children:
            if child.value not in self.words:
                raise enum_error(child, op_name, "::mlir::arith::FastMathFlags", self.words,
                                 "Arith_FastMathAttr")
        return flags_attr("fastmath", [c.value for c in children])

    def print(self, p, attr) -> None:
        p.write(attr.text[attr.text.index("<"):])


# The `fastmath` property of the ops with fastmath flags (default `none`).
FASTMATH_PROPERTY = Property("fastmath", FastMath(), FASTMATH_NONE)
_FASTMATH = (FASTMATH_PROPERTY,)


class MathOp(RegisteredOp):
    __slots__ = ()


class FloatUnaryOp(MathOp):
    """`%r = math.atan %a [fastmath<...>] : f32`."""

    __slots__ = ()
    traits = (Pure, Elementwise, SameOperandsAndResultType)
    ods_operands = (Operand("operand"),)
    ods_results = (Result("result"),)
    ods_properties = _FASTMATH
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"


class IntegerUnaryOp(MathOp):
    __slots__ = ()
    traits = (Pure, Elementwise, SameOperandsAndResultType)
    ods_operands = (Operand("operand"),)
    ods_results = (Result("result"),)
    assembly_format = "$operand attr-dict `:` type($result)"


def _i1_like(state):
    type = state.types["operand"][0]
    if isinstance(type, T.ShapedType):
        return [type.__class__(type.shape, T.I1)]
    return [T.I1]


class FloatClassificationOp(MathOp):
    """`%r = math.isnan %a : f32`: an i1 (or i1 shaped like the operand)."""

    __slots__ = ()
    traits = (Pure, Elementwise)
    ods_operands = (Operand("operand"),)
    ods_results = (Result("result"),)
    ods_properties = _FASTMATH
    ods_types = {"result": _i1_like}
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)"


for _names, _base in (("atan cbrt expm1 log1p roundeven acos acosh asin asinh atanh cosh sinh "
                       "erfc", FloatUnaryOp),
                      ("absi ctlz cttz ctpop", IntegerUnaryOp),
                      ("isnan isinf isfinite isnormal", FloatClassificationOp)):
    for _name in _names.split():
        register_op(type("Math_" + _name, (_base,), {"name": "math." + _name, "__slots__": (),
                                                     "traits": _base.traits}))


@register_op
class FPowIOp(MathOp):
    name = "math.fpowi"
    traits = (Pure, Elementwise, SameOperandsAndResultShape)
    ods_operands = (Operand("lhs", FloatLike), Operand("rhs", SignlessIntegerOrIndexLike))
    ods_results = (Result("result"),)
    ods_properties = _FASTMATH
    ods_types = {"result": "lhs"}
    assembly_format = ("$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($lhs) `,` "
                       "type($rhs)")


@register_op
class IPowIOp(MathOp):
    name = "math.ipowi"
    traits = (Pure, Elementwise, SameOperandsAndResultType)
    ods_operands = (Operand("lhs", SignlessIntegerOrIndexLike),
                    Operand("rhs", SignlessIntegerOrIndexLike))
    ods_results = (Result("result", SignlessIntegerOrIndexLike),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($result)"


@register_op
class SinCosOp(MathOp):
    name = "math.sincos"
    traits = (Pure, Elementwise)
    ods_operands = (Operand("operand"),)
    ods_results = (Result("sin"), Result("cos"))
    ods_properties = _FASTMATH
    ods_types = {"sin": "operand", "cos": "operand"}
    assembly_format = "$operand (`fastmath` `` $fastmath^)? attr-dict `:` type($operand)"

    def result_name_hints(self):
        return ["sin", "cos"]


@register_op
class ClampFOp(MathOp):
    name = "math.clampf"
    traits = (Pure, Elementwise, SameOperandsAndResultType)
    ods_operands = (Operand("value"), Operand("min"), Operand("max"))
    ods_results = (Result("result"),)
    ods_properties = _FASTMATH
    assembly_format = ("$value `to` ` ` `[` $min `,` $max `]` (`fastmath` `` $fastmath^)? "
                       "attr-dict `:` type($result)")
