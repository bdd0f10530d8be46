"""Validation of LLVM data layout strings (`llvm.data_layout = "e-m:e-..."`).

mlir-opt hands the string to `llvm::DataLayout::parse` (llvm/lib/IR/
DataLayout.cpp) and reports its first complaint as `invalid data layout
descriptor: <message>`.  This module gives the same first complaint, in LLVM
22's words; it only checks, it does not build a layout.
"""

from __future__ import annotations

import re

_DECIMAL = r"[0-9]+"            # compiled where used, out of start-up


class LayoutError(Exception):
    pass


def data_layout_error(text: str) -> str | None:
    """LLVM's message for the first malformed specification, or None."""
    if not text:
        return None
    names: set = set()
    try:
        for spec in text.split("-"):
            if not spec:
                raise LayoutError("empty specification is not allowed")
            _check_specification(spec, names)
    except LayoutError as error:
        return str(error)
    return None


def _malformed(form: str) -> LayoutError:
    return LayoutError(f'malformed specification, must be of the form "{form}"')


def _unsigned(text: str) -> int | None:
    """StringRef::getAsInteger into `unsigned`: decimal digits only, and
    the value must fit in 32 bits."""
    if not re.compile(_DECIMAL).fullmatch(text):
        return None
    value = int(text)
    return value if value < 1 << 32 else None


def _address_space(text: str) -> int:
    if not text:
        raise LayoutError("address space component cannot be empty")
    value = _unsigned(text)
    if value is None or value >= 1 << 24:
        raise LayoutError("address space must be a 24-bit integer")
    return value


def _size(text: str, name: str = "size") -> int:
    if not text:
        raise LayoutError(f"{name} component cannot be empty")
    value = _unsigned(text)
    if not value or value >= 1 << 24:
        raise LayoutError(f"{name} must be a non-zero 24-bit integer")
    return value


def _alignment(text: str, name: str, allow_zero: bool = False) -> int:
    """The alignment in bytes of a component given in bits."""
    if not text:
        raise LayoutError(f"{name} alignment component cannot be empty")
    value = _unsigned(text)
    if value is None or value >= 1 << 16:
        raise LayoutError(f"{name} alignment must be a 16-bit integer")
    if value == 0:
        if not allow_zero:
            raise LayoutError(f"{name} alignment must be non-zero")
        return 1
    in_bytes = value // 8
    if value % 8 or in_bytes & (in_bytes - 1):
        raise LayoutError(f"{name} alignment must be a power of two times the byte width")
    return in_bytes


def _check_specification(spec: str, names: set) -> None:
    if spec.startswith("ni"):
        rest = spec[2:]
        if not rest.startswith(":"):
            raise _malformed("ni:<address space>[:<address space>]...")
        for part in rest[1:].split(":"):
            if _address_space(part) == 0:
                raise LayoutError("address space 0 cannot be non-integral")
        return
    specifier, rest = spec[0], spec[1:]
    if specifier in "ifv":
        _check_primitive(specifier, rest)
    elif specifier == "a":
        _check_aggregate(rest)
    elif specifier == "p":
        _check_pointer(rest, names)
    elif specifier == "s":
        pass   # deprecated, ignored
    elif specifier in "eE":
        if rest:
            raise LayoutError("malformed specification, must be just 'e' or 'E'")
    elif specifier == "n":
        for part in rest.split(":"):
            _size(part)
    elif specifier == "S":
        if not rest:
            raise _malformed("S<size>")
        _alignment(rest, "stack natural")
    elif specifier == "F":
        if not rest:
            raise _malformed("F<type><abi>")
        if rest[0] not in "in":
            raise LayoutError(f"unknown function pointer alignment type '{rest[0]}'")
        _alignment(rest[1:], "ABI")
    elif specifier in "PAG":
        if not rest:
            raise _malformed(f"{specifier}<address space>")
        _address_space(rest)
    elif specifier == "m":
        if not rest.startswith(":") or len(rest) == 1:
            raise _malformed("m:<mangling>")
        if rest[1:] not in ("e", "l", "o", "m", "w", "x", "a"):
            raise LayoutError("unknown mangling mode")
    else:
        raise LayoutError(f"unknown specifier '{specifier}'")


def _check_primitive(specifier: str, rest: str) -> None:
    parts = rest.split(":")
    if not 2 <= len(parts) <= 3:
        raise _malformed(f"{specifier}<size>:<abi>[:<pref>]")
    width = _size(parts[0])
    abi = _alignment(parts[1], "ABI")
    if specifier == "i" and width == 8 and abi != 1:
        raise LayoutError("i8 must be 8-bit aligned")
    _check_preferred(parts, 2, abi)


def _check_aggregate(rest: str) -> None:
    parts = rest.split(":")
    if not 2 <= len(parts) <= 3:
        raise _malformed("a:<abi>[:<pref>]")
    if parts[0] and _unsigned(parts[0]) != 0:
        raise LayoutError("size must be zero")
    abi = _alignment(parts[1], "ABI", allow_zero=True)
    _check_preferred(parts, 2, abi)


def _check_pointer(rest: str, names: set) -> None:
    parts = rest.split(":")
    if not 3 <= len(parts) <= 5:
        raise _malformed("p[<n>]:<size>:<abi>[:<pref>[:<idx>]]")
    # p[<flags>][<n>][(<name>)]: the flags `e` (external state) and `u`
    # (unstable representation) come before the address space.
    head = parts[0]
    flagged = False
    while head and head[0].isalpha() and head[0].isascii():
        if head[0] not in "eu":
            raise LayoutError(f"'{head[0]}' is not a valid pointer specification flag")
        flagged = True
        head = head[1:]
    space, name = _address_space_and_name(head) if head else (0, "")
    if space == 0 and flagged:
        raise LayoutError("address space 0 cannot be unstable or have external state")
    if name:
        if name in names:
            raise LayoutError(f"address space name `{name}` already used")
        names.add(name)
    width = _size(parts[1], "pointer size")
    abi = _alignment(parts[2], "ABI")
    _check_preferred(parts, 3, abi)
    index_width = _size(parts[4], "index size") if len(parts) > 4 else width
    if index_width > width:
        raise LayoutError("index size cannot be larger than the pointer size")


def _check_preferred(parts: list, index: int, abi: int) -> None:
    """The optional preferred alignment at `parts[index]`: at least `abi`."""
    preferred = _alignment(parts[index], "preferred") if len(parts) > index else abi
    if preferred < abi:
        raise LayoutError("preferred alignment cannot be less than the ABI alignment")


def _address_space_and_name(text: str) -> tuple[int, str]:
    found = re.compile(_DECIMAL).match(text)
    digits = found.group() if found else ""
    space = _address_space(digits) if digits else 0
    rest = text[len(digits):]
    if not rest:
        return space, ""
    if not rest.startswith("("):
        raise LayoutError("address space must be a 24-bit integer")
    if not rest.endswith(")") or len(rest) == 2:
        raise LayoutError("Expected `( address space name )`")
    name = rest[1:-1]
    if name in ("P", "G", "A"):
        raise LayoutError("Cannot use predefined address space names P/G/A in data layout")
    return space, name
