"""The file metadata dictionary `{-# ... #-}` at the top level of a file
(TopLevelOperationParser::parseFileMetadataDictionary): the
`dialect_resources` it holds (the blobs of the builtin dialect, which
`dense_resource<key>` attributes name) and the `external_resources`, which
mlir-opt keeps as they are (FallbackAsmResourceMap) and prints back.

`take_file_metadata(text, dialects)` finds the dictionaries outside strings
and comments, reads them, and gives back the text with each dictionary
blanked (its newlines kept, so that positions stay), a `FileMetadata` and
the first error, an MLIRError, or None.  A blob is `"0x..."`, hex digits
whose first four bytes are a power-of-two alignment
(AsmParsedResourceEntry::parseAsBlob).
"""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, offset_to_pos
from ..printer.printer import blob_text
from .elements_literal import ReadFailure, TokenReader, Unlexable

_SKIPPED_OR_OPENING = r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|\{-#|[{}]'


class FileMetadata:
    """`blobs`: the builtin dialect's resources, key -> raw bytes (the
    alignment first); `external`: group -> [(key, value as printed)]."""

    __slots__ = ("blobs", "external")

    def __init__(self):
        self.blobs: dict = {}
        self.external: dict = {}


def take_file_metadata(text: str, dialects) -> tuple:
    """(text with the dictionaries blanked, FileMetadata, first error or None)."""
    metadata = FileMetadata()
    pieces, start = [], 0
    error = None
    depth = 0           # of braces: a dictionary stands at the top level alone
    for match in re.compile(_SKIPPED_OR_OPENING).finditer(text):
        if match.start() < start:
            continue
        if match.group() in "{}":
            depth += 1 if match.group() == "{" else -1
            continue
        if match.group() != "{-#" or depth > 0:
            continue
        reader = None
        try:
            reader = TokenReader(text, match.start())
            _dictionary(reader, metadata, dialects)
            end = reader.start
        except ReadFailure as failure:
            message, offset, where = failure.result
            if where == "previous":
                from .syntax import wrong_token_offset
                offset = wrong_token_offset(text, offset, at_eof=offset >= len(text))
            error = MLIRError(message, offset_to_pos(text, offset))
            end = len(text)
        except Unlexable:
            end = reader.start if reader is not None else len(text)
        pieces.append(text[start:match.start()])
        pieces.append(re.sub(r"[^\n]", " ", text[match.start():end]))
        start = end
        if error is not None:
            break
    pieces.append(text[start:])
    return "".join(pieces), metadata, error


def _dictionary(reader: TokenReader, metadata: FileMetadata, dialects) -> None:
    reader.expect("metadata_begin", "expected '{-#'")

    def entry():
        key_start, key = _keyword_key(reader, "expected identifier key in file metadata "
                                              "dictionary")
        if key == "dialect_resources":
            _resource_groups(reader, lambda name, start: _dialect_entries(
                reader, name, start, metadata.blobs, dialects))
        elif key == "external_resources":
            _resource_groups(reader, lambda name, start: _external_entries(
                reader, metadata.external.setdefault(name, [])))
        else:
            raise ReadFailure(f"unknown key '{key}' in file metadata dictionary", key_start,
                              "token")
    _list_until(reader, "metadata_end", "#-}", entry)


def _list_until(reader: TokenReader, closer: str, spelling: str, element) -> None:
    """Parser::parseCommaSeparatedListUntil, an empty list allowed."""
    if reader.consume_if(closer):
        return
    element()
    while reader.consume_if(","):
        element()
    reader.expect(closer, f"expected ',' or '{spelling}'")


def _resource_groups(reader: TokenReader, body) -> None:
    """TopLevelOperationParser::parseResourceFileMetadata: `{ name: {...}, ... }`."""
    reader.expect("{", "expected '{'")

    def group():
        name_start, name = _keyword_key(reader, "expected identifier key for 'resource' entry")
        reader.expect("{", "expected '{'")
        body(name, name_start)
    _list_until(reader, "}", "}", group)


def _keyword_key(reader: TokenReader, message: str) -> tuple:
    """`key :` where the key is a keyword (Parser::parseOptionalKeyword):
    (where it starts, the key)."""
    start, key = reader.start, reader.spelling
    if not reader.consume_if("identifier"):
        reader.fail_here(message)
    reader.expect(":", "expected ':'")
    return start, key


def _resource_key(reader: TokenReader) -> str:
    """Parser::parseResourceHandle's key: a keyword or a string."""
    key = reader.spelling
    if reader.consume_if("identifier"):
        return key
    if reader.consume_if("string"):
        from ..printer.numbers import unescape_string
        return unescape_string(key[1:-1]).decode("utf-8", "surrogateescape")
    reader.fail_here("expected identifier key for 'resource' entry")


def _dialect_entries(reader: TokenReader, name: str, name_start: int, blobs: dict,
                     dialects) -> None:
    if name not in dialects:
        raise ReadFailure(f"dialect '{name}' is unknown", name_start, "token")
    if name != "builtin":
        reader.fail_here(f"unexpected 'resource' section for dialect '{name}'")

    def entry():
        key = _resource_key(reader)
        reader.expect(":", "expected ':'")
        blobs[key] = _blob(reader, key)
    _list_until(reader, "}", "}", entry)


def _blob(reader: TokenReader, key: str) -> bytes:
    """AsmParsedResourceEntry::parseAsBlob, with its alignment checked."""
    spelling, start = reader.spelling, reader.start
    kind = reader.kind
    reader.advance()
    digits = spelling[3:-1] if kind == "string" and spelling.startswith('"0x') else None
    if digits is None or len(digits) % 2 or not re.fullmatch(r"[0-9a-fA-F]*", digits):
        raise ReadFailure(f"expected hex string blob for key '{key}'", start, "token")
    data = bytes.fromhex(digits)
    message = f"expected hex string blob for key '{key}' to encode alignment in first 4 bytes"
    if len(data) < 4:
        raise ReadFailure(message, start, "token")
    alignment = int.from_bytes(data[:4], "little")
    if alignment & (alignment - 1):
        raise ReadFailure(f"{message}, but got non-power-of-2 value: {alignment}", start, "token")
    return data


def _external_entries(reader: TokenReader, entries: list) -> None:
    """FallbackAsmResourceMap: each value kept as a bool, a blob or a
    string (ParsedResourceEntry::getKind)."""
    def entry():
        key = _resource_key(reader)
        reader.expect(":", "expected ':'")
        spelling, start = reader.spelling, reader.start
        if reader.kind == "identifier" and spelling in ("true", "false"):
            reader.advance()
            entries.append((key, spelling))
        elif spelling.startswith('"0x'):
            entries.append((key, blob_text(_blob(reader, key))))
        elif reader.consume_if("string"):
            from ..printer.numbers import escape_string, unescape_string
            entries.append((key, f'"{escape_string(unescape_string(spelling[1:-1]))}"'))
        else:
            raise ReadFailure(f"expected string value for key '{key}'", start, "token")
    _list_until(reader, "}", "}", entry)
