"""The dispatching scanner picks, at every position, the token Lark's own
scanner picks: same text, same terminal, same failures."""

from __future__ import annotations

import random

import pytest
from lark.lexer import Scanner, TextSlice

from mlir_affine_py.parse.lexer import DispatchScanner, first_characters
from mlir_affine_py.parse.parser import _parser
from support import CORPUS, REPO_ROOT


@pytest.fixture(scope="module")
def scanners():
    lexer = _parser()[0].parser.lexer
    terminals = lexer.scanner.terminals
    lark_scanner = Scanner(terminals, 0, __import__("re"), False)
    return lark_scanner, DispatchScanner(terminals)


def _inputs():
    files = sorted((REPO_ROOT / "tests" / "lit").rglob("*.mlir"))
    if CORPUS is not None:
        files += sorted(p for p in CORPUS.rglob("*.mlir") if "expected" not in p.parts)
    return [path.read_text(errors="replace") for path in files]


def _assert_same_everywhere(text: str, lark_scanner, dispatch) -> None:
    whole = TextSlice.cast_from(text)
    for pos in range(len(text)):
        expected = lark_scanner.match(whole, pos)
        assert dispatch.match(text, pos) == expected, (text[max(0, pos - 30):pos + 30], pos)


def test_same_tokens_at_every_position_of_every_input(scanners):
    lark_scanner, dispatch = scanners
    texts = _inputs()
    assert len(texts) > 50
    for text in texts:
        _assert_same_everywhere(text, lark_scanner, dispatch)


def test_same_tokens_on_random_and_non_ascii_text(scanners):
    lark_scanner, dispatch = scanners
    rng = random.Random(7)
    alphabet = [chr(c) for c in range(1, 128)] + ["é", "\u2028", "λ", "\x00"]
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 40)))
        _assert_same_everywhere(text, lark_scanner, dispatch)


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
