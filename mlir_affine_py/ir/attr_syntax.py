"""How an attribute variable of a declarative assembly format is written
(ir/assembly_format.py), after the attribute constraint ODS declares:
OpFormatGen prints an attribute without its type when the constraint
builds the type (`I64Attr`, `IndexAttr`), an enum as its keyword, a
`DenseI64ArrayAttr` as `[1, 2]`, a `SymbolNameAttr` as `@name`, a
`UnitAttr` anchoring an optional group not at all (the group stands for
it), and any other attribute whole.

A syntax is given as the `kind` of the op's `Property`; `grammar` is the
Lark text that reads it (with the core grammar's rules), `parse` turns
the children of that text into the attribute (`op_name` for its errors),
`print` writes it."""

from __future__ import annotations

from typing import ClassVar

from . import attributes as A
from . import types as T


def enum_error(token, op_name: str, cpp_name: str, cases, attr_class: str):
    """The errors of an enum attribute's generated parser on a word not
    among `cases`: the enum's at the word, the attribute's after it."""
    from ..parse.syntax import parse_error
    return parse_error(token, f"custom op '{op_name}' expected {cpp_name} to be one of: "
                              + ", ".join(cases)).attach_note(
        f"custom op '{op_name}' failed to parse {attr_class} parameter 'value' which is to "
        f"be a `{cpp_name}`", (token.end_line, token.end_column), "error")


def typed_integer(literal, type) -> int:
    """The value of the integer literal `literal` (a LocatedInt) read as
    an attribute of the integer or index `type`, as Parser::parseDecOrHexAttr
    reads it: one that does not fit is refused at its digits."""
    from ..diagnostics import MLIRError
    from ..printer.numbers import integer_attr_bits, integer_value
    negative = literal < 0 or literal.start != literal.pos     # `-0` too
    is_index = isinstance(type, T.IndexType)
    width = 64 if is_index else type.width
    signedness = "signless" if is_index else {"s": "signed", "u": "unsigned"}.get(
        type.signedness, "signless")
    try:
        bits = integer_attr_bits(abs(int(literal)), negative, width, signedness, is_index)
    except ValueError as error:
        raise MLIRError(str(error), literal.pos) from None
    return integer_value(bits, width, signedness)


class AttrSyntax:
    grammar = "attribute_value"
    is_unit = False

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return children[0]

    def holds(self, attr) -> bool | None:
        """Whether a property of this syntax can store `attr` (ODS's
        setPropertiesFromAttr); None when any attribute may do."""
        return None

    def print(self, p, attr) -> None:
        p.print_attribute(attr)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.grammar!r})"


class AnyAttr(AttrSyntax):
    """An attribute written whole: `42 : i64`, `"text"`, `#map`."""

    default: ClassVar[AnyAttr]     # the one instance, made below


AnyAttr.default = AnyAttr()


class TypedAttr(AnyAttr):
    """TypedAttrInterface: an attribute written whole that has a type."""

    def holds(self, attr) -> bool:
        return A.is_typed_attr(attr)


class ConstrainedAttr(AnyAttr):
    """An attribute written whole whose ODS constraint says more than the
    kind it is stored as (`stored`): `description` names the constraint,
    `satisfied` tests it (a format's parser checks it of the attribute
    dictionary, verifyInherentAttrs)."""

    def __init__(self, description: str, satisfied, stored=A.Attribute):
        self.description, self.satisfied, self.stored = description, satisfied, stored

    def holds(self, attr) -> bool:
        return isinstance(attr, self.stored)


class UnitAttr(AttrSyntax):
    """A UnitAttr: the keyword of the optional group it anchors."""

    grammar = ""
    is_unit = True

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return A.UNIT

    def holds(self, attr) -> bool:
        return attr is A.UNIT


class StrAttr(AttrSyntax):
    grammar = "STRING"

    def parse(self, children, op_name: str = "") -> A.Attribute:
        from ..printer.numbers import unescape_string
        token = children[0]
        try:
            return A.StringAttr(unescape_string(token.value[1:-1]))
        except ValueError:
            # Lexer::lexString's error, at the character it stops at.
            from ..parse.syntax import pos_of
            from ..parse.syntax import string_literal_error
            raise string_literal_error(token.value, pos_of(token)) from None

    def holds(self, attr) -> bool:
        return isinstance(attr, A.StringAttr)


class TypedInt(AttrSyntax):
    """An integer attribute whose constraint builds its type (I64Attr,
    IndexAttr, ...): written without the type."""

    grammar = "signed_int"

    def __init__(self, type=T.I64):
        self.type = type

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return A.IntegerAttr(typed_integer(children[0], self.type), self.type)

    def print(self, p, attr) -> None:
        p.write(str(attr.value))

    def holds(self, attr) -> bool:
        return isinstance(attr, A.IntegerAttr)

    def __repr__(self) -> str:
        return f"TypedInt({self.type})"


class BoolAttr(AttrSyntax):
    grammar = "KEYWORD_ATTR"

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return A.BOOL_TRUE if children[0].value == "true" else A.BOOL_FALSE

    def print(self, p, attr) -> None:
        p.write("true" if attr.value else "false")

    def holds(self, attr) -> bool:
        return isinstance(attr, A.IntegerAttr) and attr.type == T.I1


class DenseArray(AttrSyntax):
    """`DenseI64ArrayAttr` and kin, written `[1, 2]`."""

    grammar = '"[" (signed_int ("," signed_int)*)? "]"'

    def __init__(self, element_type=T.I64):
        self.element_type = element_type

    def holds(self, attr) -> bool:
        return isinstance(attr, A.DenseArrayAttr) and attr.element_type == self.element_type

    def parse(self, children, op_name: str = "") -> A.Attribute:
        # Each element is read as the C++ integer of the element type
        # (parseInteger<T>): one that does not fit it is refused.
        width = getattr(self.element_type, "width", 64)
        for value in children:
            if width > 1 and not -(1 << (width - 1)) <= value < 1 << (width - 1):
                from ..diagnostics import MLIRError
                # The list then wants its ']' where the literal ends.
                line, column = value.pos
                end = (line, column + len(str(abs(int(value)))))
                raise MLIRError(f"custom op '{op_name}' integer value too large",
                                value.start).attach_note("expected ']'", end, "error")
        return A.DenseArrayAttr(self.element_type, [int(c) for c in children])

    def print(self, p, attr) -> None:
        p.write("[" + ", ".join(str(v) for v in attr.value) + "]")

    def __repr__(self) -> str:
        return f"DenseArray({self.element_type})"


class SymbolName(AttrSyntax):
    """A `SymbolNameAttr`, written `@name`."""

    grammar = "SYMBOL"

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return symbol_name_attr(children[0])

    def print(self, p, attr) -> None:
        p.write(A.symbol_text(attr.text))


class SymbolRef(AttrSyntax):
    """A `SymbolRefAttr` (`@name`, `@outer::@inner`)."""

    grammar = "symbol_ref"

    def holds(self, attr) -> bool:
        return isinstance(attr, A.SymbolRefAttr)


class ArrayAttrSyntax(AttrSyntax):
    """An `ArrayAttr` (`[#a, #b]`): only a `[` starts it, so a region or a
    dictionary may follow where it is optional."""

    grammar = "array_attr"

    def holds(self, attr) -> bool:
        return isinstance(attr, A.ArrayAttr)


class TypeAttrSyntax(AttrSyntax):
    """A `TypeAttr` written as its type."""

    grammar = "type"

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return A.TypeAttr(children[0])

    def holds(self, attr) -> bool:
        return isinstance(attr, A.TypeAttr)

    def print(self, p, attr) -> None:
        p.print_type(attr.value)


class Enum(AttrSyntax):
    """An enum attribute written as its case's keyword (or string).  Its
    storage is an IntegerAttr of `storage` (`I64EnumAttr`, `I32EnumAttr`:
    the case's number) or,
    given `dialect` and `mnemonic`, the dialect attribute
    `#dialect<mnemonic case>` (`EnumAttr`)."""

    grammar = "(name_id | STRING)"

    def __init__(self, cases, dialect: str | None = None, mnemonic: str | None = None,
                 values=None, cpp_name: str = "enum", attr_class: str = "EnumAttr",
                 storage=T.I64, spaced: bool = False):
        self.cases = list(cases)
        self.storage = storage
        self.values = list(values) if values is not None else list(range(len(self.cases)))
        self.dialect, self.mnemonic = dialect, mnemonic
        self.cpp_name, self.attr_class = cpp_name, attr_class
        # An EnumAttr whose own assembly format is `$value` (the gpu
        # dialect's) prints a space of its own before the case.
        self.spaced = spaced

    def attribute(self, case: str) -> A.Attribute:
        if self.dialect is None:
            return A.IntegerAttr(self.values[self.cases.index(case)], self.storage)
        return A.OpaqueAttr(f"#{self.dialect}<{self.mnemonic} {case}>")

    def holds(self, attr) -> bool:
        if self.dialect is None:
            return isinstance(attr, A.IntegerAttr)
        return isinstance(attr, A.OpaqueAttr) and attr.text.startswith(
            f"#{self.dialect}<{self.mnemonic}")

    def case_of(self, attr) -> str:
        if isinstance(attr, A.IntegerAttr):
            return self.cases[self.values.index(attr.value)]
        return attr.text[attr.text.rindex(" ") + 1:-1]

    def parse(self, children, op_name: str = "") -> A.Attribute:
        token = children[0]
        word = token.value
        if token.type == "STRING":
            word = word[1:-1]
        if word not in self.cases:
            raise enum_error(token, op_name, self.cpp_name, self.cases, self.attr_class)
        return self.attribute(word)

    def print(self, p, attr) -> None:
        p.write(" " + self.case_of(attr) if self.spaced else self.case_of(attr))

    def __repr__(self) -> str:
        return f"Enum({self.cases}, {self.dialect}, {self.mnemonic})"


def symbol_name_attr(token) -> A.StringAttr:
    """The `sym_name` of `@name` or `@"quoted name"` (escapes decoded; bytes
    that are not UTF-8 kept as they were written)."""
    name = token.value[1:]
    if name.startswith('"'):
        from ..printer.numbers import unescape_string
        return A.StringAttr(unescape_string(name[1:-1]))
    return A.StringAttr(name.encode("utf-8", "surrogateescape"))
