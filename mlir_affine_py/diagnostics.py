"""Diagnostics in mlir-opt's format:

    file.mlir:7:23: error: use of undeclared SSA value name
      %1 = arith.addi %0, %x : i32
                          ^
"""

from __future__ import annotations


class MLIRError(Exception):
    """A user-facing error at a source position (1-based line, column)."""

    def __init__(self, message: str, pos: tuple[int, int] | None = None,
                 severity: str = "error"):
        super().__init__(message)
        self.message = message
        self.pos = pos
        self.severity = severity


def format_diagnostic(filename: str, source: str, message: str,
                      pos: tuple[int, int] | None, severity: str = "error",
                      line_offset: int = 0) -> str:
    """`line_offset` maps a chunk's line numbers to the whole file's."""
    if pos is None:
        return f"{filename}:{1 + line_offset}:1: {severity}: {message}\n"
    line, column = pos
    lines = source.split("\n")
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    text = text.rstrip("\r")
    caret = " " * (column - 1) + "^"
    return (f"{filename}:{line + line_offset}:{column}: {severity}: {message}\n"
            f"{text}\n{caret}\n")
