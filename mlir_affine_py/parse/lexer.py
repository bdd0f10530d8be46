"""Lark's basic lexer, made to try only the terminals that can start here.

Lark scans with one alternation of all terminals, `(?P<A>...)|(?P<B>...)`.
Python's `re` tries alternatives one after another, and it can skip an
alternative cheaply only when that alternative opens with a literal or a
character class; a named group opens every one of them.  With the ~60
terminals of the MLIR grammar each token cost about 4 us, two thirds of the
whole parse.  `DispatchScanner` groups the terminals by the characters they
can start with (read off each regex's syntax tree) and keeps, per first
character, an alternation of just those terminals, in Lark's order.  A
match therefore picks exactly the terminal Lark's own scanner would pick.

The lexer classes below plug into Lark through its `_plugins` hook (the one
lark-cython uses), for the Cython lexer and for Lark's pure-Python one.
"""

from __future__ import annotations

import re

try:                                   # Python >= 3.11
    from re import _constants as sre
    from re import _parser as sre_parse
except ImportError:                    # Python 3.10
    import sre_constants as sre
    import sre_parse

from lark.lexer import BasicLexer as PythonBasicLexer

ASCII = frozenset(chr(code) for code in range(128))
_CATEGORIES = {
    sre.CATEGORY_DIGIT: frozenset("0123456789"),
    sre.CATEGORY_SPACE: frozenset(" \t\n\r\f\v"),
    sre.CATEGORY_WORD: frozenset(c for c in ASCII if c.isalnum() or c == "_"),
}
_REPEATS = tuple(getattr(sre, name) for name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
                 if hasattr(sre, name))
_ATOMIC = tuple(getattr(sre, name) for name in ("ATOMIC_GROUP",) if hasattr(sre, name))


def first_characters(pattern: str) -> tuple[frozenset, bool]:
    """The ASCII characters a match of `pattern` can start with, and whether
    it can match the empty string there.  Over-approximates whatever it does
    not model (the caller then tries the terminal more often, never less)."""
    return _first_of_sequence(sre_parse.parse(pattern))


def _first_of_sequence(items) -> tuple[frozenset, bool]:
    chars: set = set()
    for op, argument in items:
        first, nullable = _first_of_item(op, argument)
        chars |= first
        if not nullable:
            return frozenset(chars), False
    return frozenset(chars), True


def _first_of_item(op, argument) -> tuple[frozenset, bool]:
    if op is sre.LITERAL:
        return frozenset({chr(argument)}), False
    if op is sre.NOT_LITERAL:
        return ASCII - {chr(argument)}, False
    if op is sre.ANY:
        return ASCII, False
    if op is sre.IN:
        return _first_of_class(argument), False
    if op is sre.SUBPATTERN:
        group, add_flags, del_flags, items = argument
        if add_flags or del_flags:         # (?i:...) and friends
            return ASCII, True
        return _first_of_sequence(items)
    if op is sre.BRANCH:
        chars, nullable = set(), False
        for alternative in argument[1]:
            first, empty = _first_of_sequence(alternative)
            chars |= first
            nullable = nullable or empty
        return frozenset(chars), nullable
    if op in _REPEATS:
        low, _, items = argument
        first, nullable = _first_of_sequence(items)
        return first, nullable or low == 0
    if op in _ATOMIC:                     # (?>...)
        return _first_of_sequence(argument)
    if op in (sre.ASSERT, sre.ASSERT_NOT, sre.AT):
        return frozenset(), True          # consume nothing
    return ASCII, True


def _first_of_class(items) -> frozenset:
    chars: set = set()
    negated = False
    for op, argument in items:
        if op is sre.NEGATE:
            negated = True
        elif op is sre.LITERAL:
            chars.add(chr(argument))
        elif op is sre.RANGE:
            low, high = argument
            chars.update(chr(c) for c in range(low, min(high, 127) + 1))
        elif op is sre.CATEGORY and argument in _CATEGORIES:
            chars |= _CATEGORIES[argument]
        else:
            return ASCII
    chars &= ASCII
    return ASCII - chars if negated else frozenset(chars)


class DispatchScanner:
    """Drop-in for Lark's Scanner (`match`, `allowed_types`, `terminals`)
    over terminals already in Lark's priority order."""

    def __init__(self, terminals, flags: int = 0):
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._flags = flags
        starts = []
        for terminal in terminals:
            first, nullable = first_characters(terminal.pattern.to_regexp())
            starts.append(ASCII if nullable else first)
        self._candidates = {char: tuple(t for t, first in zip(terminals, starts) if char in first)
                            for char in ASCII}
        # Alternations are compiled on first use: a short input meets only a
        # few first characters, and start-up counts.
        self._by_char: dict = {}
        self._compiled: dict = {}      # terminal subset -> alternation

    def match(self, text: str, pos: int, end: int | None = None):
        """(text, terminal name) of the token at `pos` (< len(text)), or None.
        Runs once per token and per run of blanks: kept lean."""
        matcher = self._by_char.get(text[pos]) or self._matcher_for(text[pos])
        if matcher is None:
            return None
        found = matcher(text, pos) if end is None else matcher(text, pos, end)
        if found is None:
            return None
        # The outer group of the alternative that matched closes last, so
        # `lastgroup` names the terminal (terminal patterns name no groups).
        return found[0], found.lastgroup

    def _matcher_for(self, char: str):
        # Non-ASCII text (it never starts a token, but an invalid input may
        # hold some) is tried against every terminal, as Lark would.
        terminals = self._candidates.get(char, tuple(self.terminals))
        if not terminals:
            return None
        matcher = self._compiled.get(terminals)
        if matcher is None:
            matcher = self._compiled[terminals] = _alternation(terminals, self._flags).match
        if char in ASCII:
            self._by_char[char] = matcher
        return matcher


def _alternation(terminals: tuple, flags: int):
    """Lark's alternation of `terminals`, one named group per terminal."""
    return re.compile("|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals),
                      flags)


class PurePythonLexer(PythonBasicLexer):
    """Lark's pure-Python basic lexer with the dispatching scanner."""

    def _build_scanner(self):
        scanner = super()._build_scanner()
        return DispatchScanner(scanner.terminals, self.g_regex_flags)

    def match(self, text, pos):
        return self.scanner.match(text.text, pos, text.end)


def lexer_plugins(cython_plugins: dict | None) -> dict:
    """Lark `_plugins` with the dispatching lexer, for lark-cython's
    plugins when given, else for pure Lark."""
    if cython_plugins is None:
        return {"BasicLexer": PurePythonLexer}

    class CythonLexer(cython_plugins["BasicLexer"]):
        """lark-cython's basic lexer with the dispatching scanner.  Its token
        loop looks `scanner` up as a plain attribute on each token, so the
        class attribute below, shadowed per instance, replaces the base
        class's lazily built scanner."""

        scanner = None

        def __init__(self, conf):
            super().__init__(conf)
            base = cython_plugins["BasicLexer"].scanner.__get__(self)
            self.scanner = DispatchScanner(base.terminals, conf.g_regex_flags)

    return {**cython_plugins, "BasicLexer": CythonLexer}
