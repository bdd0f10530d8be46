"""The lexer: Lark's basic lexer, made to try only the terminals that can
start here, in one Python call per token.

Lark scans with one alternation of all terminals, `(?P<A>...)|(?P<B>...)`.
Python's `re` tries alternatives one after another, and it can skip an
alternative cheaply only when that alternative opens with a literal or a
character class; a named group opens every one of them.  With the ~60
terminals of the MLIR grammar each token cost about 4 us, two thirds of the
whole parse.  `DispatchScanner` groups the terminals by the characters they
can start with (read off each regex's syntax tree) and keeps, per first
character, an alternation of just those terminals, in Lark's order.  A
match therefore picks exactly the terminal Lark's own scanner would pick.

`Lexer` yields the tokens the LALR driver (lark-cython's or Lark's)
consumes.  Lark's lexers call the scanner for every token and every run of
blanks, and call back again for every name (Lark's `UnlessCallback`, which
tells a keyword such as `affine.load` from a bare identifier by a second
regex match).  `Lexer.tokens` is one generator that does all of it with its
state in local variables: the spaces after a token are taken by the token's
own match, other blanks and comments are skipped in the same loop, and
keywords are found by a dictionary lookup.  The tokens, their positions and
the errors are the ones Lark's lexer gives (tests/unit/test_lexer.py
compares the two on every input).

The alternations are compiled when first needed, from re's compiled
programs kept with the prepared grammar (parse/engine/tables.py): re's own compiler
is written in Python and would cost a short run 10 ms.
"""

from __future__ import annotations

import copy
import marshal
import re

import _sre

try:                                   # Python >= 3.11
    from re import _compiler as sre_compile
    from re import _constants as sre
    from re import _parser as sre_parse
except ImportError:                    # Python 3.10
    import sre_compile
    import sre_constants as sre
    import sre_parse

from lark.exceptions import UnexpectedCharacters
from lark.parsers.lalr_analysis import Reduce

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
    over terminals already in Lark's priority order.

    `then` is a pattern each match goes on to consume after the token
    (`with_trailing`); the token is then the text of the terminal's group."""

    def __init__(self, terminals, flags: int = 0):
        self.terminals = terminals
        self.allowed_types = {t.name for t in terminals}
        self._flags = flags
        starts = []
        for terminal in terminals:
            first, nullable = first_characters(terminal.pattern.to_regexp())
            starts.append(ASCII if nullable else first)
        self.candidates = {char: tuple(t for t, first in zip(terminals, starts) if char in first)
                           for char in ASCII}
        self.then = ""
        # Alternations are compiled on first use: a short input meets only a
        # few first characters, and start-up counts.
        self.by_char: dict = {}
        self._compiled: dict = {}      # terminal subset -> alternation
        self._programs: dict = {}      # pattern -> its compiled program (`keep_programs`)

    def with_trailing(self, then: str) -> DispatchScanner:
        """This scanner, each of whose matches also takes `then` after the
        token."""
        scanner = copy.copy(self)
        scanner.then, scanner.by_char, scanner._compiled = then, {}, {}
        return scanner

    def without(self, names) -> DispatchScanner:
        """This scanner without the terminals `names`."""
        scanner = copy.copy(self)
        scanner.terminals = [t for t in self.terminals if t.name not in names]
        scanner.allowed_types = self.allowed_types - names
        scanner.candidates = {char: tuple(t for t in terminals if t.name not in names)
                              for char, terminals in self.candidates.items()}
        scanner.by_char, scanner._compiled = {}, {}
        return scanner

    def keep_programs(self) -> None:
        """Compile every alternation now and keep re's program for it, so
        that a process that loads this scanner from the grammar cache
        builds its patterns without re's (pure-Python) compiler: about half
        a millisecond each, 10 ms of a short run."""
        for terminals in set(self.candidates.values()):
            if terminals:
                pattern = self._pattern(terminals)
                self._programs[pattern] = _program(pattern, self._flags)

    def __getstate__(self):
        # Cached on disk without the compiled alternations (see above), each
        # program in marshal's format, read when its alternation is first
        # compiled (`_from_program`): a short run compiles a few of them.
        return {**self.__dict__, "by_char": {}, "_compiled": {},
                "_programs": {pattern: marshal.dumps(program)
                              for pattern, program in self._programs.items()}}

    def match(self, text: str, pos: int):
        """(text, terminal name) of the token at `pos` (< len(text)), or None,
        as Lark's `Scanner.match` gives it."""
        found = self.match_object(text, pos)
        if found is None:
            return None
        # The outer group of the alternative that matched closes last, so
        # `lastgroup` names the terminal (terminal patterns name no groups).
        return found[0], found.lastgroup

    def match_object(self, text: str, pos: int):
        """The `re.Match` of the token at `pos` (< len(text)), or None."""
        matcher = self.by_char.get(text[pos]) or self.matcher_for(text[pos])
        return matcher(text, pos) if matcher is not None else None

    def matcher_for(self, char: str):
        """The `match` method of the alternation of the terminals that can
        start with `char`, or None if none can."""
        # Non-ASCII text (it never starts a token, but an invalid input may
        # hold some) is tried against every terminal, as Lark would.
        terminals = self.candidates.get(char, tuple(self.terminals))
        if not terminals:
            return None
        matcher = self._compiled.get(terminals)
        if matcher is None:
            pattern = self._pattern(terminals)
            compiled = _from_program(pattern, self._programs.get(pattern), self._flags)
            matcher = self._compiled[terminals] = compiled.match
        if char in ASCII:
            self.by_char[char] = matcher
        return matcher

    def _pattern(self, terminals: tuple) -> str:
        """Lark's alternation of `terminals`, one named group per terminal."""
        pattern = "|".join(f"(?P<{t.name}>{t.pattern.to_regexp()})" for t in terminals)
        return f"(?:{pattern}){self.then}" if self.then else pattern


def lexer_scanner(scanner: DispatchScanner, ignore) -> DispatchScanner:
    """The scanner the lexer uses.  Most blanks are spaces between tokens,
    or the end of a line and the next line's indent: when only ignored
    terminals start with a space or a newline, each match takes those
    after its token too (they would be skipped next)."""
    blanks = scanner.candidates.get(" ", ()) + scanner.candidates.get("\n", ())
    if blanks and all(t.name in ignore for t in blanks):
        return scanner.with_trailing(" *(?:\n *)*")
    return scanner


class KeptPattern:
    """A pattern kept with re's compiled program for it (`_program`), as the
    grammar cache keeps the scanners' alternations."""

    def __init__(self, pattern: str, flags: int = 0):
        self.pattern, self.flags = pattern, flags
        self.program = _program(pattern, flags)

    def compile(self):
        return _from_program(self.pattern, self.program, self.flags)


def blanks_pattern(terminals, ignore, flags: int = 0) -> KeptPattern:
    """A run of ignored tokens (blanks and comments), possibly empty."""
    ignored = "|".join(f"(?:{t.pattern.to_regexp()})" for t in terminals if t.name in ignore)
    return KeptPattern(f"(?:{ignored})*", flags)


def _program(pattern: str, flags: int):
    """What `re.compile` hands to `_sre.compile` for `pattern`, or None
    where re's internals are not the ones this reads."""
    try:
        parsed = sre_parse.parse(pattern, flags)
        code = [int(word) for word in sre_compile._code(parsed, flags)]   # opcodes are int subclasses
        groups = parsed.state.groupdict
        by_index = [None] * parsed.state.groups
        for name, index in groups.items():
            by_index[index] = name
        return (flags | parsed.state.flags, code, parsed.state.groups - 1, groups, tuple(by_index))
    except Exception:       # noqa: BLE001 - another Python's re: compile as usual
        return None


def _from_program(pattern: str, program, flags: int):
    # The cache that holds `program` is kept per Python version, whose re
    # made it; if _sre refuses it all the same, re compiles the pattern.
    if program.__class__ is bytes:      # (as the grammar cache keeps it)
        program = marshal.loads(program)
    if program is not None:
        try:
            return _sre.compile(pattern, *program)
        except Exception:   # noqa: BLE001
            pass
    return re.compile(pattern, flags)


class Lexer:
    """Tokens for the LALR driver: `tokens(text, ...)` yields them, with
    `token_class` (the driver's) for the tokens and `callbacks` (terminal
    name -> function of the token) applied to them.  A token of the
    prepared grammar's `contextual_terminals` is emitted only where the
    parser accepts it; elsewhere its `contextual_scanner` lexes the text."""

    def __init__(self, prepared, token_class, callbacks: dict):
        self.scanner = prepared.lexer_scanner
        self.contextual_scanner = prepared.contextual_scanner
        self.contextual = prepared.contextual_terminals
        self.keywords = prepared.keywords
        self.ignore = prepared.ignore
        self.newline_types = prepared.newline_types
        self.token_class = token_class
        # The callback of a contextual terminal decides whether its token is
        # taken where the parser accepts it: `accept(token, following)`, where
        # `following` is the offset of the next token, returns None, or the
        # token taken (it may go on further) and the offset to go on at.
        self.callbacks = {kind: f for kind, f in callbacks.items() if kind not in self.contextual}
        self.accepts = {kind: f for kind, f in callbacks.items() if kind in self.contextual}
        self.blanks = prepared.blanks
        self._blanks = None             # its `match`, compiled when first needed
        self.states = prepared.states
        self.terminals = prepared.terminals
        # Terminals that need none of the steps after their match: most tokens.
        self.plain = (self.scanner.allowed_types - self.ignore - self.newline_types
                      - set(self.keywords) - set(callbacks) - self.contextual)

    def tokens(self, text: str, parser_state, eof_error: bool, within=None, ends=None):
        """The tokens of `text`, ending with EOFError (lark-cython's driver
        stops on it) if `eof_error`, else plainly (Lark's).  `parser_state`
        is the driver's state, which a lexical error reports and whose
        table tells where a contextual terminal is accepted (everywhere,
        when it is None).  `within`, a token, limits the text to that
        token's, at its position; `ends`, a list, then gets the driver's
        stack of states after the token's last inner token."""
        by_char, matcher_for = self.scanner.by_char, self.scanner.matcher_for
        ignore, newline_types, keywords = self.ignore, self.newline_types, self.keywords
        make_token, callbacks, plain = self.token_class, self.callbacks, self.plain
        accepts = self.accepts
        contextual = self.contextual if parser_state is not None else ()
        pos, line, line_start, size = 0, 1, 0, len(text)
        if within is not None:
            pos, line, size = within.start_pos, within.line, within.end_pos
            line_start = pos - within.column + 1
        # The text of a token that stands for others is not that token again.
        inner = within.type if within is not None else None
        last = None
        while pos < size:
            matcher = by_char.get(text[pos]) or matcher_for(text[pos])
            found = matcher(text, pos) if matcher is not None else None
            if found is None:
                raise self._unexpected(text, pos, line, pos - line_start + 1, last, parser_state)
            kind = found.lastgroup
            value = found[kind]
            column = pos - line_start + 1
            if kind in plain:
                end = pos + len(value)
                last = make_token(kind, value, pos, line, column, line, column + len(value), end)
                pos = found.end()
                if pos != end:          # the blanks after the token, with their lines
                    newlines = text.count("\n", end, pos)
                    if newlines:
                        line += newlines
                        line_start = text.rindex("\n", end, pos) + 1
                yield last
                continue
            if kind in contextual:
                token = None
                following = found.end()
                if kind != inner and self._accepted(kind, parser_state.state_stack):
                    token = make_token(kind, value, pos, line, column,
                                       line, column + len(value), pos + len(value))
                    if kind in accepts:
                        # The judge is told where the next token starts
                        # (the blanks before it are skipped here at once),
                        # and may take more text: it tells where to go on.
                        taken = accepts[kind](token, self.skip_blanks(text, following))
                        token, following = taken or (None, following)
                if token is not None:
                    newlines = text.count("\n", pos, following)
                    if newlines:
                        line += newlines
                        line_start = text.rindex("\n", pos, following) + 1
                    last = token
                    pos = following
                    yield last
                    continue
                found = self.contextual_scanner.match_object(text, pos)
                if found is None:
                    raise self._unexpected(text, pos, line, column, last, parser_state)
                kind = found.lastgroup
                value = found[kind]
            start, start_line, end = pos, line, pos + len(value)
            if kind in newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = text.rindex("\n", pos, end) + 1
            pos = found.end()
            token = None
            if kind not in ignore:
                if kind in keywords:
                    kind = keywords[kind].get(value, kind)
                token = make_token(kind, value, start, start_line, column,
                                   line, end - line_start + 1, end)
                if kind in callbacks:
                    token = callbacks[kind](token)
            if pos != end:
                newlines = text.count("\n", end, pos)
                if newlines:
                    line += newlines
                    line_start = text.rindex("\n", end, pos) + 1
            if token is not None:
                last = token
                yield last
        if ends is not None:
            ends.append(list(parser_state.state_stack))
        if eof_error:
            raise EOFError(self)

    def _accepted(self, kind: str, stack) -> bool:
        """Whether the parser takes a token of `kind` from `stack`: a state
        whose action on it is a reduction may have that lookahead only
        because LALR merged it with another state (an op line after a
        top-level op, which no region holds), so the reductions are made
        on a copy of the stack to see the token shifted."""
        action = self.states[stack[-1]].get(kind)
        if action is None:
            return False
        return action[0] is not Reduce or advances(self.states, None, list(stack), kind)

    def skip_blanks(self, text: str, pos: int) -> int:
        """The offset after the blanks and comments at `pos`."""
        return (self._blanks or self._compile_blanks())(text, pos).end()

    def _compile_blanks(self):
        self._blanks = self.blanks.compile().match
        return self._blanks

    def terminal_at(self, text: str, pos: int) -> str | None:
        """The terminal of the token at `pos` as the contextual scanner
        lexes it (`$END` at the end of `text`; None if no token starts
        there)."""
        if pos >= len(text):
            return "$END"
        found = self.contextual_scanner.match_object(text, pos)
        if found is None:
            return None
        kind = found.lastgroup
        keywords = self.keywords.get(kind)
        return keywords.get(found[kind], kind) if keywords else kind

    def _unexpected(self, text, pos, line, column, last, parser_state):
        allowed = self.scanner.allowed_types - self.ignore or {"<END-OF-FILE>"}
        return UnexpectedCharacters(text, pos, line, column, allowed=allowed,
                                    token_history=last and [last], state=parser_state,
                                    terminals_by_name={t.name: t for t in self.terminals})


def advances(table, end_state, stack: list, terminal: str) -> bool:
    """Whether `terminal` is shifted (or, for `$END`, accepted) after the
    reductions the LALR `table` makes on it from `stack` (of states, changed
    in place): the table's own lookaheads are wider where states merged."""
    for _ in range(10000):
        actions = table.get(stack[-1], {})
        if terminal not in actions:
            return False
        action, argument = actions[terminal]
        if action is not Reduce:        # Shift
            return True
        size = len(argument.expansion)
        if size:
            del stack[-size:]
        if not stack:
            return False
        goto = table.get(stack[-1], {}).get(argument.origin.name)
        if goto is None:
            return False
        stack.append(goto[1])
        if terminal == "$END" and stack[-1] == end_state:
            return True
    return False
