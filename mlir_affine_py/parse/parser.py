"""Entry point of parsing: source text -> a builtin.module.

The parser is built once per process from mlir_affine_py/grammar/mlir.lark, whose LALR
tables are cached on disk (parse/engine/tables.py), so a lit run of hundreds of
small invocations pays for them once.
"""

from __future__ import annotations

import os
import re
import sys
from functools import partial
from typing import NamedTuple

from lark.exceptions import (UnexpectedCharacters, UnexpectedEOF, UnexpectedInput,
                             UnexpectedToken, VisitError)
from lark.parsers.lalr_analysis import Reduce

from .. import dialects  # (registers ops and custom forms)
from ..diagnostics import (DiagnosticContext, MLIRError, current_context, offset_to_pos,
                           pos_to_offset)
from ..ir.attr_syntax import SymbolRef
from ..ir.core import OP_CLASSES
from ..ir import attributes as A
from ..ir import types as T
from . import op_syntax
from .builder import Builder
from .engine.driver import Engine
from .engine.op_lines import LiteralSlot
from .engine.tables import PreparedGrammar, advances
from .syntax import (TOKEN, AffineSyntax, OpHead, ParsedOp, skip_trivia, string_literal_error,
                     wrong_token_offset)
from .transformer import MLIRTransformer, functional_type_error
from .unknown_op import MLIR_OPT_DIALECTS, default_dialect_at, unknown_custom_op_error

# (engine, transformer) by grammar: with the extended grammar's ops or not,
# and how many ops are loaded (dialects/__init__.py defers some).
_PARSERS: dict = {}
# Whether the parse in progress uses the extended grammar (parse_source
# decides; the error paths ask `_parser()` for the same one).
_EXTENDED = True
_MARKERS = None

# MLIR reads integer literals of any length (into APInts) and reports the
# ones too large for their type; Python's guard against converting long
# digit strings (4300 digits by default) would stop the parse instead.
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)


def _grammar_text(name: str = "mlir.lark") -> str:
    # The grammar is package data beside this package (mlir_affine_py/grammar),
    # read as a file where it is one (importlib.resources costs a tenth of a
    # short run), through importlib.resources where it is not (a zip).
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    path = os.path.join(package, "grammar", name)
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    from importlib import resources
    return resources.files("mlir_affine_py.grammar").joinpath(name).read_text()


def _cache_folder() -> str | None:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "pyaffine-opt")
    try:
        os.makedirs(folder, exist_ok=True)
        return folder
    except OSError:
        return None            # no cache: the grammar is prepared on every run


# The modules that derive the grammar of the ops declared by an assembly
# format (read for the cache key, not imported).
_FORMAT_MODULES = tuple(os.path.join(os.path.dirname(os.path.dirname(__file__)), "ir", name)
                        for name in ("assembly_format.py", "attr_syntax.py"))


def prepared_grammar(folder: str | None = None, classes=None,
                     extended: bool = True) -> PreparedGrammar:
    """The grammar of the core syntax (with mlir_affine_py/grammar/extended.lark, if
    `extended`) and the registered ops' syntax (parse/op_syntax.py;
    `classes`: their `syntax_classes`, if known), prepared, from the cache
    in `folder` (by default the user's cache folder) when it holds it."""
    core = _grammar_text()
    if extended:
        core += "\n" + _grammar_text("extended.lark")
    if classes is None:
        classes = op_syntax.syntax_classes(OP_CLASSES.values())

    def prepare():
        assembled = op_syntax.assemble(core, classes)
        return PreparedGrammar(assembled.text, assembled.head_lines, assembled)
    return PreparedGrammar.cached(op_syntax.syntax_source(core, classes),
                                  _cache_folder() if folder is None else folder, prepare,
                                  depends_on=(op_syntax.__file__, *_FORMAT_MODULES))


def _parser(extended: bool | None = None):
    """The engine and transformer of the grammar of the parse in progress
    (or, given `extended`, of that grammar): with the extended grammar's
    ops (op_syntax.extended_markers) or not."""
    if extended is None:
        extended = _EXTENDED
    loaded = dict.__len__(OP_CLASSES)
    found = _PARSERS.get((extended, loaded))
    if found is None:
        transformer = MLIRTransformer()
        classes = op_syntax.syntax_classes(dict.values(OP_CLASSES), extended)
        prepared = prepared_grammar(classes=classes, extended=extended)
        for rule, callback in prepared.op_grammar.bind(classes).items():
            setattr(transformer, rule, _bind(callback, transformer))
        engine = Engine(prepared, transformer, prepared.op_grammar.remembered_names,
                        [LiteralSlot(cls.name, cls.syntax_literal,
                                     partial(cls.with_literal, t=transformer))
                         for cls in classes if cls.__dict__.get("syntax_literal")])
        transformer.new_token = engine.lexer.token_class
        found = _PARSERS[extended, loaded] = (engine, transformer)
    return found


def load_parsers() -> None:
    """Both grammars loaded, for a process that forks workers to parse."""
    dialects.load_all_dialects()
    for extended in (False, True):
        _parser(extended)


def grammar_sets() -> list:
    """(deferred modules to load, extended) of every grammar a run may
    need: a plain affine text's, with the deferred dialects but gpu and
    llvm, with every dialect; each with and without the extended
    grammar's ops.  The last, every dialect's extended grammar, takes as
    long to prepare as the five others together."""
    return [(load, extended) for load in ((), dialects.COMMON, tuple(dialects.DEFERRED))
            for extended in (False, True)]


def prepare_grammars(sets=None) -> None:
    """The grammars of `sets` (by default `grammar_sets()`) prepared and
    kept in the cache, so that no later run waits for Lark's LALR analysis
    (a second to half a minute each).  The registry's order does not depend
    on what was loaded before, so any part of the sets can be prepared in a
    process of its own."""
    for load, extended in grammar_sets() if sets is None else sets:
        dialects.load_dialects(load)
        _parser(extended)


# What a text that uses the syntax of mlir_affine_py/grammar/extended.lark holds: a dialect
# attribute (its body's brackets paired, four deep) followed by a `:`.  A
# false match only costs the larger table.
_SYMBOL_BODY = r'<(?:->|"(?:[^"\\\n]|\\.)*"|[^<>"\n]|' * 3 + r"<(?:->|[^<>\n])*>" + ")*>" * 3
_EXTENDED_SYNTAX = (r"#[a-zA-Z_][\w$]*(?:\.[\w$.\-]*(?:" + _SYMBOL_BODY + ")?|" + _SYMBOL_BODY
                    + r") *:(?!:)")


def uses_extended_ops(text: str) -> bool:
    """Whether `text` may name an op of the extended grammar: it holds one
    of their names (a word of a short name), looked for under the dialect
    prefixes the text holds; or whether it may use the syntax of
    mlir_affine_py/grammar/extended.lark.  A text that names a dialect whose module is
    deferred (dialects/__init__.py) has it loaded first."""
    if len(text) >= _ONE_PASS_LENGTH and _dotted_markers(_markers()).search(text) is None:
        # No deferred dialect to load, no group below with a name found:
        # what is left to look for has no dot.
        return _short_names_or_syntax(text, _markers().get(""))
    absent = dialects.load_dialects_named_in(text)
    for prefix, names in _markers().items():
        if prefix and (prefix in absent or prefix not in text):
            continue
        if not names or any(name in text for name in names):
            return True
    return "#" in text and re.search(_EXTENDED_SYNTAX, text) is not None


def _markers() -> dict:
    """op_syntax.extended_markers of the ops loaded, kept while they are."""
    global _MARKERS
    loaded = dict.__len__(OP_CLASSES)
    if _MARKERS is None or _MARKERS[0] != loaded:
        _MARKERS = loaded, op_syntax.extended_markers(dict.values(OP_CLASSES))
    return _MARKERS[1]


def _short_names_or_syntax(text: str, short_names) -> bool:
    """uses_extended_ops for a text holding no dotted marker: an op name
    without its dialect, or the syntax of mlir_affine_py/grammar/extended.lark."""
    if short_names is not None and (not short_names or any(n in text for n in short_names)):
        return True
    return "#" in text and re.search(_EXTENDED_SYNTAX, text) is not None


# From this length on, uses_extended_ops first looks for everything with a
# dot that it and `load_dialects_named_in` look for (the deferred dialects'
# prefixes, the op names or dialect prefixes of the markers) at once: a
# plain affine text holds none of them, and a long one is then read
# through once, not once a prefix or name.  A short text is scanned as it
# is: the pattern costs more to compile than those scans.
_ONE_PASS_LENGTH = 1 << 16
_DOTTED: tuple | None = None        # (the markers, their pattern)


def _dotted_markers(markers: dict):
    """A pattern found in a text iff it holds a deferred dialect's prefix,
    or a name of a dialect's markers (its prefix, if it names none).  Each
    holds a dot after a word: the pattern stops after each dot of the text,
    looks behind it for the last letter of a needle's word (which most
    dots fail), then for the whole word and ahead for the rest."""
    global _DOTTED
    if _DOTTED is None or _DOTTED[0] is not markers:
        needles = set(dialects.DEFERRED.values())
        for prefix, names in markers.items():
            if prefix:
                needles.update(names or (prefix,))
        pieces, lasts = [], set()
        for needle in sorted(needles):
            head, dot, tail = needle.partition(".")
            assert head and dot, needle
            pieces.append(f"(?<={re.escape(head)}\\.){re.escape(tail)}")
            lasts.add(re.escape(head[-1]))
        _DOTTED = markers, re.compile(rf"\.(?<=[{''.join(sorted(lasts))}]\.)(?:"
                                      + "|".join(pieces) + ")")
    return _DOTTED[1]


def _bind(callback, transformer):
    """The callback of a custom-form rule.  An op rule starts with the op's
    name; its position becomes the op's (the location MLIR reports), and a
    name token of the `OP_...` terminals is not passed on, except to the
    rule of the name itself (`keeps_name`)."""
    keeps_name = getattr(callback, "keeps_name", False)

    def call(children):
        first = children[0] if children else None
        if first.__class__ is OpHead:
            children = first + children[1:]
            first = children[0]
        try:
            if isinstance(first, TOKEN) and first.type.startswith("OP_") and not keeps_name:
                result = callback(transformer, children[1:])
            else:
                result = callback(transformer, children)
        except MLIRError as error:
            # An error about the op as a whole is reported at its name, as
            # are the notes that have no place of their own.
            if isinstance(first, TOKEN):
                at = (first.line, first.column)
                if error.pos is None:
                    error.pos = at
                error.notes[:] = [(severity, note, at if pos is None else pos)
                                  for severity, note, pos in error.notes]
            raise
        if isinstance(result, ParsedOp) and isinstance(first, TOKEN):
            result.pos = (first.line, first.column)
            if first.type.startswith("OP_") and "." not in first.value:
                # Written without its dialect (`module`): the builder looks
                # the name up in the default dialect of the enclosing region.
                result.name = first.value
        return result
    return call


def parse_source(text: str, allow_unregistered: bool = False,
                 source_name: str = "<stdin>", line_offset: int = 0):
    """Parse one chunk of MLIR text into a builtin.module, or raise MLIRError.
    `source_name` and `line_offset` (the chunk's first line in the file) make
    the file locations MLIR gives some ops.

    Most lines are read whole, as shorthands for their tokens (op lines and
    heads: parse/engine/op_lines.py, parse/engine/op_heads.py), which keep only what a
    text without errors needs.  A text with any error is read again token
    by token: its diagnostics are those of its tokens."""
    if "\0" in text:
        text = _nul_as_blank(text)
    if "{-#" in text:
        return _with_file_metadata(text, allow_unregistered, source_name, line_offset)
    return _parse_ops(text, allow_unregistered, source_name, line_offset)


def _parse_ops(text: str, allow_unregistered: bool, source_name: str, line_offset: int):
    global _EXTENDED
    _EXTENDED = uses_extended_ops(text)
    # What the ops' builders emit while the text is read (a region builder's
    # warnings) is passed on once, from the reading that counts.
    outer = current_context()
    with DiagnosticContext() as emitted:
        try:
            module = _built(text, _parse(text, source_name, line_offset, shorthands=True),
                            allow_unregistered)
        except (MLIRError, VisitError, UnexpectedInput):
            module = None
    if module is not None:
        _pass_on(emitted, outer)
        return module
    with DiagnosticContext() as emitted:
        try:
            return _parse_again(text, source_name, line_offset, allow_unregistered)
        finally:
            _pass_on(emitted, outer)


def _pass_on(emitted: DiagnosticContext, outer: DiagnosticContext) -> None:
    for diagnostic in emitted.drain():
        outer.emit(diagnostic.severity, diagnostic.message, diagnostic.pos, diagnostic.notes)


def _parse_again(text: str, source_name: str, line_offset: int, allow_unregistered: bool):
    """The text read token by token, for its diagnostics."""
    try:
        parsed = _parse(text, source_name, line_offset, shorthands=False)
    except MLIRError as error:
        raise _refine(text, error) from None
    except VisitError as error:
        if isinstance(error.orig_exc, MLIRError):
            raise _refine(text, error.orig_exc) from None
        raise
    except UnexpectedCharacters as error:
        raise _lexer_error(text, error) from None
    except (UnexpectedToken, UnexpectedEOF) as error:
        raise _syntax_error(text, error) from None
    return _built(text, parsed, allow_unregistered)


def _with_file_metadata(text: str, allow_unregistered: bool, source_name: str,
                        line_offset: int):
    """A text with `{-# ... #-}` dictionaries (file_metadata.py): the ops
    are read with the dictionaries blanked; the first error in the text,
    in either, is the one reported."""
    from . import file_metadata         # (not imported by a run without such dictionaries)
    blanked, metadata, error = file_metadata.take_file_metadata(text, MLIR_OPT_DIALECTS)
    try:
        module = _parse_ops(blanked, allow_unregistered, source_name, line_offset)
    except MLIRError as op_error:
        if error is None or type(op_error.pos) is tuple and error.pos is not None \
                and op_error.pos < error.pos:
            raise
        raise error from None
    if error is not None:
        raise error
    module.file_metadata = metadata
    return module


def _nul_as_blank(text: str) -> str:
    """MLIR's lexer skips a NUL byte that is not the end of the buffer, as
    whitespace; in a string literal it is a character of the string."""
    pieces = re.compile(r'("(?:[^"\\\n]|\\.)*")').split(text)
    return "".join(piece if index % 2 else piece.replace("\0", " ")
                   for index, piece in enumerate(pieces))


def _parse(text: str, source_name: str, line_offset: int, shorthands: bool):
    parser, transformer = _parser()
    transformer.begin(text, source_name, line_offset)
    parser.op_lines.reset(enabled=shorthands)
    parser.op_heads.reset(enabled=shorthands)
    return parser.parse(text)


def _built(text: str, parsed, allow_unregistered: bool):
    if not text.isascii():
        _check_non_ascii(text)
    return Builder(allow_unregistered, text,
                   getattr(parsed, "argument_locations", None)).build_module(parsed or [])


# Strings and comments, where any character may stand, or one non-ASCII
# character elsewhere.  (The patterns of this module's rarer paths are
# compiled where they are used, and re keeps them: not at start-up.)
_NON_ASCII_OUTSIDE_STRINGS = r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|[^\x00-\x7f]'


def _check_non_ascii(text: str) -> None:
    """MLIR's lexer reads identifiers in ASCII only: a non-ASCII letter the
    grammar's patterns took into a name (`%é`, `@fé`) is an error there."""
    for match in re.compile(_NON_ASCII_OUTSIDE_STRINGS).finditer(text):
        if len(match.group()) == 1 and not match.group().isascii():
            offset = match.start()
            if text[offset - 1:offset] == "%":
                raise MLIRError("invalid SSA name", offset_to_pos(text, offset - 1))
            raise MLIRError("unexpected character", offset_to_pos(text, offset))


# ---------------------------------------------------------------------------
# Syntax errors.  MLIR's recursive-descent parser names the construct it was
# parsing; an LALR parser knows the set of tokens it could have accepted, and
# the messages below are chosen from that set to read like MLIR's.  Locations
# follow MLIR: most "expected ..." errors point just past the previous token
# (Parser::emitWrongTokenError); lexer errors and errors inside affine
# expressions point at the offending token itself.

# Lexer::lexPrefixedIdentifier: a prefix not followed by a suffix-id.
_PREFIXED_ID_ERRORS = {"#": "invalid attribute name", "%": "invalid SSA name",
                       "^": "invalid block name", "!": "invalid type identifier"}
# Characters that can start a token in MLIR's lexer (Lexer::lexToken).
_TOKEN_START = frozenset(":,.(){}[]<>=*-+?|/\"@#%^!_ \t\r\n"
                         "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

_INTTYPE = r"[su]?i[1-9][0-9]*"
_BARE_WORD = r"[A-Za-z_][\w$.]*"
_BARE_ID = r"[A-Za-z_][\w$.]*"
_VALUE_NAME = r"%[\w$.\-]*"
_CLOSERS = (("RPAR", ")"), ("RSQB", "]"), ("MORETHAN", ">"), ("RBRACE", "}"))
_BINARY_OPERATORS = frozenset({"+", "-", "*", "floordiv", "ceildiv", "mod"})

# How tokens are named in "expected ..." lists when no rule above applies
# (the ops' own terminals: their `syntax_terminal_texts`).
_TERMINAL_TEXT = {"VALUE_ID": "SSA value", "RESULTS": "SSA result", "BARE_ID": "identifier",
                  "STRING": "string", "INT": "integer", "FLOAT": "float", "SYMBOL": "symbol name",
                  "CARET_ID": "block label", "HASH_ID": "attribute", "BANG_ID": "type",
                  "BUILTIN_TYPE": "type", "DIMS": "dimension list", "SCALABLE_DIM": "dimension",
                  "KEYWORD_ATTR": "attribute", "CMP_OP": "comparison", "$END": "end of file",
                  "PRETTY_TEXT": "text", "UNRANKED": "'*x'"}


def _lexer_error(text: str, error: UnexpectedCharacters) -> MLIRError:
    offset = error.pos_in_stream
    char = text[offset] if offset < len(text) else ""
    if char == '"':
        # An unterminated string (or a bad escape before its end).
        end = text.find("\n", offset)
        return string_literal_error(text[offset:] if end < 0 else text[offset:end + 1],
                                    offset_to_pos(text, offset))
    lexical = _lexical_error(text, offset)
    if lexical is not None:
        return lexical
    state = getattr(error, "state", None)
    accepted = _acceptable(state) if state is not None else set(error.allowed or ())
    literal = _elements_literal_error(text, state, accepted)
    if literal is not None:
        return literal
    message, where = _expected_message(accepted, state, None, text, offset)
    if isinstance(message, MLIRError):
        return message
    return MLIRError(message, _location(text, where, offset, at_eof=False))


def _syntax_error(text: str, error) -> MLIRError:
    token = getattr(error, "token", None)
    at_eof = token is None or token.type == "$END"
    offset = len(text) if at_eof else token.start_pos
    if not at_eof:
        lexical = _lexical_error(text, offset)
        if lexical is not None:
            return lexical
    state = getattr(error, "state", None)
    if state is not None:
        accepted = _acceptable(state)
    else:
        accepted = set(getattr(error, "expected", ()) or ())
    literal = _elements_literal_error(text, state, accepted)
    if literal is not None:
        return literal
    message, where = _expected_message(accepted, state, None if at_eof else token, text)
    if isinstance(message, MLIRError):
        return message
    return MLIRError(message, _location(text, where, offset, at_eof))


def _elements_literal_error(text: str, state, accepted: set):
    """The error of the dense, sparse or dense_resource literal the parser
    stopped in, as MLIR's recursive descent meets it (elements_literal.py),
    or None."""
    from . import elements_literal      # (for errors alone: not imported by a run without)
    stack = _stack(state)
    for index in range(len(stack) - 1, max(len(stack) - 200, -1), -1):
        value = stack[index]
        if not isinstance(value, TOKEN) or value.value not in elements_literal.KEYWORDS:
            continue
        following = stack[index + 1] if index + 1 < len(stack) else None
        if following is None and "LESSTHAN" not in accepted \
                or following is not None and not _is_token(following, "LESSTHAN"):
            return None   # a name spelt like the keyword
        found = elements_literal.literal_error(text, value.start_pos)
        if found is None:
            return None
        message, offset, where = found
        if where == "previous":
            offset = wrong_token_offset(text, offset, at_eof=offset >= len(text))
        return MLIRError(message, offset_to_pos(text, offset))
    return None


def _lexical_error(text: str, offset: int):
    """The error MLIR's lexer reports for the character at `offset`, if any."""
    char = text[offset] if offset < len(text) else ""
    following = text[offset + 1:offset + 2]
    if char in _PREFIXED_ID_ERRORS and not (following.isascii() and (
            following.isalnum() or following in "$._-")) and text[offset:offset + 3] != "#-}":
        return MLIRError(_PREFIXED_ID_ERRORS[char], offset_to_pos(text, offset))
    if char == "@" and not (following.isascii() and (following.isalpha() or following in "_\"")):
        return MLIRError("@ identifier expected to start with letter or '_'",
                         offset_to_pos(text, offset + 1))
    if not char or char in _TOKEN_START:
        if char == "." and not text.startswith("...", offset):
            return MLIRError("expected three consecutive dots for an ellipsis",
                             offset_to_pos(text, offset + 1))
        return None
    return MLIRError("unexpected character", offset_to_pos(text, offset))


def _stack(state) -> list:
    return list(getattr(state, "value_stack", None) or ())


def _reduces(state, rule: str) -> bool:
    """Whether the parser may reduce a `rule` next, from where it stands."""
    try:
        actions = state.parse_conf.parse_table.states[state.state_stack[-1]]
    except (AttributeError, KeyError, IndexError):
        return False
    return any(action is Reduce and argument.origin.name == rule
               for action, argument in actions.values())


def _acceptable(state) -> set:
    """The terminals that let the parser advance from `state`.  The LALR
    table's expected set is wider (it includes lookaheads of reductions that
    fail later), so each one is tried by running the table's reductions on a
    copy of the state stack: no callbacks run, and it works the same on
    Lark's parser state and on lark-cython's."""
    try:
        table = state.parse_conf.parse_table.states
        end_state = state.parse_conf.end_state
        stack = list(state.state_stack)
    except AttributeError:
        return set()
    # A shorthand (parse/engine/tables.py) stands for tokens that are named on
    # their own.
    contextual = _parser()[0].prepared.shorthands
    return {name for name in table.get(stack[-1], ())
            if name.isupper() and name not in contextual
            and advances(table, end_state, list(stack), name)}


def _literals() -> dict:
    """Terminal name -> its literal text, for terminals that are strings."""
    return _parser()[0].prepared.literals


def _expected_message(accepted: set, state, token, text: str, offset: int | None = None):
    """(message, where) for a syntax error; `where` is "previous" (just past
    the previous token), "token" (at the offending token) or an offset.  The
    message may instead be a ready MLIRError.  `offset`, where the text that
    could not be lexed starts (when there is no `token`)."""
    literals = _literals()
    stack = _stack(state)
    top = stack[-1] if stack else None

    def has(literal):
        return any(literals.get(name) == literal for name in accepted)

    if isinstance(top, T.Type) and not isinstance(top, T.FunctionType) \
            and _reduces(state, "functional_type"):
        # A format's functional-type: its kind is checked as soon as it is read.
        return functional_type_error(text, stack[:-1], top), None
    # Where an operation may start (a region's body, the top level).
    if _op_start(accepted):
        if isinstance(top, TOKEN) and top.type == "BARE_ID" \
                and not re.compile(_INTTYPE).fullmatch(top.value):
            return unknown_custom_op_error(top.value, token_pos(top),
                                           default_dialect_at(text, top.start_pos)), None
        if token is not None and token.value.startswith("%"):
            end = token.start_pos + len(re.compile(_VALUE_NAME).match(token.value).group())
            return "expected '=' after SSA name", end
        start = token.start_pos if token is not None else offset
        word = re.compile(_BARE_WORD).match(text, start) if start is not None else None
        if word is not None and not re.compile(_INTTYPE).fullmatch(word.group()):
            # A keyword (`tensor`, `f32`, `true`) where an op starts: MLIR's
            # parseOperation takes it as a custom op's name.
            return unknown_custom_op_error(word.group(), offset_to_pos(text, start),
                                           default_dialect_at(text, start)), None
        return "expected operation name in quotes", "previous"
    op = _enclosing_op(stack)
    op_class = OP_CLASSES.get(op.value) if op is not None else None
    if op_class is not None:
        start = next(i for i in range(len(stack) - 1, -1, -1) if stack[i] is op)
        found = op_class.syntax_error_before(stack[start:], text)
        if found is not None:
            return found, None
    for key, (message, where) in (op_class.syntax_missing.items() if op_class else ()):
        previous, name = key if isinstance(key, tuple) else (None, key)
        if name in accepted and (previous is None or _value_of(top) == previous):
            return message, where
    if accepted == {"COMMA"} and _in_result_list(state) and _is_token(token, "COLON"):
        # `%a:` without the count of a result group.
        following = skip_trivia(text, token.end_pos)
        return "expected integer number of results", wrong_token_offset(
            text, following, at_eof=following >= len(text))
    if "RESULT_GROUP" in accepted and accepted <= {"RESULTS", "RESULT_GROUP", "VALUE_ID"}:
        return "expected valid ssa identifier", "previous"
    if "COLON" in accepted and _after_generic_op(stack):
        return "expected ':' followed by operation type", "previous"
    if accepted == {"COMMA"} and _in_result_list(state):
        return "expected '=' after SSA name", top.end_pos
    if _before_top(stack, 1, "loc") and isinstance(top, TOKEN) and top.type == "LPAR" \
            or has("callsite") and "INT" not in accepted and "BARE_ID" not in accepted:
        return "expected location instance", "previous"
    if accepted == {"LOC"} and _is_token(top, "VALUE_ID") and "#" in top.value:
        # Parser::parseArgument: `%name#0` names a result, not an argument.
        return "result number not allowed in argument list", top.start_pos + top.value.index("#")
    if accepted == {"LOC"} and isinstance(top, TOKEN) and top.type == "VALUE_ID":
        # `affine.for %i 0`: the optional location is all that may follow
        # the name before `=`.
        return "expected '='", "previous"
    if "SCALABLE_DIM" in accepted and _is_token(token, "LSQB"):
        # Parser::parseVectorDimensionList: `[` size `]`.
        size = re.compile(r"\[[ \t]*[0-9]+").match(text, token.start_pos)
        if size is not None and not text[size.end():].lstrip(" \t").startswith("]"):
            return "missing ']' closing scalable dimension", size.end()
    if "DIMS" in accepted and token is not None:
        dims = re.compile(_DIMENSIONS).match(text, token.start_pos)
        if dims and dims.end() > token.start_pos:
            following = skip_trivia(text, dims.end())
            return "expected non-function type", wrong_token_offset(
                text, following, at_eof=following >= len(text))
    if "MIN_MAX" in accepted and has("affine_map") and isinstance(top, TOKEN) \
            and (top.value == "to" or top.type in ("RESULTS", "EQUAL")):
        op = _enclosing_op(stack)
        if op is not None:
            return (f"custom op '{op.value}' expected valid affine map representation for "
                    "loop bounds"), op.start_pos
    # Affine maps and sets (AffineParser).
    opener = _innermost_open(stack)
    if opener and stack[opener].value == "<" and _value_of(stack[opener - 1]) in (
            "affine_map", "affine_set") and (has("->") or "COLON" in accepted):
        return "expected '->' or ':'", "previous"
    if "CMP_OP" in accepted:
        return ("expected '== affine-expr' or '>= affine-expr' at end of affine constraint",
                "token")
    names = _parser()[1].affine_names
    if names is not None and isinstance(top, TOKEN) and top.value not in names \
            and _in_affine_results(stack) \
            and re.compile(_BARE_ID).fullmatch(top.value) and not (
                top.value in _BINARY_OPERATORS and _is_operand(stack[-2] if len(stack) > 1
                                                               else None)):
        # An identifier not yet reduced: MLIR looks it up when it reads it.
        return MLIRError("use of undeclared identifier", offset_to_pos(
            text, wrong_token_offset(text, top.start_pos))), None
    if has("symbol") and "INT" in accepted and "STRING" not in accepted:
        # AffineParser::parseAffineOperandExpr, at the token where an operand
        # should start.
        word = token.value if token is not None else None
        if word in ("floordiv", "ceildiv", "mod"):
            return "use of undeclared identifier", "previous"    # read as a name
        message = "expected affine expression"
        if word == ")" and _is_token(top, "LPAR"):
            message = "no expression inside parentheses"
        if isinstance(top, TOKEN) and top.value in _BINARY_OPERATORS:
            if top.value != "-" or _is_operand(stack[-2] if len(stack) > 1 else None):
                return "missing right operand of binary operator", "token"
        elif word in ("+", "*"):
            return "missing left operand of binary operator", "token"
        if _is_token(top, "MINUS") or top is not None and _value_of(top) == "-" \
                or (_is_token(top, "LPAR") and len(stack) > 1 and _value_of(stack[-2]) == "-"
                    and not _is_operand(stack[-3] if len(stack) > 2 else None)):
            if token is not None:
                # MLIR reports both the missing expression and the negation.
                position = token_pos(token)
                return MLIRError(message, position).attach_note(
                    "missing operand of negation", position, severity="error"), None
        return message, "token"
    if "KEYWORD_ATTR" in accepted and "INT" in accepted:
        opener = _innermost_open(stack)
        if _is_token(top, "COMMA") and opener and _value_of(stack[opener - 1]) == "memref":
            return "expected list element", "previous"    # a layout or memory space
        return "expected attribute value", "previous"
    if "BARE_ID" in accepted and "STRING" in accepted and "INT" not in accepted \
            and "RESULTS" not in accepted:
        return "expected attribute name", "previous"
    if "BUILTIN_TYPE" in accepted:
        return "expected non-function type", "previous"
    if "SYMBOL" in accepted:
        named = _named_op_class(stack)
        if named is not None and token is not None and token.type == "STRING" \
                and any(isinstance(p.kind, SymbolRef) for p in getattr(named, "ods_properties", ())):
            # A format's `$attr` of a SymbolRefAttr reads a whole attribute,
            # then checks its kind.
            return f"custom op '{named.name}' invalid kind of attribute specified", "token"
        op_name = _enclosing_op_name(stack)
        prefix = f"custom op '{op_name}' " if op_name else ""
        return f"{prefix}expected valid '@'-identifier for symbol name", "token"
    closers = [spelling for name, spelling in _CLOSERS if name in accepted]
    in_context = _bracket_message(accepted, stack, top, closers)
    if in_context is not None:
        return in_context, "previous"
    context = _keyword_context(stack)
    if context == "memref" and accepted == {"MORETHAN"} and _is_token(token, "COMMA"):
        return _third_memref_attribute_error(text, token.end_pos), None
    for (keyword, spelling), message in _KEYWORD_MESSAGES.items():
        if keyword == context and (spelling in accepted or has(spelling)):
            # An integer is read as the next token, and reported there.
            return message, "token" if spelling == "INT" else "previous"
    if accepted == {"LPAR"} and isinstance(top, TOKEN) and top.type == "COLON":
        return "expected function type", "token"
    if len(closers) == 1:
        if "COMMA" in accepted:
            return f"expected ',' or '{closers[0]}'", "previous"
        if "COLON" not in accepted:
            return f"expected '{closers[0]}'", "previous"
    if accepted == {"EQUAL"} and isinstance(top, TOKEN) and top.type in ("HASH_ID", "BANG_ID") \
            and len(stack) == 1 + _toplevel_depth(stack):
        kind = "attribute" if top.type == "HASH_ID" else "type"
        return f"expected '=' in {kind} alias definition", "previous"
    if "COLON" in accepted:
        header = _block_header(stack)
        if header == "after":
            return "expected ':' after block name", "previous"
        if header == "argument":
            return "expected ':' and type for SSA operand", "previous"
    for name, spelling in (("COLON", ":"), ("EQUAL", "="), ("__ARROW", "->"), ("COMMA", ","),
                           ("LPAR", "("), ("LESSTHAN", "<"), ("LSQB", "["), ("LBRACE", "{")):
        if name in accepted or (name == "__ARROW" and has("->")):
            return f"expected '{spelling}'", "previous"
    if len(closers) > 1 or (closers and "COLON" in accepted):
        return "expected " + _join([f"'{c}'" for c in closers]), "previous"
    if "VALUE_ID" in accepted:
        return "expected SSA operand", "previous"
    if "INT" in accepted:
        return "expected integer value", "previous"
    if "CARET_ID" in accepted:
        return "expected block name", "previous"
    names = sorted(_describe(name, literals) for name in accepted)
    if not names:
        return "unexpected token", "token"
    return "expected " + _join(list(dict.fromkeys(names))), "previous"


def _join(items: list) -> str:
    if len(items) > 6:
        items = items[:6] + ["..."]
        return ", ".join(items)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _describe(name: str, literals: dict) -> str:
    if name in literals:
        return f"'{literals[name]}'"
    text = _TERMINAL_TEXT.get(name)
    if text is None:
        # The terminals of the ops' syntax, as the ops name them.
        text = next((cls.syntax_terminal_texts[name] for cls in OP_CLASSES.values()
                     if name in cls.syntax_terminal_texts), name.lower())
    return text


_DIMENSIONS = r"(([0-9]+|\?)[ \t]*x[ \t]*)+"


def _op_start(accepted: set) -> bool:
    """Whether an operation may start here (the top level, a region)."""
    return "RESULTS" in accepted and "STRING" in accepted


def _in_result_list(state) -> bool:
    """Whether the parser is after `%a` or `%a, %b` where an op starts: the
    results of an op whose `=` is missing."""
    stack = _stack(state)
    states = list(getattr(state, "state_stack", None) or ())
    if not stack or len(states) != len(stack) + 1:
        return False
    top = stack[-1]
    if not (isinstance(top, TOKEN) and top.type in ("VALUE_ID", "RESULT_GROUP")):
        return False
    index = len(stack) - 1
    while index > 1 and _is_token(stack[index - 1], "COMMA") \
            and _is_token(stack[index - 2], "VALUE_ID", "RESULT_GROUP"):
        index -= 2
    try:
        table = state.parse_conf.parse_table.states
        end_state = state.parse_conf.end_state
    except AttributeError:
        return False
    before = states[:index + 1]
    return all(advances(table, end_state, list(before), name) for name in ("RESULTS", "STRING"))


def _value_of(value):
    """A token's text, or None for a reduced value."""
    return value.value if isinstance(value, TOKEN) else None


def _is_token(value, *types) -> bool:
    return isinstance(value, TOKEN) and value.type in types


def _before_top(stack: list, depth: int, value: str) -> bool:
    """Whether the stack entry `depth` below the top is the token `value`."""
    index = len(stack) - 1 - depth
    return index >= 0 and isinstance(stack[index], TOKEN) and stack[index].value == value


def _named_op_class(stack: list):
    """The class of the op whose name is the last token read, its dialect
    left out where it may be (`syntax_short_name`): a short name only where
    no op of the same region is being read (`memref.global constant`)."""
    top = stack[-1] if stack else None
    if not isinstance(top, TOKEN):
        return None
    if top.value in OP_CLASSES:
        return OP_CLASSES[top.value]
    for value in reversed(stack[:-1]):
        if isinstance(value, TOKEN) and value.type == "LBRACE":
            break
        if isinstance(value, TOKEN) and value.value in OP_CLASSES:
            return None
    return next((cls for name, cls in OP_CLASSES.items() if getattr(cls, "syntax_short_name", False)
                 and name.partition(".")[2] == top.value), None)


def _enclosing_op(stack: list):
    """The token naming the innermost operation being parsed, if known."""
    from ..ir.core import OP_CLASSES
    for value in reversed(stack):
        if isinstance(value, TOKEN) and value.value in OP_CLASSES:
            return value
    return None


_OPENING = ("LPAR", "LSQB", "LBRACE", "LESSTHAN")
_CLOSING = ("RPAR", "RSQB", "RBRACE", "MORETHAN")


def _outer_tokens(stack: list):
    """(index, token) of the stack's tokens at the nesting of its top, last
    first, the groups closed above skipped; the innermost bracket still
    open, when there is one, comes last."""
    depth = 0
    for index in range(len(stack) - 1, -1, -1):
        value = stack[index]
        if not isinstance(value, TOKEN):
            continue
        if value.type in _CLOSING:
            depth += 1
        elif value.type in _OPENING:
            if depth == 0:
                yield index, value
                return
            depth -= 1
        elif depth == 0:
            yield index, value


def _innermost_open(stack: list):
    """Index in the stack of the innermost bracket not yet closed."""
    for index, value in _outer_tokens(stack):
        if value.type in _OPENING:
            return index
    return None


_SHAPED = {"tensor": "tensor type", "vector": "vector type", "tuple": "tuple type",
           "complex": "complex type", "affine_map": "affine map", "affine_set": "integer set"}


def _bracket_message(accepted: set, stack: list, top, closers: list):
    """MLIR's wording for a missing bracket, which names what it closes."""
    opener = _innermost_open(stack)
    if opener is None:
        return None
    bracket = stack[opener].value
    before = stack[opener - 1] if opener > 0 else None
    keyword = before.value if isinstance(before, TOKEN) else None
    arrow = isinstance(top, TOKEN) and top.value == "->"
    if bracket == "(" and _is_token(before, "CARET_ID") and closers == [")"]:
        # Parser::parseOptionalBlockArgList
        return "expected SSA operand" if "VALUE_ID" in accepted else "expected ')'"
    if closers == [")"] and bracket == "(" and _is_token(before, "STRING"):
        if _inside_location(stack, opener):
            return "expected ')' after child location of NameLoc"
        return "expected ')' to end operand list"
    after = stack[opener + 1] if opener + 1 < len(stack) else None
    if closers == [")"] and bracket == "(" and (
            _is_token(after, "LBRACE") or after.__class__.__name__ == "ParsedRegion"):
        return "expected ')' to end region list"
    if closers == ["]"] and bracket == "[":
        # Subscripts (`%A[...`) and symbol operands (`(%i)[...`), each in
        # the words of the parser that reads them.
        # (the op classes' `syntax_unclosed_subscripts` and
        # `syntax_dim_and_symbol_list`).
        op_class = OP_CLASSES.get(_enclosing_op_name(stack))
        if _is_token(before, "VALUE_ID") and op_class is not None \
                and op_class.syntax_unclosed_subscripts:
            return op_class.syntax_unclosed_subscripts
        if _is_token(before, "RPAR") and op_class is not None \
                and op_class.syntax_dim_and_symbol_list:
            return "expected ']' in operand list"
    if closers == ["}"] and bracket == "{" and "COMMA" in accepted:
        # Parser::parseAttributeDict's list (discardable attributes,
        # properties and dictionary attributes alike).
        return "expected '}' in attribute dictionary"
    if closers == [">"] and bracket == "<" and len(accepted) == 1 and (
            isinstance(top, A.DictionaryAttr) or isinstance(top, TOKEN) and top.type == "RBRACE"):
        return "expected '>' to close properties"
    if bracket == "<" and keyword in _SHAPED:
        if accepted == {"LPAR"} and arrow and keyword == "affine_map":
            return "expected '(' in affine map range"
        if accepted == {"LPAR"} and keyword == "affine_set" and isinstance(top, TOKEN) \
                and top.type == "COLON":
            return "expected '(' in integer set constraint list"
        if closers == [">"] and accepted <= {"MORETHAN", "COMMA"}:
            return f"expected '>' in {_SHAPED[keyword]}"
    if bracket == "<" and keyword == "memref" and closers == [">"] \
            and accepted == {"MORETHAN", "COMMA"} and (
                isinstance(top, T.Type) or _is_token(top, "BUILTIN_TYPE")
                or _is_token(top, "BANG_ID")):
        return "expected ',' or '>' in memref type"
    if bracket == "(" and closers == [")"] and keyword == "<" and opener > 1 \
            and _value_of(stack[opener - 2]) in ("affine_map", "affine_set"):
        return "expected ')' in dimensional identifier list"
    if closers == ["]"] and bracket == "[" and isinstance(before, tuple) and before \
            and before[0] == "dims":
        return "expected ']' in symbol list"
    if closers == [")"] and bracket == "(" and "COMMA" in accepted:
        op_class = OP_CLASSES.get(_enclosing_op_name(stack))
        context = op_class.syntax_list_contexts.get(keyword) if op_class is not None else None
        if context is not None:
            return f"expected ')'{context}"
    if closers == [")"] and bracket == "(" and keyword in ("->", ":") \
            and _in_affine_results(stack[:opener + 1]):
        return ("expected ')' in affine map range" if keyword == "->"
                else "expected ')' in integer set constraint list")
    return None


def _after_generic_op(stack: list) -> bool:
    """Whether the parser is after the parts of a generic op (`"name"(...)`
    and what may follow) that precede its function type."""
    for index, value in _outer_tokens(stack):
        return value.type == "STRING" and index + 1 < len(stack) \
            and _is_token(stack[index + 1], "LPAR")
    return False


def _in_affine_results(stack: list) -> bool:
    """Whether the parser is in the results of an affine map or the
    constraints of a set (after its `->` or `:`), not in its dims or
    symbols."""
    for value in reversed(stack):
        if isinstance(value, TOKEN):
            if value.value in ("->", ":"):
                return True
            if value.value in ("<", "affine_map", "affine_set"):
                return False
        elif isinstance(value, tuple) and not isinstance(value, AffineSyntax) \
                and value and value[0] in ("dims", "syms"):
            return False
    return False


# The words of the builtin parsers for a missing token in a construct that a
# keyword starts: (keyword, token spelling or terminal) -> message.
_KEYWORD_MESSAGES = {
    ("loc", "("): "expected '(' in location", ("loc", ")"): "expected ')' in location",
    ("callsite", "at"): "expected 'at' in callsite location",
    ("callsite", "("): "expected '(' in callsite location",
    ("callsite", ")"): "expected ')' in callsite location",
    ("fused", ">"): "expected '>' after fused location metadata",
    ("fused", "["): "expected '[' in fused location",
    ("fused", "]"): "expected ']' in fused location",
    ("strided", "<"): "expected '<' after 'strided'",
    ("strided", "offset"): "expected 'offset' after comma",
    ("offset", ":"): "expected ':' after 'offset'",
    ("strided", "INT"): "expected a 64-bit signed integer or '?'",
    ("offset", "INT"): "expected a 64-bit signed integer or '?'",
    ("tuple", "<"): "expected '<' in tuple type",
    ("tensor", "<"): "expected '<' in tensor type",
    ("vector", "<"): "expected '<' in vector type",
    ("memref", "<"): "expected '<' in memref type",
    ("complex", "<"): "expected '<' in complex type",
    ("array", "<"): "expected '<' after 'array'",
    ("array", ":"): "expected ':' after dense array type",
    ("array", ">"): "expected '>' to close an array attribute",
}
_CONTEXT_KEYWORDS = frozenset(keyword for keyword, _ in _KEYWORD_MESSAGES)


def _third_memref_attribute_error(text: str, offset: int) -> MLIRError:
    """A memref type with a third attribute after its element type (the
    grammar takes a layout and a memory space): Parser::parseMemRefType
    reports it after reading it, as a second memory space or as a layout
    after the memory space."""
    start = skip_trivia(text, offset)
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if char in "(<[{":
            depth += 1
        elif char in ")]}" or char == ">" and text[index - 1] != "-":
            if depth == 0:
                break
            depth -= 1
        elif char == "," and depth == 0:
            break
        index += 1
    word = text[start:index].strip()
    aliases = _parser()[1].attribute_aliases
    layout = word.startswith(("affine_map", "strided")) or isinstance(
        aliases.get(word), (A.AffineMapAttr, A.StridedLayoutAttr))
    message = ("expected memory space to be last in memref type" if layout
               else "multiple memory spaces specified in memref type")
    return MLIRError(message, offset_to_pos(text, skip_trivia(text, index)))


def _keyword_context(stack: list):
    """The keyword of _KEYWORD_MESSAGES whose construct the parser is in:
    the last token read, or the keyword shortly before the innermost
    bracket still open."""
    if not stack:
        return None
    opener = _innermost_open(stack)
    start = max((opener if opener is not None else len(stack)) - 5, -1)
    for index in range(len(stack) - 1, start, -1):
        if _value_of(stack[index]) in _CONTEXT_KEYWORDS:
            return stack[index].value
    return None


def _inside_location(stack: list, index: int) -> bool:
    """Whether the bracket at `index` is inside a `loc(...)`."""
    depth = 0
    for position in range(index - 1, -1, -1):
        value = stack[position]
        if not isinstance(value, TOKEN):
            continue
        if value.type in ("RPAR", "RSQB", "MORETHAN"):
            depth += 1
        elif value.type in ("LPAR", "LSQB", "LESSTHAN"):
            if depth:
                depth -= 1
            elif value.type == "LPAR" and position and _value_of(stack[position - 1]) == "loc":
                return True
        elif value.type in ("LBRACE", "RBRACE"):
            return False
    return False


def _toplevel_depth(stack: list) -> int:
    """How many completed top-level items precede the current one."""
    count = 0
    for value in stack:
        if isinstance(value, TOKEN):
            break
        count += 1
    return count


def _block_header(stack: list):
    """"after" when the parser is after `^bb(...)` and before the block's
    colon, "argument" after an argument's name in `^bb(%a`, else None."""
    for index in range(len(stack) - 1, max(len(stack) - 40, -1), -1):
        value = stack[index]
        if isinstance(value, TOKEN) and value.type == "CARET_ID":
            rest = stack[index + 1:]
            if _innermost_open(rest) is None:
                return "after"
            if rest and isinstance(rest[-1], TOKEN) and rest[-1].type == "VALUE_ID":
                return "argument"
            return None
        if isinstance(value, TOKEN) and value.type in ("LBRACE", "RBRACE", "COLON", "STRING"):
            return None
    return None


def _is_operand(value) -> bool:
    """Whether a value-stack entry ends an affine operand (so a following
    '-' is a subtraction rather than a negation)."""
    if isinstance(value, TOKEN):
        return value.type in ("INT", "BARE_ID", "VALUE_ID", "RPAR")
    return isinstance(value, tuple)


def _enclosing_op_name(stack: list):
    op = _enclosing_op(stack)
    return None if op is None else op.value


def _location(text: str, where, offset: int, at_eof: bool) -> tuple[int, int]:
    if isinstance(where, int):
        return offset_to_pos(text, where)
    if where == "token":
        return offset_to_pos(text, max(offset - 1, 0) if at_eof and offset else offset)
    return offset_to_pos(text, wrong_token_offset(text, offset, at_eof))


# ---------------------------------------------------------------------------
# Errors raised by grammar callbacks, placed where mlir-opt places them.

def _refine(text: str, error: MLIRError) -> MLIRError:
    if error.pos is None:
        return error
    message = str(error.message)
    offset = pos_to_offset(text, error.pos)
    for suffix in ("' is unknown", "' is unknown (tried 'func."):
        if message.startswith("custom op '") and suffix in message:
            name = message[len("custom op '"):message.index(suffix)]
            if re.compile(_INTTYPE).fullmatch(name):
                # `i32` lexes as a type in MLIR, never as an op name.
                return MLIRError("expected operation name in quotes",
                                 offset_to_pos(text, wrong_token_offset(text, offset)))
            return unknown_custom_op_error(name, error.pos, default_dialect_at(text, offset))
    if message in ("use of undeclared identifier", "expected ':'"):
        error.pos = offset_to_pos(text, wrong_token_offset(text, offset))
    elif message.startswith("undefined symbol alias id"):
        match = re.compile(_ALIAS).match(text, offset)
        if match:
            following = skip_trivia(text, match.end())
            error.pos = offset_to_pos(text, wrong_token_offset(text, following))
    elif message.startswith("non-affine expression"):
        operator = _operator_before(text, offset)
        if operator is not None:
            # AffineParser::parseAffineHighPrecOpExpr: at the next operator
            # of the same precedence when one follows the right operand.
            following = _high_prec_operator_after_operand(text, operator)
            error.pos = offset_to_pos(text, operator if following is None else following)
    elif re.compile(_OPERAND_TYPE_COUNT).match(message):
        colon = _generic_op_colon(text, offset)
        if colon is not None:
            error.pos = offset_to_pos(text, skip_trivia(text, colon + 1))
    elif message.startswith("inferred shape of elements literal"):
        start = text.rfind("dense", 0, offset)
        if start >= 0 and text.count("\n", start, offset) == 0:
            error.pos = offset_to_pos(text, start)
    return error


_ALIAS = r"[#!][a-zA-Z_$.][\w$.\-]*"
_OPERATOR_BEFORE = r"(\*|\bfloordiv|\bceildiv|\bmod)[\s(\-]*\Z"


def _operator_before(text: str, offset: int):
    """The binary operator whose right operand starts at `offset`: MLIR
    reports non-affine products and divisions at the operator."""
    window = text[max(0, offset - 200):offset]
    if text[offset:offset + 1] == "*" or re.match(r"(floordiv|ceildiv|mod)\b", text[offset:]):
        return None  # already at the operator
    match = re.compile(_OPERATOR_BEFORE).search(window)
    if match is None:
        return None
    return offset - len(window) + match.start(1)


_HIGH_PREC_OPERATOR = r"\*|(?:floordiv|ceildiv|mod)(?![\w$.])"


def _high_prec_operator_after_operand(text: str, operator: int):
    """The offset of the `*`, floordiv, ceildiv or mod that follows the
    operand after the operator at `operator` (negations included), if any."""
    high = re.compile(_HIGH_PREC_OPERATOR)
    index = skip_trivia(text, high.match(text, operator).end())
    while text.startswith("-", index) and not text.startswith("->", index):
        index = skip_trivia(text, index + 1)
    if text.startswith("(", index):
        depth = 0
        while index < len(text):
            depth += {"(": 1, ")": -1}.get(text[index], 0)
            index += 1
            if depth == 0:
                break
    else:
        word = re.compile(r"[\w$.%#]+").match(text, index)
        if word is None:
            return None
        index = word.end()
    index = skip_trivia(text, index)
    return index if high.match(text, index) else None


_OPERAND_TYPE_COUNT = r"expected \d+ operand types? but had \d+\Z"


def _generic_op_colon(text: str, offset: int):
    """The offset of the `:` before the function type of the generic op
    whose quoted name starts at `offset`: the first one outside brackets."""
    depth = 0
    index = offset
    while index < len(text):
        char = text[index]
        if char == '"':
            index += 1
            while index < len(text) and text[index] not in '"\n':
                index += 2 if text[index] == "\\" else 1
        elif text.startswith("//", index):
            end = text.find("\n", index)
            index = len(text) if end < 0 else end
            continue
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
            if depth < 0:
                return None
        elif char == ":" and depth == 0:
            return index
        index += 1
    return None


class Chunk(NamedTuple):
    """One `-split-input-file` chunk: its text, the number of lines before
    its first line, and the column its first line starts at (0 at a line's
    start; a chunk starts mid-line after a marker that ends mid-line)."""

    text: str
    line_offset: int
    column_offset: int = 0


def split_input(text: str, marker: str = "// -----"):
    """The chunks of `text` and the offsets of near misses, as mlir's
    splitAndProcessBuffer (mlir/lib/Support/ToolUtilities.cpp) finds them:
    the text is cut at each `marker` without its last two characters
    (wherever it occurs, even in the middle of a line); a cut is a split
    when the piece after it goes on with those two characters and one
    more that is not '0', and otherwise a near miss (the pieces stay
    joined).  The text after a split starts after the whole marker; an
    empty piece is no chunk, and a chunk after an empty first piece keeps
    the marker's last two characters (mlir-opt's quirk, kept for its
    diagnostics).  Returns ([Chunk], [offset of each near miss])."""
    head, tail = marker[:-2], marker[-2:]
    pieces = text.split(head)
    chunks: list = []
    near_misses: list = []
    start, end = 0, len(pieces[0])
    for piece in pieces[1:]:
        piece_start = end + len(head)
        piece_end = piece_start + len(piece)
        if start == end:        # nothing kept yet: the piece is the chunk, whole
            start, end = piece_start, piece_end
            continue
        if piece.startswith(tail) and len(piece) > len(tail) and piece[len(tail)] != "0":
            chunks.append(_chunk(text, start, end))
            start = piece_start + len(tail)
        else:
            near_misses.append(piece_start)
        end = piece_end
    if start != end:
        chunks.append(_chunk(text, start, end))
    return chunks, near_misses


def _chunk(text: str, start: int, end: int) -> Chunk:
    line_start = text.rfind("\n", 0, start) + 1
    return Chunk(text[start:end], text.count("\n", 0, start), start - line_start)


def token_pos(token) -> tuple[int, int]:
    return (token.line, token.column)
