"""affine.delinearize_index (mlir/lib/Dialect/Affine/IR/AffineOps.cpp): an
index split into coordinates over a basis of SSA values and integers."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.matchers import constant_int_value
from ..ir.op_definition import Operand, Result, Variadic, VariadicResult
from ..ir.traits import AttrSizedOperandSegments, Pure
from ..parse.op_syntax import parses
from .arith import materialize_constant as materialize_arith_constant
from ..parse.syntax import Uses
from .base import RegisteredOp, attrs_of, first_of, index_types, new_op, type_list, types_of
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

    # ------------------------------------------------------- folding
    materialize_constant = staticmethod(materialize_arith_constant)

    def mixed_basis(self) -> list:
        """getMixedBasis: each basis entry an int, or its dynamic Value."""
        dynamic = iter(self.operands[1:])
        return [next(dynamic) if v == DYNAMIC else v
                for v in self.properties["static_basis"].value]

    def fold(self, constants):
        """AffineDelinearizeIndexOp::fold: constant basis values become
        static; one result is the index itself; a constant index over a
        static basis is its coordinates."""
        basis = self.mixed_basis()
        if any(c is not None for c in constants[1:]):
            static = [b if isinstance(b, int) else
                      (constant_int_value(b) if constant_int_value(b) is not None else DYNAMIC)
                      for b in basis]
            self.properties["static_basis"] = A.DenseArrayAttr(T.I64, static)
            self.set_operands([self.operands[0]] + [b for b, v in zip(basis, static)
                                                    if v == DYNAMIC])
            return []
        if len(self.results) == 1:
            return [self.operands[0]]
        index = constants[0]
        if not isinstance(index, A.IntegerAttr) or len(self.operands) > 1:
            return None
        high = index.value
        moduli = list(basis[1:] if len(self.results) == len(basis) else basis)
        coordinates = []
        for modulus in reversed(moduli):
            coordinates.append(high % modulus)
            high //= modulus
        coordinates.append(high)
        return [A.IntegerAttr(v, T.INDEX) for v in reversed(coordinates)]

    def drop_unit_extent_basis(self, rewriter) -> bool:
        """DropUnitExtentBasis: the results of unit basis entries are 0, the
        others come from a delinearization over the remaining basis."""
        padded = ([None] if len(self.results) > len(self.properties["static_basis"].value)
                  else []) + self.mixed_basis()
        rewriter.set_insertion_point(self)
        zero, replacements, kept = None, [], []
        for entry in padded:
            value = entry if isinstance(entry, int) or entry is None else constant_int_value(entry)
            if value == 1:
                if zero is None:
                    zero = rewriter.insert(materialize_arith_constant(
                        A.IntegerAttr(0, T.INDEX), T.INDEX)).results[0]
                replacements.append(zero)
            else:
                kept.append(entry)
                replacements.append(None)
        if len(kept) == len(self.results):
            return False
        if kept:
            outer = kept[0] is not None
            basis = kept if outer else kept[1:]
            static = [b if isinstance(b, int) else DYNAMIC for b in basis]
            new = rewriter.insert(type(self)(
                [self.operands[0]] + [b for b in basis if not isinstance(b, int)],
                [T.INDEX] * len(kept),
                properties={"static_basis": A.DenseArrayAttr(T.I64, static)}))
            results = iter(new.results)
            replacements = [r if r is not None else next(results) for r in replacements]
        rewriter.replace_op(self, replacements)
        return True

    canonicalization_patterns = (drop_unit_extent_basis,)

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


@register_op
class AffineLinearizeIndexOp(RegisteredOp):
    """`affine.linearize_index [disjoint] [%i, %j] by (%b, 4) : index`: the
    multi-index combined over the basis (custom<DynamicIndexList> in
    parentheses); the outer bound may be left out."""

    name = "affine.linearize_index"
    required_properties = ("static_basis",)
    traits = (Pure, AttrSizedOperandSegments)
    ods_operands = (Variadic("multi_index"), Variadic("dynamic_basis"))
    ods_results = (Result("linear_index"),)
    inherent = ("disjoint", "operandSegmentSizes", "static_basis")

    syntax = r"""
        affine_linearize_index: OP_AFFINE_LINEARIZE_INDEX DISJOINT_KW? "[" value_use_list? "]" "by" "(" mixed_basis? ")" attr_dict? ":" type
        DISJOINT_KW.2: /(disjoint)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        indices = list(first_of(children, Uses, []))
        op_token = name_token(t, "affine.linearize_index", indices[0] if indices else children[0])
        entries = next((c[1] for c in children if isinstance(c, tuple) and c[0] == "basis"), [])
        static, dynamic = split_mixed(entries, "affine.linearize_index", op_token)
        attrs = dict(attrs_of(children))
        # A UnitProp: the generic form prints `disjoint = false` when unset.
        disjoint = any(getattr(c, "type", None) == "DISJOINT_KW" for c in children)
        attrs["disjoint"] = A.UnitAttr() if disjoint else A.BOOL_FALSE
        attrs["static_basis"] = static
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.I32, [len(indices), len(dynamic)])
        return new_op("affine.linearize_index", op_token, indices + dynamic,
                      index_types(len(indices) + len(dynamic)), types_of(children)[-1:], attrs)

    @property
    def segments(self):
        return self.properties["operandSegmentSizes"].value

    def print(self, p) -> None:
        n = self.segments[0]
        if isinstance(self.properties.get("disjoint"), A.UnitAttr):
            p.write(" disjoint")
        p.write(" [")
        p.print_operands(self.operands[:n])
        p.write("] by ")
        print_dynamic_index_list(p, self.properties["static_basis"].value, self.operands[n:], "()")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)

    def verify(self):
        basis = self.properties["static_basis"].value
        if self.segments[0] not in (len(basis), len(basis) + 1):
            return ("'affine.linearize_index' op should be passed a basis element for each "
                    "index except possibly the first")
        return None

    materialize_constant = staticmethod(materialize_arith_constant)

    def fold(self, constants):
        """AffineLinearizeIndexOp::fold: no index is 0, one index is itself,
        constant indices over a static basis are their linear index."""
        n = self.segments[0]
        indices = self.operands[:n]
        if not indices:
            return [A.IntegerAttr(0, T.INDEX)]
        if len(indices) == 1:
            return [indices[0]]
        if any(c is None for c in constants[:n]) or len(self.operands) > n:
            return None
        basis = list(self.properties["static_basis"].value)
        result, stride = 0, 1
        for length, attr in zip(reversed(basis), reversed(constants[:n])):
            result += attr.value * stride
            stride *= length
        if n == len(basis) + 1:
            result += constants[0].value * stride
        return [A.IntegerAttr(result, T.INDEX)]
