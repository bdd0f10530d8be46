"""affine.delinearize_index (mlir/lib/Dialect/Affine/IR/AffineOps.cpp): an
index split into coordinates over a basis of SSA values and integers."""

from __future__ import annotations

from ..ir.core import register_op
from ..ir.op_definition import Operand, Variadic, VariadicResult
from ..ir.traits import Pure
from ..parse.op_syntax import parses
from .base import RegisteredOp, attrs_of, index_types, new_op, type_list
from .memref import DYNAMIC, name_token, print_dynamic_index_list, split_mixed


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
        if sum(v == DYNAMIC for v in basis) != len(self.operands) - 1:
            return ("'affine.delinearize_index' op mismatch between dynamic and static "
                    "basis (kDynamic marker but no corresponding dynamic basis entry) -- "
                    "this can only happen due to an incorrect fold/rewrite")
        if any(v != DYNAMIC and v <= 0 for v in basis):
            return "'affine.delinearize_index' op no basis element may be statically non-positive"
        return None
