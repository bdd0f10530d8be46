"""Diagnostics in mlir-opt's format:

    file.mlir:7:23: error: use of undeclared SSA value name
      %1 = arith.addi %0, %x : i32
                          ^
    file.mlir:3:14: note: prior use here
    ...

Positions are (line, column) with 1-based columns counted in characters of
the decoded text; they are printed as LLVM's SourceMgr prints them: the
column in bytes, the source line with tabs expanded to 8-column stops, and
no caret line under a line that holds non-ASCII text (bytes that are not
valid UTF-8 are shown as U+FFFD).
"""

from __future__ import annotations

import contextlib
import contextvars
import re
from typing import Any, TypeGuard

TAB_STOP = 8
# Patterns of the rarer paths are compiled where they are used (re keeps
# them), not at start-up: re's compiler is written in Python.
_UNDECODABLE = "[\udc80-\udcff]"


# The position of what has no location in the input (MLIR's UnknownLoc),
# printed `<unknown>:0:`: the ops a named structured op's region builder
# makes while the op is parsed, before it has a location of its own.
UNKNOWN_LOCATION = (0, -1)


class DiagnosticText(str):
    """The message of an MLIRError.  It is a plain string that also carries
    the diagnostics attached to it (notes, or further errors reported by the
    same failure), so whoever formats `error.message` prints them too."""

    notes: list

    def __new__(cls, text: str, notes=None):
        self = super().__new__(cls, text)
        self.notes = notes if notes is not None else []
        return self


class MLIRError(Exception):
    """A user-facing error at a source position (1-based line, column).

    `notes` are (severity, message, position) triples printed after the
    error itself, e.g. ("note", "previously defined here", (3, 5))."""

    def __init__(self, message: str, pos: tuple[int, int] | None = None,
                 severity: str = "error", notes=()):
        super().__init__(message)
        self.notes: list = list(getattr(message, "notes", ())) + list(notes)
        self.message = DiagnosticText(str(message), self.notes)
        self.pos = pos
        self.severity = severity

    def attach_note(self, message: str, pos: tuple[int, int] | None,
                    severity: str = "note") -> "MLIRError":
        self.notes.append((severity, message, pos))
        return self


def format_diagnostic(filename: str, source: str, message: str,
                      pos: tuple[int, int] | None, severity: str = "error",
                      line_offset: int = 0, notes=None) -> str:
    """`line_offset` maps a chunk's line numbers to the whole file's.  The
    notes attached to `message` (see DiagnosticText) follow the diagnostic
    unless `notes` is given explicitly.  A position may be a location of
    the IR (ir.attributes.LocationAttr, an op's `loc(...)`): see
    `_format_located`."""
    if notes is None:
        notes = getattr(message, "notes", ())
    lines = source.split("\n")
    files = _SourceFiles(filename, lines, line_offset)
    text = _format_place(files, str(message), pos, severity)
    previous = pos
    if _is_location(pos):
        # SourceMgrDiagnosticHandler::emitDiagnostic: the calls a call site
        # location holds follow, each a note at its caller.
        call = pos.call_site()
        while call is not None:
            previous = call.caller
            text += _format_located(files, "called from", previous, "note")
            call = previous.call_site()
    for note_severity, note_message, note_pos in notes:
        # As mlir's SourceMgrDiagnosticHandler: a note at the location just
        # shown does not repeat the source line.
        show = note_severity != "note" or note_pos != previous
        text += _format_place(files, note_message, note_pos, note_severity, show)
        previous = note_pos
    return text


def _is_location(pos) -> TypeGuard[Any]:
    """Whether a diagnostic's position is a location of the IR rather than
    a (line, column) of the input (or None)."""
    return pos is not None and pos.__class__ is not tuple


class _SourceFiles:
    """The lines of the files a diagnostic may show: the input's (`lines`,
    the chunk's or the whole file's, from line `line_offset` + 1 on) and,
    for a location in another file, that file's as read from disk (as
    SourceMgr opens it, relative to the working directory), or None."""

    _read: dict[str, list[str] | None] = {}

    def __init__(self, filename: str, lines: list, line_offset: int):
        self.filename = filename
        self.lines = lines
        self.line_offset = line_offset

    def line(self, name: str, number: int):
        """The text of line `number` of file `name`, or None."""
        if name == self.filename:
            index = number - 1 - self.line_offset
            return self.lines[index] if 0 <= index < len(self.lines) else None
        if name in self._read:
            lines = self._read[name]
        else:
            try:
                with open(name, "rb") as handle:
                    lines = handle.read().decode("utf-8", "surrogateescape").split("\n")
            except (OSError, ValueError):
                lines = None
            self._read[name] = lines
        return lines[number - 1] if lines and 0 < number <= len(lines) else None


def format_location(filename: str, message: str, loc, severity: str = "error") -> str:
    """One diagnostic at a location of the IR, without the input's text."""
    return _format_located(_SourceFiles(filename, [], 0), message, loc, severity)


def _format_place(files: _SourceFiles, message: str, pos, severity: str,
                  show_source: bool = True) -> str:
    if _is_location(pos):
        return _format_located(files, message, pos, severity, show_source)
    return _format_one(files.filename, files.lines, message, pos, severity, files.line_offset,
                       show_source)


def _format_located(files: _SourceFiles, message: str, loc, severity: str,
                    show_source: bool = True) -> str:
    """SourceMgrDiagnosticHandler::emitDiagnostic at a location: at its first
    file location (the line and a caret under it when that file can be read
    and the place is in it), else `<unknown>:0:` with the location itself
    before the message (none for an unknown location)."""
    place = loc.file_position()
    if place is None:
        prefix = "" if loc.is_unknown() else f"{loc}: "
        return _format_one(files.filename, [], prefix + message, UNKNOWN_LOCATION, severity, 0)
    name, line, column = place
    header = f"{name}:{line}:{column}: {severity}: {message}\n"
    if not message.isascii():
        header = re.compile(_UNDECODABLE).sub("\ufffd", header)
    source = files.line(name, line) if show_source and line and column else None
    if source is None:
        return header
    # SourceMgr::FindLocForLineAndColumn: the column must stand on the line.
    data = source.encode("utf-8", "surrogateescape")
    if column - 1 > len(data) or b"\r" in data[:column - 1]:
        return header
    prefix = data[:column - 1].decode("utf-8", "surrogateescape")
    return _format_one(name, [source], message, (1, len(prefix) + 1), severity, line - 1)


def format_at(filename: str, lines: list, message: str, pos, severity: str = "error",
              span: int = 1) -> str:
    """One diagnostic at a position of the file whose `lines` are given, its
    caret followed by `~` under the rest of a `span` of characters (as
    SourceMgr underlines a range)."""
    return _format_one(filename, lines, message, pos, severity, 0, span=span)


def _format_one(filename, lines, message, pos, severity, line_offset, show_source=True,
                span: int = 1) -> str:
    if not message.isascii():       # it may quote undecodable source bytes
        message = re.compile(_UNDECODABLE).sub("\ufffd", message)
    if pos is None:
        return f"{filename}:{1 + line_offset}:1: {severity}: {message}\n"
    if pos == UNKNOWN_LOCATION:
        return f"<unknown>:0: {severity}: {message}\n"
    if pos == (0, 0):     # the file as a whole (an unknown location in it)
        return f"{filename}:0:0: {severity}: {message}\n"
    line, column = pos
    source_line = lines[line - 1] if 0 < line <= len(lines) else ""
    prefix = source_line[:max(column - 1, 0)]
    past_end = max(column - 1 - len(prefix), 0)   # a position after the line's last character
    byte_column = len(prefix.encode("utf-8", "surrogateescape")) + past_end + 1
    header = f"{filename}:{line + line_offset}:{byte_column}: {severity}: {message}\n"
    if not show_source or "\r" in prefix:
        # SourceMgr::FindLocForLineAndColumn finds no place for a column
        # past a carriage return, and then no line is shown.
        return header
    # SourceMgr::GetMessage shows the line up to a carriage return.
    source_line = source_line.split("\r", 1)[0]
    if not source_line.isascii():
        source_line = re.compile(_UNDECODABLE).sub("\ufffd", source_line)
        return header + source_line.expandtabs(TAB_STOP) + "\n"
    caret_column = len(prefix.expandtabs(TAB_STOP)) + max(column - 1 - len(prefix), 0)
    underline = "^" + "~" * max(min(span, len(source_line) - column + 1) - 1, 0)
    return (header + source_line.expandtabs(TAB_STOP) + "\n" + " " * caret_column
            + underline + "\n")


def offset_to_pos(text: str, offset: int) -> tuple[int, int]:
    """(line, column) of a character offset into `text`."""
    offset = max(0, min(offset, len(text)))
    line_start = text.rfind("\n", 0, offset) + 1
    return (text.count("\n", 0, offset) + 1, offset - line_start + 1)


def advance(pos: tuple[int, int], text: str) -> tuple[int, int]:
    """The position just after `text` when it starts at `pos`."""
    newlines = text.count("\n")
    if newlines:
        return (pos[0] + newlines, len(text) - text.rfind("\n"))
    return (pos[0], pos[1] + len(text))


def pos_to_offset(text: str, pos: tuple[int, int]) -> int:
    """The character offset of a (line, column) position in `text`."""
    line, column = pos
    start = 0
    for _ in range(line - 1):
        found = text.find("\n", start)
        if found < 0:
            return len(text)
        start = found + 1
    return min(start + column - 1, len(text))


# --------------------------------------------------------------- the context
class Diagnostic:
    """One diagnostic a pass emitted: severity, message, (line, column) or
    None, and notes as (message, position) pairs."""

    __slots__ = ("severity", "message", "pos", "notes")

    def __init__(self, severity: str, message: str, pos, notes=()):
        self.severity = severity
        self.message = message
        self.pos = pos
        self.notes = list(notes)

    def __repr__(self) -> str:
        return f"<{self.severity} at {self.pos}: {self.message}>"


class DiagnosticContext:
    """Where the diagnostics of a run go (MLIR's MLIRContext with its
    diagnostic engine, for what passes need of it): the source they point
    into, and a handler.  Without a handler they are collected in
    `diagnostics`; `drain()` takes them."""

    def __init__(self, filename: str = "<string>", source: str = "", line_offset: int = 0,
                 handler=None):
        self.filename = filename
        self.source = source
        self.line_offset = line_offset
        self.handler = handler
        self.diagnostics: list[Diagnostic] = []
        # The optimization remarks' engine of the run (remarks.py), or None.
        self.remark_engine: Any = None

    def emit(self, severity: str, message: str, pos, notes=()) -> None:
        diagnostic = Diagnostic(severity, message, pos, notes)
        if self.handler is not None:
            self.handler(diagnostic)
        else:
            self.diagnostics.append(diagnostic)

    def drain(self) -> list:
        found, self.diagnostics = self.diagnostics, []
        return found

    def format(self, diagnostic: Diagnostic) -> str:
        """`file:line:col: remark: ...` with the source line, then its notes
        (without source), as mlir-opt prints them."""
        if _is_location(diagnostic.pos) or any(_is_location(pos) for _, pos in diagnostic.notes):
            # At locations of the IR: as SourceMgrDiagnosticHandler, a note
            # shows its source line unless at the location just shown.
            return format_diagnostic(self.filename, self.source, diagnostic.message,
                                     diagnostic.pos, diagnostic.severity, self.line_offset,
                                     notes=[("note", note, pos) for note, pos in diagnostic.notes])
        text = format_diagnostic(self.filename, self.source, diagnostic.message, diagnostic.pos,
                                 diagnostic.severity, self.line_offset, notes=())
        for note, pos in diagnostic.notes:
            line, column = pos if pos else (1, 1)
            text += f"{self.filename}:{line + self.line_offset}:{column}: note: {note}\n"
        return text

    def source_text_at(self, pos, length: int = 200) -> str:
        """The source text from `pos` on (at most `length` characters), or ""."""
        if not pos or not self.source or _is_location(pos):
            return ""
        offset = pos_to_offset(self.source, pos)
        return self.source[offset:offset + length]

    def source_text_before(self, pos, length: int = 200) -> str:
        """The source text up to `pos` (at most `length` characters), or ""."""
        if not pos or not self.source or _is_location(pos):
            return ""
        offset = pos_to_offset(self.source, pos)
        return self.source[max(0, offset - length):offset]

    def __enter__(self) -> "DiagnosticContext":
        # A stack: the same context may be entered again while active.
        self.__dict__.setdefault("_tokens", []).append(_CURRENT.set(self))
        return self

    def __exit__(self, *exc) -> None:
        _CURRENT.reset(self.__dict__["_tokens"].pop())


_CURRENT: contextvars.ContextVar = contextvars.ContextVar("pyaffine_opt_context")
_FALLBACK = DiagnosticContext()


def current_context() -> DiagnosticContext:
    """The context of the run in progress (`with context:`), or a default
    one that collects what is emitted outside any run."""
    return _CURRENT.get(_FALLBACK)


# MLIRContext::printOpOnDiagnostic: whether an error or remark about an op
# carries a note showing the op (`see current operation: ...`).  mlir-opt
# turns it off under -verify-diagnostics, where such a note would be one
# more diagnostic to expect.
_PRINT_OP_ON_DIAGNOSTIC: contextvars.ContextVar = contextvars.ContextVar(
    "pyaffine_opt_print_op_on_diagnostic", default=True)


def print_op_on_diagnostic() -> bool:
    return _PRINT_OP_ON_DIAGNOSTIC.get()


@contextlib.contextmanager
def printing_op_on_diagnostic(value: bool):
    """`print_op_on_diagnostic()` is `value` inside the `with`."""
    token = _PRINT_OP_ON_DIAGNOSTIC.set(value)
    try:
        yield
    finally:
        _PRINT_OP_ON_DIAGNOSTIC.reset(token)
