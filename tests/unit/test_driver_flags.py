"""The driver's flags behave as mlir-opt 22's (command_line.py, opt_main.py):
each flag is run through pyaffine-opt's `main` in this process and through
mlir-opt (recorded answers, oracle.py), and the standard output, standard
error and exit status are compared, mlir-opt's name and path read as
pyaffine-opt's.  `--help` and `--list-passes` list other options and passes
than mlir-opt's, so their layout is compared: the columns LLVM's rules give
and the lines of the passes both tools have."""

from __future__ import annotations

import re

import pytest

import oracle
from mlir_affine_py import command_line
from mlir_affine_py.opt_main import main
from support import MLIR_OPT

pytestmark = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")

NEST = """func.func @first(%A: memref<8xf32>) {
  affine.for %i = 2 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
"""
SECOND = "func.func @second() {\n  return\n}\n"
CUSTOM = NEST + "// @@@\n" + SECOND + "// -----\nfunc.func @third() {\n  return\n}\n"
NEAR_MISSES = NEST + "// @@x\n" + SECOND + "// @@@0\n"
DEFAULT = NEST + "// -----\n" + SECOND
NAMED_MODULE = "module @m {\n" + NEST + "}\n"
UNPARSED = "func.func @f() {\n"

CASES = {
    # --split-input-file=<marker> and --output-split-marker
    "custom split marker": (CUSTOM, ["--split-input-file=// @@@"]),
    "near misses of a custom marker": (NEAR_MISSES, ["--split-input-file=// @@@"]),
    "empty marker is the default one": (DEFAULT, ["--split-input-file="]),
    "output split marker": (DEFAULT, ["-split-input-file", "--output-split-marker=// ==="]),
    "empty output split marker": (DEFAULT, ["-split-input-file", "--output-split-marker="]),
    "output split marker alone": (DEFAULT, ["--output-split-marker=XX"]),
    "split marker given apart": (DEFAULT, ["--split-input-file", "// -----"]),
    # -mlir-disable-threading
    "disable threading": (NEST, ["-mlir-disable-threading", "-affine-loop-normalize"]),
    "disable threading=false": (NEST, ["--mlir-disable-threading=false"]),
    "disable threading=bad": (NEST, ["-mlir-disable-threading=maybe"]),
    # --mlir-print-ir-module-scope
    "module scope without threading off": (DEFAULT, ["-split-input-file",
                                                     "--mlir-print-ir-module-scope"]),
    "module scope on a chunk that does not parse": (UNPARSED, ["--mlir-print-ir-module-scope"]),
    "module scope after each pass": (NEST + SECOND, [
        "-mlir-disable-threading", "--mlir-print-ir-module-scope", "-affine-loop-normalize",
        "-mlir-print-ir-after-all"]),
    "module scope of a named module": (NAMED_MODULE, [
        "-mlir-disable-threading", "--mlir-print-ir-module-scope", "-cse",
        "-mlir-print-ir-before-all"]),
    "module scope in a nested pipeline": (NAMED_MODULE, [
        "-mlir-disable-threading", "--mlir-print-ir-module-scope",
        "--pass-pipeline=builtin.module(func.func(cse))", "-mlir-print-ir-before-all"]),
    # -mlir-print-ir-before=<pass>, -mlir-print-ir-after=<pass>
    "print before one pass": (NEST, ["-affine-loop-normalize", "-cse",
                                     "-mlir-print-ir-before=cse"]),
    "print after a list of passes": (NEST + SECOND, [
        "-affine-loop-normalize", "-cse", "-mlir-print-ir-after=cse,affine-loop-normalize"]),
    "print after, repeated, in a pipeline": (NEST, [
        "--pass-pipeline=builtin.module(func.func(affine-loop-normalize),cse)",
        "--mlir-print-ir-after=cse", "--mlir-print-ir-after=affine-loop-normalize"]),
    "print before and after with after-change": (NEST, [
        "-affine-loop-normalize", "-cse", "-mlir-print-ir-after=cse",
        "-mlir-print-ir-before=affine-loop-normalize", "-mlir-print-ir-after-change"]),
    "print after failure only": (NEST, ["-cse", "-mlir-print-ir-after-failure"]),
    "print after an unknown pass": (NEST, ["-cse", "--mlir-print-ir-after=cse,nothing"]),
    "print after no pass": (NEST, ["-cse", "--mlir-print-ir-after="]),
    "print after a pass given apart": (NEST, ["-cse", "--mlir-print-ir-after", "cse"]),
    # --list-passes ends the run before the input is read
    "list passes with a value": (UNPARSED, ["--list-passes=0"]),
    # "Did you mean", and the other errors of the command line
    "a mistyped flag": (NEST, ["--mlir-print-ir-afer-all"]),
    "a mistyped flag with one dash": (NEST, ["-split-input-fil"]),
    "a mistyped pass keeps its value": (NEST, ["--affine-loop-tilee=tile-size=4"]),
    "a mistyped enumeration flag": (NEST, ["--verify-diagnostic"]),
    "a mistyped list flag": (NEST, ["--list-pass"]),
    "every unknown argument is named": (NEST, ["--foo", "-mlir-disable-threadin"]),
    "a grouped one-letter option": (NEST, ["-ofile"]),
    "a value after --help": (NEST, ["--help=1"]),
    "a flag that needs a value": (None, ["-o"]),
    "an unknown value of an enumeration": (NEST, ["-verify-diagnostics=some"]),
    "two inputs": (NEST, ["@input", "@input"]),
    "-p for --pass-pipeline": (NEST, ["-p", "builtin.module(func.func(affine-loop-normalize))"]),
    "-p glued to its value": (NEST, ["-pbuiltin.module(cse)"]),
    "a mistyped pipeline flag meets -p": (NEST, ["--pass-pipelin=x"]),
    "the last pipeline is run": (NEST, ["--pass-pipeline=builtin.module(cse)",
                                        "--pass-pipeline=builtin.module(canonicalize)",
                                        "--dump-pass-pipeline"]),
}


def _as_ours(text: str) -> str:
    """mlir-opt's output with its name (and the path it was run by) as ours."""
    text = re.sub(r"(Try: '|See: )\S*mlir-opt", r"\1pyaffine-opt", text)
    return text.replace("mlir-opt:", "pyaffine-opt:")


@pytest.mark.parametrize("name", sorted(CASES))
def test_flag_as_mlir_opt(name, tmp_path, capsys):
    source, flags = CASES[name]
    arguments = list(flags)
    if source is not None:
        path = tmp_path / "input.mlir"
        path.write_text(source)
        if "@input" in arguments:
            arguments = [str(path) if a == "@input" else a for a in arguments]
        else:
            arguments.append(str(path))
    code = main(arguments)
    ours = capsys.readouterr()
    theirs = oracle.run([MLIR_OPT, *arguments], capture_output=True, timeout=60)
    assert (code, ours.out, ours.err) == (
        theirs.returncode, _as_ours(theirs.stdout.decode()), _as_ours(theirs.stderr.decode()))


def _columns(lines, marker: str) -> set:
    return {line.index(marker) for line in lines if marker in line}


def test_list_passes_is_laid_out_as_mlir_opts(capsys):
    """One column for the summaries (`-   `) and the options' descriptions
    (` - `), as wide as the widest pass option needs; the
    passes both tools have are listed alike (spaces aside)."""
    assert main(["--list-passes"]) == 0
    ours = capsys.readouterr().out.splitlines()
    theirs = _as_ours(oracle.run([MLIR_OPT, "--list-passes"], capture_output=True,
                                 timeout=60).stdout.decode()).splitlines()
    for listing in (ours, theirs):
        assert listing[0] == "Passes:"
        passes = [line for line in listing if line.startswith("  --")]
        options = [line for line in listing if line.startswith("    --")]
        (summary,) = _columns(passes, "-   ")
        assert _columns(options, " - ") == {summary - 1}
    collapsed = {" ".join(line.split()) for line in theirs}
    starts = ("  --cse ", "  --affine-loop-normalize ", "    --promote-single-iter ",
              "    --region-simplify=<value> ", "    =disabled ", "    =aggressive ")
    shared = [line for line in ours if line.startswith(starts)]
    assert len(shared) == len(starts)
    assert all(" ".join(line.split()) in collapsed for line in shared)
    # An enumeration's values are printed without the pass's indent, their
    # descriptions two columns left of the others, as mlir-opt prints them.
    for listing in (ours, theirs):
        (value,) = [line for line in listing if line.startswith("    =normal ")]
        assert value.index(" -   ") == _columns([listing[1]], "-   ").pop() - 3


def test_help_is_laid_out_as_mlir_opts(capsys):
    """The sections, the one description column of options, passes and pass
    options, and the lines of the options both tools have (spaces aside)."""
    assert main(["--help"]) == 0
    ours = capsys.readouterr().out.splitlines()
    theirs = _as_ours(oracle.run([MLIR_OPT, "--help"], capture_output=True,
                                 timeout=60).stdout.decode()).splitlines()
    for listing in (ours, theirs):
        start = listing.index("OPTIONS:")
        assert listing[start + 1] == "" and listing[start + 2].lower().endswith(" options:")
        general = listing.index("General options:")
        assert listing[general - 1:general + 2] == ["", "General options:", ""]
        assert listing[listing.index("Generic Options:") + 2].startswith("  --help ")
        assert "  Compiler passes to run" in listing and "    Passes:" in listing
    # mlir-opt's widest option pushes its column far; ours follows the same
    # rule over pyaffine-opt's options.
    options = [line for line in ours if re.match(r"  --?[a-z]", line) and " - " in line
               and "[=<" not in line]
    (column,) = _columns(options, " - ")
    passes = [line for line in ours if line.startswith("      --")]
    assert _columns(passes, "-   ") == {column + 1}
    collapsed = {" ".join(line.split()) for line in theirs}
    for flag in ("--mlir-print-ir-after=<pass-arg>", "--output-split-marker=<string>",
                 "--split-input-file[=<string>]", "-o <filename>", "--mlir-print-ir-module-scope",
                 "=only-expected", "--list-passes", "--version"):
        (line,) = [line for line in ours if line.strip().startswith(flag + " ")]
        assert " ".join(line.split()) in collapsed, line


@pytest.mark.parametrize("typed, meant", [
    ("mlir-print-ir-afer-all", "mlir-print-ir-after-all"),
    ("affine-loop-tilee=tile-size=4", "affine-loop-tile=tile-size=4"),
    ("helpp", "help"), ("o=x", "o=x"), ("", None),
])
def test_the_nearest_option(typed, meant):
    """LLVM's rule: the least edit distance over the names, the value after
    `=` kept for an option that takes one."""
    from mlir_affine_py.opt_main import command_line as tool_command_line
    nearest = tool_command_line().nearest(typed)
    assert nearest == meant


def test_edit_distance():
    assert command_line.edit_distance("kitten", "sitting") == 3
    assert command_line.edit_distance("", "abc") == 3
    assert command_line.edit_distance("cse", "cse") == 0
