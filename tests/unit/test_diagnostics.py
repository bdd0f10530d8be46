"""The malformed inputs of tests/lit/invalid/, run through the driver in
process: each must fail with exit code 1 and an mlir-style diagnostic
(`path:line:col: error: ...`, or `<unknown>:0: ...` for what has no
location), never a Python traceback, and must leave an
existing `-o` output file alone.  The exact texts are checked by the lit
tests themselves and, where mlir-opt is found, compared whole with what it
reports; the formatting helpers are checked here directly."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

import oracle
from mlir_affine_py.diagnostics import MLIRError, format_diagnostic
from mlir_affine_py.opt_main import main
from mlir_affine_py.parse.parser import parse_source, split_input, wrong_token_offset
from support import MLIR_OPT

INVALID = Path(__file__).resolve().parents[1] / "lit" / "invalid"


def _run_lines(path: Path) -> list[str]:
    lines, current = [], ""
    for line in path.read_text(encoding="utf-8").splitlines():
        match = re.match(r"\s*//\s*RUN:(.*)", line)
        if not match:
            continue
        current += match.group(1).strip()
        if current.endswith("\\"):
            current = current[:-1] + " "
            continue
        lines.append(current)
        current = ""
    return lines


def _invocations(path: Path):
    """(arguments, expected to fail) of each RUN line that runs the tool on
    a file of the tree (%s or %S/...), in the order of the file."""
    for line in _run_lines(path):
        command = line.split("|", 1)[0]
        words = shlex.split(command)
        if "pyaffine-opt" not in words:
            continue
        index = words.index("pyaffine-opt")
        arguments = [w for w in words[index + 1:] if not w.startswith("2>")]
        if any("%t" in w for w in arguments):
            continue
        arguments = [w.replace("%s", str(path)).replace("%S", str(path.parent))
                     for w in arguments]
        yield arguments, words[:index] == ["not"]


def _cases(expect_failure: bool):
    cases = []
    for path in sorted(INVALID.glob("*.mlir")):
        xfail = "XFAIL:" in path.read_text(encoding="utf-8")
        for arguments, fails in _invocations(path):
            if fails != expect_failure:
                continue
            marks = [pytest.mark.xfail(reason="known mismatch with mlir-opt (XFAIL in lit)",
                                       strict=False)] if xfail else []
            cases.append(pytest.param(arguments, id=path.name, marks=marks))
    return cases


FAILING = _cases(True)
SUCCEEDING = _cases(False)


def _input_of(arguments: list[str]) -> str:
    return next(a for a in arguments if not a.startswith("-"))


def test_there_are_enough_cases():
    assert len(FAILING) >= 30
    # Every .mlir file is a test with a RUN line the cases above understand.
    for path in INVALID.glob("*.mlir"):
        assert _run_lines(path), f"{path.name} has no RUN line"


@pytest.mark.parametrize("arguments", FAILING)
def test_invalid_input_fails_with_a_diagnostic(arguments, capsys):
    code = main(list(arguments))
    captured = capsys.readouterr()
    path = _input_of(arguments)
    assert code == 1, captured.err
    # A diagnostic without a location (a named op's region builder warns
    # about a cast) is printed `<unknown>:0:`, as mlir-opt prints it.
    assert re.match(rf"(?:{re.escape(path)}:\d+:\d+: error|<unknown>:0: (?:error|warning)): \S",
                    captured.err), captured.err
    assert "Traceback" not in captured.err + captured.out
    assert "internal error" not in captured.err


@pytest.mark.parametrize("arguments", FAILING)
def test_output_file_untouched_on_error(arguments, tmp_path, capsys):
    output = tmp_path / "out.mlir"
    output.write_text("// an earlier result\n")
    before = output.stat().st_mtime_ns
    code = main(list(arguments) + ["-o", str(output)])
    captured = capsys.readouterr()
    assert code == 1, captured.err
    assert output.read_text() == "// an earlier result\n"
    assert output.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.mlir"]


@pytest.mark.parametrize("arguments", SUCCEEDING)
def test_valid_input_in_invalid_directory_succeeds(arguments, capsys):
    code = main(list(arguments))
    captured = capsys.readouterr()
    assert code == 0, captured.err
    assert captured.err == ""


def test_empty_file_prints_an_empty_module(tmp_path, capsys):
    empty = tmp_path / "empty.mlir"
    empty.write_bytes(b"")
    assert main([str(empty)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "module {\n}\n\n"
    assert captured.err == ""


def test_missing_output_file_is_not_created_on_error(tmp_path, capsys):
    source = tmp_path / "bad.mlir"
    source.write_text("func.func @f() {\n")
    output = tmp_path / "out.mlir"
    assert main([str(source), "-o", str(output)]) == 1
    capsys.readouterr()
    assert not output.exists()


# ------------------------------------------------------------ the format

def test_format_points_at_the_column():
    text = "func.func @f() {\n  %0 = arith.addi %a, %b : i32\n}\n"
    out = format_diagnostic("t.mlir", text, "use of undeclared SSA value name", (2, 23))
    assert out == ("t.mlir:2:23: error: use of undeclared SSA value name\n"
                   "  %0 = arith.addi %a, %b : i32\n"
                   "                      ^\n")


def test_format_expands_tabs_and_counts_bytes():
    out = format_diagnostic("t.mlir", "\tx y\n", "m", (1, 4))
    assert out == "t.mlir:1:4: error: m\n        x y\n          ^\n"
    # Columns are bytes; a line that is not ASCII has no caret line.
    out = format_diagnostic("t.mlir", "é x\n", "m", (1, 3))
    assert out == "t.mlir:1:4: error: m\né x\n"


def test_format_shows_undecodable_bytes_as_replacement_characters():
    text = b"  \xc3( = x\n".decode("utf-8", "surrogateescape")
    out = format_diagnostic("t.mlir", text, "unexpected character", (1, 3))
    assert out == "t.mlir:1:3: error: unexpected character\n  \ufffd( = x\n"


def test_format_adds_line_offset_and_notes():
    text = "%a = x\n%a = y\n"
    error = MLIRError("redefinition of SSA value '%a'", (2, 1))
    error.attach_note("previously defined here", (1, 1))
    error.attach_note("same place, no source line", (1, 1))
    out = format_diagnostic("t.mlir", text, error.message, error.pos, line_offset=10)
    assert out == ("t.mlir:12:1: error: redefinition of SSA value '%a'\n%a = y\n^\n"
                   "t.mlir:11:1: note: previously defined here\n%a = x\n^\n"
                   "t.mlir:11:1: note: same place, no source line\n")


def test_format_strips_carriage_returns():
    out = format_diagnostic("t.mlir", "a b\r\n", "m", (1, 3))
    assert out == "t.mlir:1:3: error: m\na b\n  ^\n"


@pytest.mark.parametrize("text, offset, at_eof, expected", [
    ("a b", 2, False, 1),                 # back over blanks to the previous token
    ("a\n\n  b", 5, False, 1),            # ... and over blank lines
    ("a // c\n b", 8, False, 1),          # ... and over a comment
    ("a:\n", 3, True, 2),                 # at the end: one character back first
    ("  b", 2, False, 2),                 # nothing before: the token itself
])
def test_wrong_token_offset(text, offset, at_eof, expected):
    assert wrong_token_offset(text, offset, at_eof) == expected


def test_syntax_errors_are_mlir_errors():
    for text in ("func.func @f(", "\"test.op\"() : () -> () }", "%x",
                 "#map = affine_map<(d0) -> (d0 +)>", "\"test.op\"() {a = \"abc} : () -> ()\n",
                 "\x01"):
        with pytest.raises(MLIRError) as caught:
            parse_source(text)
        assert caught.value.pos is not None


def test_split_input_keeps_line_numbers():
    # Each chunk starts right after a marker (the rest of the marker's line is
    # its line 1), so its offset is the number of lines before that line.
    chunks, near_misses = split_input("a\n// -----\nb\nc\n// -----\nd")
    assert [c.line_offset for c in chunks] == [0, 1, 4]
    assert [c.text for c in chunks] == ["a\n", "\nb\nc\n", "\nd"]
    assert near_misses == []
    # Like mlir-opt, a marker in the middle of a line splits too; the chunk
    # after it starts at the marker's end.
    chunks, _ = split_input("a // ----- b")
    assert [tuple(c) for c in chunks] == [("a ", 0, 0), (" b", 0, 10)]


@pytest.mark.parametrize("text, chunks, near_misses", [
    # Four dashes, "-----0" and a marker ending the text are near misses
    # (at the end of "// ---"): the pieces stay joined.
    ("a\n// ----\nb", ["a\n// ----\nb"], [8]),
    ("a // -----0\nb", ["a // -----0\nb"], [8]),
    ("a\n// -----", ["a\n// -----"], [8]),
    # Six dashes split, and the chunk keeps the sixth.
    ("a\n// ------\nb", ["a\n", "-\nb"], []),
    # A text starting with the marker: its first chunk keeps the last two
    # dashes (mlir-opt then reports them); a last empty chunk is dropped.
    ("// -----\na", ["--\na"], []),
    ("a\n// -----", ["a\n// -----"], [8]),
    ("a\n// -----\n", ["a\n", "\n"], []),
    ("", [], []),
])
def test_split_input_follows_mlir_opt(text, chunks, near_misses):
    found, misses = split_input(text)
    assert [c.text for c in found] == chunks
    assert misses == near_misses


# Invalid inputs whose diagnostics differ from mlir-opt 22's, and how.
DIAGNOSTICS_UNLIKE_MLIR_OPT = {
    # mlir-opt goes on to a second error inside the step list.
    "affine-parallel-step.mlir",
    # mlir-opt reports the LLVM pointer's address space twice.
    "llvm-types.mlir",
    # mlir-opt lists every dialect it knows in a note.
    "return-outside-func.mlir",
    # The unregistered op is refused while it is built, where mlir-opt has
    # the op to show in a note.
    "unregistered-op-in-registered-dialect.mlir",
}


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("arguments", FAILING)
def test_diagnostics_are_mlir_opts(arguments, capsys):
    """The whole of what is reported, notes included (the op in generic form
    after a verifier's error, where an operand comes from), is mlir-opt's
    (recorded: oracle.py)."""
    path = _input_of(arguments)
    if Path(path).name in DIAGNOSTICS_UNLIKE_MLIR_OPT:
        pytest.skip("a known difference, listed in DIAGNOSTICS_UNLIKE_MLIR_OPT")
    main(list(arguments))
    ours = capsys.readouterr().err
    theirs = oracle.run([MLIR_OPT, *arguments], capture_output=True, timeout=60).stderr
    # Bytes that are not UTF-8 are echoed by mlir-opt and shown as U+FFFD here.
    assert ours == theirs.decode("utf-8", "replace")


def test_known_differences_are_invalid_inputs():
    assert all((INVALID / name).is_file() for name in DIAGNOSTICS_UNLIKE_MLIR_OPT)


def test_a_verifier_message_may_carry_notes_at_other_ops():
    from mlir_affine_py.ir.core import Operation
    from mlir_affine_py.ir.verifier import NotedMessage, op_error
    op, other = Operation(name="test.a", pos=(3, 5)), Operation(name="test.b", pos=(4, 7))
    error = op_error(NotedMessage("'test.a' op is wrong", [("see test.b here", other)]), op)
    assert error.message == "'test.a' op is wrong" and error.pos == (3, 5)
    assert [(text.split(":")[0], pos) for _, text, pos in error.notes] == [
        ("see current operation", (3, 5)), ("see test.b here", (4, 7))]
