"""The driver never loses or half-writes its output, and fails cleanly.

`-o FILE` goes to a temporary file in FILE's folder that replaces FILE only
when the run succeeds: a failing run (a diagnostic, an internal error, an
output folder that does not exist) leaves an existing FILE as it was and no
temporary file behind.  Standard input and output work in pipes, and a
reader that leaves early (`| head`) ends the run quietly.  An internal error
prints one line naming the failing stage and input location, with a hint
to report it, and exits 2; the traceback comes only with --debug.  Deep and
large inputs are checked at a modest size here (tools/scale_check.py runs
the full sizes).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from mlir_affine_py import opt_main
from support import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools"))
import scale_check  # noqa: E402

GOOD = """func.func @f(%A: memref<8xf32>) {
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    affine.store %v, %A[%i] : memref<8xf32>
  }
  return
}
"""
BAD = GOOD.replace("affine.store %v,", "affine.store %w,")
DRIVER = [sys.executable, "-m", "mlir_affine_py.opt_main"]


def _main(argv, capsys):
    code = opt_main.main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _existing(tmp_path: Path) -> Path:
    out = tmp_path / "out.mlir"
    out.write_text("previous contents\n")
    os.chmod(out, 0o640)
    old = time.time() - 1000
    os.utime(out, (old, old))
    return out


def _assert_untouched(out: Path):
    assert out.read_text() == "previous contents\n"
    assert time.time() - out.stat().st_mtime > 900
    assert oct(out.stat().st_mode & 0o777) == oct(0o640)
    assert sorted(p.name for p in out.parent.iterdir() if p.name.startswith(".")) == []


def test_a_diagnostic_leaves_an_existing_output_untouched(tmp_path, capsys):
    source = tmp_path / "bad.mlir"
    source.write_text(BAD)
    out = _existing(tmp_path)
    code, stdout, stderr = _main([source, "-o", out], capsys)
    assert code == 1 and stdout == ""
    assert re.match(rf"{re.escape(str(source))}:4:\d+: error: use of undeclared SSA value", stderr)
    _assert_untouched(out)


def test_a_split_file_with_one_bad_chunk_writes_nothing(tmp_path, capsys):
    source = tmp_path / "split.mlir"
    source.write_text(GOOD + "// -----\n" + BAD)
    out = _existing(tmp_path)
    code, _, stderr = _main(["-split-input-file", source, "-o", out], capsys)
    assert code == 1 and ":12:" in stderr
    _assert_untouched(out)


def test_an_internal_error_leaves_the_output_untouched(tmp_path, capsys, monkeypatch):
    from mlir_affine_py.dialects.affine import AffineForOp

    def broken(self, p):
        raise ZeroDivisionError("simulated bug")
    monkeypatch.setattr(AffineForOp, "print", broken)
    source = tmp_path / "good.mlir"
    source.write_text(GOOD)
    out = _existing(tmp_path)
    code, stdout, stderr = _main([source, "-o", out], capsys)
    assert code == 2 and stdout == ""
    lines = stderr.splitlines()
    assert len(lines) == 1, stderr
    assert lines[0].startswith(f"error: internal error while printing at {source}:2:3 "
                               "('affine.for'): ZeroDivisionError: simulated bug; this is a bug")
    assert "please report" in lines[0] and "--debug" in lines[0]
    _assert_untouched(out)
    code, _, stderr = _main([source, "--debug"], capsys)
    assert code == 2 and "Traceback (most recent call last)" in stderr
    assert stderr.rstrip().splitlines()[-1].startswith("error: internal error while printing")


def test_an_output_folder_that_does_not_exist(tmp_path, capsys):
    source = tmp_path / "good.mlir"
    source.write_text(GOOD)
    target = tmp_path / "missing" / "out.mlir"
    code, stdout, stderr = _main([source, "-o", target], capsys)
    assert code == 1 and stdout == ""
    assert stderr == f"cannot open output file '{target}': No such file or directory\n"
    assert not target.parent.exists()


def test_success_replaces_the_output_and_keeps_its_permissions(tmp_path, capsys):
    source = tmp_path / "good.mlir"
    source.write_text(GOOD)
    out = _existing(tmp_path)
    link = tmp_path / "link.mlir"
    link.symlink_to(out)
    code, stdout, stderr = _main([source, "-o", link], capsys)
    assert (code, stdout, stderr) == (0, "", "")
    assert link.is_symlink() and out.read_text().startswith("module {\n  func.func @f(")
    assert oct(out.stat().st_mode & 0o777) == oct(0o640)
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_standard_input_and_output_in_a_pipe():
    done = subprocess.run(DRIVER + ["-"], input=GOOD.encode(), capture_output=True, timeout=60)
    assert done.returncode == 0 and done.stderr == b""
    again = subprocess.run(DRIVER, input=done.stdout, capture_output=True, timeout=60)
    assert again.returncode == 0 and again.stdout == done.stdout
    failed = subprocess.run(DRIVER + ["-"], input=BAD.encode(), capture_output=True, timeout=60)
    assert failed.returncode == 1 and failed.stderr.startswith(b"<stdin>:4:")


def test_the_command_ends_only_after_all_its_output_is_written(tmp_path, capsys):
    """The command ends its process with `os._exit`, without Python's
    shutdown: end to end through that path, a large output through a pipe
    arrives as `main` prints it, and so do the diagnostics."""
    source = tmp_path / "big.mlir"
    source.write_text("".join(GOOD.replace("@f(", f"@f{n}(") for n in range(3000)))
    code, expected, _ = _main([source], capsys)
    assert code == 0 and len(expected) > 500_000
    done = subprocess.run(DRIVER + [str(source)], capture_output=True, timeout=300)
    assert done.returncode == 0 and done.stdout.decode() == expected
    failed = subprocess.run(DRIVER + ["-split-input-file", "-"], input=f"{BAD}// -----\n{BAD}".encode(),
                            capture_output=True, timeout=60)
    assert failed.returncode == 1 and failed.stderr.decode().count(": error:") == 2


def test_a_reader_that_leaves_early_ends_the_run_quietly(tmp_path):
    source = tmp_path / "big.mlir"
    source.write_text("".join(GOOD.replace("@f(", f"@f{n}(") for n in range(3000)))
    process = subprocess.Popen(DRIVER + [str(source)], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    first = process.stdout.read(100)
    process.stdout.close()          # `| head -c 100`
    stderr = process.stderr.read()
    assert process.wait(timeout=120) == 0
    assert first.startswith(b"module {") and stderr == b""


@pytest.mark.parametrize("closed, source, expected", [
    (">&-", GOOD, 0),     # the output has nowhere to go: dropped quietly
    ("2>&-", BAD, 1),     # the diagnostic has nowhere to go: the status tells
    ("<&-", None, 1),     # no input: `cannot open input file '-'`
])
def test_closed_standard_streams(closed, source, expected):
    done = subprocess.run(["bash", "-c", f'"$@" {closed}', "bash", *DRIVER, "-"],
                          input=source.encode() if source else None,
                          stdout=subprocess.PIPE if closed != ">&-" else None,
                          stderr=subprocess.PIPE if closed != "2>&-" else None, timeout=60)
    assert done.returncode == expected
    assert b"Traceback" not in (done.stderr or b"")


def test_a_200_deep_nest_of_regions(tmp_path, capsys):
    source = tmp_path / "deep.mlir"
    source.write_text(scale_check.generate_deep(200))
    code, stdout, stderr = _main([source], capsys)
    assert code == 0 and stderr == ""
    assert len(re.findall(r"^\s*(affine\.for|affine\.if|scf\.if)\b", stdout, re.M)) == 200
    again = tmp_path / "again.mlir"
    again.write_text(stdout)
    assert _main([again], capsys)[1] == stdout


def test_a_3000_deep_nest_of_regions(tmp_path, capsys):
    source = tmp_path / "deeper.mlir"
    source.write_text(scale_check.generate_deep(3000))
    code, stdout, stderr = _main([source], capsys)
    assert code == 0 and stderr == ""
    assert stdout.count("affine.for") == 1000


def test_nesting_depth_counts_brackets_outside_strings_and_comments():
    assert opt_main.nesting_depth('{ "((((" // ((((\n (<[x]>) -> }') == 4


def test_a_50k_line_file(tmp_path, capsys):
    text = scale_check.generate_lines(50_000)
    source = tmp_path / "lines.mlir"
    source.write_text(text)
    code, stdout, stderr = _main([source, "-o", tmp_path / "out.mlir"], capsys)
    assert (code, stdout, stderr) == (0, "", "")
    printed = (tmp_path / "out.mlir").read_text()
    assert printed.count("func.func @kernel") == text.count("func.func @kernel")


def test_nesting_beyond_the_recursion_limit_is_a_diagnostic(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(opt_main, "RECURSION_LIMIT", 1500)
    saved = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)     # main() raises it to RECURSION_LIMIT, and restores it
    depth = 4000
    source = tmp_path / "too-deep.mlir"
    source.write_text(f"#m = affine_map<(d0)[s0] -> ({'(' * depth}d0{' * s0)' * depth})>\n"
                      "func.func @f(%a: index) -> index {\n"
                      "  %0 = affine.apply #m(%a)[%a]\n  return %0 : index\n}\n")
    try:
        code, stdout, stderr = _main([source], capsys)
    finally:
        sys.setrecursionlimit(saved)
    assert code == 1 and stdout == ""
    assert stderr.startswith(f"{source}:1:")
    assert ": error: nesting too deep: 4001 levels of brackets" in stderr.splitlines()[0]
