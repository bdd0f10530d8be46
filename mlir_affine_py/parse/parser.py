"""Entry point of parsing: source text -> a builtin.module.

The Lark parser is built once per process from grammar/mlir.lark and cached
on disk by Lark (keyed by the grammar's hash), so a lit run of hundreds of
small invocations pays for the LALR tables once.
"""

from __future__ import annotations

import os
from importlib import resources

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken, VisitError

from .. import dialects  # noqa: F401  (registers ops and custom forms)
from ..diagnostics import MLIRError
from ..dialects.base import CUSTOM_FORMS
from .builder import Builder
from .transformer import MLIRTransformer

_PARSER = None
_TRANSFORMER = None


def _grammar_text() -> str:
    return resources.files("mlir_affine_py.grammar").joinpath("mlir.lark").read_text()


def _cache_path() -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "pyaffine-opt")
    try:
        os.makedirs(folder, exist_ok=True)
        return os.path.join(folder, "lalr-tables")
    except OSError:
        return True  # Lark's own temp-dir cache


def _parser():
    global _PARSER, _TRANSFORMER
    if _PARSER is None:
        _TRANSFORMER = MLIRTransformer("")
        for rule, callback in CUSTOM_FORMS.items():
            setattr(_TRANSFORMER, rule, _bind(callback, _TRANSFORMER))
        grammar = _grammar_text()
        cache = _cache_path()
        if cache is not True:
            import hashlib
            digest = hashlib.sha256(grammar.encode()).hexdigest()[:16]
            cache = f"{cache}-{digest}.pickle"
        _PARSER = Lark(grammar, parser="lalr", lexer="contextual",
                       transformer=_TRANSFORMER, cache=cache, maybe_placeholders=False)
    return _PARSER, _TRANSFORMER


def _bind(callback, transformer):
    return lambda children: callback(transformer, children)


def parse_source(text: str, allow_unregistered: bool = False):
    """Parse one chunk of MLIR text into a builtin.module, or raise MLIRError."""
    parser, transformer = _parser()
    transformer.text = text
    transformer.attribute_aliases = {}
    transformer.type_aliases = {}
    try:
        parsed = parser.parse(text)
    except MLIRError:
        raise
    except VisitError as error:
        if isinstance(error.orig_exc, MLIRError):
            raise error.orig_exc
        raise
    except UnexpectedEOF as error:
        raise _at_end(text, error)
    except UnexpectedToken as error:
        raise _unexpected_token(text, error)
    except UnexpectedCharacters as error:
        raise MLIRError(_unexpected_character_message(text, error), (error.line, error.column))
    return Builder(allow_unregistered).build_module(parsed or [])


def _end_position(text: str) -> tuple[int, int]:
    lines = text.split("\n")
    if len(lines) > 1 and lines[-1] == "":
        return (len(lines), 1) if False else (len(lines) - 1, len(lines[-2]) + 1)
    return (len(lines), len(lines[-1]) + 1)


def _expected_text(expected) -> str:
    names = sorted(expected)
    for wanted, message in (("RBRACE", "expected '}' to end region"),
                            ("RPAR", "expected ')'"), ("RSQB", "expected ']'"),
                            ("MORETHAN", "expected '>'"), ("COLON", "expected ':'"),
                            ("EQUAL", "expected '='")):
        if names == [wanted]:
            return message
    if "VALUE_ID" in names and len(names) <= 3:
        return "expected SSA operand"
    if "BUILTIN_TYPE" in names:
        return "expected non-function type"
    return "expected " + ", ".join(_describe(n) for n in names[:6]) + (", ..." if len(names) > 6 else "")


_TERMINAL_TEXT = {"RBRACE": "'}'", "LBRACE": "'{'", "RPAR": "')'", "LPAR": "'('",
                  "RSQB": "']'", "LSQB": "'['", "COLON": "':'", "COMMA": "','",
                  "EQUAL": "'='", "MORETHAN": "'>'", "LESSTHAN": "'<'", "VALUE_ID": "SSA value",
                  "BARE_ID": "identifier", "STRING": "string", "INT": "integer",
                  "RESULTS": "SSA result", "CARET_ID": "block label", "HASH_ID": "attribute alias",
                  "SYMBOL": "symbol name", "$END": "end of file"}


def _describe(name: str) -> str:
    return _TERMINAL_TEXT.get(name, f"'{name.lower()}'" if not name.startswith("__") else name)


def _at_end(text: str, error) -> MLIRError:
    expected = set(error.expected)
    message = "expected '}' to end region" if "RBRACE" in expected else _expected_text(expected)
    return MLIRError(message, _end_position(text))


def _unexpected_token(text: str, error: UnexpectedToken) -> MLIRError:
    token = error.token
    if token.type == "$END":
        return _at_end(text, error)
    expected = set(error.expected)
    return MLIRError(_expected_text(expected), (token.line, token.column))


def _unexpected_character_message(text: str, error) -> str:
    char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else ""
    if char == '"':
        return "expected '\"' in string literal"
    allowed = getattr(error, "allowed", None) or set()
    if allowed:
        return _expected_text(allowed)
    return f"unexpected character"


def split_input(text: str, marker: str = "// -----"):
    """Chunks of `text` separated by lines starting with the marker, with the
    line number each chunk starts at (mlir's splitAndProcessBuffer)."""
    chunks = []
    start_line = 0
    current: list[str] = []
    for number, line in enumerate(text.split("\n")):
        if line.startswith(marker):
            chunks.append(("\n".join(current) + "\n", start_line))
            current = []
            start_line = number + 1
        else:
            current.append(line)
    chunks.append(("\n".join(current), start_line))
    return chunks


def token_pos(token: Token) -> tuple[int, int]:
    return (token.line, token.column)
