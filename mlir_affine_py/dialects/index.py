"""The index dialect's index.constant
(mlir/include/mlir/Dialect/Index/IR/IndexOps.td)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import typed_integer
from ..ir.core import register_op
from ..ir.op_definition import Result
from ..ir.traits import ConstantLike, Pure
from .base import RegisteredOp, attrs_of, new_op


@register_op
class IndexConstantOp(RegisteredOp):
    """`%idx3 = index.constant {attrs} 3`; the result is named after the value."""

    name = "index.constant"
    required_properties = ("value",)
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
        attrs["value"] = A.IntegerAttr(typed_integer(value, T.INDEX), T.INDEX)
        return new_op("index.constant", children[0], result_types=[T.INDEX], attributes=attrs)

    def result_name_hints(self):
        return [f"idx{self.properties['value'].value}"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(f" {self.properties['value'].value}")


# ------------------------------------------------------------------------
# The other ops of the index dialect, each its ODS declaration.
from ..ir.attr_syntax import BoolAttr, Enum  # noqa: E402
from ..ir.op_definition import Operand, Property  # noqa: E402
from ..ir.traits import ConditionallySpeculatable, NoMemoryEffect  # noqa: E402


class IndexBinaryOp(RegisteredOp):
    """`%r = index.add %a, %b`: index operands and result."""

    __slots__ = ()
    ods_operands = (Operand("lhs"), Operand("rhs"))
    ods_results = (Result("result"),)
    ods_types = {"lhs": T.INDEX, "rhs": T.INDEX, "result": T.INDEX}
    assembly_format = "$lhs `,` $rhs attr-dict"


# Division and remainder may trap on zero: not speculatable.
_INDEX_DIVISIONS = ("divs", "divu", "ceildivs", "ceildivu", "floordivs", "rems", "remu")
for _name in ("add sub mul divs divu ceildivs ceildivu floordivs rems remu maxs maxu mins minu "
              "shl shrs shru and or xor").split():
    register_op(type("Index_" + _name, (IndexBinaryOp,), {
        "name": "index." + _name, "__slots__": (),
        "traits": (NoMemoryEffect, ConditionallySpeculatable) if _name in _INDEX_DIVISIONS
        else (Pure,)}))

INDEX_CMP_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


@register_op
class IndexCmpOp(RegisteredOp):
    name = "index.cmp"
    traits = (Pure,)
    ods_operands = (Operand("lhs"), Operand("rhs"))
    ods_results = (Result("result"),)
    ods_properties = (Property("pred", Enum(INDEX_CMP_PREDICATES, "index", "cmp_predicate",
                                            cpp_name="::mlir::index::IndexCmpPredicate",
                                            attr_class="IndexCmpPredicateAttr")),)
    required_properties = ("pred",)
    ods_types = {"lhs": T.INDEX, "rhs": T.INDEX, "result": T.I1}
    assembly_format = "$pred `(` $lhs `,` $rhs `)` attr-dict"


@register_op
class IndexSizeOfOp(RegisteredOp):
    name = "index.sizeof"
    traits = (Pure,)
    ods_results = (Result("result"),)
    ods_types = {"result": T.INDEX}
    assembly_format = "attr-dict"


@register_op
class IndexBoolConstantOp(RegisteredOp):
    name = "index.bool.constant"
    traits = (Pure, ConstantLike)
    ods_results = (Result("result"),)
    ods_properties = (Property("value", BoolAttr()),)
    required_properties = ("value",)
    ods_types = {"result": T.I1}
    assembly_format = "attr-dict $value"

    def result_name_hints(self):
        return ["true" if self.properties["value"].value else "false"]


class IndexCastOp(RegisteredOp):
    __slots__ = ()
    traits = (Pure,)
    ods_operands = (Operand("input"),)
    ods_results = (Result("output"),)
    assembly_format = "$input attr-dict `:` type($input) `to` type($output)"


for _name in ("casts", "castu"):
    register_op(type("Index_" + _name, (IndexCastOp,),
                     {"name": "index." + _name, "__slots__": (), "traits": (Pure,)}))
