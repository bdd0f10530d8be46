"""affine.delinearize_index and affine.linearize_index
(mlir/lib/Dialect/Affine/IR/AffineOps.cpp): an index split into
coordinates over a basis of SSA values and integers, and coordinates
combined into one index over such a basis."""

from __future__ import annotations

from lark.lexer import Token

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Result, Variadic, VariadicResult, segment_sizes
from ..ir.traits import AttrSizedOperandSegments, Pure
from ..parse.op_syntax import parses
from .base import RegisteredOp, attrs_of, index_types, new_op, type_list
from .memref import DYNAMIC, name_token, print_dynamic_index_list, split_mixed


def _basis_error(op, basis, num_dynamic: int) -> str | None:
    """The checks both ops make of their basis."""
    if sum(v == DYNAMIC for v in basis) != num_dynamic:
        return (f"'{op.op_name}' op mismatch between dynamic and static basis (kDynamic "
                "marker but no corresponding dynamic basis entry) -- this can only happen "
                "due to an incorrect fold/rewrite")
    if any(v != DYNAMIC and v <= 0 for v in basis):
        return f"'{op.op_name}' op no basis element may be statically non-positive"
    return None


@register_op
class AffineDelinearizeIndexOp(RegisteredOp):
    """`affine.delinearize_index %i into (%b, 4) : index, index`: the basis
    is custom<DynamicIndexList> in parentheses; the outer bound may be left
    out, giving one more result than basis entries."""

    name = "affine.delinearize_index"
    required_properties = ("static_basis",)
    traits = (Pure,)
    ods_operands = (Operand("linear_index"), Variadic("dynamic_basis"))
    ods_results = (VariadicResult("multi_index"),)
    inherent = ("static_basis",)

    syntax = r"""
        affine_delinearize_index: OP_AFFINE_DELINEARIZE_INDEX VALUE_ID "into" "(" mixed_basis? ")" attr_dict? ":" type_list
        mixed_basis: mixed_entry ("," mixed_entry)*
    """

    @classmethod
    def parse(cls, t, children):
        index = children[0]
        entries = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "basis"), [])
        op_token = name_token(t, "affine.delinearize_index", index)
        static, dynamic = split_mixed(entries, "affine.delinearize_index", op_token)
        attrs = dict(attrs_of(children))
        attrs["static_basis"] = static
        return new_op("affine.delinearize_index", op_token,
                      [index, *dynamic], index_types(1 + len(dynamic)), type_list(children), attrs)

    @parses("mixed_basis")
    def parse_mixed_basis(t, children):
        return ("basis", list(children))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write(" into ")
        print_dynamic_index_list(p, self.properties["static_basis"].value, self.operands[1:], "()")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type_list([r.type for r in self.results])

    def verify(self):
        basis = self.properties["static_basis"].value
        if len(self.results) not in (len(basis), len(basis) + 1):
            return ("'affine.delinearize_index' op should return an index for each basis "
                    "element and up to one extra index")
        return _basis_error(self, basis, len(self.operands) - 1)


@register_op
class AffineLinearizeIndexOp(RegisteredOp):
    """`affine.linearize_index [disjoint] [%i, %j] by (%b, 4) : index`: the
    multi-index, then the basis (custom<DynamicIndexList> in parentheses),
    whose outer bound may be left out."""

    name = "affine.linearize_index"
    required_properties = ("static_basis",)
    traits = (Pure, AttrSizedOperandSegments)
    ods_operands = (Variadic("multi_index"), Variadic("dynamic_basis"))
    ods_results = (Result("linear_index"),)
    inherent = ("disjoint", "operandSegmentSizes", "static_basis")

    syntax = r"""
        affine_linearize_index: OP_AFFINE_LINEARIZE_INDEX DISJOINT_KW? "[" (VALUE_ID ("," VALUE_ID)*)? "]" "by" "(" mixed_basis? ")" attr_dict? ":" type
        DISJOINT_KW.2: /(disjoint)(?![\w$.])/
    """

    # A UnitProp: the generic form spells `disjoint = false` when unset.
    property_defaults = {"disjoint": A.BOOL_FALSE}

    @classmethod
    def parse(cls, t, children):
        anchor = next((c for c in children if isinstance(c, Token)), None)
        op_token = name_token(t, "affine.linearize_index", anchor) if anchor is not None else None
        disjoint = any(getattr(c, "type", None) == "DISJOINT_KW" for c in children)
        indices = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        entries = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "basis"), [])
        static, dynamic = split_mixed(entries, "affine.linearize_index", op_token)
        attrs = dict(attrs_of(children))
        attrs["static_basis"] = static
        attrs["operandSegmentSizes"] = segment_sizes(len(indices), len(dynamic))
        if disjoint:
            attrs["disjoint"] = A.UNIT
        return new_op("affine.linearize_index", op_token, [*indices, *dynamic],
                      index_types(len(indices) + len(dynamic)),
                      [c for c in children if isinstance(c, T.Type)], attrs)

    def finish_parse(self) -> None:
        if self.properties.get("disjoint") == A.BOOL_FALSE:
            del self.properties["disjoint"]
        elif "disjoint" in self.properties:
            self.properties["disjoint"] = A.UNIT

    @property
    def multi_index(self) -> list:
        return self.operands[:self.properties["operandSegmentSizes"].value[0]]

    @property
    def dynamic_basis(self) -> list:
        return self.operands[self.properties["operandSegmentSizes"].value[0]:]

    def print(self, p) -> None:
        if "disjoint" in self.properties:
            p.write(" disjoint")
        p.write(" [")
        p.print_operands(self.multi_index)
        p.write("] by ")
        print_dynamic_index_list(p, self.properties["static_basis"].value, self.dynamic_basis, "()")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)

    def verify(self):
        basis = self.properties["static_basis"].value
        if len(self.multi_index) not in (len(basis), len(basis) + 1):
            return ("'affine.linearize_index' op should be passed a basis element for each "
                    "index except possibly the first")
        return _basis_error(self, basis, len(self.dynamic_basis))
