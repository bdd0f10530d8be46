"""Dialect attributes that are an enum in their pretty form, wherever an
attribute stands: arith's bit enums `#arith.fastmath<nnan,ninf>` and
`#arith.overflow<nsw, nuw>` (mlir/include/mlir/Dialect/Arith/IR/
ArithBase.td), and the memory spaces `#gpu.address_space<workgroup>`
(GPUBase.td) and `#spirv.storage_class<StorageBuffer>` (SPIRVBase.td), read
by their generated FieldParser.

The lexer hands over the whole `#dialect.word<...>` text as one token; it is
read here as the dialect's generated attribute parser reads it, with its
words and places: an unknown mnemonic (for arith, whose attributes are all
here), a missing `<`, a word that is not a case (with the parameter's own
error after it), a missing `>`.  The value is kept in MLIR's printed form
(for a bit enum: flags in bit order, `fast` for all of fastmath's, `none`
for no flag).
"""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, advance
from ..ir import attributes as A
from .arith import flags_attr

# (dialect, mnemonic) -> (the C++ enum, the attribute's ODS name, its cases,
# whether it is a bit enum: cases joined by `,`)
_ENUMS = {
    ("arith", "fastmath"): ("::mlir::arith::FastMathFlags", "Arith_FastMathAttr",
                            ("none", "reassoc", "nnan", "ninf", "nsz", "arcp", "contract",
                             "afn", "fast"), True),
    ("arith", "overflow"): ("::mlir::arith::IntegerOverflowFlags", "Arith_IntegerOverflowAttr",
                            ("none", "nsw", "nuw"), True),
    ("gpu", "address_space"): ("::mlir::gpu::AddressSpace", "GPU_AddressSpaceAttr",
                               ("global", "workgroup", "private"), False),
    ("spirv", "storage_class"): (
        "::mlir::spirv::StorageClass", "SPIRV_StorageClassAttr",
        ("UniformConstant", "Input", "Uniform", "Output", "Workgroup", "CrossWorkgroup",
         "Private", "Function", "Generic", "PushConstant", "AtomicCounter", "Image",
         "StorageBuffer", "CallableDataKHR", "IncomingCallableDataKHR", "RayPayloadKHR",
         "HitAttributeKHR", "IncomingRayPayloadKHR", "ShaderRecordBufferKHR",
         "PhysicalStorageBuffer", "TaskPayloadWorkgroupEXT", "CodeSectionINTEL",
         "DeviceOnlyINTEL", "HostOnlyINTEL"), False),
}
# Enums of dialects that print their attributes in the opaque form,
# `#index<cmp_predicate eq>`, and have no others (IndexAttrs.td).
_OPAQUE_ENUMS = {
    ("index", "cmp_predicate"): ("::mlir::index::IndexCmpPredicate", "IndexCmpPredicateAttr",
                                 ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt",
                                  "uge"), False),
}
# The dialects all of whose attributes are in _ENUMS: another mnemonic is unknown.
_CLOSED_DIALECTS = frozenset({"arith"})
_NAME = re.compile(r"#(\w+)\.([\w$.]*)")
_OPAQUE_NAME = re.compile(r"#(\w+)<")
_WORD = re.compile(r'[A-Za-z_][\w$.]*|"(?:[^"\\]|\\.)*"')
_BLANKS = re.compile(r"\s*")


def is_enum_attribute(text: str) -> bool:
    """Whether `text`, a `#dialect.word...` or `#dialect<...>` token, is
    read here."""
    name = _NAME.match(text)
    if name is not None:
        return name.groups() in _ENUMS or name.group(1) in _CLOSED_DIALECTS
    name = _OPAQUE_NAME.match(text)
    return name is not None and any(name.group(1) == d for d, _ in _OPAQUE_ENUMS)


def enum_attribute(token) -> A.Attribute:
    text = token.value

    def at(offset: int) -> tuple[int, int]:
        return advance((token.line, token.column), text[:offset])

    def skip(offset: int) -> int:
        return _BLANKS.match(text, offset).end()

    name = _NAME.match(text)
    if name is None:
        return _opaque_enum_attribute(text, at, skip)
    dialect, mnemonic = name.groups()
    if (dialect, mnemonic) not in _ENUMS:
        raise MLIRError(f"unknown attribute `{mnemonic}` in dialect `{dialect}`",
                        at(name.start(2)))
    cpp_name, attr_name, cases, bits = _ENUMS[dialect, mnemonic]
    offset = skip(name.end())
    if not text.startswith("<", offset):
        raise MLIRError("expected '<'", at(offset))
    words = []
    while True:
        value, word = _case(text, skip(offset + 1), cases, cpp_name, attr_name, at, skip)
        words.append(value)
        offset = skip(word.end())
        if not (bits and text.startswith(",", offset)):
            break
    if not text.startswith(">", offset):
        raise MLIRError("expected '>'", at(word.end()))
    if bits:
        return flags_attr(mnemonic, words)
    return A.OpaqueAttr(f"#{dialect}.{mnemonic}<{words[0]}>")


def _case(text: str, start: int, cases, cpp_name: str, attr_name: str, at, skip):
    """The case word at `start` (its value and its match), read as the
    enum's FieldParser reads it: a keyword or a string among `cases`."""
    word = _WORD.match(text, start)
    if word is None:
        raise MLIRError("expected valid keyword or string", at(start)).attach_note(
            _parameter_error(attr_name, cpp_name), at(start), "error")
    value = word.group()
    value = value[1:-1] if value.startswith('"') else value
    if value not in cases:
        raise MLIRError(f"expected {cpp_name} to be one of: {', '.join(cases)}",
                        at(start)).attach_note(_parameter_error(attr_name, cpp_name),
                                               at(skip(word.end())), "error")
    return value, word


def _opaque_enum_attribute(text: str, at, skip) -> A.Attribute:
    """`#index<cmp_predicate eq>`: the dialect's parseAttribute reads a
    mnemonic, then the attribute's `$value`; what follows the value is not
    read (mlir-opt 22 accepts `#index<cmp_predicate eq x>` and prints it
    without the `x`)."""
    dialect = _OPAQUE_NAME.match(text).group(1)
    start = skip(len(dialect) + 2)
    mnemonic = _WORD.match(text, start)
    if mnemonic is None or mnemonic.group().startswith('"'):
        raise MLIRError("expected valid keyword", at(start))
    if (dialect, mnemonic.group()) not in _OPAQUE_ENUMS:
        raise MLIRError(f"unknown attribute `{mnemonic.group()}` in dialect `{dialect}`",
                        at(start))
    cpp_name, attr_name, cases, _ = _OPAQUE_ENUMS[dialect, mnemonic.group()]
    value, _ = _case(text, skip(mnemonic.end()), cases, cpp_name, attr_name, at, skip)
    return A.OpaqueAttr(f"#{dialect}<{mnemonic.group()} {value}>")


def _parameter_error(attr_name: str, cpp_name: str) -> str:
    return f"failed to parse {attr_name} parameter 'value' which is to be a `{cpp_name}`"
