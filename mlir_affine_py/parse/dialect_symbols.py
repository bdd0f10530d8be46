"""Dialect types and attributes written in their pretty form (`!llvm.ptr<1>`,
`#llvm.linkage<external>`, `!foo.bar<...>`) or their opaque form
(`!foo<bar>`, `#foo<"text">`).

The lexer takes the body between the angle brackets whole; as MLIR's
`parseDialectSymbolBody`, the brackets inside it must pair up.  The LLVM
dialect's own symbols are then read by that dialect; others stay opaque,
kept as the text MLIR's printer gives them (`printDialectSymbol`): the
pretty form when the symbol's data is simple enough, the opaque one
otherwise.
"""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, advance
from ..dialects.enum_attributes import enum_attribute, is_enum_attribute
from ..ir import attributes as A
from ..ir import types as T

# The gpu dialect's compilation attributes and the targets they name,
# which are printed back normalized (dialects/gpu_attributes.py).
_GPU_COMPILATION_PREFIXES = ("#gpu.", "#nvvm.target", "#rocdl.target")
_CLOSING = {")": "(", "]": "[", "}": "{", ">": "<"}
# The opaque form: the dialect's name, then the symbol's data in brackets.
_OPAQUE = re.compile(r"([!#][a-zA-Z_][\w$]*)<(.*)>", re.S)
# Data that reads back as a pretty name (`isDialectSymbolSimpleEnoughForPrettyForm`):
# an identifier, then possibly a body in angle brackets.
_SIMPLE_DATA = re.compile(r"[a-zA-Z][a-zA-Z0-9._]*(?:<.*>)?", re.S)


# The LLVM dialect reads its own symbols; its module is deferred
# (dialects/__init__.py), loaded by then for a text that names `llvm.`.
_LLVM_TYPE, _LLVM_ATTR = "!llvm.", "#llvm."


def dialect_type(token) -> T.Type:
    _check_body(token)
    if token.value.startswith(_LLVM_TYPE):
        from ..dialects import llvm
        return llvm.llvm_type(token)
    if token.value.startswith(_MMA_MATRIX):
        _check_mma_matrix(token)
    return T.OpaqueType(printed_symbol(token.value))


_MMA_MATRIX = "!gpu.mma_matrix<"
_MMA_ELEMENTS = ("f16", "f32", "f64", "ui8", "si8", "i32")


def _check_mma_matrix(token) -> None:
    """The gpu dialect's parser of `!gpu.mma_matrix<16x16xf16, "AOp">`: a
    static shape, an element type, a comma, the operand kind as a string
    and `>`; then MMAMatrixType::verifyInvariants, at the mnemonic: two
    dimensions, a kind among AOp, BOp and COp, an element type the matrix
    units take."""
    text, at = token.value, len(_MMA_MATRIX)

    def fail(message: str, offset: int) -> MLIRError:
        return MLIRError(message, advance((token.line, token.column), text[:offset]))

    dims = 0
    while True:
        match = re.compile(r"\s*(?:([0-9]+)|(\?))\s*x").match(text, at)
        if match is None:
            break
        if match[2]:
            raise fail("expected static shape", match.start(2))
        dims, at = dims + 1, match.end()
    while text[at].isspace():
        at += 1
    depth, end = 0, at
    while end < len(text) - 1 and not (depth == 0 and text[end] == ","):
        depth += text[end] in "<([{"
        depth -= text[end] in ">)]}"
        end += 1
    element = text[at:end].strip()
    if not element[:1].isalpha():
        raise fail("expected non-function type", at)
    if end >= len(text) - 1:
        raise fail("expected ','", end)
    kind = text[end + 1:-1].strip()
    message = ("MMAMatrixType must have exactly two dimensions" if dims != 2
               else "operand expected to be one of AOp, BOp or COp"
               if kind not in ('"AOp"', '"BOp"', '"COp"')
               else "MMAMatrixType elements must be SI8, UI8, I32, F16, F32, or F64"
               if element not in _MMA_ELEMENTS else None)
    if message:
        # At the type's mnemonic, where the dialect's type parser starts.
        raise fail(message, len("!gpu."))


def dialect_attribute(token, aliases=None) -> A.Attribute:
    """The attribute `token` spells; `aliases` are the attribute aliases
    defined before it, which the LLVM dialect's attributes may name."""
    _check_body(token)
    if token.value.startswith(_LLVM_ATTR):
        from ..dialects import llvm
        return llvm.llvm_attribute(token, aliases)
    if is_enum_attribute(token.value):
        return enum_attribute(token)
    if token.value.startswith(_GPU_COMPILATION_PREFIXES):
        # rare: kept out of start-up
        _check_gpu_attribute(token)
        from ..dialects.gpu_attributes import normalized
        return A.OpaqueAttr(normalized(token.value))
    return A.OpaqueAttr(printed_symbol(token.value))


def _check_gpu_attribute(token) -> None:
    """A gpu compilation attribute missing a parameter, or with one too
    many, as its generated parser reports it (gpu_attributes.check)."""
    from ..dialects.gpu_attributes import check
    found = check(token.value)
    if found is None:
        return
    message, offset, second, second_offset = found
    start = (token.line, token.column)
    notes = [] if second is None else [
        ("error", second, advance(start, token.value[:second_offset]))]
    raise MLIRError(message, advance(start, token.value[:offset]), notes=notes)


def printed_symbol(text: str) -> str:
    """The text of a dialect symbol as MLIR prints it: `!foo<bar>` and
    `!foo.bar` are one type, printed `!foo.bar`; `!foo<>` and `#foo<"x">`
    stay opaque."""
    opaque = _OPAQUE.fullmatch(text)
    if opaque is None or not _SIMPLE_DATA.fullmatch(opaque[2]):
        return text
    return f"{opaque[1]}.{opaque[2]}"


def _check_body(token) -> None:
    """An unbalanced bracket is reported at the body's `<`, naming the
    innermost bracket still open where a wrong closing one stands."""
    text = token.value
    start = text.find("<")
    if start < 0 or not any(c in text for c in "()[]{}"):
        return
    open_brackets = []
    index = start
    while index < len(text):
        char = text[index]
        if char == '"':
            index += 1
            while index < len(text) and text[index] != '"':
                index += 2 if text[index] == "\\" else 1
        elif char == "-" and text.startswith("->", index):
            index += 1
        elif char in "<[({":
            open_brackets.append(char)
        elif char in _CLOSING:
            if open_brackets[-1] != _CLOSING[char]:
                raise MLIRError(f"unbalanced '{open_brackets[-1]}' character in pretty "
                                "dialect name", advance((token.line, token.column), token.value[:start]))
            open_brackets.pop()
            if not open_brackets:
                return
        index += 1

