"""-test-memref-dependence-check against mlir-opt 22 on the upstream test
file (46 chunks): every remark, in order, at the same line and column, and
identical.  The distance ranges MLIR prints come from its Fourier-Motzkin
projection, looser than the exact ones where mod/floordiv quotients are
involved; the pass reproduces them (analysis/dependence_relation.py).  The
comparison uses mlir-opt when it is installed and the stored copy
(tools/regen_dependence_remarks.py) otherwise."""

from __future__ import annotations

import io
import re

import pytest

import oracle
from mlir_affine_py.opt_main import Options, run
from support import CORPUS, MLIR_OPT, REPO_ROOT

pytestmark = pytest.mark.corpus

STORED = REPO_ROOT / "tests" / "unit" / "data" / "memref-dependence-check.remarks"
LINE = re.compile(r"^[^:]+:(\d+):(\d+): (remark|error): (.*)$")


def _remarks(stderr: str) -> list[str]:
    out = []
    for line in stderr.splitlines():
        match = LINE.match(line)
        if match and not match.group(4).startswith("expected "):
            out.append(f"{match.group(1)}:{match.group(2)}: {match.group(3)}: {match.group(4)}")
    return out


@pytest.mark.skipif(CORPUS is None, reason="../shared/corpus not found")
def test_remarks_match_mlir_opt():
    source = CORPUS / "upstream" / "memref-dependence-check.mlir"
    options = Options()
    options.input = str(source)
    options.split = True
    options.passes = [("test-memref-dependence-check", "")]
    err = io.StringIO()
    assert run(options, io.StringIO(), err) == 0, err.getvalue()
    ours = _remarks(err.getvalue())
    if MLIR_OPT is not None:
        theirs = _remarks(oracle.run(
            [MLIR_OPT, "-test-memref-dependence-check", "-split-input-file", str(source),
             "-o", "/dev/null"], capture_output=True, text=True).stderr)
    else:
        theirs = STORED.read_text().splitlines()
    assert len(ours) == len(theirs) == 369
    for mine, upstream in zip(ours, theirs):
        assert mine == upstream, f"\nours:     {mine}\nmlir-opt: {upstream}"
