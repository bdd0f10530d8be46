"""The vector dialect ops that affine code around vectorized kernels uses
(mlir/lib/Dialect/Vector/IR/VectorOps.cpp and the ODS assembly formats of
VectorOps.td): vector.broadcast, vector.fma, vector.load, vector.store and
vector.print.  Other vector ops stay unregistered (generic form with
--allow-unregistered-dialect)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Optional, Result, Variadic
from ..ir.traits import Elementwise, MemoryEffects, Pure, Read, Write
from ..parse.syntax import Uses, parse_error
from ..parse.op_syntax import parses
from ..printer.numbers import unescape_string
from .base import (RegisteredOp, attrs_of, first_of, index_types, new_op, tokens_of,
                   type_constraint_error, types_of)
from . import memref
from .memref import at_offset


def _type_error(cls, type, what: str):
    return f"'{cls.name}' op {what} must be {cls.operand_kind}, but got '{type}'"


def _token_after(t, anchor, word: str):
    """A token at the first non-blank character after the next `word` past
    `anchor` (types carry no position; errors about them point there)."""
    index = t.text.find(word, anchor.end_pos) + len(word)
    while t.text[index] in " \t\n":
        index += 1
    return at_offset(t, index, anchor)


# --------------------------------------------------------------- broadcast
@register_op
class BroadcastOp(RegisteredOp):
    """`vector.broadcast %s : T to vector<...>`: a scalar or a vector of
    lower or equal rank, stretched to the result's shape."""

    name = "vector.broadcast"
    traits = (Pure,)
    ods_operands = (Operand("source"),)
    ods_results = (Result("vector"),)

    syntax = r"""
        vector_broadcast: OP_VECTOR_BROADCAST VALUE_ID attr_dict? ":" type "to" type
    """

    @classmethod
    def parse(cls, t, children):
        source, result = types_of(children)
        if not isinstance(result, T.VectorType):
            raise parse_error(_token_after(t, children[0], " to"),
                              "custom op 'vector.broadcast' invalid kind of type specified: "
                              f"expected builtin.vector, but found '{result}'")
        return new_op(cls.name, None, children[:1], [source], [result], dict(attrs_of(children)))

    def verify(self):
        error = type_constraint_error(self, [
            (self.results[0], T.VectorType, "vector of any type values")])
        if error:
            return error
        source, result = self.operands[0].type, self.results[0].type
        element = source.element_type if isinstance(source, T.VectorType) else source
        if element != result.element_type:
            return ("'vector.broadcast' op failed to verify that source operand and result "
                    "have same element type")
        if not isinstance(source, T.VectorType):
            return None
        if len(source.shape) > len(result.shape):
            return "'vector.broadcast' op source rank higher than destination rank"
        for have, want in zip(reversed(source.shape), reversed(result.shape)):
            if have != 1 and have != want:
                return f"'vector.broadcast' op dimension mismatch ({have} vs. {want})"
        return None

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type, self.results[0].type])


# --------------------------------------------------------------------- fma
@register_op
class FMAOp(RegisteredOp):
    """`vector.fma %a, %b, %c : vector<...xf32>`: a * b + c elementwise."""

    name = "vector.fma"
    traits = (Pure, Elementwise)
    ods_operands = (Operand("lhs"), Operand("rhs"), Operand("acc"))
    ods_results = (Result("result"),)
    operand_kind = "vector of floating-point values"

    syntax = r"""
        vector_fma: OP_VECTOR_FMA VALUE_ID "," VALUE_ID "," VALUE_ID attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        return new_op(cls.name, None, children[:3], [type] * 3, [type], dict(attrs_of(children)))

    def verify(self):
        for index, value in enumerate(list(self.operands) + list(self.results)):
            type = value.type
            if not (isinstance(type, T.VectorType) and isinstance(type.element_type, T.FloatType)):
                what = f"operand #{index}" if index < 3 else "result #0"
                return _type_error(self, type, what)
        if len({v.type for v in list(self.operands) + list(self.results)}) != 1:
            return ("'vector.fma' op failed to verify that all of {lhs, rhs, acc, result} have "
                    "same type")
        return None

    def print(self, p) -> None:
        self.print_operands_then_types(p, [self.operands[0].type])


# ------------------------------------------------------------- load, store
class VectorMemoryOp(memref.LoadStoreOp):
    """vector.load and vector.store: a vector at `[indices]` of a memref,
    written as memref.load and memref.store with the vector type after the
    memref's."""

    __slots__ = ()
    inherent = ("alignment", "nontemporal")

    def memref_type(self):
        return self.operands[1 if self.stores else 0].type

    def vector_type(self):
        return self.operands[0].type if self.stores else self.results[0].type

    def verify(self):
        base, vector = self.memref_type(), self.vector_type()
        if not isinstance(base, T.MemRefType):
            return None
        role = "valueToStore" if self.stores else "result"
        if isinstance(base.element_type, T.VectorType):
            if base.element_type != vector:
                return f"'{self.name}' op base memref and {role} vector types should match"
        elif not isinstance(vector, T.VectorType) or base.element_type != vector.element_type:
            element = "element type" if self.stores else "element types"
            return f"'{self.name}' op base and {role} {element} should match"
        indices = len(self.operands) - (2 if self.stores else 1)
        if indices != len(base.shape):
            return f"'{self.name}' op requires {len(base.shape)} indices"
        return None

    def print(self, p) -> None:
        self.print_access(p)
        p.write(" : ")
        p.print_type(self.memref_type())
        p.write(", ")
        p.print_type(self.vector_type())


def _memory_operands(children):
    indices = list(first_of(children, Uses, []))
    base_type, vector_type = types_of(children)
    return indices, base_type, vector_type


@register_op
class LoadOp(VectorMemoryOp):
    """`vector.load %m[%i, %j] : memref<...>, vector<...>`."""

    name = "vector.load"
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("base"), Variadic("indices"))
    ods_results = (Result("result"),)

    syntax = r"""
        vector_load: OP_VECTOR_LOAD VALUE_ID "[" value_use_list? "]" attr_dict? ":" type "," type
    """

    @classmethod
    def parse(cls, t, children):
        indices, base, vector = _memory_operands(children)
        return new_op(cls.name, None, children[:1] + indices, [base] + index_types(len(indices)),
                      [vector], dict(attrs_of(children)))


@register_op
class StoreOp(VectorMemoryOp):
    """`vector.store %v, %m[%i, %j] : memref<...>, vector<...>`."""

    name = "vector.store"
    traits = (MemoryEffects(Write(1)),)
    ods_operands = (Operand("valueToStore"), Operand("base"), Variadic("indices"))
    stores = True

    syntax = r"""
        vector_store: OP_VECTOR_STORE VALUE_ID "," VALUE_ID "[" value_use_list? "]" attr_dict? ":" type "," type
    """

    @classmethod
    def parse(cls, t, children):
        indices, base, vector = _memory_operands(children)
        return new_op(cls.name, None, children[:2] + indices,
                      [vector, base] + index_types(len(indices)), [], dict(attrs_of(children)))


# ------------------------------------------------------------------- print
PUNCTUATIONS = ("no_punctuation", "newline", "comma", "open", "close")


def punctuation_attr(word: str) -> A.OpaqueAttr:
    return A.OpaqueAttr(f"#vector.punctuation<{word}>")


@register_op
class PrintOp(RegisteredOp):
    """`vector.print [%v : T] [str "..."] [punctuation <p>]`: prints a
    value, a string or only a punctuation (a newline by default)."""

    name = "vector.print"
    traits = (MemoryEffects(Write()),)
    ods_operands = (Optional("source"),)
    inherent = ("punctuation", "stringLiteral")
    property_defaults = {"punctuation": punctuation_attr("newline")}
    operand_kind = ""

    syntax = r"""
        vector_print: OP_VECTOR_PRINT (VALUE_ID ":" type)? vector_print_clause* attr_dict?
        vector_print_clause: "str" STRING -> vector_print_string
                           | "punctuation" "<" name_id ">" -> vector_print_punctuation
    """

    @classmethod
    def parse(cls, t, children):
        attrs = dict(attrs_of(children))
        for child in children:
            if isinstance(child, tuple):
                attrs[child[0]] = child[1]
        operands = tokens_of(children, "VALUE_ID")
        return new_op(cls.name, None, operands, types_of(children), [], attrs)

    @parses("vector_print_string")
    def parse_string(t, children):
        return ("stringLiteral", A.StringAttr(unescape_string(children[0].value[1:-1])))

    @parses("vector_print_punctuation")
    def parse_punctuation(t, children):
        word = children[0]
        if word not in PUNCTUATIONS:
            error = parse_error(word, "custom op 'vector.print' expected "
                                      "::mlir::vector::PrintPunctuation to be one of: "
                                      + ", ".join(PUNCTUATIONS))
            close = at_offset(t, t.text.find(">", word.end_pos), word)
            raise error.attach_note(
                "custom op 'vector.print' failed to parse Vector_PrintPunctuation parameter "
                "'value' which is to be a `::mlir::vector::PrintPunctuation`",
                (close.line, close.column), "error")
        return ("punctuation", punctuation_attr(str(word)))

    def finish_parse(self) -> None:
        self.drop_default_properties()

    def verify(self):
        if self.operands:
            type = self.operands[0].type
            if not isinstance(type, (T.VectorType, T.IntegerType, T.IndexType, T.FloatType)):
                return _type_error(self, type, "operand #0")
        punctuation = self.generic_properties()["punctuation"]
        if "stringLiteral" in self.properties and (
                self.operands or punctuation != self.property_defaults["punctuation"]):
            return ("'vector.print' op failed to verify that `source` or `punctuation` are not "
                    "set when printing strings")
        return None

    def print(self, p) -> None:
        if self.operands:
            p.write(" ")
            p.print_operand(self.operands[0])
            p.write(" : ")
            p.print_type(self.operands[0].type)
        string = self.properties.get("stringLiteral")
        if string is not None:
            p.write(" str ")
            p.print_attribute(string)
        punctuation = self.properties.get("punctuation")
        if punctuation is not None and punctuation != self.property_defaults["punctuation"]:
            p.write(" punctuation <" + punctuation.text.partition("<")[2])
        self.attr_dict(p)


# ------------------------------------------------------------------------
# vector.transfer_read and vector.transfer_write: hand-written upstream
# (VectorOps.cpp TransferReadOp::parse/print), so here too.
from ..ir.affine_expr import dim as _dim  # noqa: E402
from ..ir.affine_map import AffineMap as _AffineMap  # noqa: E402
from ..ir.traits import AttrSizedOperandSegments  # noqa: E402
from ..ir.op_definition import VariadicResult  # noqa: E402


def minor_identity(source_rank: int, vector_rank: int):
    """AffineMap::getMinorIdentityMap: the last `vector_rank` dims."""
    return _AffineMap(source_rank, 0, [_dim(i) for i in range(source_rank - vector_rank,
                                                                source_rank)])


class TransferOp(RegisteredOp):
    """What transfer_read and transfer_write share: the permutation map and
    in_bounds, elided when they are the minor identity and all false."""

    __slots__ = ()
    inherent = ("in_bounds", "operandSegmentSizes", "permutation_map")

    def source_type(self):
        return self.operands[1 if self.writes else 0].type

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
    traits = (AttrSizedOperandSegments, MemoryEffects(Read(0)))
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
    traits = (AttrSizedOperandSegments, MemoryEffects(Write(1)))
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


# ------------------------------------------------------------------------
# Ops declared by their ODS assembly format (ir/assembly_format.py).
from ..ir.attr_syntax import AttrSyntax, DenseArray, TypedInt, UnitAttr  # noqa: E402
from ..ir.core import Block  # noqa: E402
from ..ir.op_definition import Property, RegionDef  # noqa: E402
from ..ir.traits import (RecursiveMemoryEffects, ReturnLike,  # noqa: E402
                         SingleBlockImplicitTerminator, Terminator)
from ..parse.syntax import ParsedRegion  # noqa: E402
from .base import type_list  # noqa: E402
from .custom_directives import DYNAMIC_INDEX_LIST  # noqa: E402
from .math import FASTMATH_PROPERTY  # noqa: E402
from .tensor import element_types  # noqa: E402

COMBINING_KINDS = ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
                   "and", "or", "xor", "minimumf", "maximumf")


class CombiningKind(AttrSyntax):
    """`#vector.kind<add>` as its stripped form `<add>`."""

    grammar = '"<" name_id ">"'

    def parse(self, children):
        from ..parse.syntax import parse_error
        word = children[0].value
        if word not in COMBINING_KINDS:
            raise parse_error(children[0], f"expected one of [{', '.join(COMBINING_KINDS)}] "
                              f"for vector combining kind, got: {word}")
        return A.OpaqueAttr(f"#vector.kind<{word}>")

    def print(self, p, attr) -> None:
        p.write(attr.text[attr.text.index("<"):])


def _shuffle_result(state):
    v1 = state.types["operands"][0]
    mask = state.attributes["mask"].value
    return [T.VectorType((len(mask),) + tuple(v1.shape[1:]), v1.element_type)]


@register_op
class ShuffleOp(RegisteredOp):
    name = "vector.shuffle"
    traits = (Pure,)
    ods_operands = (Operand("v1"), Operand("v2"))
    ods_results = (Result("vector"),)
    ods_properties = (Property("mask", DenseArray()),)
    ods_types = {"vector": _shuffle_result}
    assembly_format = "operands $mask attr-dict `:` type(operands)"


@register_op
class ExtractOp(RegisteredOp):
    name = "vector.extract"
    traits = (Pure,)
    ods_operands = (Operand("vector"), Variadic("dynamic_position"))
    ods_results = (Result("result"),)
    ods_properties = (Property("static_position"),)
    ods_types = {"dynamic_position": T.INDEX}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = ("$vector `` custom<DynamicIndexList>($dynamic_position, $static_position)"
                       " attr-dict `:` type($result) `from` type($vector)")


@register_op
class InsertOp(RegisteredOp):
    name = "vector.insert"
    traits = (Pure,)
    ods_operands = (Operand("valueToStore"), Operand("dest"), Variadic("dynamic_position"))
    ods_results = (Result("result"),)
    ods_properties = (Property("static_position"),)
    ods_types = {"dynamic_position": T.INDEX, "result": "dest"}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = ("$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, "
                       "$static_position) attr-dict `:` type($valueToStore) `into` type($dest)")


@register_op
class InsertStridedSliceOp(RegisteredOp):
    name = "vector.insert_strided_slice"
    traits = (Pure,)
    ods_operands = (Operand("valueToStore"), Operand("dest"))
    ods_results = (Result("res"),)
    ods_properties = (Property("offsets"), Property("strides"))
    ods_types = {"res": "dest"}
    assembly_format = ("$valueToStore `,` $dest attr-dict `:` type($valueToStore) `into` "
                       "type($dest)")


@register_op
class ExtractStridedSliceOp(RegisteredOp):
    name = "vector.extract_strided_slice"
    traits = (Pure,)
    ods_operands = (Operand("vector"),)
    ods_results = (Result("result"),)
    ods_properties = (Property("offsets"), Property("sizes"), Property("strides"))
    assembly_format = "$vector attr-dict `:` type($vector) `to` qualified(type(results))"


@register_op
class CreateMaskOp(RegisteredOp):
    name = "vector.create_mask"
    traits = (Pure,)
    ods_operands = (Variadic("operands"),)
    ods_results = (Result("result"),)
    ods_types = {"operands": T.INDEX}
    assembly_format = "$operands attr-dict `:` type(results)"


@register_op
class ConstantMaskOp(RegisteredOp):
    name = "vector.constant_mask"
    traits = (Pure,)
    ods_results = (Result("result"),)
    ods_properties = (Property("mask_dim_sizes", DenseArray()),)
    assembly_format = "$mask_dim_sizes attr-dict `:` type(results)"


class CastLikeOp(RegisteredOp):
    __slots__ = ()
    ods_operands = (Operand("source"),)
    ods_results = (Result("result"),)
    assembly_format = "$source attr-dict `:` type($source) `to` type($result)"


for _name in ("shape_cast", "bitcast"):
    register_op(type("Vector_" + _name, (CastLikeOp,), {"name": "vector." + _name,
                                                        "__slots__": (), "traits": (Pure,)}))


@register_op
class ReductionOp(RegisteredOp):
    name = "vector.reduction"
    traits = (Pure,)
    ods_operands = (Operand("vector"), Optional("acc"))
    ods_results = (Result("dest"),)
    ods_properties = (Property("kind", CombiningKind()), FASTMATH_PROPERTY)
    ods_types = {"acc": "dest"}
    assembly_format = ("$kind `,` $vector (`,` $acc^)? (`fastmath` `` $fastmath^)? attr-dict "
                       "`:` type($vector) `into` type($dest)")


@register_op
class TransposeOp(RegisteredOp):
    name = "vector.transpose"
    traits = (Pure,)
    ods_operands = (Operand("vector"),)
    ods_results = (Result("result"),)
    ods_properties = (Property("permutation", DenseArray()),)
    assembly_format = "$vector `,` $permutation attr-dict `:` type($vector) `to` type($result)"


@register_op
class MaskedLoadOp(RegisteredOp):
    name = "vector.maskedload"
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("base"), Variadic("indices"), Operand("mask"), Operand("pass_thru"))
    ods_results = (Result("result"),)
    ods_types = {"indices": T.INDEX}
    assembly_format = ("$base `[` $indices `]` `,` $mask `,` $pass_thru attr-dict `:` "
                       "type($base) `,` type($mask) `,` type($pass_thru) `into` type($result)")


@register_op
class MaskedStoreOp(RegisteredOp):
    name = "vector.maskedstore"
    traits = (MemoryEffects(Write(0)),)
    ods_operands = (Operand("base"), Variadic("indices"), Operand("mask"), Operand("valueToStore"))
    ods_types = {"indices": T.INDEX}
    assembly_format = ("$base `[` $indices `]` `,` $mask `,` $valueToStore attr-dict `:` "
                       "type($base) `,` type($mask) `,` type($valueToStore)")


@register_op
class ExpandLoadOp(RegisteredOp):
    name = "vector.expandload"
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("base"), Variadic("indices"), Operand("mask"), Operand("pass_thru"))
    ods_results = (Result("result"),)
    ods_types = {"indices": T.INDEX}
    assembly_format = MaskedLoadOp.assembly_format


@register_op
class CompressStoreOp(RegisteredOp):
    name = "vector.compressstore"
    traits = (MemoryEffects(Write(0)),)
    ods_operands = (Operand("base"), Variadic("indices"), Operand("mask"), Operand("valueToStore"))
    ods_types = {"indices": T.INDEX}
    assembly_format = MaskedStoreOp.assembly_format


@register_op
class GatherOp(RegisteredOp):
    name = "vector.gather"
    traits = (MemoryEffects(Read(0)),)
    ods_operands = (Operand("base"), Variadic("offsets"), Operand("indices"), Operand("mask"),
                    Operand("pass_thru"))
    ods_results = (Result("result"),)
    ods_types = {"offsets": T.INDEX}
    assembly_format = ("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $pass_thru attr-dict "
                       "`:` type($base) `,` type($indices) `,` type($mask) `,` type($pass_thru) "
                       "`into` type($result)")


@register_op
class ScatterOp(RegisteredOp):
    name = "vector.scatter"
    traits = (MemoryEffects(Write(0)),)
    ods_operands = (Operand("base"), Variadic("offsets"), Operand("indices"), Operand("mask"),
                    Operand("valueToStore"))
    ods_types = {"offsets": T.INDEX}
    assembly_format = ("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore "
                       "attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` "
                       "type($valueToStore)")


@register_op
class MultiDimReductionOp(RegisteredOp):
    name = "vector.multi_reduction"
    traits = (Pure,)
    ods_operands = (Operand("source"), Operand("acc"))
    ods_results = (Result("dest"),)
    ods_properties = (Property("kind", CombiningKind()), Property("reduction_dims", DenseArray()))
    ods_types = {"acc": "dest"}
    assembly_format = ("$kind `,` $source `,` $acc attr-dict $reduction_dims `:` type($source) "
                       "`to` type($dest)")


@register_op
class VectorScaleOp(RegisteredOp):
    name = "vector.vscale"
    traits = (Pure,)
    ods_results = (Result("res"),)
    ods_types = {"res": T.INDEX}
    assembly_format = "attr-dict"

    def result_name_hints(self):
        return ["vscale"]


@register_op
class ScanOp(RegisteredOp):
    name = "vector.scan"
    traits = (Pure,)
    ods_operands = (Operand("source"), Operand("initial_value"))
    ods_results = (Result("dest"), Result("accumulated_value"))
    ods_properties = (Property("kind", CombiningKind()), Property("reduction_dim"),
                      Property("inclusive"))
    ods_types = {"dest": "source", "accumulated_value": "initial_value"}
    assembly_format = ("$kind `,` $source `,` $initial_value attr-dict `:` type($source) `,` "
                       "type($initial_value)")

    def result_name_hints(self):
        return ["dest", "accumulated_value"]


@register_op
class ScalableInsertOp(RegisteredOp):
    name = "vector.scalable.insert"
    traits = (Pure,)
    ods_operands = (Operand("valueToStore"), Operand("dest"))
    ods_results = (Result("res"),)
    ods_properties = (Property("pos", TypedInt(T.I64)),)
    ods_types = {"res": "dest"}
    assembly_format = ("$valueToStore `,` $dest `[` $pos `]` attr-dict `:` type($valueToStore) "
                       "`into` type($dest)")


@register_op
class ScalableExtractOp(RegisteredOp):
    name = "vector.scalable.extract"
    traits = (Pure,)
    ods_operands = (Operand("source"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("pos", TypedInt(T.I64)),)
    assembly_format = "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)"


@register_op
class InterleaveOp(RegisteredOp):
    name = "vector.interleave"
    traits = (Pure,)
    ods_operands = (Operand("lhs"), Operand("rhs"))
    ods_results = (Result("result"),)
    ods_types = {"rhs": "lhs"}
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `->` type($result)"


@register_op
class DeinterleaveOp(RegisteredOp):
    name = "vector.deinterleave"
    traits = (Pure,)
    ods_operands = (Operand("source"),)
    ods_results = (Result("res1"), Result("res2"))
    ods_types = {"res2": "res1"}
    assembly_format = "$source attr-dict `:` type($source) `->` type($res1)"

    def result_name_hints(self):
        return ["res1", "res2"]


@register_op
class FromElementsOp(RegisteredOp):
    name = "vector.from_elements"
    traits = (Pure,)
    ods_operands = (Variadic("elements"),)
    ods_results = (Result("dest"),)
    ods_types = {"elements": lambda state: element_types(state.types["dest"][0])}
    assembly_format = "$elements attr-dict `:` type($dest)"


@register_op
class StepOp(RegisteredOp):
    name = "vector.step"
    traits = (Pure,)
    ods_results = (Result("result"),)
    assembly_format = "attr-dict `:` type($result)"


@register_op
class OuterProductOp(RegisteredOp):
    """`vector.outerproduct %a, %b[, %acc {kind = ...}] : vector<4xf32>, vector<8xf32>`
    (hand-written upstream: the result type is derived from the operands',
    and the attributes show only with an accumulator)."""

    name = "vector.outerproduct"
    traits = (Pure,)
    ods_operands = (Operand("lhs"), Operand("rhs"), Optional("acc"))
    ods_results = (Result("result"),)
    inherent = ("kind",)

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

    name = "vector.contract"
    traits = (Pure,)
    ods_operands = (Operand("lhs"), Operand("rhs"), Operand("acc"))
    ods_results = (Result("result"),)
    inherent = _CONTRACT_TRAIT

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
class YieldOp(RegisteredOp):
    name = "vector.yield"
    traits = (Pure, ReturnLike, Terminator)
    ods_operands = (Variadic("operands"),)
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"


@register_op
class MaskOp(RegisteredOp):
    """`%r = vector.mask %m[, %passthru] { op } : vector<8xi1> -> T`: the one op
    it masks on the line (hand-written upstream), its results yielded by an
    implicit vector.yield."""

    name = "vector.mask"
    traits = (SingleBlockImplicitTerminator, RecursiveMemoryEffects)
    ods_operands = (Operand("mask"), Optional("passthru"))
    ods_results = (VariadicResult("results"),)
    ods_regions = (RegionDef("maskRegion"),)

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

    def finish_parse(self) -> None:
        region = self.regions[0]
        if not region.blocks:
            region.append(Block())
        block = region.blocks[0]
        if not block.ops or not block.ops[-1].is_terminator:
            masked = block.ops[-1] if block.ops else None
            block.append(YieldOp.build_generic((list(masked.results) if masked else [],)))
        super().finish_parse()

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
