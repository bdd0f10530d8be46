"""Ops that fit on one line, parsed once per shape.

Most lines of an MLIR file are ops without regions, and they repeat with
other SSA names: a PolyBench kernel has a few dozen distinct ones among
thousands.  Where the parser accepts an operation, such a line is one
OP_LINE token (grammar `operation`).  Its parse depends only on its shape
(parse/shapes.py), so the first line of each shape is parsed token by token
through the start symbol `operation`, at its own place, and is the template
of the later ones, which only put their names and positions in.

A line is lexed as tokens instead when
- its parse fails: the long path then reports the error, at the same place
  (and a text with any syntax error is parsed again without op lines, so
  that its diagnostics are those of its tokens: parser.py `parse_source`);
- the op goes on past the line (it is incomplete, or the next token could
  continue it: `loc(...)` on the next line); the parser's table answers,
  from where the parse of the line stands at its end;
- the op keeps positions besides those of its name, results and operands
  (regions, successors, a location taken from the source).

Templates hold the aliases in force when they were made: they last one
parse (`reset`).
"""

from __future__ import annotations

from lark.exceptions import UnexpectedInput, VisitError

from ..diagnostics import MLIRError
from .shapes import name_tokens, occurrence, ssa_shape
from .syntax import ParsedOp
from .tables import advances

_UNSEEN = object()


class OpLines:
    """The lexer's judge of OP_LINE tokens (`accept`) and the callback of
    `operation: OP_LINE` (`op_line`), for one engine and its transformer."""

    def __init__(self, engine, transformer):
        self.engine = engine
        self.transformer = transformer
        self.reset()

    def reset(self, enabled: bool = True) -> None:
        """Forget the templates; with `enabled` False, take no line as one op."""
        self.enabled = enabled
        self.templates: dict = {}        # shape key -> _Template, or None: lex as tokens
        self.parsed: dict = {}           # start offset of a taken token -> its ParsedOp

    def accept(self, token, following: int):
        """`token` if it is taken as one op, else None.  The next token
        starts at offset `following`."""
        if not self.enabled:
            return None
        key, names, offsets = ssa_shape(token.value)
        template = self.templates.get(key, _UNSEEN)
        op = None
        if template is _UNSEEN:
            op, template = self._learn(token, names, offsets)
            self.templates[key] = template
        if template is None:
            return None
        lexer = self.engine.lexer
        if template.continued_by(lexer.terminal_at(self.transformer.text, following)):
            return None
        self.parsed[token.start_pos] = op or template.instantiate(
            lexer.token_class, token, names, offsets)
        return token

    def op_line(self, children) -> ParsedOp:
        return self.parsed.pop(children[0].start_pos)

    def _learn(self, token, names: list, offsets: list):
        """The op of `token` parsed token by token, and its shape's template
        (None if the shape is lexed as tokens)."""
        transformer = self.transformer
        transformer.took_position = False
        ends: list = []
        try:
            op = self.engine.parse(transformer.text, "operation", token, ends)
        except (MLIRError, VisitError, UnexpectedInput):
            return None, None
        if not isinstance(op, ParsedOp) or op.regions or op.successors \
                or transformer.took_position:
            return None, None
        template = _Template.of(op, token, names, offsets, self.engine, ends)
        return (op, template) if template is not None else (None, None)


class _Template:
    """A parsed op and where its names and positions come from: operands are
    (name index, suffix) pairs, results (name index, count) pairs, and the
    op's name stands `name_gap` characters after the end of name
    `name_after` (-1: after the start of the line's token)."""

    __slots__ = ("op", "operands", "results", "name_after", "name_gap", "end_stack",
                 "engine", "continuing")

    @classmethod
    def of(cls, op: ParsedOp, token, names: list, offsets: list, engine, ends: list):
        operands = []
        for operand in op.operands:
            index = occurrence(token, offsets, operand)
            if index < 0:
                return None
            operands.append((index, operand.value[len(names[index]):]))
        results = []
        for name, count, (line, column) in op.results:
            offset = column - token.column
            if line != token.line or offset not in offsets:
                return None
            results.append((offsets.index(offset), count))
        if op.pos is None or op.pos[0] != token.line:
            return None
        at = op.pos[1] - token.column
        before = [index for index, offset in enumerate(offsets) if offset < at]
        template = cls()
        template.op = op
        template.operands = operands
        template.results = results
        if before:
            template.name_after = before[-1]
            template.name_gap = at - offsets[before[-1]] - len(names[before[-1]])
        else:
            template.name_after, template.name_gap = -1, at
        template.end_stack = ends[0]
        template.engine = engine
        template.continuing = {}
        return template

    def continued_by(self, terminal) -> bool:
        """Whether a token of `terminal` after the line would be part of the op."""
        known = self.continuing.get(terminal)
        if known is None:
            if terminal is None or terminal == "$END":
                known = terminal is None
            else:
                table = self.engine.prepared
                known = advances(table.states, table.end_states["operation"],
                                 list(self.end_stack), terminal)
            self.continuing[terminal] = known
        return known

    def instantiate(self, new_token, token, names: list, offsets: list) -> ParsedOp:
        line, column = token.line, token.column
        if self.name_after < 0:
            name_column = column + self.name_gap
        else:
            name_column = (column + offsets[self.name_after] + len(names[self.name_after])
                           + self.name_gap)
        return self.op.relocated(
            (line, name_column),
            [(names[index], count, (line, column + offsets[index]))
             for index, count in self.results],
            name_tokens(new_token, token, names, offsets, self.operands))

