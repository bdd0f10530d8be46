"""Ops that fit on one line, parsed once per shape.

Most lines of an MLIR file are ops without regions, and they repeat with
other SSA names: a PolyBench kernel has a few dozen distinct ones among
thousands.  Where the parser accepts an operation of a block, a run of such
lines is one OP_LINES token (grammar `op_sequence`).  The parse of each line
depends only on its shape (parse/engine/shapes.py), so the first line of each shape
is parsed token by token through the start symbol `operation`, at its own
place, and is the template of the later ones, which only put their names
and positions in.

A line is lexed as tokens instead, and ends the run before it, when
- its parse fails: the long path then reports the error, at the same place
  (and a text with any syntax error is parsed again without op lines, so
  that its diagnostics are those of its tokens: parser.py `parse_source`);
- the op goes on past the line (it is incomplete, or the next token could
  continue it: `loc(...)` on the next line); the parser's table answers,
  from where the parse of the line stands at its end;
- the op keeps positions besides those of its name, results and operands
  (regions, successors, a location taken from the source).

Lines of some ops differ in a literal more often than in anything else
(`%c5 = arith.constant 5 : i32`): such an op declares where its literal
stands in its lines' shape (`LiteralSlot`), and a line whose literal is of
the same kind (the same tokens) as that of its shape's first line shares its
template, which the op's class gives the line's literal.
"""

from __future__ import annotations

import re

from lark.exceptions import VisitError

from .shapes import UNSEEN, ShapeJudge, name_offsets, occurrence, ssa_shape
from ...diagnostics import MLIRError
from ..syntax import OpSequence, ParsedOp


class LiteralSlot:
    """Where the lines of op `name` hold a literal: `pattern` matches the
    shape (the line without its SSA names) with the literal as group 1, a
    decimal integer or float with its sign; `with_literal(op, literal)` is
    the op of a line of the shape with that literal, `op` the op of the
    line its template was made from (MLIRError: the literal is not valid
    there).  The pattern is tried on the lines that hold the name."""

    __slots__ = ("name", "match", "with_literal")

    def __init__(self, name: str, pattern: str, with_literal):
        self.name = name
        self.match = re.compile(pattern).match
        self.with_literal = with_literal


class OpLines(ShapeJudge):
    """The lexer's judge of OP_LINES tokens (`accept`) and the callback of
    `op_sequence: ... OP_LINES` (`op_lines`), for one engine and its
    transformer."""

    def __init__(self, engine, transformer, literal_slots=()):
        super().__init__(engine, transformer)
        self._next_op_line = None        # `op_line_run`'s match, compiled when first needed
        self.literal_slots = tuple(literal_slots)

    def accept(self, token, following: int):
        """None if the line of `token` is not taken as one op; else the
        token taken, which goes on over the op lines that follow it, and
        the offset where the lexer goes on.  The next token after `token`
        starts at offset `following`."""
        if not self.enabled:
            return None
        shape = self._shape_of(token)
        if shape[0] is None:
            return None
        lexer, text = self.engine.lexer, self.transformer.text
        next_op_line = self._next_op_line or self._compile_next_op_line()
        ops, line = [], token
        # After an op of a block, the parser accepts another one: the run
        # goes on while the next token is an op line that is taken.
        while True:
            template, names, parts, op = shape
            found = next_op_line(text, following)
            if found is not None:
                next_line = self._line_token(line, found)
                shape = self._shape_of(next_line)
                if shape[0] is None:
                    found = None
            # The token after the line is the first of the next line's
            # shape, which its template knows.
            terminal = (shape[0].first_terminal if found is not None
                        else lexer.terminal_at(text, following))
            if template.continued_by(terminal):
                break
            ops.append(template.instantiate(line, names, parts, op))
            taken, resume = line, following
            if found is None:
                break
            line, following = next_line, found.end()
        if not ops:
            return None
        self.parsed[token.start_pos] = ops
        if taken is not token:
            token = lexer.token_class("OP_LINES", text[token.start_pos:taken.end_pos],
                                      token.start_pos, token.line, token.column,
                                      taken.end_line, taken.end_column, taken.end_pos)
        return token, resume

    def op_lines(self, children) -> OpSequence:
        """`op_sequence: OP_LINES | op_sequence OP_LINES`."""
        ops = self.parsed.pop(children[-1].start_pos)
        if len(children) == 1:
            return OpSequence(ops)
        children[0].extend(ops)
        return children[0]

    def _shape_of(self, token):
        """(the template of the shape of `token`'s line or None, its SSA
        names, the parts of the line as ssa_shape splits it, the line's op
        where it differs from the template's in a literal, else None)."""
        key, names, parts = ssa_shape(token.value)
        template = self.templates.get(key, UNSEEN)
        if template is UNSEEN:
            template = self.templates[key] = self._new_shape(key, token, names, parts)
        if type(template) is tuple:
            return template[0], names, parts, template[1]
        return template, names, parts, None

    def _new_shape(self, key, token, names: list, parts: list):
        """What `templates` keeps for the new shape `key`: the template
        learnt from the line of `token` (None: the shape is lexed as
        tokens), or, for a line whose literal stands in a `LiteralSlot`,
        (the template of the lines with a literal of that kind, the op of
        the line) where its literal is valid."""
        if type(key) is str:
            for slot in self.literal_slots:
                found = slot.name in key and slot.match(key)
                if found:
                    literal = found[1]
                    # The kind of the literal: its sign and whether it is a float.
                    kind = literal[0] == "-", "." in literal
                    general = key[:found.start(1)], kind, key[found.end(1):]
                    template = self.templates.get(general, UNSEEN)
                    if template is UNSEEN:
                        template = self.templates[general] = self._learn(
                            token, names, name_offsets(parts))
                    if template is None:
                        return None
                    try:
                        return template, slot.with_literal(template.op, literal)
                    except (MLIRError, VisitError):
                        return None
        return self._learn(token, names, name_offsets(parts))

    def _line_token(self, line, found):
        """The OP_LINES token of the op line that `found` (a match of the
        grammar's `op_line_run`) matched after the line of token `line`."""
        text, start = self.transformer.text, found.start()
        value = found[1]
        number = line.end_line + text.count("\n", line.end_pos, start)
        column = start - text.rindex("\n", 0, start)
        return self.engine.lexer.token_class("OP_LINES", value, start, number, column,
                                             number, column + len(value), start + len(value))

    def _compile_next_op_line(self):
        self._next_op_line = self.engine.prepared.op_line_run.compile().match
        return self._next_op_line

    def _learn(self, token, names: list, offsets: list):
        """The template of the shape of `token`'s line, from its op parsed
        token by token, or None if the shape is lexed as tokens."""
        transformer = self.transformer
        transformer.took_position = False
        ends: list = []
        op = self._parse_at(token, ends)
        if not isinstance(op, ParsedOp) or op.regions or op.successors \
                or transformer.took_position:
            return None
        return _Template.of(op, token, names, offsets, self.engine, ends)


class _Template:
    """A parsed op and where its names and positions come from: operands are
    (name index, suffix) pairs, results (name index, count) pairs, and the
    op's name stands `name_gap` characters after the end of name
    `name_after` (-1: after the start of the line's token).  The parse of
    the line ended with the driver's stack `end_stack`; its first token is
    of `first_terminal`."""

    __slots__ = ("op", "operands", "results", "name_after", "name_gap", "end_stack",
                 "engine", "continuing", "first_terminal")

    @classmethod
    def of(cls, op: ParsedOp, token, names: list, offsets: list, engine, ends: list):
        operands = []
        for operand in op.operands:
            index = occurrence(token, offsets, operand)
            if index < 0:
                return None
            operands.append((index, operand.value[len(names[index]):]))
        results = []
        for _name, count, (line, column) in op.results:
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
        template.first_terminal = engine.lexer.terminal_at(token.value, 0)
        return template

    def continued_by(self, terminal) -> bool:
        """Whether a token of `terminal` after the line would be part of the op."""
        known = self.continuing.get(terminal)
        if known is None:
            if terminal is None or terminal == "$END":
                known = terminal is None
            else:
                known = self.engine.shorthand_continued_by("OP_LINES", self.end_stack, terminal)
            self.continuing[terminal] = known
        return known

    def instantiate(self, token, names: list, parts: list, op=None) -> ParsedOp:
        """The op of the line of `token` (`op`: the template's op with the
        line's literal, if it has one).  Its operands are names alone and
        its results have no place: only diagnostics would need them, and a
        text with any error is read again token by token (parser.py
        `parse_source`).  The op's own place is kept, as the IR keeps it."""
        if self.name_after < 0:
            name_column = token.column + self.name_gap
        else:       # the end of name `name_after`: the parts up to it
            name_column = (token.column + sum(map(len, parts[:2 * self.name_after + 2]))
                           + self.name_gap)
        # Loops, not comprehensions: the lists are short, and a
        # comprehension is a call (in the CPython versions supported).
        results, operands = [], []
        for index, count in self.results:
            results.append((names[index], count, None))
        for index, suffix in self.operands:
            operands.append(names[index] + suffix)
        return (op or self.op).relocated((token.line, name_column), results, operands)

