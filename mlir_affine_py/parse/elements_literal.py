"""The syntax errors of elements literals, in MLIR's words and places.

The grammar reads `dense<...>`, `sparse<...>` and `dense_resource<...>`; when
it stops inside one, the construct is read again from its keyword the way
mlir/lib/AsmParser/AttributeParser.cpp reads it (Parser::parseDenseElementsAttr,
parseSparseElementsAttr, parseDenseResourceElementsAttr and
TensorLiteralParser::parse, parseList, parseElement), up to its closing `>`,
and the first error that parser meets is the one reported.

`literal_error(text, offset)` gives (message, offset, where): `where` is
"token" (Parser::emitError at the current token) or "previous"
(emitWrongTokenError: just past the previous token); None when the construct
reads without error up to its `>` (the error lies after it), or when a
character there is one MLIR's lexer rejects (the lexer's error stands).
"""

from __future__ import annotations

import re

KEYWORDS = frozenset({"dense", "sparse", "dense_resource"})

_TOKEN = re.compile(r"""
    (?P<blank>(?:[ \t\r\n]|//[^\n]*)+)
  | (?P<float>[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?)
  | (?P<integer>0x[0-9a-fA-F]+|[0-9]+)
  | (?P<identifier>[A-Za-z_][\w$.]*)
  | (?P<string>"(?:[^"\\\n]|\\.)*")
  | (?P<arrow>->)
  | (?P<metadata_begin>\{-\#)
  | (?P<metadata_end>\#-\})
  | (?P<punctuation>[\[\](),<>:=\-{}?*+@#%^!])
""", re.VERBOSE)


class ReadFailure(Exception):
    def __init__(self, message: str, offset: int, where: str):
        super().__init__(message)
        self.result = (message, offset, where)


class Unlexable(Exception):
    pass


class TokenReader:
    """MLIR's tokens of `text` from an offset, one at a time."""

    def __init__(self, text: str, offset: int):
        self.text = text
        self.offset = offset
        self.advance()

    def advance(self) -> None:
        text, offset = self.text, self.offset
        match = _TOKEN.match(text, offset)
        if match is not None and match.lastgroup == "blank":
            offset = match.end()
            match = _TOKEN.match(text, offset)
        self.start = offset
        if offset >= len(text):
            self.kind, self.spelling = "eof", ""
            return
        if match is None:
            raise Unlexable()
        self.kind, self.spelling = match.lastgroup, match.group()
        if self.kind == "punctuation":
            self.kind = self.spelling
        self.offset = match.end()

    def is_(self, kind: str) -> bool:
        return self.kind == kind

    def consume_if(self, kind: str) -> bool:
        if self.kind != kind:
            return False
        self.advance()
        return True

    def fail_here(self, message: str):
        """Parser::emitError: at the current token (one character back at
        the end of the text)."""
        offset = self.start if self.kind != "eof" else max(len(self.text) - 1, 0)
        raise ReadFailure(message, offset, "token")

    def expect(self, kind: str, message: str) -> None:
        """Parser::parseToken: emitWrongTokenError when the token differs."""
        if not self.consume_if(kind):
            raise ReadFailure(message, self.start, "previous")


def literal_error(text: str, offset: int):
    """The first error of the elements attribute whose keyword starts at
    `offset`, read up to its closing `>` (see the module's docstring)."""
    try:
        reader = TokenReader(text, offset)
        keyword = reader.spelling
        reader.advance()
        if keyword == "dense":
            _dense(reader)
        elif keyword == "sparse":
            _sparse(reader)
        elif keyword == "dense_resource":
            _dense_resource(reader)
    except ReadFailure as failure:
        return failure.result
    except Unlexable:
        return None
    return None


def _dense(reader: TokenReader) -> None:
    reader.expect("<", "expected '<' after 'dense'")
    if reader.consume_if(">"):
        return
    _tensor_literal(reader, allow_hex=True)
    reader.expect(">", "expected '>'")


def _sparse(reader: TokenReader) -> None:
    reader.expect("<", "Expected '<' after 'sparse'")
    if reader.consume_if(">"):
        return
    _tensor_literal(reader, allow_hex=False)
    reader.expect(",", "expected ','")
    _tensor_literal(reader, allow_hex=True)
    reader.expect(">", "expected '>'")


def _dense_resource(reader: TokenReader) -> None:
    reader.expect("<", "expected '<' after 'dense_resource'")
    # Parser::parseResourceHandle: a keyword or a string names the blob.
    if not (reader.consume_if("identifier") or reader.consume_if("string")):
        reader.fail_here("expected identifier key for 'resource' entry")
    reader.expect(">", "expected '>'")


def _tensor_literal(reader: TokenReader, allow_hex: bool) -> None:
    """TensorLiteralParser::parse."""
    if allow_hex and reader.consume_if("string"):
        return
    if reader.is_("["):
        _list(reader)
    else:
        _element(reader)


def _element(reader: TokenReader) -> None:
    """TensorLiteralParser::parseElement."""
    kind = reader.kind
    if kind in ("integer", "float", "string") or kind == "identifier" \
            and reader.spelling in ("true", "false"):
        reader.advance()
    elif kind == "-":
        reader.advance()
        if not (reader.consume_if("integer") or reader.consume_if("float")):
            reader.fail_here("expected integer or floating point literal")
    elif kind == "(":
        reader.advance()
        _element(reader)
        reader.expect(",", "expected ',' between complex elements")
        _element(reader)
        reader.expect(")", "expected ')' after complex elements")
    else:
        reader.fail_here("expected element literal of primitive type")


def _list(reader: TokenReader) -> tuple:
    """TensorLiteralParser::parseList: the dims of the list; every item
    must have the dims of the first."""
    reader.expect("[", "expected '['")
    if reader.consume_if("]"):
        return (0,)
    size, first = 0, None
    while True:
        dims = _list(reader) if reader.is_("[") else ()
        if not dims:
            _element(reader)
        size += 1
        if first is None:
            first = dims
        elif dims != first:
            reader.fail_here("tensor literal is invalid; ranks are not consistent between elements")
        if not reader.consume_if(","):
            break
    reader.expect("]", "expected ']'")
    return (size,) + first
