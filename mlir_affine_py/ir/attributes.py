"""Builtin attributes (mlir/include/mlir/IR/BuiltinAttributes.td) and the few
dialect attributes the tool understands; any other dialect attribute is kept
verbatim as `OpaqueAttr`.

Attributes are immutable and compared structurally.  `print(p, elide)` writes
the attribute through the printer; `elide` follows MLIR's `AttrTypeElision`:
"never" (attribute dictionaries), "may" (arrays, memory spaces: i64 and f64
drop their type) or "must" (custom forms that print the type themselves).
"""

from __future__ import annotations

import contextvars

from . import printing
from . import types as T
from .dense_storage import raw_hex, should_print_hex


class Attribute:
    __slots__ = ("_key", "_hash")

    # The alias prefix mlir-opt gives this kind of attribute ("map", "set").
    alias_name: str | None = None
    type: T.Type = T.NONE

    def key(self) -> tuple:
        raise NotImplementedError

    def _init_key(self) -> None:
        self._key = self.key()
        self._hash = hash((type(self).__name__, self._key))

    def __eq__(self, other) -> bool:
        return self is other or (type(self) is type(other) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    def print(self, p, elide: str) -> None:
        raise NotImplementedError

    def is_identity_layout(self, rank: int) -> bool:
        """As a memref's layout, whether it is the identity, which the
        memref type drops (MemRefLayoutAttrInterface::isIdentity)."""
        return False

    def is_default_memory_space(self) -> bool:
        """As a memref's memory space, whether it is the default one, which
        the memref type drops (skipDefaultMemorySpace: an integer 0)."""
        return False

    def __str__(self) -> str:
        return printing.attribute_to_string(self)

    def __repr__(self) -> str:
        return f"Attr({self})"


def _print_trailing_type(p, type, elide: str) -> None:
    if elide != "must" and not isinstance(type, T.NoneType):
        p.write(" : ")
        p.print_type(type)


def wrap_integer(value: int, type) -> int:
    """The stored value of an integer attribute of `type`: two's complement
    wrapped to the width, read as signed except for unsigned and i1 types."""
    width = getattr(type, "width", None)
    if width is None or isinstance(type, T.IndexType):
        return value
    value &= (1 << width) - 1
    unsigned = type.signedness == "u" or width == 1
    if not unsigned and value >> (width - 1):
        value -= 1 << width
    return value


class IntegerAttr(Attribute):
    __slots__ = ("value", "type")

    def __init__(self, value: int, type=T.I64):
        self.value = wrap_integer(value, type)
        self.type = type
        self._init_key()

    def key(self):
        return (self.value, self.type)

    def is_default_memory_space(self) -> bool:
        return self.value == 0

    def print(self, p, elide: str) -> None:
        if self.type is T.I1 or self.type == T.I1:
            p.write("true" if self.value else "false")
            return
        p.write(str(self.value))
        if elide == "may" and self.type == T.I64:
            return
        _print_trailing_type(p, self.type, elide)


class FloatAttr(Attribute):
    """A float stored as its exact bit pattern in `type`'s format."""

    __slots__ = ("bits", "type")
    type: T.FloatType

    def __init__(self, bits: int, type):
        self.bits = bits
        self.type = type
        self._init_key()

    def key(self):
        return (self.bits, self.type)

    @property
    def value(self) -> float:
        from ..printer.numbers import float_from_bits
        return float_from_bits(self.bits, self.type.text)

    def print(self, p, elide: str) -> None:
        from ..printer.numbers import format_float_bits
        p.write(format_float_bits(self.bits, self.type.text))
        if elide == "may" and self.type == T.F64:
            return
        _print_trailing_type(p, self.type, elide)


class StringAttr(Attribute):
    __slots__ = ("value", "type")

    def __init__(self, value: bytes | str, type=T.NONE):
        """`value` as bytes (MLIR strings may hold any), or a str, encoded
        as UTF-8 as MLIR's Python bindings take one."""
        if value.__class__ is not bytes:
            value = _string_bytes(value, "StringAttr", "value")
        self.value = value
        self.type = type
        self._init_key()

    def key(self):
        return (self.value, self.type)

    @property
    def text(self) -> str:
        return self.value.decode("utf-8", "surrogateescape")

    def print(self, p, elide: str) -> None:
        from ..printer.numbers import escape_string
        p.write(f'"{escape_string(self.value)}"')
        _print_trailing_type(p, self.type, elide)


def _string_bytes(value, where: str, argument: str) -> bytes:
    """A str or bytes-like `argument` of `where` as bytes."""
    if isinstance(value, str):
        return value.encode("utf-8", "surrogateescape")
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value)
    raise TypeError(f"{where}: '{argument}' must be str or bytes, not "
                    f"{type(value).__name__}")


class UnitAttr(Attribute):
    __slots__ = ()

    def __init__(self):
        self._init_key()

    def key(self):
        return ()

    def print(self, p, elide: str) -> None:
        p.write("unit")


UNIT = UnitAttr()


def is_typed_attr(attr) -> bool:
    """Whether `attr` is a TypedAttr (it has a type: an integer, float,
    elements or string attribute; a string's type is none)."""
    return not isinstance(attr.type, T.NoneType) or isinstance(attr, StringAttr)


class TypeAttr(Attribute):
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value
        self._init_key()

    def key(self):
        return (self.value,)

    def print(self, p, elide: str) -> None:
        p.print_type(self.value)


class ArrayAttr(Attribute):
    __slots__ = ("value",)

    def __init__(self, value):
        self.value = tuple(value)
        self._init_key()

    def key(self):
        return self.value

    def print(self, p, elide: str) -> None:
        p.write("[")
        for i, element in enumerate(self.value):
            if i:
                p.write(", ")
            p.print_attribute(element, "may")
        p.write("]")


class DenseArrayAttr(Attribute):
    """`array<i32: 1, 2>`."""

    __slots__ = ("element_type", "value")

    def __init__(self, element_type, value):
        self.element_type = element_type
        self.value = tuple(value)
        self._init_key()

    def key(self):
        return (self.element_type, self.value)

    def print(self, p, elide: str) -> None:
        p.write("array<")
        p.print_type(self.element_type)
        if self.value:
            p.write(": ")
            p.write(", ".join(_dense_element_text(v, self.element_type) for v in self.value))
        p.write(">")


class DictionaryAttr(Attribute):
    """Entries are kept sorted by name, as MLIR's DictionaryAttr does."""

    __slots__ = ("value",)

    def __init__(self, value: dict):
        self.value = dict(sorted(value.items(), key=lambda item: item[0].encode("utf-8", "surrogateescape")))
        self._init_key()

    def key(self):
        return tuple(self.value.items())

    def print(self, p, elide: str) -> None:
        p.write("{")
        p.print_attribute_entries(self.value)
        p.write("}")


class SymbolRefAttr(Attribute):
    """`@root::@nested`; each part is the symbol name without `@`."""

    __slots__ = ("parts",)

    def __init__(self, parts):
        self.parts = tuple(parts)
        self._init_key()

    def key(self):
        return self.parts

    @property
    def root(self) -> str:
        return self.parts[0]

    def print(self, p, elide: str) -> None:
        p.write("::".join(symbol_text(part) for part in self.parts))


def symbol_text(name: str) -> str:
    """`@name`, quoted when it is not a bare identifier."""
    from ..printer.numbers import escape_string
    if is_bare_identifier(name):
        return "@" + name
    return f'@"{escape_string(name)}"'


def is_bare_identifier(name: str) -> bool:
    if not name or not (name[0].isalpha() or name[0] == "_") or not name.isascii():
        return False
    return all(c.isalnum() or c in "_$." for c in name)


class AffineMapAttr(Attribute):
    __slots__ = ("value",)
    alias_name = "map"

    def __init__(self, value):
        self.value = value
        self._init_key()

    def key(self):
        return (self.value,)

    def is_identity_layout(self, rank: int) -> bool:
        return self.value.is_identity() and self.value.num_dims == rank

    def print(self, p, elide: str) -> None:
        p.write(f"affine_map<{self.value}>")


class IntegerSetAttr(Attribute):
    __slots__ = ("value",)
    alias_name = "set"

    def __init__(self, value):
        self.value = value
        self._init_key()

    def key(self):
        return (self.value,)

    def print(self, p, elide: str) -> None:
        p.write(f"affine_set<{self.value}>")


class StridedLayoutAttr(Attribute):
    """`strided<[s0, s1], offset: o>`; None stands for a dynamic `?`."""

    __slots__ = ("strides", "offset")

    def __init__(self, strides, offset):
        self.strides = tuple(strides)
        self.offset = offset
        self._init_key()

    def key(self):
        return (self.strides, self.offset)

    def print(self, p, elide: str) -> None:
        text = ", ".join("?" if s is None else str(s) for s in self.strides)
        p.write(f"strided<[{text}]")
        if self.offset != 0:
            p.write(", offset: " + ("?" if self.offset is None else str(self.offset)))
        p.write(">")


class DenseElementsAttr(Attribute):
    """`dense<...> : tensor<...>`.  `values` is a flat tuple of Python numbers
    (float bit patterns for float elements, (real, imaginary) pairs for
    complex ones, the quoted text for string elements); a single value
    means a splat."""

    __slots__ = ("type", "values")
    type: T.ShapedType

    def __init__(self, type, values):
        self.type = type
        values = tuple(values)
        if len(values) > 1 and all(v == values[0] for v in values):
            values = values[:1]
        self.values = values
        self._init_key()

    def key(self):
        return (self.type, self.values)

    @property
    def is_splat(self) -> bool:
        return len(self.values) == 1

    def print(self, p, elide: str) -> None:
        p.write("dense<")
        self.print_body(p, allow_hex=True)
        p.write(">")
        _print_trailing_type(p, self.type, elide)

    def print_body(self, p, allow_hex: bool) -> None:
        """The literal between `dense<` and `>`; a large one as a hex string
        when `allow_hex` (AsmPrinter's printDenseIntOrFPElementsAttr)."""
        element = self.type.element_type
        if allow_hex and should_print_hex(self):
            p.write(f'"{raw_hex(self.values, element)}"')
        elif self.is_splat:
            p.write(_dense_element_text(self.values[0], element))
        elif self.values:
            p.write(_nested_list(self.values, self.type.shape, element))


def _dense_element_text(value, element_type) -> str:
    if isinstance(element_type, T.ComplexType):
        part = element_type.element_type
        return f"({_dense_element_text(value[0], part)},{_dense_element_text(value[1], part)})"
    if isinstance(element_type, T.FloatType):
        from ..printer.numbers import format_float_bits
        return format_float_bits(value, element_type.text)
    if element_type == T.I1:
        return "true" if value else "false"
    return str(value)


def _nested_list(values, shape, element_type) -> str:
    texts = [_dense_element_text(v, element_type) for v in values]
    for dim in reversed(shape[1:]):
        texts = ["[" + ", ".join(texts[i:i + dim]) + "]" for i in range(0, len(texts), dim)]
    return "[" + ", ".join(texts) + "]"


class DataLayoutSpecAttr(Attribute):
    """`#dlti.dl_spec<key = value, ...>`; keys are StringAttr or Type."""

    __slots__ = ("entries",)

    def __init__(self, entries):
        self.entries = tuple(entries)
        self._init_key()

    def key(self):
        return self.entries

    def print(self, p, elide: str) -> None:
        p.write("#dlti.dl_spec<")
        for i, (entry_key, value) in enumerate(self.entries):
            if i:
                p.write(", ")
            if isinstance(entry_key, T.Type):
                p.print_type(entry_key)
            else:
                p.print_attribute(entry_key, "never")
            p.write(" = ")
            p.print_attribute(value, "never")
        p.write(">")


class OpaqueAttr(Attribute):
    """A dialect attribute kept verbatim (`#llvm.linkage<external>`), with
    the type written after it, if any (`#foo.attr : i32`)."""

    __slots__ = ("text", "type")

    def __init__(self, text: str, type=T.NONE):
        self.text = text
        self.type = type
        self._init_key()

    def key(self):
        return (self.text, self.type)

    def print(self, p, elide: str) -> None:
        p.write(self.text)
        _print_trailing_type(p, self.type, elide)


BOOL_TRUE = IntegerAttr(1, T.I1)
BOOL_FALSE = IntegerAttr(0, T.I1)


def index_attr(value: int) -> IntegerAttr:
    return IntegerAttr(value, T.INDEX)


# ---------------------------------------------------------------- locations
class LocationAttr(Attribute):
    """A builtin location (mlir/include/mlir/IR/BuiltinLocationAttributes.td).

    As an attribute value it prints as `loc(<body>)`; nested locations are
    printed through the printer so that they get their own `#loc` alias, as
    mlir-opt does (every location is aliasable as `loc`)."""

    __slots__ = ()
    alias_name = "loc"

    def children(self) -> tuple:
        return ()

    # What diagnostics.py asks of a location (a diagnostic's position that
    # is not a (line, column) of the input).
    def file_position(self):
        """(file name, line, column) of the first file location in it
        (`findInstanceOf<FileLineColLoc>`), or None."""
        found = first_file_location(self)
        if found is None:
            return None
        return (found.filename.decode("utf-8", "surrogateescape"), found.line, found.column)

    def call_site(self):
        """Diagnostics.cpp `getCallSiteLoc`: the call site in it (through
        names and fused parts), or None."""
        if isinstance(self, CallSiteLoc):
            return self
        for child in (self.child,) if isinstance(self, NameLoc) else (
                self.locations if isinstance(self, FusedLoc) else ()):
            found = child.call_site()
            if found is not None:
                return found
        return None

    def is_unknown(self) -> bool:
        return isinstance(self, UnknownLoc)

    def print(self, p, elide: str) -> None:
        if p.pretty_debuginfo:     # --mlir-pretty-debuginfo: the body alone
            self.print_body(p)
            return
        p.write("loc(")
        self.print_body(p)
        p.write(")")

    def print_body(self, p) -> None:
        """The location inside `loc(...)`; the printer's `pretty_debuginfo`
        asks for AsmPrinter's pretty form."""
        raise NotImplementedError


def print_nested_location(p, loc) -> None:
    """A location inside another: its alias when aliases are in use, else its
    body inline (AsmPrinter `printLocationInternal` with aliases allowed)."""
    if p.use_aliases and loc.alias_name is not None:
        p.print_attribute(loc)
    else:
        loc.print_body(p)


class UnknownLoc(LocationAttr):
    __slots__ = ()

    def __init__(self):
        self._init_key()

    def key(self):
        return ()

    def print_body(self, p) -> None:
        p.write("[unknown]" if p.pretty_debuginfo else "unknown")


UNKNOWN_LOC = UnknownLoc()


class FileLineColRange(LocationAttr):
    """`"file":line:col`, `"file":line:col to :endcol` or
    `... to endline:endcol`; the filename is kept as bytes."""

    __slots__ = ("filename", "line", "column", "end_line", "end_column")

    def __init__(self, filename: bytes, line: int, column: int, end_line=None, end_column=None):
        self.filename = filename
        self.line = line
        self.column = column
        self.end_line = line if end_line is None else end_line
        self.end_column = column if end_column is None else end_column
        self._init_key()

    def key(self):
        return (self.filename, self.line, self.column, self.end_line, self.end_column)

    def print_body(self, p) -> None:
        from ..printer.numbers import escape_string
        if p.pretty_debuginfo:
            name = self.filename.decode("utf-8", "surrogateescape")
        else:
            name = f'"{escape_string(self.filename)}"'
        p.write(f'{name}:{self.line}:{self.column}')
        if (self.end_line, self.end_column) == (self.line, self.column):
            return
        if self.end_line == self.line:
            p.write(f" to :{self.end_column}")
        else:
            p.write(f" to {self.end_line}:{self.end_column}")


class NameLoc(LocationAttr):
    """`"name"` or `"name"(child)`; an unknown child is not printed."""

    __slots__ = ("name", "child")

    def __init__(self, name: bytes, child=UNKNOWN_LOC):
        self.name = name
        self.child = child
        self._init_key()

    def key(self):
        return (self.name, self.child)

    def children(self) -> tuple:
        return () if isinstance(self.child, UnknownLoc) else (self.child,)

    def print_body(self, p) -> None:
        from ..printer.numbers import escape_string
        p.write(f'"{escape_string(self.name)}"')
        if not isinstance(self.child, UnknownLoc):
            p.write("(")
            print_nested_location(p, self.child)
            p.write(")")


class CallSiteLoc(LocationAttr):
    __slots__ = ("callee", "caller")

    def __init__(self, callee, caller):
        self.callee = callee
        self.caller = caller
        self._init_key()

    def key(self):
        return (self.callee, self.caller)

    def children(self) -> tuple:
        return (self.callee, self.caller)

    def print_body(self, p) -> None:
        if p.pretty_debuginfo:
            # A name called from a file location stays on one line.
            inline = isinstance(self.callee, NameLoc) and isinstance(self.caller, FileLineColRange)
            print_nested_location(p, self.callee)
            p.write(" at " if inline else "\n at ")
            print_nested_location(p, self.caller)
            return
        p.write("callsite(")
        print_nested_location(p, self.callee)
        p.write(" at ")
        print_nested_location(p, self.caller)
        p.write(")")


class FusedLoc(LocationAttr):
    """`fused<metadata>[loc, ...]`; build with `fused_location`, which
    simplifies as `FusedLoc::get` does."""

    __slots__ = ("locations", "metadata")

    def __init__(self, locations, metadata=None):
        self.locations = tuple(locations)
        self.metadata = metadata
        self._init_key()

    def key(self):
        return (self.locations, self.metadata)

    def children(self) -> tuple:
        return self.locations

    def print_body(self, p) -> None:
        if not p.pretty_debuginfo:
            p.write("fused")
        if self.metadata is not None:
            p.write("<")
            p.print_attribute(self.metadata, "never")
            p.write(">")
        p.write("[")
        for i, loc in enumerate(self.locations):
            if i:
                p.write(", ")
            print_nested_location(p, loc)
        p.write("]")


def fused_location(locations, metadata=None) -> LocationAttr:
    """Location.cpp `FusedLoc::get`: nested fused locations with the same
    metadata are flattened, unknown and repeated locations dropped; no
    location left gives `unknown` (or `fused<md>[unknown]`), one location
    without metadata is returned as is."""
    kept: list = []
    for loc in locations:
        if isinstance(loc, FusedLoc) and loc.metadata == metadata:
            candidates = loc.locations
        elif isinstance(loc, UnknownLoc):
            candidates = ()
        else:
            candidates = (loc,)
        for candidate in candidates:
            if candidate not in kept:
                kept.append(candidate)
    if not kept:
        return UNKNOWN_LOC if metadata is None else FusedLoc([UNKNOWN_LOC], metadata)
    if len(kept) == 1 and metadata is None:
        return kept[0]
    return FusedLoc(kept, metadata)


# The SourceLocations (printer/printer.py) of the chunk in progress when the
# run prints debug info: what an op's (line, column) position stands for
# where a location is built from it, and what diagnostics' ops print.
SOURCE_LOCATIONS: contextvars.ContextVar = contextvars.ContextVar(
    "pyaffine_opt_source_locations", default=None)


def fused_location_of(ops):
    """`rewriter.getFusedLoc` of the ops' locations, as an op's `pos`.  A
    position read from the text becomes its file location through the
    chunk's SOURCE_LOCATIONS; without them (a run that prints no debug info)
    the first known location stands for the fused one, where diagnostics
    report it (its first file location)."""
    source = SOURCE_LOCATIONS.get()
    if source is not None:
        return fused_location([source.of_op(op) for op in ops])
    positions = [op.pos for op in ops]
    if all(isinstance(pos, LocationAttr) for pos in positions):
        return fused_location(positions)
    return next((pos for pos in positions
                 if pos is not None and not (isinstance(pos, LocationAttr) and pos.is_unknown())),
                None)


# MLIR's name for a file location that is a point (a range of one column).
FileLineColLoc = FileLineColRange


def first_file_location(loc):
    """The first file location in `loc`, walking it as MLIR's
    `LocationAttr::findInstanceOf` does (a name's child, a call site's
    callee then its caller, a fused location's parts in order), or None."""
    stack = [loc]
    while stack:
        current = stack.pop()
        if isinstance(current, FileLineColRange):
            return current
        stack.extend(reversed(current.children()))
    return None


class DialectLoc(LocationAttr):
    """A dialect attribute that is a location (`#test.custom_location<...>`),
    kept as its printed text; it prints without `loc(...)`."""

    __slots__ = ("text",)

    def __init__(self, text: str):
        self.text = text
        self._init_key()

    def key(self):
        return (self.text,)

    def print(self, p, elide: str) -> None:
        p.write(self.text)

    def print_body(self, p) -> None:
        # printLocationInternal prints a dialect's location as an attribute.
        p.print_attribute(self)
