"""Dialect types and attributes written in their pretty form (`!llvm.ptr<1>`,
`#llvm.linkage<external>`, `!foo.bar<...>`).

The lexer takes the body between the angle brackets whole; as MLIR's
`parseDialectSymbolBody`, the brackets inside it must pair up.  The LLVM
dialect's own symbols are then read by that dialect; others stay opaque.
"""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..dialects import llvm
from ..dialects.enum_attributes import enum_attribute, is_enum_attribute
from ..ir import attributes as A
from ..ir import types as T

_CLOSING = {")": "(", "]": "[", "}": "{", ">": "<"}


def dialect_type(token) -> T.Type:
    _check_body(token)
    if token.value.startswith(llvm.PREFIX_TYPE):
        return llvm.llvm_type(token)
    return T.OpaqueType(token.value)


def dialect_attribute(token) -> A.Attribute:
    _check_body(token)
    if token.value.startswith(llvm.PREFIX_ATTR):
        return llvm.llvm_attribute(token)
    if is_enum_attribute(token.value):
        return enum_attribute(token)
    return A.OpaqueAttr(token.value)


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
                                "dialect name", llvm.position_in(token, start))
            open_brackets.pop()
            if not open_brackets:
                return
        index += 1

