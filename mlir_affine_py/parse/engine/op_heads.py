"""Heads of region ops that stand on a line of their own, parsed once per
shape.

A third of a loop nest's lines open a region: `affine.for %i = 0 to %n {`,
`affine.if #set(%i)[%n] {`.  What comes before the `{` is the op's head
(grammar `affine_for_head`, `affine_if_head`): its parse, the children the
op's rule callback gets before the region, depends only on its shape
(parse/engine/shapes.py).  Where the parser accepts the head, such a line up to
its `{` is one token (AFFINE_FOR_LINE, AFFINE_IF_LINE), and the head of
its shape is parsed token by token once, at its place, through the head's
rule as a start symbol.  The later heads of the shape are that head with
their own tokens put in: every token of the head is moved to the same
place among the line's names, and the head's containers are built again
around the moved tokens.  The op's callback then runs on them as on any
head, when the region has been parsed.

A line is lexed as tokens instead when its head does not parse, when the
`{` would continue the head, or when the head holds a value that cannot
be moved: anything but tokens that are the text they stand at, lists and
tuples rebuilt from their items, and immutable IR values.
"""

from __future__ import annotations

from ...ir import attributes as A
from ...ir import types as T
from ...ir.affine_expr import AffineExpr
from ...ir.affine_map import AffineMap, IntegerSet
from .shapes import ShapeJudge, name_ends
from ..syntax import TOKEN, OpHead

# Values a head shares with the heads made from it.
_SHARED = (A.Attribute, T.Type, AffineMap, IntegerSet, AffineExpr, str, int, type(None))


class OpHeads(ShapeJudge):
    """The lexer's judge of head tokens (`accept`) and the callback of
    `..._head: ..._LINE` (`op_head_line`), for one engine and its
    transformer."""

    def accept(self, token, following: int):
        """None if the line of `token` is not taken as a head, else the
        token and `following`, the offset of the `{` after it."""
        if not self.enabled:
            return None
        template, names, parts = self._shape_of(token)
        if template is None:
            return None
        self.parsed[token.start_pos] = template.instantiate(
            self.engine.lexer.token_class, token, parts)
        return token, following

    def op_head_line(self, children) -> OpHead:
        return self.parsed.pop(children[0].start_pos)

    def _learn(self, token, names: list, offsets: list):
        """The template of the shape of `token`'s head, or None if such
        heads are lexed as tokens."""
        ends: list = []
        head = self._parse_at(token, ends)
        if not isinstance(head, OpHead):
            return None
        if self.engine.shorthand_continued_by(token.type, ends[0], "LBRACE"):
            return None
        return _HeadTemplate.of(head, token, names, offsets)


class _Unmovable(Exception):
    """A head holds a value that its template cannot move."""


class _HeadTemplate:
    """How to make the head of a line from the head of the first line of its
    shape: its tokens, each as (type, start, end, end of value), where an
    offset in the line is (k, d): `d` characters after the end of the
    line's name `k` (-1: after the line's start); and `rebuild`, the
    function of the moved tokens that makes the head."""

    __slots__ = ("tokens", "rebuild")

    @classmethod
    def of(cls, head: OpHead, token, names: list, offsets: list):
        template = cls()
        template.tokens = []
        try:
            template.rebuild = _rebuilder(head, _Line(token, names, offsets), template.tokens)
        except _Unmovable:
            return None
        return template

    def instantiate(self, new_token, token, parts: list) -> OpHead:
        """The head of the line of `token`, whose text ssa_shape splits
        into `parts`."""
        ends = name_ends(parts)
        ends.append(0)                   # name -1: the line's start
        text, start, line, column = token.value, token.start_pos, token.line, token.column
        moved = []
        for kind, (k, d), (k_end, d_end), (k_value, d_value) in self.tokens:
            at, end, value_end = ends[k] + d, ends[k_end] + d_end, ends[k_value] + d_value
            moved.append(new_token(kind, text[at:value_end], start + at, line, column + at,
                                   line, column + end, start + end))
        return self.rebuild(moved)


class _Line:
    """The line of a head's first parse: where its tokens stand among its
    names."""

    def __init__(self, token, names: list, offsets: list):
        self.token, self.names, self.offsets = token, names, offsets

    def place(self, offset: int) -> tuple[int, int]:
        """`offset` in the line as (name k, characters d after its end)."""
        k, end = -1, 0
        for index, (start, name) in enumerate(zip(self.offsets, self.names)):
            if start >= offset:
                break
            if offset < start + len(name):
                raise _Unmovable     # within a name: not a token of its own
            k, end = index, start + len(name)
        return k, offset - end

    def token_entry(self, token) -> tuple:
        line = self.token
        at, end = token.start_pos - line.start_pos, token.end_pos - line.start_pos
        if token.line != line.line or token.end_line != line.line or at < 0 \
                or not line.value.startswith(token.value, at):
            raise _Unmovable         # not the text it stands at
        return (token.type, self.place(at), self.place(end), self.place(at + len(token.value)))


def _rebuilder(head: OpHead, line: _Line, tokens: list):
    """The function of the moved tokens that makes `head` again, compiled
    from one Python expression (as `dataclasses` makes its methods: a head
    is rebuilt for most lines of a loop nest).  The head's tokens are
    appended to `tokens` in the order of their places in it."""
    namespace: dict = {}
    return eval(f"lambda moved: {_expression(head, line, tokens, namespace)}", namespace)


def _expression(value, line: _Line, tokens: list, namespace: dict) -> str:
    """Python source for `value` rebuilt: `moved[i]` for its tokens, names
    bound in `namespace` for the values it shares and its containers'
    classes."""
    if isinstance(value, TOKEN):
        tokens.append(line.token_entry(value))
        return f"moved[{len(tokens) - 1}]"
    if isinstance(value, (list, tuple)):
        kind = type(value)
        rebuilt_by_items = (kind.__init__ is list.__init__ and kind.__new__ is list.__new__
                            if isinstance(value, list) else kind.__new__ is tuple.__new__)
        if not rebuilt_by_items or getattr(value, "__dict__", None):
            raise _Unmovable
        items = ", ".join(_expression(item, line, tokens, namespace) for item in value)
        items = f"[{items}]" if isinstance(value, list) else f"({items}{',' * (len(value) == 1)})"
        if kind is list or kind is tuple:
            return items
        namespace[f"kind{len(namespace)}"] = kind
        return f"kind{len(namespace) - 1}({items})"
    if isinstance(value, _SHARED):
        namespace[f"shared{len(namespace)}"] = value
        return f"shared{len(namespace) - 1}"
    raise _Unmovable
