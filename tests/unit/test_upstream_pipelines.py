"""The RUN lines of the shared upstream loop-permute.mlir, read from the
file at test time: pyaffine-opt's output, with the pass given as a flag and
as a --pass-pipeline, equals mlir-opt's (the lit suite runs the FileCheck
lines themselves, tests/lit/upstream)."""

from __future__ import annotations

import re
import shlex
import sys

import pytest

import lit_shell
import oracle
from support import CORPUS, MLIR_OPT, REPO_ROOT

pytestmark = pytest.mark.corpus

sys.path.insert(0, str(REPO_ROOT / "tests" / "lit"))
from lit_upstream import as_pipeline  # noqa: E402

UPSTREAM = CORPUS.parent / "corpus" / "upstream" / "loop-permute.mlir" if CORPUS else None


def _run_lines() -> list[list[str]]:
    if UPSTREAM is None or not UPSTREAM.is_file():
        return []
    lines = re.findall(r"^// RUN: (.*)$", UPSTREAM.read_text(), re.M)
    return [line.split("|")[0].strip() for line in lines]


RUN_LINES = _run_lines()


def _output(command: str) -> str:
    """What `mlir-opt ...` (recorded, oracle.py) or `pyaffine-opt ...` (run
    here) prints."""
    args = shlex.split(command.replace("%s", str(UPSTREAM)))
    if args[0] == "pyaffine-opt":
        done = lit_shell.run_pyaffine_opt(args[1:], b"", REPO_ROOT)
        assert done.code == 0, done.stderr.decode()
        return done.stdout.decode("utf-8", "surrogateescape")
    done = oracle.run(args, capture_output=True, text=True, timeout=300, cwd=REPO_ROOT)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_upstream_file_has_its_seven_run_lines():
    if UPSTREAM is None:
        pytest.skip("the shared corpus is not available")
    assert len(RUN_LINES) == 7


@pytest.mark.skipif(not MLIR_OPT or not RUN_LINES, reason="needs mlir-opt and the shared corpus")
@pytest.mark.parametrize("line", RUN_LINES)
def test_both_spellings_match_mlir_opt(line):
    expected = _output(line.replace("mlir-opt", MLIR_OPT, 1))
    ours = line.replace("mlir-opt", "pyaffine-opt", 1)
    pipeline = as_pipeline(" " + ours).strip()
    assert "--pass-pipeline=" in pipeline
    assert _output(ours) == expected
    assert _output(pipeline) == expected
    assert _output(as_pipeline(" " + line.replace("mlir-opt", MLIR_OPT, 1)).strip()) == expected
