"""Runs of text that parse alike: the shape of a text is the text without
its SSA names, and which of those names repeat.

Subscripts (`[%i + 1, %j]`) and whole one-line ops (`%v = arith.addf %a,
%b : f32`) recur with other names far more often than they differ in
anything else.  Their parse depends on nothing but their shape, where each
name stands and which names are the same: the parse of the first text of a
shape serves all the others, with their names put in its place.
"""

from __future__ import annotations

import re
from itertools import accumulate

from lark.exceptions import UnexpectedInput, VisitError

from ...diagnostics import MLIRError

SSA_NAME = re.compile(r"%[\w$.\-]+")
_SPLIT = re.compile(f"({SSA_NAME.pattern})")


def ssa_shape(text: str):
    """(shape key, SSA names, the parts of `text`: text, name, text, ...,
    name, text).  Where the names stand is worked out from the parts only
    where it is needed (`name_offsets`): most lines need one place."""
    parts = _SPLIT.split(text)          # text, name, text, ..., name, text
    names = parts[1::2]
    key = "%".join(parts[::2])
    if key.count("%") != len(names):
        # A '%' that starts no name (`%[0]`, a string): the joined text
        # would read as one name more; the parts themselves are the key.
        key = tuple(parts[::2])
    if len(set(names)) < len(names):
        key = (key, tuple(map(names.index, names)))
    return key, names, parts


def name_offsets(parts: list) -> list:
    """The offsets of the SSA names of ssa_shape's `parts`: a name starts
    where the text before it ends."""
    return list(accumulate(map(len, parts)))[:-1:2]


def name_ends(parts: list) -> list:
    """The offsets where the SSA names of ssa_shape's `parts` end."""
    return list(accumulate(map(len, parts)))[1::2]


def occurrence(token, offsets: list, anchor) -> int:
    """The index of the name of `anchor` (a token inside `token`, or None)
    among `offsets`, or -1 if it stands at none of them."""
    if anchor is None or anchor.line != token.line:
        return -1
    try:
        return offsets.index(anchor.start_pos - token.start_pos)
    except ValueError:
        return -1


def name_tokens(new_token, token, names: list, offsets: list, occurrences) -> list:
    """VALUE_ID tokens for `occurrences`, (name index, suffix) pairs of the
    SSA names in `token`'s text: the name (with its suffix, `#1`) at its
    place."""
    start, line, column = token.start_pos, token.line, token.column
    tokens = []
    for index, suffix in occurrences:
        name, offset = names[index] + suffix, offsets[index]
        tokens.append(new_token("VALUE_ID", name, start + offset, line, column + offset,
                                line, column + offset + len(name), start + offset + len(name)))
    return tokens


UNSEEN = object()


class ShapeJudge:
    """The lexer's judge of a terminal that stands for the tokens of a line
    (parse/engine/op_lines.py, parse/engine/op_heads.py): the parse of the first text of
    each shape, made a template by `_learn` (None: the shape is lexed as
    tokens), serves the later texts of the shape.  What `accept` makes of a
    token waits in `parsed`, by the token's offset, for the terminal's rule
    callback.  Templates hold the aliases in force when they were made:
    they last one parse (`reset`)."""

    def __init__(self, engine, transformer):
        self.engine = engine
        self.transformer = transformer
        self.reset()

    def reset(self, enabled: bool = True) -> None:
        """Forget the templates; with `enabled` False, take no token."""
        self.enabled = enabled
        self.templates: dict = {}        # shape key -> template, or None
        self.parsed: dict = {}           # start offset of a taken token -> what it stands for

    def _shape_of(self, token):
        """(the template of the shape of `token`'s text or None, its SSA
        names, the parts of the text as ssa_shape splits it)."""
        key, names, parts = ssa_shape(token.value)
        template = self.templates.get(key, UNSEEN)
        if template is UNSEEN:
            template = self.templates[key] = self._learn(token, names, name_offsets(parts))
        return template, names, parts

    def _learn(self, token, names: list, offsets: list):
        raise NotImplementedError

    def _parse_at(self, token, ends: list):
        """The text of `token` parsed token by token, at its place, as its
        terminal's start symbol (`ends` gets the driver's stack at its
        end), or None if that parse fails."""
        try:
            return self.engine.parse_shorthand(token, ends)
        except (MLIRError, VisitError, UnexpectedInput):
            return None
