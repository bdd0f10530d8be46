"""The vector dialect ops that affine code around vectorized kernels uses
(mlir/lib/Dialect/Vector/IR/VectorOps.cpp and the ODS assembly formats of
VectorOps.td): vector.broadcast, vector.fma, vector.load, vector.store and
vector.print.  Other vector ops stay unregistered (generic form with
--allow-unregistered-dialect)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Optional, OptionalResult, Result, Variadic
from ..ir.traits import Elementwise, MemoryEffects, Pure, Read, Write
from ..ir.type_constraints import (AnyFixedVector, AnyMemRef, AnyVector, VectorOfI1,
                                   VectorOfIndexRank1)
from ..parse.syntax import Uses, parse_error
from ..parse.op_syntax import parses
from ..printer.numbers import unescape_string
from .base import (RegisteredOp, attrs_of, first_of, index_types, new_op, tokens_of,
                   type_constraint_error, types_of)
from . import memref
from .memref import at_offset
from .arith import materialize_constant as materialize_arith_constant


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
    materialize_constant = staticmethod(materialize_arith_constant)

    def fold(self, constants):
        """BroadcastOp::fold: a broadcast of its own type is its source; of
        a scalar constant, a splat (of a splat, the splat again)."""
        source, result = self.operands[0], self.results[0]
        if source.type == result.type:
            return [source]
        attr = constants[0]
        if isinstance(attr, (A.IntegerAttr, A.FloatAttr)) and attr.type == source.type:
            value = attr.bits if isinstance(attr, A.FloatAttr) else attr.value
            return [A.DenseElementsAttr(result.type, [value])]
        if isinstance(attr, A.DenseElementsAttr) and attr.is_splat:
            return [A.DenseElementsAttr(result.type, attr.values)]
        return None
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
    ods_operands = (Operand("base", AnyMemRef), Variadic("indices"))
    ods_results = (Result("result", AnyVector),)

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
    ods_operands = (Operand("valueToStore", AnyVector), Operand("base", AnyMemRef),
                    Variadic("indices"))
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
# Ops declared by their ODS assembly format (ir/assembly_format.py).
from ..ir.attr_syntax import AttrSyntax, DenseArray, TypedInt, enum_error  # noqa: E402
from ..ir.op_definition import Property  # noqa: E402
from ..ir.traits import ReturnLike, Terminator  # noqa: E402
from .custom_directives import DYNAMIC_INDEX_LIST  # noqa: E402
from .math import FASTMATH_PROPERTY  # noqa: E402
from .tensor import element_types  # noqa: E402

COMBINING_KINDS = ("add", "mul", "minui", "minsi", "minnumf", "maxui", "maxsi", "maxnumf",
                   "and", "or", "xor", "maximumf", "minimumf")


class CombiningKind(AttrSyntax):
    """`#vector.kind<add>` as its stripped form `<add>`."""

    grammar = '"<" name_id ">"'

    def parse(self, children, op_name: str = ""):
        word = children[0].value
        if word not in COMBINING_KINDS:
            raise enum_error(children[0], op_name, "::mlir::vector::CombiningKind",
                             COMBINING_KINDS, "Vector_CombiningKindAttr")
        return A.OpaqueAttr(f"#vector.kind<{word}>")

    def print(self, p, attr) -> None:
        p.write(attr.text[attr.text.index("<"):])

    def holds(self, attr) -> bool:
        return isinstance(attr, A.OpaqueAttr) and attr.text.startswith("#vector.kind<")


def supported_combining_kind(kind, element_type) -> bool:
    """isSupportedCombiningKind (VectorOps.cpp): `kind`, a #vector.kind
    attribute, applies to elements of `element_type`."""
    word = kind.text[kind.text.index("<") + 1:-1] if isinstance(kind, A.OpaqueAttr) else ""
    integer = isinstance(element_type, (T.IntegerType, T.IndexType))
    if word in ("add", "mul"):
        return integer or isinstance(element_type, T.FloatType)
    if word in ("minnumf", "maxnumf", "minimumf", "maximumf"):
        return isinstance(element_type, T.FloatType)
    return integer


def _shuffle_result(state):
    v1 = state.types["operands"][0]
    mask = state.attributes["mask"].value
    return [T.VectorType((len(mask),) + tuple(v1.shape[1:]), v1.element_type)]


@register_op
class ShuffleOp(RegisteredOp):
    name = "vector.shuffle"
    required_properties = ("mask",)
    traits = (Pure,)
    ods_operands = (Operand("v1"), Operand("v2"))
    ods_results = (Result("vector"),)
    ods_properties = (Property("mask", DenseArray()),)
    ods_types = {"vector": _shuffle_result}
    assembly_format = "operands $mask attr-dict `:` type(operands)"


@register_op
class ExtractOp(RegisteredOp):
    name = "vector.extract"
    required_properties = ("static_position",)
    traits = (Pure,)
    ods_operands = (Operand("vector"), Variadic("dynamic_position"))
    ods_results = (Result("result"),)
    ods_properties = (Property("static_position", DenseArray()),)
    ods_types = {"dynamic_position": T.INDEX}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = ("$vector `` custom<DynamicIndexList>($dynamic_position, $static_position)"
                       " attr-dict `:` type($result) `from` type($vector)")


@register_op
class InsertOp(RegisteredOp):
    name = "vector.insert"
    required_properties = ("static_position",)
    traits = (Pure,)
    ods_operands = (Operand("valueToStore"), Operand("dest"), Variadic("dynamic_position"))
    ods_results = (Result("result"),)
    ods_properties = (Property("static_position", DenseArray()),)
    ods_types = {"dynamic_position": T.INDEX, "result": "dest"}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = ("$valueToStore `,` $dest custom<DynamicIndexList>($dynamic_position, "
                       "$static_position) attr-dict `:` type($valueToStore) `into` type($dest)")


@register_op
class InsertStridedSliceOp(RegisteredOp):
    name = "vector.insert_strided_slice"
    required_properties = ("offsets", "strides")
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
    required_properties = ("offsets", "sizes", "strides")
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
    ods_results = (Result("result", VectorOfI1),)
    ods_types = {"operands": T.INDEX}
    assembly_format = "$operands attr-dict `:` type(results)"


@register_op
class ConstantMaskOp(RegisteredOp):
    name = "vector.constant_mask"
    required_properties = ("mask_dim_sizes",)
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
    required_properties = ("kind",)
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
    required_properties = ("permutation",)
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
class ExpandLoadOp(MaskedLoadOp):
    """Declared as vector.maskedload: the mask picks the lanes filled from
    consecutive elements."""

    name = "vector.expandload"
    traits = (MemoryEffects(Read(0)),)


@register_op
class CompressStoreOp(MaskedStoreOp):
    """Declared as vector.maskedstore: the mask picks the lanes stored to
    consecutive elements."""

    name = "vector.compressstore"
    traits = (MemoryEffects(Write(0)),)


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
    ods_results = (OptionalResult("result"),)
    ods_operands = (Operand("base"), Variadic("offsets"), Operand("indices"), Operand("mask"),
                    Operand("valueToStore"))
    ods_types = {"offsets": T.INDEX}
    assembly_format = ("$base `[` $offsets `]` `[` $indices `]` `,` $mask `,` $valueToStore "
                       "attr-dict `:` type($base) `,` type($indices) `,` type($mask) `,` "
                       "type($valueToStore)")


@register_op
class MultiDimReductionOp(RegisteredOp):
    name = "vector.multi_reduction"
    required_properties = ("kind", "reduction_dims")
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
    required_properties = ("inclusive", "kind", "reduction_dim")
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
    required_properties = ("pos",)
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
    required_properties = ("pos",)
    traits = (Pure,)
    ods_operands = (Operand("source"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("pos", TypedInt(T.I64)),)
    assembly_format = "$source `[` $pos `]` attr-dict `:` type($res) `from` type($source)"


def _doubled_width(vector):
    """The type of vector.interleave's result: the last dimension of
    `vector` twice as long (a 0-d vector gives two elements)."""
    if not vector.shape:
        return T.VectorType((2,), vector.element_type)
    shape = vector.shape[:-1] + (vector.shape[-1] * 2,)
    return T.VectorType(shape, vector.element_type, vector.scalable)


@register_op
class InterleaveOp(RegisteredOp):
    name = "vector.interleave"
    traits = (Pure,)
    ods_operands = (Operand("lhs", AnyVector), Operand("rhs"))
    ods_results = (Result("result", AnyVector),)
    ods_types = {"rhs": "lhs"}
    ods_predicates = (("all of {lhs, rhs} have same type",
                       lambda op: op.operands[0].type == op.operands[1].type),
                      ("type of 'result' is double the width of the inputs",
                       lambda op: op.results[0].type == _doubled_width(op.operands[0].type)))
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
    ods_results = (Result("dest", AnyFixedVector),)
    ods_types = {"elements": lambda state: element_types(state.types["dest"][0])}
    ods_predicates = (("shaped type 'dest' matches 'elements' element count and types",
                       lambda op: [v.type for v in op.operands]
                       == element_types(op.results[0].type)),)
    assembly_format = "$elements attr-dict `:` type($dest)"


@register_op
class StepOp(RegisteredOp):
    name = "vector.step"
    traits = (Pure,)
    ods_results = (Result("result", VectorOfIndexRank1),)
    assembly_format = "attr-dict `:` type($result)"


@register_op
class YieldOp(RegisteredOp):
    name = "vector.yield"
    traits = (Pure, ReturnLike, Terminator)
    ods_operands = (Variadic("operands"),)
    assembly_format = "attr-dict ($operands^ `:` type($operands))?"

