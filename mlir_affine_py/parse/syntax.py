"""What the grammar callbacks produce: operations whose SSA names are not yet
resolved.  The builder (builder.py) turns them into IR top-down, so that a
loop body sees its induction variable, which a bottom-up parse cannot give.

Grammar rules that have optional parts return small tagged containers
(`Uses`, `AttrDict`, `TypeList`, ...) so a callback can tell its children
apart by class rather than by position.  Affine expressions are kept as
written (`AffineSyntax`) until their identifiers are bound
(`affine_from_syntax`), by the core syntax (maps and sets) and by the
affine ops (subscripts and bounds).
"""

from __future__ import annotations

from typing import Any

from lark.lexer import Token as _LarkToken

from ..diagnostics import MLIRError
from ..ir.affine_expr import constant as affine_constant

TOKEN: tuple[Any, ...]
try:  # lark-cython's tokens, when its faster parser is in use, are not str subclasses
    from lark_cython.lark_cython import Token as _CythonToken
    TOKEN = (_LarkToken, _CythonToken)
except ImportError:  # pragma: no cover - the accelerator is optional
    TOKEN = (_LarkToken,)


class Uses(list):
    """SSA value uses: Lark tokens whose value is `%name` or `%name#N`."""


class SymbolUses(list):
    """The `[%s, ...]` symbol operands after a dim list."""


class TypeList(list):
    pass


def skip_trivia(text: str, offset: int) -> int:
    """The offset of the next token at or after `offset` (past blanks and
    comments)."""
    while offset < len(text):
        if text[offset] in " \t\r\n":
            offset += 1
        elif text.startswith("//", offset):
            end = text.find("\n", offset)
            offset = len(text) if end < 0 else end
        else:
            break
    return offset


class AttrDict(dict):
    # The token of the first name written, which places the dictionary.
    first_name = None


class Props(dict):
    pass


class Regions(list):
    pass


class Successors(list):
    """The blocks of a generic op's successor list; `pos`, where its `[`
    stands."""

    pos: tuple = (0, 0)


class OpHead(list):
    """The children of an op's rule before its region (grammar `..._head`),
    which the op's callback gets with the rest of its children."""

    __slots__ = ()


class OpSequence(list):
    """The ops of a block, in order, as the grammar's `op_sequence` builds them."""

    __slots__ = ()


class ParsedBlock:
    __slots__ = ("label", "args", "ops")

    def __init__(self, label=None, args=(), ops=()):
        self.label = label          # token `^bb1`, or None for an unlabeled entry block
        self.args = list(args)      # (token, type) pairs
        self.ops = list(ops)


class ParsedRegion:
    __slots__ = ("blocks", "pos")

    def __init__(self, blocks, pos):
        self.blocks = blocks
        self.pos = pos

    def set_entry_args(self, args) -> None:
        """Entry block arguments declared by the op's custom form (a loop's
        induction variable, a function's arguments)."""
        if not self.blocks:
            self.blocks.append(ParsedBlock())
        entry = self.blocks[0]
        if entry.label is None:
            entry.args = list(args)
        elif args:
            # Parser::parseRegion: the entry block takes the op's arguments.
            raise MLIRError("invalid block name in region with named arguments",
                            pos_of(entry.label))


class ParsedOp:
    """An operation as written.  `operand_types` gives each operand's type
    (the generic form's function type, or what the custom form states)."""

    __slots__ = ("name", "results", "operands", "operand_types", "result_types",
                 "attributes", "properties", "regions", "successors", "pos", "generic", "loc")

    def __init__(self, name, pos, operands=(), operand_types=(), result_types=(),
                 attributes=None, properties=None, regions=(), successors=()):
        self.name = name
        self.pos = pos
        self.results = []           # (name, count, position) triples
        self.operands = list(operands)
        self.operand_types = list(operand_types)
        self.result_types = list(result_types)
        self.attributes = attributes if attributes is not None else {}
        self.properties = properties if properties is not None else {}
        self.regions = list(regions)
        self.successors = list(successors)
        self.generic = False        # written in the generic form (a quoted name)
        self.loc = None             # the location written after it, `loc(...)`

    def relocated(self, pos, results: list, operands: list) -> ParsedOp:
        """This op written elsewhere with other names (parse/engine/op_lines.py).
        The types, attributes and properties are shared: the builder copies
        what it keeps."""
        op = ParsedOp.__new__(ParsedOp)
        op.name, op.pos, op.results, op.operands = self.name, pos, results, operands
        op.operand_types, op.result_types = self.operand_types, self.result_types
        op.attributes, op.properties = self.attributes, self.properties
        op.regions, op.successors, op.generic, op.loc = [], [], self.generic, self.loc
        return op


def defined_name(token):
    """The `%name` of a RESULTS token (`%i =`, as a loop's induction variable
    or an iter_args entry lexes), as a VALUE_ID token at the same place."""
    if token.type != "RESULTS":
        return token
    name = token.value.rstrip()[:-1].rstrip()
    # Lark's `new_borrow_pos`, with the token's own class (Lark's or
    # lark-cython's, which makes it faster).
    return type(token)("VALUE_ID", name, token.start_pos, token.line, token.column,
                       token.end_line, token.end_column, token.end_pos)


def integer_literal(text: str) -> int:
    """An MLIR integer literal: decimal (leading zeros allowed) or 0x-hex."""
    if text[:2] in ("0x", "0X"):
        return int(text, 16)
    return int(text, 10)


class LocatedInt(int):
    """An integer literal that remembers where it was written: `pos` is its
    digits, `start` its sign when it has one (parsers differ in which of the
    two their errors point at)."""

    pos: tuple[int, int]
    start: tuple[int, int]

    def __new__(cls, value: int, pos, start=None):
        self = super().__new__(cls, value)
        self.pos = pos
        self.start = start or pos
        return self


def pos_of(token) -> tuple[int, int]:
    return (token.line, token.column)


def parse_error(token, message: str) -> MLIRError:
    """An error at `token`; without one (None), at the op being parsed."""
    return MLIRError(message, pos_of(token) if token is not None else None)


def split_children(children, *kinds):
    """Pick out children by class: returns one entry per kind (or None)."""
    found = [None] * len(kinds)
    for child in children:
        for i, kind in enumerate(kinds):
            if isinstance(child, kind):
                found[i] = child
                break
    return found


# ------------------------------------------------------- affine expressions
class AffineSyntax(tuple):
    """An affine expression as written: (kind, operands...) before its
    identifiers are bound to dims, symbols or SSA operands."""


def affine_from_syntax(node, names, bind_ssa=None):
    """Build the simplified AffineExpr, in MLIR's parse order.

    A node is an `AffineSyntax` or, for an integer or an SSA name, its token.
    `names` binds bare identifiers; `bind_ssa(token, is_symbol)` binds SSA
    operands in subscripts (affine.load), returning their dim/symbol expr.
    """
    if isinstance(node, TOKEN):
        if node.type == "INT":
            value = integer_literal(node.value)
            if value >= 1 << 63:
                # AffineParser::parseIntegerExpr: the literal must fit int64_t.
                raise parse_error(node, "constant too large for index")
            return affine_constant(value)
        if bind_ssa is None:
            raise parse_error(node, "unexpected ssa identifier")
        return bind_ssa(node, False)
    kind = node[0]
    if kind == "id":
        expr = names.get(node[1].value)
        if expr is None:
            raise parse_error(node[1], "use of undeclared identifier")
        return expr
    if kind == "symbol":
        if bind_ssa is None:
            raise parse_error(node[1], "unexpected ssa identifier")
        return bind_ssa(node[1], True)
    if kind == "neg":
        # AffineParser::parseNegateExpression builds `(-1) * operand`.
        return affine_constant(-1) * affine_from_syntax(node[1], names, bind_ssa)
    lhs = affine_from_syntax(node[1], names, bind_ssa)
    rhs = affine_from_syntax(node[2], names, bind_ssa)
    if kind == "add":
        return lhs + rhs
    if kind == "sub":
        return lhs - rhs
    if kind == "mul":
        if not lhs.is_symbolic_or_constant() and not rhs.is_symbolic_or_constant():
            raise parse_error(_syntax_token(node[2]), "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic")
        return lhs * rhs
    if not rhs.is_symbolic_or_constant():
        raise parse_error(_syntax_token(node[2]), f"non-affine expression: right operand of {kind} has to be either a constant or symbolic")
    if kind == "floordiv":
        return lhs.floordiv(rhs)
    if kind == "ceildiv":
        return lhs.ceildiv(rhs)
    return lhs.mod(rhs)


def _syntax_token(node):
    while isinstance(node, AffineSyntax):
        node = node[1]
    return node


def wrong_token_offset(text: str, offset: int, at_eof: bool = False) -> int:
    """Where mlir's Parser::emitWrongTokenError reports an error found at the
    token starting at `offset`: just past the previous token, backing up over
    blanks, blank lines and `//` comments."""
    if at_eof and offset > 0:
        offset -= 1
    original = offset
    before = text[:offset]
    while True:
        before = before.rstrip(" \t")
        if not before:
            return original
        if before[-1] not in "\n\r":
            return len(before)
        before = before[:-1]
        line_start = max(before.rfind("\n"), before.rfind("\r"))
        previous_line = before[line_start:] if line_start >= 0 else before
        comment = previous_line.find("//")
        if comment >= 0:
            before = before[:len(before) - (len(previous_line) - comment)]


def string_literal_error(text: str, pos) -> MLIRError:
    """The error of mlir's Lexer::lexString for the string literal at the
    start of `text` (at `pos`), at the character it stops at."""
    index = 1
    while index < len(text):
        char = text[index]
        if char == '"':
            break
        if char in "\n\v\f":
            return MLIRError("expected '\"' in string literal", (pos[0], pos[1] + index))
        if char == "\\":
            following = text[index + 1:index + 3]
            if following[:1] in ('"', "\\", "n", "t"):
                index += 2
                continue
            if len(following) == 2 and all(c in "0123456789abcdefABCDEF" for c in following):
                index += 3
                continue
            return MLIRError("unknown escape in string literal", (pos[0], pos[1] + index))
        index += 1
    else:
        return MLIRError("expected '\"' in string literal", (pos[0], pos[1] + index))
    return MLIRError("invalid string literal", pos)


def new_op(name, token, operands=(), operand_types=(), result_types=(),
           attributes=None, properties=None, regions=()) -> ParsedOp:
    """A ParsedOp from a custom form; `attributes` may mix inherent and
    discardable entries, the builder sorts them by the op class."""
    return ParsedOp(name, pos_of(token) if token is not None else None,
                    operands, operand_types, result_types, attributes, properties, regions)
