"""The LALR driver: Lark's parser (or lark-cython's) run over the prepared
tables (tables.py), fed by the dispatching lexer (lexer.py), whose op lines
and heads are taken whole where their shape is known (op_lines.py,
op_heads.py).

It leans on Lark's private modules (`lark.parsers.lalr_parser._Parser`,
`ParserState`, `ParseConf`): pyproject.toml pins the Lark versions it is
tested with.  Without lark-cython, or with PYAFFINE_PURE_LARK=1, it runs on
plain Lark; the token-by-token path (shorthands off) is the reference the
fast paths are tested against (tests/unit/test_op_lines.py).
"""

from __future__ import annotations

import os
from functools import partial
from types import SimpleNamespace

from lark.lexer import Token
from lark.parsers.lalr_parser import _Parser
from lark.parsers.lalr_parser_state import ParseConf, ParserState

from .lexer import Lexer
from .op_heads import OpHeads
from .op_lines import OpLines
from .tables import SHORTHANDS, PreparedGrammar, advances


class Engine:
    """Lark's LALR driver (lark-cython's when installed: about twice as fast;
    the `fast` extra; PYAFFINE_PURE_LARK=1 turns it off) over the prepared
    tables, with the transformer's callbacks, fed by our lexer.
    `remembered_names`: the op-name terminals whose latest token the lexer
    keeps as the transformer's `last_op_name`; `literal_slots`: the ops'
    `LiteralSlot`s (op_lines.py)."""

    def __init__(self, prepared: PreparedGrammar, transformer, remembered_names=(),
                 literal_slots=()):
        backend = _backend()
        self.prepared = prepared
        self.transformer = transformer
        self.op_lines = OpLines(self, transformer, literal_slots)
        self.op_heads = OpHeads(self, transformer)
        # Before the callbacks are bound:
        transformer.op_lines = self.op_lines.op_lines
        transformer.op_head_line = self.op_heads.op_head_line
        transformer.parse_token = self.parse_shorthand
        heads = {terminal: self.op_heads.accept for terminal in prepared.shorthands
                 if terminal not in SHORTHANDS}
        names = _op_name_callbacks(transformer, remembered_names)
        self.lexer = Lexer(prepared, backend.Token, {**names, **heads,
                                                     "OP_LINES": self.op_lines.accept})
        table = prepared.parse_table()
        # (Kept: the callbacks are made as the rules are first reduced.)
        self.callbacks = callbacks = prepared.callbacks(transformer)
        self._confs = {start: backend.ParseConf(table, callbacks, start)
                       for start in table.start_states}
        self._new_state = backend.ParserState
        self.driver = backend._Parser(table, {}, False)
        # lark-cython's driver stops at EOFError, Lark's at the tokens' end.
        self._eof_error = backend is not _PURE_LARK

    def parse(self, text: str, start: str = "start", within=None, ends=None):
        """The value of `text` (of the token `within` of it, if given) as
        the start symbol `start`.  `ends`: see `Lexer.tokens`."""
        stream = _TokenStream()
        state = self._new_state(self._confs[start], stream)
        stream.set_tokens(self.lexer.tokens(text, state, self._eof_error, within, ends))
        # The callbacks may look at what has been read before the rule they
        # reduce (the transformer's `values_read`), of this parse while it runs.
        transformer, outer = self.transformer, self.transformer.values_read
        transformer.values_read = state.value_stack
        try:
            return self.driver.parse_from_state(state)
        finally:
            transformer.values_read = outer

    def parse_shorthand(self, token, ends=None):
        """The value of the text of `token`, a terminal that stands for a
        run of tokens (tables.py `shorthands`), parsed at its place as the
        terminal's start symbol."""
        return self.parse(self.transformer.text, self.prepared.shorthands[token.type], token,
                          ends)

    def shorthand_continued_by(self, kind: str, end_stack: list, terminal: str) -> bool:
        """Whether a token of `terminal` after the text of a `kind` shorthand,
        whose parse ended with the driver's stack `end_stack`, would be part
        of it."""
        table = self.prepared
        return advances(table.states, table.end_states[table.shorthands[kind]], list(end_stack),
                        terminal)


class _TokenStream:
    """What the drivers pull tokens from: lark-cython's calls
    `next_token(state)`, Lark's iterates `lex(state)`."""

    def set_tokens(self, tokens) -> None:
        # `next(tokens, state)`: the tokens end with EOFError, never with
        # the default, and the call stays in C.
        self.next_token = partial(next, tokens)
        self.lex = lambda state: tokens


_PURE_LARK = SimpleNamespace(_Parser=_Parser, ParserState=ParserState, ParseConf=ParseConf,
                             Token=Token)


def _backend():
    """The module whose LALR driver (`_Parser`), `ParserState`, `ParseConf`
    and `Token` are used."""
    if not os.environ.get("PYAFFINE_PURE_LARK"):
        try:
            from lark_cython import lark_cython
            return lark_cython
        except ImportError:
            pass
    return _PURE_LARK


def _op_name_callbacks(transformer, terminals) -> dict:
    """The lexer's callbacks for the name tokens of ops whose custom parsers
    report errors about their operands at the op's name (`custom op
    'affine.for' dim operand count ... must match`) before the rest of the
    op is parsed.  Their operands are reduced before the op rule, so the
    lexer remembers the latest such name: nothing that may stand between
    the name and those operands is another op."""
    def remember(token):
        transformer.last_op_name = token
        return token
    return {name: remember for name in terminals}
