"""The lexer gives the tokens Lark's own lexer gives: the dispatching
scanner picks, at every position, the token Lark's scanner picks (same
text, same terminal, same failures), and the token streams are the same,
positions and errors included."""

from __future__ import annotations

import random

import pytest
from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters
from lark.lexer import Scanner, TextSlice

from mlir_affine_py.parse.engine.lexer import DispatchScanner, Lexer, first_characters
from mlir_affine_py.parse.parser import _parser
from support import CORPUS, REPO_ROOT


@pytest.fixture(scope="module")
def scanners():
    terminals = _parser()[0].prepared.terminals
    lark_scanner = Scanner(terminals, 0, __import__("re"), False)
    return lark_scanner, DispatchScanner(terminals)


@pytest.fixture(scope="module")
def lexers():
    """Lark's basic lexer for the grammar, and ours with Lark's tokens."""
    lark = Lark(_parser()[0].prepared.grammar, parser="lalr", lexer="basic",
                maybe_placeholders=False)
    return lark, Lexer(_parser()[0].prepared, Token, {})


def _inputs():
    files = sorted((REPO_ROOT / "tests" / "lit").rglob("*.mlir"))
    if CORPUS is not None:
        files += sorted(p for p in CORPUS.rglob("*.mlir") if "expected" not in p.parts)
    # A text found in several files (copies in the corpus) is checked once.
    return list(dict.fromkeys(path.read_text(errors="replace") for path in files))


# The every-position check in parts, which the workers share.
SHARDS = 4


def _assert_same_everywhere(text: str, lark_scanner, dispatch) -> None:
    whole = TextSlice.cast_from(text)
    for pos in range(len(text)):
        expected = lark_scanner.match(whole, pos)
        assert dispatch.match(text, pos) == expected, (text[max(0, pos - 30):pos + 30], pos)


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_same_tokens_at_every_position_of_every_input(scanners, shard):
    lark_scanner, dispatch = scanners
    texts = _inputs()
    assert len(texts) > 50
    for text in texts[shard::SHARDS]:
        _assert_same_everywhere(text, lark_scanner, dispatch)


def test_same_tokens_on_random_and_non_ascii_text(scanners):
    lark_scanner, dispatch = scanners
    rng = random.Random(7)
    alphabet = [chr(c) for c in range(1, 128)] + ["é", "\u2028", "λ", "\x00"]
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        _assert_same_everywhere(text, lark_scanner, dispatch)


def _stream(tokens):
    """The tokens with every field, and the error's position if one ends it."""
    seen = []
    try:
        for token in tokens:
            seen.append((token.type, token.value, token.start_pos, token.line, token.column,
                         token.end_line, token.end_column, token.end_pos))
    except UnexpectedCharacters as error:
        seen.append(("error", error.pos_in_stream, error.line, error.column))
    return seen


def _assert_same_stream(text: str, lexers) -> None:
    lark, ours = lexers
    assert _stream(ours.tokens(text, None, False)) == _stream(lark.lex(text)), text[:200]


@pytest.mark.slow
def test_same_token_streams_on_every_input(lexers):
    for text in _inputs():
        _assert_same_stream(text, lexers)


def test_same_token_streams_on_random_text(lexers):
    rng = random.Random(11)
    pieces = [" ", "  ", "\n", "\t", "// c\n", "%a", "%0 = ", "affine.for", "affine.fort", "x",
              "\"s\n\"", "\"t\"", "#map", "1.5", "0x1F", "[", "]", "{", "}", "é", "@f", "^bb0",
              "memref<4xf32>", "to", "step", "->", ":", ","]
    for _ in range(500):
        _assert_same_stream("".join(rng.choice(pieces) for _ in range(rng.randint(1, 30))),
                            lexers)


@pytest.mark.parametrize("pattern, first, nullable", [
    (r"affine\.for(?![\w$.])", {"a"}, False),
    (r"(module|builtin\.module)", {"m", "b"}, False),
    (r"[0-9]+|0x[0-9a-f]+", set("0123456789"), False),
    (r"(?:x)?%[\w]+", {"x", "%"}, False),
    (r"(?=[a-z])a*", {"a"}, True),
])
def test_first_characters(pattern, first, nullable):
    assert first_characters(pattern) == (first, nullable)


@pytest.mark.parametrize("pattern, excluded", [(r"[^a]", "a"), (r"[^\]0-9]", "]0123456789")])
def test_first_characters_of_negated_classes(pattern, excluded):
    chars, nullable = first_characters(pattern)
    assert not nullable
    assert "b" in chars and not chars & set(excluded)


def test_subscripts_are_one_token_only_where_the_parser_takes_them(monkeypatch):
    """AFFINE_SUBSCRIPTS stands for `[`, expressions and `]`: the driver gets
    it after the memref of an affine memory op, and `[` everywhere else,
    though the same text follows."""
    from mlir_affine_py.parse.parser import parse_source
    engine = _parser(extended=False)[0]   # the grammar of a text without extended ops
    seen = []
    lex = engine.lexer.tokens

    def recording(text, state, eof_error, within=None, ends=None):
        for token in lex(text, state, eof_error, within, ends):
            # The text of a whole op line is parsed as tokens when its shape
            # is new; the text of the subscripts token is left out.
            if within is None or within.type == "OP_LINES":
                seen.append((token.type, token.value))
            yield token
    monkeypatch.setattr(engine.lexer, "tokens", recording)
    parse_source("func.func @f(%A: memref<4x4xf32>, %i: index) {\n"
                 "  %a = affine.load %A[%i + 1, %i] : memref<4x4xf32>\n"
                 "  %b = memref.load %A[%i, %i] : memref<4x4xf32>\n"
                 "  %c = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%i]\n"
                 "  return\n}\n")
    assert ("AFFINE_SUBSCRIPTS", "[%i + 1, %i]") in seen
    assert [value for kind, value in seen if kind == "AFFINE_SUBSCRIPTS"] == ["[%i + 1, %i]"]
    assert seen.count(("LSQB", "[")) == 3     # memref.load, the map's `[s0]`, `[%i]`
