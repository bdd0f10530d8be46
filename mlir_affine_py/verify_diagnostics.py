"""`-verify-diagnostics`: the diagnostics a run emits are checked against
`expected-*` annotations in its input, as mlir-opt checks them
(SourceMgrDiagnosticVerifierHandler in mlir/lib/IR/Diagnostics.cpp).

Design notes:

- An annotation is a line that matches MLIR's regex
  `expected-(error|note|remark|warning)(-re)? *(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$`
  (after trailing whitespace is dropped).  The `.*` is greedy, so a line
  holds one annotation, whose text runs to the line's last `}}`.
- It expects a diagnostic of its severity on its own line, or `@+N`/`@-N`
  lines away, on the last line above that is not an annotation (`@above`),
  on the next such line below (`@below`; a dangling one is taken to be on
  the file's line count), or at an unknown location (`@unknown`).
- A diagnostic matches an annotation on its line (any annotation there,
  matched before or not) whose text it contains; with `-re`, the text's
  `{{...}}` parts are regular expressions and the rest is literal.  One
  that matches only in text is a near miss: `'remark' diagnostic emitted
  when expecting a 'error'`, at the annotation.  Any other diagnostic is
  reported at its own place as `unexpected <severity>: <message>`.  The
  notes of a diagnostic are checked as diagnostics of their own.
- With `-split-input-file`, one verifier serves the whole file: positions
  are the file's, and the annotations that nothing matched are reported
  after the last chunk, in the order of the file (those at unknown
  locations twice, as mlir-opt reports them: its verifier runs once
  explicitly and once more on destruction, and keeps that list).
- The run succeeds when every diagnostic was expected and every
  annotation matched; an error the input was expected to give does not
  fail it.
- Without -verify-diagnostics mlir-opt 22 still builds the verifier (on a
  context that sees no diagnostic) and its destructor reports every
  annotation as not produced, after everything else, without changing the
  exit status; `passive` verifiers do the same.
"""

from __future__ import annotations

import re

from .diagnostics import UNKNOWN_LOCATION, format_at, format_location

# MLIR's regex, in Python's syntax (a match anywhere in the line).
_ANNOTATION = re.compile(r"expected-(error|note|remark|warning)(-re)? *"
                         r"(@([+-][0-9]+|above|below|unknown))? *\{\{(.*)\}\}$")
_TRAILING_SPACE = " \t\n\v\f\r"
# Python's words for a bad regular expression, and LLVM's (regerror).
_REGEX_ERRORS = (("unterminated character set", "brackets ([ ]) not balanced"),
                 ("parenthesis", "parentheses not balanced"),
                 ("subpattern", "parentheses not balanced"),
                 ("repeat", "repetition-operator operand invalid"),
                 ("end of pattern", "trailing backslash (\\)"),
                 ("character range", "invalid character range"),
                 ("group", "invalid backreference number"))


class Expected:
    """One annotation: the severity it expects, the (1-based) line of the
    file it expects it on, where it stands (line, column, for reports; None
    for `@unknown`), and its text (a regular expression with `-re`)."""

    __slots__ = ("severity", "line", "where", "text", "regex", "matched")

    def __init__(self, severity: str, line: int, where, text: str):
        self.severity = severity
        self.line = line
        self.where = where
        self.text = text
        self.regex = None
        self.matched = False

    def matches(self, message: str) -> bool:
        if self.regex is not None:
            return self.regex.search(message) is not None
        return self.text in message


def regex_of(text: str):
    """The pattern of an `expected-*-re` text (MLIR's computeRegex: literal
    text, and `{{regex}}` parts), or the message of the error in it."""
    parts = []
    rest = text
    while rest:
        start = rest.find("{{")
        if start < 0:
            parts.append(re.escape(rest))
            break
        parts.append(re.escape(rest[:start]))
        rest = rest[start + 2:]
        end = rest.find("}}")
        if end < 0:
            return "found start of regex with no end '}}'"
        try:
            re.compile(rest[:end])
        except re.error as error:
            words = next((llvm for python, llvm in _REGEX_ERRORS if python in error.msg),
                         "invalid regular expression")
            return f"invalid regex: {words}"
        parts.append(f"({rest[:end]})")
        rest = rest[end + 2:]
    return re.compile("".join(parts))


def _line_offset_of(digits: str) -> int:
    """`getAsInteger(0, ...)`: a leading 0 means octal."""
    try:
        return int(digits, 8) if len(digits) > 1 and digits[0] == "0" else int(digits)
    except ValueError:
        return 0


def _byte_length(text: str) -> int:
    """The length of `text` in the input's bytes (spans are in bytes)."""
    return len(text.encode("utf-8", "surrogateescape"))


class DiagnosticVerifier:
    """The diagnostics of one run over `text` (the whole file), checked
    against its annotations; reports go to `stream`.  `only_expected`
    (`-verify-diagnostics=only-expected`) checks only that the expected
    diagnostics are emitted."""

    def __init__(self, filename: str, text: str, stream, only_expected: bool = False,
                 passive: bool = False):
        self.filename = filename
        self.text = text
        self.lines: list[str] | None = None     # split when first needed
        self.stream = stream
        self.only_expected = only_expected
        self.passive = passive
        self.ok = True
        self.expected: list[Expected] = []
        self.unknown: list[Expected] = []
        self.line_offset = 0
        self.column_offset = 0
        if "expected-" in text:
            self._collect()

    def _lines(self) -> list:
        if self.lines is None:
            self.lines = self.text.split("\n")
        return self.lines

    # ------------------------------------------------------------ annotations
    def _collect(self) -> None:
        """Only the lines that name `expected-` can be annotations: the
        others are read as plain lines without being looked at."""
        lines = self._lines()
        candidates: list[int] = []
        line, position = 0, 0
        for match in re.finditer("expected-", self.text):
            line += self.text.count("\n", position, match.start())
            position = match.start()
            if not candidates or candidates[-1] != line:
                candidates.append(line)
        last_plain = 0          # the last line (0-based) that is not an annotation
        below: list = []        # @below annotations waiting for such a line
        previous = -1
        for index in candidates + [len(lines)]:
            if index > previous + 1:        # plain lines in between
                for expected in below:
                    expected.line = previous + 2
                below.clear()
                last_plain = index - 1
            previous = index
            if index == len(lines):
                break
            annotation = _ANNOTATION.search(lines[index].rstrip(_TRAILING_SPACE))
            if annotation is None:
                for expected in below:
                    expected.line = index + 1
                below.clear()
                last_plain = index
                continue
            severity, is_regex, _, designator, text = annotation.groups()
            expected = Expected(severity, index + 1, (index + 1, annotation.start() + 1), text)
            if is_regex:
                pattern = regex_of(text)
                if isinstance(pattern, str):
                    self._report_at(expected, pattern, _byte_length(text))
                    continue
                expected.regex = pattern
            if designator is None:
                pass
            elif designator[0] in "+-":
                shift = _line_offset_of(designator[1:])
                expected.line += shift if designator[0] == "+" else -shift
            elif designator == "unknown":
                expected.where = None
                self.unknown.append(expected)
                continue
            elif designator == "above":
                expected.line = last_plain + 1
            else:                   # below; dangling, it stays on the line count
                expected.line = len(lines)
                below.append(expected)
            self.expected.append(expected)

    # -------------------------------------------------------------- reporting
    def _report_at(self, expected: Expected, message: str, span: int | None = None) -> None:
        """An error at an annotation, the span under its text's length."""
        self.ok = False
        if expected.where is None:
            self.stream.write(f"<unknown>:0: error: {message}\n")
            return
        self.stream.write(format_at(self.filename, self._lines(), message, expected.where,
                                    "error", span=span or 1))

    def start_chunk(self, line_offset: int, column_offset: int = 0) -> None:
        """Positions from now on are in a chunk that starts there."""
        self.line_offset, self.column_offset = line_offset, column_offset

    def file_position(self, pos):
        """A chunk's (line, column) as the file's; (0, 0) stays the file as
        a whole."""
        if pos is None:
            pos = (1, 1)
        if pos == (0, 0) or pos == UNKNOWN_LOCATION:
            return pos
        line, column = pos
        if line == 1:
            column += self.column_offset
        return (line + self.line_offset, column)

    # ------------------------------------------------------------- diagnostics
    def error(self, error) -> None:
        """An MLIRError that ended the chunk, with its notes (and the further
        errors it carries)."""
        self.process(error.severity, str(error.message), error.pos)
        for severity, message, pos in error.notes:
            self.process(severity, message, pos)

    def diagnostic(self, diagnostic) -> None:
        """A diagnostic a pass emitted (diagnostics.Diagnostic)."""
        self.process(diagnostic.severity, diagnostic.message, diagnostic.pos)
        for message, pos in diagnostic.notes:
            self.process("note", message, pos)

    def process(self, severity: str, message: str, pos) -> None:
        """MLIR's SourceMgrDiagnosticVerifierHandler::process."""
        if pos is not None and pos.__class__ is not tuple:
            # A location of the IR: expected where its file location is.
            place = pos.file_position()
            if place is None:
                if pos.is_unknown():
                    self._process_unknown(severity, message)
                elif not self.only_expected:
                    # Neither a file location nor an unknown one: mlir-opt
                    # 22 fails the run without a word, `@unknown` unmatched.
                    self.ok = False
                return
            if place[0] != self.filename:
                if not self.only_expected:
                    self.ok = False
                    self.stream.write(format_location(self.filename,
                                                      f"unexpected {severity}: {message}", pos))
                return
            pos = (place[1], place[2])
        else:
            pos = self.file_position(pos)
        if pos == UNKNOWN_LOCATION:
            self._process_unknown(severity, message)
            return
        near_miss = None
        for expected in self.expected:
            if expected.line != pos[0] or not expected.matches(message):
                continue
            if expected.severity == severity:
                expected.matched = True
                return
            near_miss = expected
        if self.only_expected:
            return
        if near_miss is not None:
            self._report_at(near_miss, f"'{severity}' diagnostic emitted when expecting a "
                                       f"'{near_miss.severity}'")
            return
        self.ok = False
        self.stream.write(format_at(self.filename, self._lines(),
                                    f"unexpected {severity}: {message}", pos, "error"))

    def _process_unknown(self, severity: str, message: str) -> None:
        """A diagnostic without a location: the `@unknown` annotations are
        its expectations."""
        for expected in self.unknown:
            if expected.severity == severity and expected.matches(message):
                expected.matched = True
                return
        if self.only_expected:
            return
        self.ok = False
        self.stream.write(f"<unknown>:0: error: unexpected {severity}: {message}\n")

    def finish(self) -> bool:
        """Report the annotations nothing matched; whether the run passed."""
        unknown = self.unknown if self.passive else self.unknown + self.unknown
        for expected in self.expected + unknown:
            if not expected.matched:
                self._report_at(expected, f'expected {expected.severity} "{expected.text}" '
                                          "was not produced", _byte_length(expected.text))
        return self.ok
