"""Optimization remarks as MLIR 22 has them (mlir/IR/Remarks.h,
mlir/lib/IR/Remarks.cpp, mlir/lib/Remark/RemarkStreamer.cpp): structured
records a pass emits about a decision, for tools and notebooks.

A remark has a kind (`Passed`: a transformation was applied; `Missed`: one
was possible and not taken; `Failure`: one was attempted and could not be
done; `Analysis`: numbers without an outcome), a name, a category (the
pass's argument, as `Pass:` in the records), the function it is in, its
location and its arguments, key-value pairs (`Remark` for the text, the
costs by name).

Nothing is emitted unless the run enables a remark engine on the context
(the driver's `--remarks-filter*` options): then a remark whose kind has a
filter matching its category (the whole name, `^(...)$`) goes to the
engine's policy (`all`: at once; `final`: the last of each location, name,
category and kind, when the engine ends) and from there to its streamer:
printed as a diagnostic (`--remark-format=emitRemark`, the default) or
written as LLVM's YAML remark records (`--remark-format=yaml`) or in its
bitstream container (`--remark-format=bitstream`, remark_bitstream.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .diagnostics import current_context

PASSED, MISSED, FAILURE, ANALYSIS = "Passed", "Missed", "Failure", "Analysis"
KINDS = (PASSED, MISSED, FAILURE, ANALYSIS)

# What DenseMapInfo<Remark> and generateRemark write for what is not given.
UNKNOWN_FUNCTION = "<unknown function>"
UNKNOWN_FILE = "<unknown file>"


@dataclass
class Remark:
    """One remark (remark::detail::Remark).  `pos` is the op's position:
    (line, column) of the input chunk, or a location of the IR.  `args`
    are (key, value) pairs, values as text (Remark::Arg)."""

    kind: str
    name: str
    pos: object
    category: str = ""
    function: str = ""
    args: list = field(default_factory=list)
    # The input's name and the chunk's first line, for a (line, column) pos.
    filename: str = ""
    line_offset: int = 0

    def debug_location(self) -> tuple[str, int, int]:
        """generateRemark's location: a file location as it is (a range by
        its start), any other kind (names, call sites, fused ones, unknown)
        unknown."""
        from .ir.attributes import FileLineColRange
        pos = self.pos
        if pos.__class__ is tuple and pos[0] > 0:
            return self.filename, pos[0] + self.line_offset, pos[1]
        if isinstance(pos, FileLineColRange):
            return pos.filename.decode("utf-8", "surrogateescape"), pos.line, pos.column
        return UNKNOWN_FILE, 0, 0

    def record(self) -> tuple:
        """What an LLVM remark record holds (generateRemark): (kind, pass
        (the category), name, debug location, function, arguments)."""
        return (self.kind, self.category, self.name or "<unknown remark name>",
                self.debug_location(), self.function or UNKNOWN_FUNCTION, self.args)

    def key(self) -> tuple:
        """What makes two remarks the same for the `final` policy."""
        pos = self.pos if self.pos.__class__ is tuple else id(self.pos)
        return (pos, self.name, self.category, self.kind)

    def message(self) -> str:
        """Remark::print: `[Kind] name | Category:c | Function=f | k=v, ...`,
        the arguments sorted by key, a value with a space, comma or brace
        in double quotes."""
        text = f"[{self.kind}] {self.name} | "
        if self.category:
            text += f"Category:{self.category} | "
        if self.function:
            text += f"Function={self.function} | "
        parts = []
        for key, value in sorted(self.args, key=lambda arg: arg[0]):
            if any(c in value for c in " ,{}"):
                value = f'"{value}"'
            parts.append(f"{key}={value}")
        return text + ", ".join(parts)


class RemarkEngine:
    """remark::detail::RemarkEngine with its emitting policy and streamer:
    `filters` maps a kind to the category pattern of mlir-opt's
    `--remarks-filter-<kind>` option (`all` for `--remarks-filter`, which
    every kind takes too; a kind left out has no pattern of its own);
    `policy` is "all" or "final"; `stream(remark)` receives what is
    reported."""

    def __init__(self, filters: dict, policy: str, stream):
        self.stream = stream
        self.policy = policy
        self.postponed: dict = {}
        every = filters.get("all") or ""
        self.filters = {kind: _category_filter(every, filters.get(kind, ""))
                        for kind in KINDS}

    def enabled(self, kind: str, category: str) -> bool:
        pattern = self.filters[kind]
        return pattern is not None and pattern.match(category) is not None

    def report(self, remark: Remark) -> None:
        if not self.enabled(remark.kind, remark.category):
            return
        if self.policy == "final":
            # The last remark of each key wins (RemarkEmittingPolicyFinal:
            # erase, then insert); they are reported when the engine ends.
            self.postponed.pop(remark.key(), None)
            self.postponed[remark.key()] = remark
        else:
            self.stream(remark)

    def finalize(self) -> None:
        """The end of the engine (with its context, after a chunk's output):
        the postponed remarks.  MLIR reports them in the order of a hash
        set; here in the order they were last reported."""
        for remark in self.postponed.values():
            self.stream(remark)
        self.postponed.clear()


def _category_filter(every: str, specific: str):
    """buildFilter: `every` and the kind's own pattern joined by `|`, the
    whole category matched (`^(...)$` unless already anchored); None when
    both are empty, or the pattern is no valid regex (then mlir-opt emits
    no remark of that kind either)."""
    pattern = "|".join(part for part in (every, specific) if part)
    if not pattern:
        return None
    stripped = pattern.strip()
    if not (stripped.startswith("^") and stripped.endswith("$")):
        pattern = f"^({pattern})$"
    try:
        return re.compile(pattern)
    except re.error:
        return None


def remark_engine():
    """The engine of the run in progress, or None (remarks disabled)."""
    return getattr(current_context(), "remark_engine", None)


def emit(kind: str, op, name: str, category: str, *args, function: str | None = None) -> None:
    """Report a remark about `op` when the run has an engine that takes it
    (remark::passed/missed/failed/analysis).  `args` are strings (the
    `Remark` text) or (key, value) pairs; `function` defaults to the name
    of the function `op` is in."""
    engine = remark_engine()
    if engine is None or not engine.enabled(kind, category):
        return
    context = current_context()
    pairs = [("Remark", arg) if isinstance(arg, str) else (arg[0], format_value(arg[1]))
             for arg in args]
    engine.report(Remark(kind, name, getattr(op, "pos", op), category,
                         enclosing_function(op) if function is None else function, pairs,
                         context.filename, context.line_offset))


def format_value(value) -> str:
    """Remark::Arg's text of a value: booleans as true/false, floats as
    raw_ostream prints a double (llvm::write_double, `%e` with six
    digits), everything else by str."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return f"{value:e}"
    return str(value)


def whole_number(value):
    """A cost as an int when it is one (a float the model summed), so that
    its record reads `42`, not `4.200000e+01`."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def enclosing_function(op) -> str:
    """The symbol name of the func.func around `op`, or ""."""
    parent = getattr(op, "parent_op", None)
    while parent is not None:
        if getattr(parent, "op_name", "") == "func.func":
            return parent.sym_name
        parent = parent.parent_op
    return ""


# ------------------------------------------------------------ the streamers
def open_streamer(remark_format: str, output_file: str, stdout):
    """(the stream of `--remark-format`, what `close()` ends or None):
    remarks as diagnostics (`emitRemark`), YAML records written to
    `output_file` (default mlir-remarks.yaml; `-` is `stdout`, as for
    LLVM's output files), or the bitstream container written to it when
    closed (default mlir-remarks.bitstream; on `stdout` as surrogate-escaped
    text, see `write_with_bytes`).  Raises OSError when the file cannot be
    created."""
    if remark_format == "bitstream":
        from .remark_bitstream import BitstreamRemarkWriter
        binary = (_EscapedBytes(stdout) if output_file == "-"
                  else open(output_file or "mlir-remarks.bitstream", "wb"))
        writer = BitstreamRemarkWriter(binary)
        return writer, writer
    if remark_format != "yaml":
        return print_as_diagnostic, None
    if output_file == "-":
        return YAMLRemarkWriter(stdout), None
    handle = open(output_file or "mlir-remarks.yaml", "w", encoding="utf-8",
                  errors="surrogateescape")
    return YAMLRemarkWriter(handle), handle


class ChunkedRemarks:
    """The remarks of each chunk of a run that writes them to standard
    output: the YAML records reported while the passes run come before the
    chunk's output, those the `final` policy reports when the engine ends
    come after it, and so does a bitstream container, written when the
    engine ends (mlir-opt writes each chunk's output before its context,
    and the engine with it, ends).  `binary`: the remarks hold a container's
    bytes (surrogate-escaped)."""

    def __init__(self, binary: bool = False):
        self.chunks: list = []      # per chunk: [before its output, after it]
        self.ending = False
        self.binary = binary

    def start_chunk(self) -> None:
        self.chunks.append(["", ""])
        self.ending = False

    def write(self, text: str) -> None:
        self.chunks[-1][1 if self.ending else 0] += text

    def around(self, outputs: list, with_outputs: bool, stdout) -> list:
        """The outputs with each chunk's remarks around them; when the
        outputs go to a file, the remarks alone are written to `stdout`."""
        if with_outputs:
            return [before + output + after
                    for (before, after), output in zip(self.chunks, outputs)]
        write_with_bytes(stdout, "".join(before + after for before, after in self.chunks))
        return outputs


class _EscapedBytes:
    """A binary file on a text stream: the bytes written go to it
    surrogate-escaped (bytes past ASCII as lone surrogates)."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, data: bytes) -> None:
        self.stream.write(data.decode("utf-8", "surrogateescape"))

    def close(self) -> None:
        pass


def write_with_bytes(stdout, text: str) -> None:
    """Write `text`, which may carry a bitstream container's bytes
    surrogate-escaped, to standard output: those bytes as they are, through
    the stream's binary buffer (its text flushed first), or the text itself
    to a stream that has none."""
    buffer = getattr(stdout, "buffer", None)
    if buffer is None:
        stdout.write(text)
        return
    stdout.flush()
    buffer.write(text.encode("utf-8", "surrogateescape"))
    buffer.flush()


def print_as_diagnostic(remark: Remark) -> None:
    """`--remark-format=emitRemark`: the remark as an MLIR remark at its
    location (emitRemark(loc, msg)), through the run's diagnostics."""
    current_context().emit("remark", remark.message(), remark.pos)


class YAMLRemarkWriter:
    """LLVM's YAML remark serializer (llvm/lib/Remarks/YAMLRemarkSerializer
    .cpp through llvm::yaml::Output), one document per remark."""

    def __init__(self, handle):
        self.handle = handle

    def __call__(self, remark: Remark) -> None:
        self.handle.write(yaml_record(remark))


def yaml_record(remark: Remark) -> str:
    """One `--- !Kind` document, keys padded to column 17 as yaml::Output
    pads them, the location a flow mapping wrapped past column 70."""
    kind, category, name, (file, line, column), function, args = remark.record()
    lines = [f"--- !{kind}", _padded("Pass", _scalar(category)), _padded("Name", _scalar(name))]
    lines.append(_flow_mapping("DebugLoc", [("File", _scalar(file)), ("Line", str(line)),
                                            ("Column", str(column))]))
    lines.append(_padded("Function", _scalar(function)))
    if args:
        lines.append("Args:")
        for key, value in args:
            lines.append("  - " + _padded(key, _scalar(value)))
    return "\n".join(lines) + "\n...\n"


def _padded(key: str, value: str) -> str:
    """yaml::Output::paddedKey: the value at column 17, or one space after
    a key of 16 characters or more."""
    return f"{key}:" + " " * (16 - len(key) if len(key) < 16 else 1) + value


def _flow_mapping(key: str, items) -> str:
    """A flow mapping `{ k: v, ... }` after a padded key: before a key that
    would start past column 70, yaml::Output breaks the line and indents
    two columns past the brace."""
    head = _padded(key, "")
    start = len(head)
    text = head + "{ "
    column = len(text)
    for index, (name, value) in enumerate(items):
        if index:
            text += ", "
            column += 2
        if column > 70:
            text += "\n" + " " * (start + 2)
            column = start + 2
        piece = f"{name}: {value}"
        text += piece
        column += len(piece)
    return text + " }"


_INDICATORS = set("-?:\\,[]{}#&*!|>'\"%@`")
_SAFE = set("_-^., \t")


def _scalar(text: str) -> str:
    """A string scalar as yaml::Output writes it (llvm::yaml::needsQuotes
    with ForcePreserveAsString): plain when safe, else in single quotes
    (`'` doubled), or in double quotes for control characters and non-ASCII
    text."""
    quoting = _quoting(text)
    if quoting == "none":
        return text
    if quoting == "single":
        return "'" + text.replace("'", "''") + "'"
    escaped = []
    for char in text:
        code = ord(char)
        if char in '"\\':
            escaped.append("\\" + char)
        elif code < 0x20:
            escaped.append({0x0A: "\\n", 0x09: "\\t", 0x0D: "\\r", 0: "\\0"}.get(
                code, f"\\x{code:02X}"))
        else:
            escaped.append(char)
    return '"' + "".join(escaped) + '"'


def _quoting(text: str) -> str:
    if not text:
        return "single"
    needed = "none"
    if text[0].isspace() or text[-1].isspace():
        needed = "single"
    if _is_null(text) or _is_bool(text) or _is_numeric(text):
        needed = "single"
    if text[0] in _INDICATORS:
        needed = "single"
    for char in text.encode("utf-8", "surrogateescape"):
        c = chr(char)
        if c.isascii() and c.isalnum() or c in _SAFE:
            continue
        if char in (0x0A, 0x0D):
            needed = "single"
        elif char == 0x7F or char <= 0x1F or char & 0x80:
            return "double"
        else:
            needed = "single"
    return needed


def _is_null(text: str) -> bool:
    return text in ("null", "Null", "NULL", "~")


def _is_bool(text: str) -> bool:
    return text in ("true", "True", "TRUE", "false", "False", "FALSE")


def _is_numeric(text: str) -> bool:
    """llvm::yaml::isNumeric: YAML 1.2's core-schema integers and floats."""
    return re.fullmatch(r"[-+]?(\.inf|\.Inf|\.INF)|\.nan|\.NaN|\.NAN|0o[0-7]+|0x[0-9a-fA-F]+"
                        r"|[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?", text) is not None
