"""-affine-loop-interchange on every corpus file that parses: exit 0, and,
when mlir-opt is installed, mlir-opt accepts the output."""

from __future__ import annotations

import io

import pytest

import oracle
from mlir_affine_py.opt_main import Options, run
from support import CORPUS, MLIR_OPT, needs_split

pytestmark = pytest.mark.corpus


def _sources():
    if CORPUS is None:
        return []
    return [CORPUS / folder / expected.name
            for folder in ("upstream", "polybench", "polybench-patched")
            for expected in sorted((CORPUS / "expected" / folder).glob("*.mlir"))]


@pytest.mark.skipif(CORPUS is None, reason="../shared/corpus not found")
@pytest.mark.parametrize("path", _sources(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_interchange_output_is_valid(path):
    split = needs_split(path.read_text())
    options = Options()
    options.input = str(path)
    options.split = split
    options.allow_unregistered = True
    options.passes = [("affine-loop-interchange", "")]
    out, err = io.StringIO(), io.StringIO()
    assert run(options, out, err) == 0, err.getvalue()
    if MLIR_OPT is not None:
        flags = ["--allow-unregistered-dialect"] + (["-split-input-file"] if split else [])
        checked = oracle.run([MLIR_OPT, *flags, "-", "-o", "/dev/null"],
                                 input=out.getvalue(), capture_output=True, text=True)
        assert checked.returncode == 0, checked.stderr
