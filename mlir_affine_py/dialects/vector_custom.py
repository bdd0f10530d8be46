"""The vector ops whose upstream parser and printer are hand-written
(mlir/lib/Dialect/Vector/IR/VectorOps.cpp): transfer_read and
transfer_write, outerproduct, contract and mask.  Their syntax belongs to
the extended grammar (parse/op_syntax.py `extended_markers`)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim as _dim
from ..ir.affine_map import AffineMap as _AffineMap
from ..ir.core import Block, register_op
from ..ir.op_definition import (Operand, Optional, Property, RegionDef, Result, Variadic,
                                VariadicResult)
from ..ir.side_effects import NOT_SPECULATABLE, SPECULATABLE
from ..ir.traits import (AttrSizedOperandSegments, ConditionallySpeculatable,
                         MemoryEffectOpInterface, Pure, Read, RecursiveMemoryEffects,
                         SingleBlockImplicitTerminator, Write)
from ..ir.type_constraints import AnyVector
from ..parse.syntax import ParsedRegion, Uses, parse_error
from .base import RegisteredOp, attrs_of, first_of, index_types, new_op, type_list, types_of
from .vector import CombiningKind, YieldOp, supported_combining_kind



# ------------------------------------------------------ transfer_read/write


def minor_identity(source_rank: int, vector_rank: int):
    """AffineMap::getMinorIdentityMap: the last `vector_rank` dims."""
    return _AffineMap(source_rank, 0, [_dim(i) for i in range(source_rank - vector_rank,
                                                                source_rank)])


class TransferOp(RegisteredOp):
    """What transfer_read and transfer_write share: the permutation map and
    in_bounds, elided when they are the minor identity and all false."""

    syntax_extended = True
    __slots__ = ()
    inherent = ("in_bounds", "operandSegmentSizes", "permutation_map")

    def source_type(self):
        return self.operands[1 if self.writes else 0].type

    def get_effects(self) -> list:
        """TransferReadOp/TransferWriteOp::getEffects: on a memref only."""
        if not isinstance(self.source_type(), T.MemRefType):
            return []
        return [Write(1)] if self.writes else [Read(0)]

    def speculatability(self) -> str:
        """On tensors (pure tensor semantics) a transfer cannot fault."""
        return NOT_SPECULATABLE if isinstance(self.source_type(), T.MemRefType) else SPECULATABLE

    def vector_type(self):
        return self.operands[0].type if self.writes else self.results[0].type

    def default_map(self):
        vector = self.vector_type()
        return minor_identity(len(self.source_type().shape), len(vector.shape))

    @classmethod
    def completed(cls, source, vector, attrs) -> None:
        """The properties the custom form leaves out, filled in."""
        rank = len(vector.shape)
        if "permutation_map" not in attrs:
            attrs["permutation_map"] = A.AffineMapAttr(minor_identity(len(source.shape), rank))
        if "in_bounds" not in attrs:
            attrs["in_bounds"] = A.ArrayAttr([A.BOOL_FALSE] * rank)

    def print_attributes_and_types(self, p) -> None:
        elided = ["operandSegmentSizes"]
        if self.properties.get("permutation_map") == A.AffineMapAttr(self.default_map()):
            elided.append("permutation_map")
        in_bounds = self.properties.get("in_bounds")
        if in_bounds is not None and not any(v.value for v in in_bounds.value):
            elided.append("in_bounds")
        p.print_optional_attr_dict(self, tuple(elided))
        p.write(" : ")
        if self.writes:
            p.print_type(self.vector_type())
            p.write(", ")
            p.print_type(self.source_type())
        else:
            p.print_type(self.source_type())
            p.write(", ")
            p.print_type(self.vector_type())


def _mask_type(vector):
    return T.VectorType(vector.shape, T.I1, getattr(vector, "scalable", None))


@register_op
class TransferReadOp(TransferOp):
    """`%v = vector.transfer_read %src[%i, %j], %pad [, %mask] {attrs} : T, vector<...>`."""

    name = "vector.transfer_read"
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface, ConditionallySpeculatable)
    ods_operands = (Operand("base"), Variadic("indices"), Operand("padding"), Optional("mask"))
    ods_results = (Result("vector"),)
    writes = False

    syntax = r"""
        vector_transfer_read: OP_VECTOR_TRANSFER_READ VALUE_ID "[" value_use_list? "]" "," VALUE_ID ("," VALUE_ID)? attr_dict? ":" type "," type
    """

    @classmethod
    def parse(cls, t, children):
        indices = list(first_of(children, Uses, []))
        values = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        source, vector = types_of(children)
        padding, mask = values[1], values[2:]
        attrs = dict(attrs_of(children))
        cls.completed(source, vector, attrs)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.I32, [1, len(indices), 1, len(mask)])
        element = source.element_type
        return new_op(cls.name, None, values[:1] + indices + [padding] + mask,
                      [source] + index_types(len(indices)) + [element] +
                      [_mask_type(vector)] * len(mask), [vector], attrs)

    def print(self, p) -> None:
        sizes = self.properties["operandSegmentSizes"].value
        p.write(" ")
        p.print_operand(self.operands[0])
        p.write("[")
        p.print_operands(self.operands[1:1 + sizes[1]])
        p.write("], ")
        p.print_operands(self.operands[1 + sizes[1]:])
        self.print_attributes_and_types(p)


@register_op
class TransferWriteOp(TransferOp):
    """`vector.transfer_write %v, %dest[%i, %j] [, %mask] {attrs} : vector<...>, T`;
    a tensor destination gives the written tensor as the result."""

    name = "vector.transfer_write"
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface, ConditionallySpeculatable)
    ods_operands = (Operand("valueToStore"), Operand("base"), Variadic("indices"),
                    Optional("mask"))
    ods_results = (VariadicResult("result"),)
    writes = True

    syntax = r"""
        vector_transfer_write: OP_VECTOR_TRANSFER_WRITE VALUE_ID "," VALUE_ID "[" value_use_list? "]" ("," VALUE_ID)? attr_dict? ":" type "," type
    """

    @classmethod
    def parse(cls, t, children):
        indices = list(first_of(children, Uses, []))
        values = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        vector, source = types_of(children)
        mask = values[2:]
        attrs = dict(attrs_of(children))
        cls.completed(source, vector, attrs)
        attrs["operandSegmentSizes"] = A.DenseArrayAttr(T.I32, [1, 1, len(indices), len(mask)])
        results = [source] if isinstance(source, T.TensorType) else []
        return new_op(cls.name, None, values[:2] + indices + mask,
                      [vector, source] + index_types(len(indices)) +
                      [_mask_type(vector)] * len(mask), results, attrs)

    def print(self, p) -> None:
        sizes = self.properties["operandSegmentSizes"].value
        p.write(" ")
        p.print_operands(self.operands[:2])
        p.write("[")
        p.print_operands(self.operands[2:2 + sizes[2]])
        p.write("]")
        if sizes[3]:
            p.write(", ")
            p.print_operands(self.operands[2 + sizes[2]:])
        self.print_attributes_and_types(p)


@register_op
class OuterProductOp(RegisteredOp):
    """`vector.outerproduct %a, %b[, %acc {kind = ...}] : vector<4xf32>, vector<8xf32>`
    (hand-written upstream: the result type is derived from the operands',
    and the attributes show only with an accumulator)."""

    syntax_extended = True
    name = "vector.outerproduct"
    traits = (Pure,)
    ods_operands = (Operand("lhs", AnyVector), Operand("rhs"), Optional("acc", AnyVector))
    ods_results = (Result("result", AnyVector),)
    inherent = ("kind",)
    ods_properties = (Property("kind", CombiningKind()),)

    syntax = r"""
        vector_outerproduct: OP_VECTOR_OUTERPRODUCT VALUE_ID "," VALUE_ID ("," VALUE_ID)? attr_dict? ":" type "," type
    """

    @classmethod
    def parse(cls, t, children):
        values = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        lhs, rhs = types_of(children)
        if isinstance(rhs, T.VectorType):
            scalable = (_scalable(lhs)[0], _scalable(rhs)[0])
            result = T.VectorType((lhs.shape[0], rhs.shape[0]), lhs.element_type, scalable)
        else:
            result = lhs
        attrs = dict(attrs_of(children))
        attrs.setdefault("kind", A.OpaqueAttr("#vector.kind<add>"))
        return new_op(cls.name, None, values, [lhs, rhs] + [result] * (len(values) - 2),
                      [result], attrs)

    def verify(self):
        """OuterProductOp::verify: an outer product of two 1-d vectors into a
        2-d one, or an AXPY of a 1-d vector and a scalar."""
        lhs, rhs, result = self.operands[0].type, self.operands[1].type, self.results[0].type
        if len(lhs.shape) != 1:
            return "'vector.outerproduct' op expected 1-d vector for operand #1"
        if isinstance(rhs, T.VectorType):
            if len(rhs.shape) != 1:
                return "'vector.outerproduct' op expected 1-d vector for operand #2"
            if len(result.shape) != 2:
                return "'vector.outerproduct' op expected 2-d vector result"
            if lhs.shape[0] != result.shape[0]:
                return "'vector.outerproduct' op expected #1 operand dim to match result dim #1"
            if rhs.shape[0] != result.shape[1]:
                return "'vector.outerproduct' op expected #2 operand dim to match result dim #2"
            if lhs.scalable and not rhs.scalable:
                return ("'vector.outerproduct' op expected either both or only #2 operand dim "
                        "to be scalable")
        else:
            if len(result.shape) != 1:
                return "'vector.outerproduct' op expected 1-d vector result"
            if lhs.shape[0] != result.shape[0]:
                return "'vector.outerproduct' op expected #1 operand dim to match result dim #1"
        if len(self.operands) > 2 and self.operands[2].type != result:
            return "'vector.outerproduct' op expected operand #3 of same type as result type"
        kind = self.properties.get("kind")
        if kind is not None and not supported_combining_kind(kind, result.element_type):
            return "'vector.outerproduct' op unsupported outerproduct type"
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        if len(self.operands) > 2:
            p.print_optional_attr_dict(self)
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.write(", ")
        p.print_type(self.operands[1].type)


def _scalable(vector) -> tuple:
    return vector.scalable or (False,) * len(vector.shape)


_CONTRACT_TRAIT = ("indexing_maps", "iterator_types", "kind")


@register_op
class ContractionOp(RegisteredOp):
    """`vector.contract {indexing_maps = [...], iterator_types = ["parallel", ...],
    kind = ...} %a, %b, %acc {attrs} : T, U into V` (hand-written upstream:
    the leading dictionary holds the trait attributes, the iterator types
    as strings)."""

    syntax_extended = True
    name = "vector.contract"
    required_properties = ("indexing_maps", "iterator_types")
    traits = (Pure,)
    ods_operands = (Operand("lhs"), Operand("rhs"), Operand("acc"))
    ods_results = (Result("result"),)
    inherent = _CONTRACT_TRAIT
    ods_properties = (Property("indexing_maps", A.ArrayAttr),
                      Property("iterator_types", A.ArrayAttr), Property("kind", CombiningKind()))

    syntax = r"""
        vector_contract: OP_VECTOR_CONTRACT attribute_value VALUE_ID "," VALUE_ID "," VALUE_ID attr_dict? ":" type "," type "into" type
    """

    @classmethod
    def parse(cls, t, children):
        trait = children[0]
        if not isinstance(trait, A.DictionaryAttr):
            raise parse_error(children[1], "expected dictionary attribute")
        attrs = {}
        for key, value in trait.value.items():
            if key == "iterator_types" and isinstance(value, A.ArrayAttr):
                value = A.ArrayAttr([
                    A.OpaqueAttr(f"#vector.iterator_type<{v.text}>")
                    if isinstance(v, A.StringAttr) else v for v in value.value])
            attrs[key] = value
        attrs.setdefault("kind", A.OpaqueAttr("#vector.kind<add>"))
        attrs.update(attrs_of(children))
        values = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        lhs, rhs, acc = types_of(children)
        return new_op(cls.name, None, values, [lhs, rhs, acc], [acc], attrs)

    def print(self, p) -> None:
        trait = {}
        for key in _CONTRACT_TRAIT:
            value = self.properties.get(key)
            if key == "iterator_types" and isinstance(value, A.ArrayAttr):
                value = A.ArrayAttr([A.StringAttr(v.text[v.text.index("<") + 1:-1].encode())
                                     if isinstance(v, A.OpaqueAttr) else v
                                     for v in value.value])
            if value is not None:
                trait[key] = value
        p.write(" ")
        p.print_attribute(A.DictionaryAttr(trait), "never")
        p.write(" ")
        p.print_operands(self.operands)
        p.print_optional_attr_dict(self, _CONTRACT_TRAIT)
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.write(", ")
        p.print_type(self.operands[1].type)
        p.write(" into ")
        p.print_type(self.results[0].type)


@register_op
class MaskOp(RegisteredOp):
    """`%r = vector.mask %m[, %passthru] { op } : vector<8xi1> -> T`: the one op
    it masks on the line (hand-written upstream), its results yielded by an
    implicit vector.yield."""

    syntax_extended = True
    name = "vector.mask"
    traits = (SingleBlockImplicitTerminator("vector.yield"), RecursiveMemoryEffects)
    ods_operands = (Operand("mask"), Optional("passthru"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("maskRegion", blocks=1),)

    syntax = r"""
        vector_mask: OP_VECTOR_MASK VALUE_ID ("," VALUE_ID)? region attr_dict? ":" type ("->" type_list)?
    """

    @classmethod
    def parse(cls, t, children):
        values = [c for c in children if getattr(c, "type", None) == "VALUE_ID"]
        mask_type = types_of(children)[0]
        results = type_list(children)
        operand_types = [mask_type] + results[:len(values) - 1]
        region = next(c for c in children if isinstance(c, ParsedRegion))
        return new_op(cls.name, None, values, operand_types, results,
                      dict(attrs_of(children)), regions=[region])

    def ensure_implicit_structure(self) -> None:
        region = self.regions[0]
        if not region.blocks:
            region.append(Block())
        block = region.blocks[0]
        if not block.ops or not block.ops[-1].is_terminator:
            masked = block.ops[-1] if block.ops else None
            block.append(YieldOp.build_generic((list(masked.results) if masked else [],)))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" { ")
        block = self.regions[0].blocks[0] if self.regions[0].blocks else None
        if block is not None and block.ops:
            op = block.ops[0]
            p.write(op.op_name)
            op.print(p)
        p.write(" }")
        p.print_optional_attr_dict(self)
        p.write(" : ")
        p.print_type(self.operands[0].type)
        if self.results:
            p.write(" -> ")
            p.print_type_list([r.type for r in self.results])
