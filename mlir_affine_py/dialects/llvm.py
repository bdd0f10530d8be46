"""The LLVM dialect's constants (llvm.mlir.constant, undef, poison), and what
it checks of the types and attributes the inputs carry
(mlir/lib/Dialect/LLVMIR/IR/LLVMTypeSyntax.cpp, LLVMTypes.cpp,
LLVMDialect.cpp): the `!llvm.<keyword>` type names, `!llvm.ptr<N>` address
spaces, the `#llvm.<mnemonic>` attribute names, `#llvm.linkage<...>` and the
`llvm.data_layout` string.

The types stay opaque (kept as text); a pointer type is spelled the way
mlir-opt prints it, so `!llvm.ptr<0>` and `!llvm.ptr` are the same type.
"""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, advance
from ..printer.numbers import fit_unsigned
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..ir.elements_attributes import DenseResourceElementsAttr, SparseElementsAttr
from ..ir.op_definition import Result
from ..ir.traits import ConstantLike, Pure
from ..ir.type_constraints import TypeConstraint
from .arith import ConstantOp
from .base import SimpleTypedOp, attrs_of, new_op, register_attribute_verifier, types_of

PREFIX_TYPE = "!llvm."
PREFIX_ATTR = "#llvm."
TYPE_KEYWORDS = {"void", "ppc_fp128", "token", "label", "metadata", "func", "ptr", "vec",
                 "array", "struct", "target", "x86_amx"}
# The attribute mnemonics of the LLVM dialect in MLIR 22 (LLVMAttrDefs.td).
ATTRIBUTE_MNEMONICS = frozenset({
    "access_group", "address_space", "alias_scope", "alias_scope_domain", "blockaddress",
    "blocktag", "cconv", "cgprofile_entry", "comdat", "constant_range", "dependent_libraries",
    "dereferenceable", "di_annotation", "di_basic_type", "di_common_block", "di_compile_unit",
    "di_composite_type", "di_derived_type", "di_expression", "di_expression_elem", "di_file",
    "di_generic_subrange", "di_global_variable", "di_global_variable_expression",
    "di_imported_entity", "di_label", "di_lexical_block", "di_lexical_block_file",
    "di_local_variable", "di_module", "di_namespace", "di_null_type", "di_string_type",
    "di_subprogram", "di_subrange", "di_subroutine_type", "dso_local_equivalent", "fastmath",
    "linkage", "loop_annotation", "loop_distribute", "loop_interleave", "loop_licm",
    "loop_peeled", "loop_pipeline", "loop_unroll", "loop_unroll_and_jam", "loop_unswitch",
    "loop_vectorize", "memory_effects", "mmra_tag", "overflow", "poison", "profile_summary",
    "profile_summary_detailed", "tailcallkind", "target", "target_features", "tbaa_member",
    "tbaa_root", "tbaa_tag", "tbaa_type_desc", "undef", "vec_type_hint", "vscale_range",
    "zero"})
LINKAGES = ("external", "available_externally", "linkonce", "linkonce_odr", "weak",
            "weak_odr", "appending", "internal", "private", "extern_weak", "common")

# Compiled where used (re keeps them): LLVM types are rare, start-up is not.
_SPACE = r"\s*"
_KEYWORD = r"[a-zA-Z_][\w$.]*"
# An integer token as MLIR's lexer reads it: a number followed by `.` is a
# float, which is not an integer.
_INTEGER = r"(0x[0-9a-fA-F]+|[0-9]+)(?![.0-9])"


def position_in(token, offset: int) -> tuple[int, int]:
    """The source position of character `offset` of `token`'s text."""
    return advance((token.line, token.column), token.value[:offset])


def llvm_type(token) -> T.Type:
    """`!llvm.ptr`, `!llvm.ptr<3>`, `!llvm.struct<...>`, ... as a type."""
    text = token.value
    head, angle, _ = text.partition("<")
    keyword = head[len(PREFIX_TYPE):]
    if keyword not in TYPE_KEYWORDS:
        raise MLIRError(f"unknown LLVM type: {keyword}", position_in(token, len(PREFIX_TYPE)))
    if keyword == "struct":
        _check_struct(token, len(head))
    if keyword != "ptr" or not angle:
        return T.OpaqueType(PREFIX_TYPE + nested_text(text[len(PREFIX_TYPE):]))
    space = _address_space(token, len(head) + 1)
    return T.OpaqueType("!llvm.ptr" if space == 0 else f"!llvm.ptr<{space}>")


def _check_struct(token, body_at: int) -> None:
    """What LLVMStructType's parser rejects first in the texts seen so far:
    no `<` after `struct`, a field that is a string (a name stands only
    before the fields), a field of more than one type."""
    text = token.value
    if not text.startswith("<", body_at):
        raise MLIRError("expected '<'", position_in(token, body_at))
    open_at = text.find("(", body_at)
    if open_at < 0 or not text.endswith(")>"):
        return
    commas = list(top_level_offsets(text[:-2], ",", open_at + 1))
    for start, end in zip([open_at + 1] + [c + 1 for c in commas], commas + [len(text) - 2]):
        field = text[start:end]
        at = start + len(field) - len(field.lstrip())
        if text.startswith('"', at):
            raise MLIRError("expected valid keyword", position_in(token, at))
        # One type per field: after it, a `,` or the `)`, where the parser
        # stands at the end of the type.
        after = min(next(top_level_offsets(text[:end], blank, at), end) for blank in " \t\n")
        if text[after:end].strip():
            raise MLIRError("expected ')'", position_in(token, after))


def nested_text(text: str) -> str:
    """An LLVM type's body as MLIR prints it: the LLVM types nested in it
    go without their `!llvm.` prefix (`func<!llvm.ptr ()>` is `func<ptr ()>`);
    quoted struct names are kept."""
    if PREFIX_TYPE not in text:
        return text
    pieces, at = [], 0
    for match in re.compile(r'"(?:[^"\\]|\\.)*"|!llvm\.').finditer(text):
        pieces.append(text[at:match.start()])
        if match.group() != PREFIX_TYPE:
            pieces.append(match.group())
        at = match.end()
    pieces.append(text[at:])
    return "".join(pieces)


def top_level_offsets(text: str, wanted: str, index: int = 0):
    """The offsets of the `wanted` characters of `text` from `index` on,
    outside brackets and strings."""
    depth = 0
    while index < len(text):
        char = text[index]
        if char == '"':
            index += 1
            while index < len(text) and text[index] != '"':
                index += 2 if text[index] == "\\" else 1
        elif char == "-" and text.startswith("->", index):
            index += 1
        elif char in "<([{":
            depth += 1
        elif char in ">)]}":
            depth -= 1
        elif char == wanted and depth == 0:
            yield index
        index += 1


def split_top_level(text: str) -> list:
    """`text` cut at its commas outside brackets and strings."""
    parts, start = [], 0
    for comma in top_level_offsets(text, ","):
        parts.append(text[start:comma].strip())
        start = comma + 1
    if text[start:].strip():
        parts.append(text[start:].strip())
    return parts


_VECTOR = r"vector<((?:\[?[0-9]+\]?\s*x\s*)+)(.*)>"


def nested_type(text: str) -> T.Type:
    """The type that `text`, a type nested in an LLVM type's body, names:
    a builtin type or an LLVM type (written without its prefix)."""
    text = text.strip()
    if text.startswith(PREFIX_TYPE):
        return T.OpaqueType(PREFIX_TYPE + nested_text(text[len(PREFIX_TYPE):]))
    if re.compile(r"(index|[su]?i[0-9]+|f16|bf16|f32|f64|f80|f128|tf32)").fullmatch(text):
        return T.simple_type(text)
    vector = re.compile(_VECTOR, re.S).fullmatch(text)
    if vector is not None:
        dims = re.compile(r"(\[?)([0-9]+)").findall(vector.group(1))
        return T.VectorType(tuple(int(size) for _, size in dims), nested_type(vector.group(2)),
                            tuple(bool(bracket) for bracket, _ in dims))
    keyword = re.compile(_KEYWORD).match(text)
    if keyword is not None and keyword.group() in TYPE_KEYWORDS:
        return T.OpaqueType(PREFIX_TYPE + nested_text(text))
    return T.OpaqueType(text)


def nested_spelling(type) -> str:
    """How `type` is written inside an LLVM type's body."""
    text = str(type)
    return text[len(PREFIX_TYPE):] if text.startswith(PREFIX_TYPE) else text


def function_type(result, inputs, vararg: bool = False) -> T.Type:
    """`!llvm.func<result (inputs[, ...])>`; a None result is `void`."""
    args = [nested_spelling(t) for t in inputs] + (["..."] if vararg else [])
    ret = "void" if result is None else nested_spelling(result)
    return T.OpaqueType(f"!llvm.func<{ret} ({', '.join(args)})>")


def function_type_parts(type):
    """(result or None, inputs, vararg) of an `!llvm.func<...>` type, or
    None for another type."""
    text = getattr(type, "text", "")
    if not text.startswith("!llvm.func<") or not text.endswith(")>"):
        return None
    body = text[len("!llvm.func<"):-1]
    depth, index = 0, len(body) - 1
    while index >= 0:
        if body[index] == ")":
            depth += 1
        elif body[index] == "(":
            depth -= 1
            if depth == 0:
                break
        index -= 1
    ret = body[:index].strip()
    args = split_top_level(body[index + 1:-1])
    vararg = bool(args) and args[-1] == "..."
    if vararg:
        args.pop()
    return (None if ret == "void" else nested_type(ret), [nested_type(a) for a in args], vararg)


def element_types(type) -> list | None:
    """The element types of an `!llvm.struct` (each field) or
    `!llvm.array` (its element, once), or None."""
    text = getattr(type, "text", "")
    if text.startswith("!llvm.struct<") and text.endswith(")>"):
        body = text[len("!llvm.struct<"):-1]
        open_at = body.index("(", body.rindex('"') if '"' in body else 0)
        return [nested_type(t) for t in split_top_level(body[open_at + 1:-1])]
    if text.startswith("!llvm.array<"):
        match = re.compile(r"\s*[0-9]+\s*x\s*(.*)>", re.S).fullmatch(text, len("!llvm.array<"))
        return [nested_type(match.group(1))] if match else None
    return None


def is_compatible(type) -> bool:
    """LLVM::isCompatibleType: the dialect's own types (held as `!llvm.`
    opaque types), signless integers, floats and one-dimensional vectors of
    them."""
    if isinstance(type, T.VectorType):
        return len(type.shape) == 1 and is_compatible(type.element_type)
    return (isinstance(type, T.OpaqueType) and type.text.startswith("!llvm.")) or \
        (isinstance(type, T.IntegerType) and not type.signedness) or \
        isinstance(type, T.FloatType)


LLVMCompatible = TypeConstraint("LLVM dialect-compatible type", is_compatible)


def _address_space(token, start: int) -> int:
    """LLVMPointerType::parse: `<` integer `>`, the integer read as MLIR's
    parseInteger<unsigned> reads it."""
    text = token.value
    end = len(text) - 1                # the closing `>`
    at = re.compile(_SPACE).match(text, start).end()
    negative = text.startswith("-", at)
    number_at = re.compile(_SPACE).match(text, at + 1).end() if negative else at
    word = re.compile(_KEYWORD).match(text, at)
    if word is not None and word.group() in ("true", "false"):
        value, after = int(word.group() == "true"), word.end()
    else:
        match = re.compile(_INTEGER).match(text, number_at)
        if match is None:
            raise MLIRError("expected integer value", position_in(token, number_at))
        value = fit_unsigned(match.group(), negative, 32)
        if value is None:
            raise MLIRError("integer value too large", position_in(token, at))
        after = match.end()
    after = re.compile(_SPACE).match(text, after).end()
    if after != end:
        raise MLIRError("expected '>'", position_in(token, after))
    return value


# The attributes the dialect names an alias for, after their mnemonic
# (LLVMDialect.cpp, LLVMOpAsmDialectInterface::getAlias).
ALIASED_MNEMONICS = frozenset({
    "access_group", "alias_scope", "alias_scope_domain", "di_basic_type", "di_common_block",
    "di_compile_unit", "di_composite_type", "di_derived_type", "di_file",
    "di_global_variable", "di_global_variable_expression", "di_imported_entity", "di_label",
    "di_lexical_block", "di_lexical_block_file", "di_local_variable", "di_module",
    "di_namespace", "di_null_type", "di_string_type", "di_subprogram",
    "di_subroutine_type", "loop_annotation", "loop_vectorize", "loop_interleave",
    "loop_unroll", "loop_unroll_and_jam", "loop_licm", "loop_distribute", "loop_pipeline",
    "loop_peeled", "loop_unswitch", "tbaa_root", "tbaa_tag", "tbaa_type_desc"})
_ALIAS_REFERENCE = r'"(?:[^"\\]|\\.)*"|#[a-zA-Z_$.][\w$.\-]*'


class AliasedAttr(A.Attribute):
    """An LLVM attribute the dialect gives an alias (`#alias_scope`): its
    text, with the attributes its body names through their aliases kept as
    attributes, which print as their own aliases."""

    __slots__ = ("pieces", "alias_name")

    def __init__(self, mnemonic: str, pieces):
        self.alias_name = mnemonic
        self.pieces = tuple(pieces)
        self._init_key()

    def key(self):
        return self.pieces

    def print(self, p, elide: str) -> None:
        for piece in self.pieces:
            if isinstance(piece, str):
                p.write(piece)
            else:
                p.print_attribute(piece)


def _aliased(token, mnemonic: str, aliases) -> A.Attribute:
    text, pieces, at = token.value, [], 0
    for match in re.compile(_ALIAS_REFERENCE).finditer(text, len(PREFIX_ATTR)):
        if match.group().startswith('"') or "." in match.group():
            continue
        if match.group() not in aliases:
            raise MLIRError(f"undefined symbol alias id '{match.group()[1:]}'",
                            position_in(token, match.start()))
        pieces.append(text[at:match.start()])
        pieces.append(aliases[match.group()])
        at = match.end()
    pieces.append(text[at:])
    return AliasedAttr(mnemonic, pieces)


def llvm_attribute(token, aliases=None) -> A.Attribute:
    """`#llvm.<mnemonic><...>`: the mnemonic must be the LLVM dialect's and
    `#llvm.linkage<kind>` is checked; the attributes are kept verbatim, but
    for those with an alias, whose body may name other aliases."""
    text = token.value
    mnemonic, angle, _ = text[len(PREFIX_ATTR):].partition("<")
    if mnemonic not in ATTRIBUTE_MNEMONICS:
        raise MLIRError(f"unknown attribute `{mnemonic}` in dialect `llvm`",
                        position_in(token, len(PREFIX_ATTR)))
    if mnemonic in ALIASED_MNEMONICS and angle:
        return _aliased(token, mnemonic, aliases or {})
    if mnemonic == "fastmath" and angle:
        return fastmath_attr(re.compile(r"[\w$.]+").findall(text[len("#llvm.fastmath<"):-1]))
    if mnemonic != "linkage":
        return A.OpaqueAttr(text)
    if not angle:
        raise MLIRError("expected '<'", position_in(token, len(text)))
    at = re.compile(_SPACE).match(text, len("#llvm.linkage<")).end()
    keyword = re.compile(_KEYWORD).match(text, at)
    if keyword is None:
        raise MLIRError("expected keyword for LLVM linkage types", position_in(token, at))
    if keyword.group() not in LINKAGES:
        raise MLIRError(f"expected one of [{', '.join(LINKAGES)}] for LLVM linkage types, "
                        f"got: {keyword.group()}", position_in(token, at))
    after = re.compile(_SPACE).match(text, keyword.end()).end()
    if after != len(text) - 1:
        raise MLIRError("expected '>'", position_in(token, after))
    return A.OpaqueAttr(f"#llvm.linkage<{keyword.group()}>")


# LLVM's FastmathFlags in bit order (LLVMEnums.td).
FASTMATH_BITS = ("nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc")


def fastmath_attr(words) -> A.Attribute:
    """`#llvm.fastmath<...>` as MLIR prints the bit enum: `fast` for all
    flags, `none` for none, else the flags in bit order."""
    words = set(words)
    if "fast" in words or words.issuperset(FASTMATH_BITS):
        return A.OpaqueAttr("#llvm.fastmath<fast>")
    flags = [bit for bit in FASTMATH_BITS if bit in words]
    return A.OpaqueAttr(f"#llvm.fastmath<{', '.join(flags) or 'none'}>")


FASTMATH_NONE = A.OpaqueAttr("#llvm.fastmath<none>")


@register_attribute_verifier("llvm")
def verify_llvm_attribute(op, name: str, value) -> str | None:
    """LLVMDialect::verifyOperationAttribute: `llvm.data_layout` must be a
    string LLVM can read."""
    if name != "llvm.data_layout":
        return None
    if not isinstance(value, A.StringAttr):
        return f"'{op.op_name}' op expected 'llvm.data_layout' to be a string attributes"
    from .llvm_data_layout import data_layout_error    # rare: kept out of start-up
    message = data_layout_error(value.text)
    if message:
        # LLVM's message ends with a newline, which mlir-opt prints.
        return f"'{op.op_name}' op invalid data layout descriptor: {message}\n"
    return None


# ---------------------------------------------------------------------- ops
ELEMENTS_ATTRIBUTES = (A.DenseElementsAttr, SparseElementsAttr, DenseResourceElementsAttr)


def array_parts(type):
    """(number of elements, element type) of an `!llvm.array`, or None."""
    text = getattr(type, "text", "")
    if not text.startswith("!llvm.array<"):
        return None
    match = re.compile(r"\s*([0-9]+)\s*x\s*(.*)>", re.S).fullmatch(text, len("!llvm.array<"))
    return (int(match.group(1)), nested_type(match.group(2))) if match else None


def _is_struct(type) -> bool:
    return getattr(type, "text", "").startswith("!llvm.struct<")


def _leaf_count_and_type(type) -> tuple:
    """getNumElements and getElementType of ConstantOp's verifier: through
    vectors and arrays, nested ones too."""
    count = 1
    while True:
        if isinstance(type, T.VectorType):
            for size in type.shape:
                count *= size
            type = type.element_type
            continue
        parts = array_parts(type)
        if parts is None:
            return count, type
        count *= parts[0]
        type = parts[1]


def _float_semantics_error(attribute_type, element) -> str | None:
    """verifyFloatSemantics: the same float type, or an integer of the
    float's width."""
    if isinstance(element, T.FloatType):
        return (None if element == attribute_type
                else "attribute and type have different float semantics")
    if isinstance(element, T.IntegerType) and element.width != attribute_type.width:
        return f"expected integer type of width {attribute_type.width}"
    return None


def _struct_array_error(array, value: A.ArrayAttr, dim: int) -> str | None:
    """verifyStructArrayConstant: an array attribute nests as the array type
    does, down to arrays of structs."""
    count, element = array
    if count != len(value.value):
        return (f"array attribute size does not match array type size in dimension {dim}: "
                f"{len(value.value)} vs. {count}")
    inner = array_parts(element)
    leaves = ("#llvm.zero", "#llvm.undef")
    if inner is not None:
        for index, item in enumerate(value.value):
            if str(item) in leaves:
                continue
            if not isinstance(item, A.ArrayAttr):
                return (f"nested attribute for sub-array in dimension {dim} at index {index} "
                        "must be a zero, or undef, or array attribute")
            message = _struct_array_error(inner, item, dim + 1)
            if message:
                return message
        return None
    fields = element_types(element) if _is_struct(element) else None
    if fields is None:
        return "for array with an array attribute must have a struct element type"
    for index, item in enumerate(value.value):
        if str(item) in leaves:
            continue
        if not isinstance(item, A.ArrayAttr):
            return (f"nested attribute for struct element at index {index} must be a zero, or "
                    "undef, or array attribute")
        if len(item.value) != len(fields):
            return (f"nested array attribute size for struct element at index {index} must "
                    f"match struct size: {len(item.value)} vs. {len(fields)}")
    return None


def _constant_error(value, type) -> str | None:
    """ConstantOp::verify's message (without the op prefix), or None."""
    if isinstance(value, A.StringAttr):
        array = array_parts(type)
        size = len(value.value)
        if array is None or array[0] != size or array[1] != T.IntegerType(8):
            return f"expected array type of {size} i8 elements for the string constant"
        return None
    if _is_struct(type):
        if not isinstance(value, A.ArrayAttr):
            return "expected array attribute for struct type"
        fields = element_types(type) or []
        if len(value.value) != len(fields):
            return f"expected array attribute of size {len(fields)}"
        for index, (item, field) in enumerate(zip(value.value, fields)):
            if not (isinstance(field, (T.FloatType, T.IndexType))
                    or isinstance(field, T.IntegerType) and not field.signedness):
                return "expected struct element types to be floating point type or integer type"
            if not isinstance(item, (A.IntegerAttr, A.FloatAttr)):
                return "expected element of array attribute to be floating point or integer"
            if item.type != field:
                return f"struct element at index {index} is of wrong type"
        return None
    if getattr(type, "text", "").startswith("!llvm.target<"):
        return "does not support target extension type."
    if isinstance(value, A.IntegerAttr):
        return None if isinstance(type, T.IntegerType) else "expected integer type"
    if isinstance(value, A.FloatAttr):
        return _float_semantics_error(value.type, type)
    if isinstance(value, ELEMENTS_ATTRIBUTES):
        if isinstance(type, T.VectorType) and type.scalable is not None:
            if not getattr(value, "is_splat", False):
                return "scalable vector type requires a splat attribute"
            return None
        if not (isinstance(type, T.VectorType) or array_parts(type) is not None):
            return "expected vector or array type"
        count, element = _leaf_count_and_type(type)
        given = value.type.num_elements
        if count != given:
            return (f"type and attribute have a different number of elements: {count} vs. "
                    f"{given}")
        attribute_element = value.type.element_type
        if isinstance(attribute_element, T.FloatType):
            return _float_semantics_error(attribute_element, element)
        if isinstance(attribute_element, T.IntegerType) and not isinstance(element,
                                                                           T.IntegerType):
            return "expected integer element type for integer elements attribute"
        return None
    if isinstance(value, A.ArrayAttr):
        array = array_parts(type)
        if array is None:
            return "expected array or struct type for array attribute"
        return _struct_array_error(array, value, 0)
    return "only supports integer, float, string or elements attributes"


@register_op
class LLVMConstantOp(ConstantOp):
    name = "llvm.mlir.constant"
    traits = (Pure, ConstantLike)
    # LLVM's constant takes what arith's rejects (a value of another
    # type than the result: `llvm.mlir.constant(1 : index) : i64`).
    ods_predicates = ()

    def attribute_constraint_error(self):
        return None

    def verify(self):
        """ConstantOp::verify: the value's kind fits the result type."""
        message = _constant_error(self.value, self.results[0].type)
        return message and f"'llvm.mlir.constant' op {message}"

    syntax = r"""
        llvm_constant: OP_LLVM_MLIR_CONSTANT "(" attribute_value ")" attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        return new_op("llvm.mlir.constant", None, [], [], types_of(children),
                      {"value": children[0], **dict(attrs_of(children))})

    def result_name_hints(self):
        return None

    def print(self, p) -> None:
        p.write("(")
        p.print_attribute(self.value, "never")
        p.write(")")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


@register_op
class LLVMUndefOp(SimpleTypedOp):
    name = "llvm.mlir.undef"
    traits = (Pure,)
    ods_results = (Result("res", LLVMCompatible),)


@register_op
class LLVMPoisonOp(SimpleTypedOp):
    name = "llvm.mlir.poison"
    traits = (Pure,)
    ods_results = (Result("res", LLVMCompatible),)


def supports_memory_ops(type) -> bool:
    """LLVMTargetExtType::supportsMemOps for a target extension type
    (spirv's and aarch64.svcount), True for any other type."""
    text = getattr(type, "text", "")
    return not text.startswith("!llvm.target<") or text.startswith(
        ('!llvm.target<"spirv.', '!llvm.target<"aarch64.svcount"'))


def has_zero_initializer(type) -> bool:
    """LLVMTargetExtType::hasProperty(HasZeroInit) for a target extension
    type (spirv's have it), True for any other type."""
    text = getattr(type, "text", "")
    return not text.startswith("!llvm.target<") or text.startswith('!llvm.target<"spirv.')


@register_op
class LLVMZeroOp(SimpleTypedOp):
    name = "llvm.mlir.zero"
    traits = (Pure,)
    ods_results = (Result("res", LLVMCompatible),)

    def verify(self):
        if not has_zero_initializer(self.results[0].type):
            return ("'llvm.mlir.zero' op target extension type does not support "
                    "zero-initializer")
        return None
