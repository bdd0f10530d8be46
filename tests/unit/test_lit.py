"""Runs lit tests under the real lit, a process per command and the
console script itself: the full run's check that what test_lit_files.py
runs in process holds for the installed tool too.  The first test of every
folder runs so (every kind of RUN line: diagnostics, round trips, passes,
remarks, the comparisons with mlir-opt); $PYAFFINE_LIT_ALL=1 runs them all
(about 700 processes).

lit and FileCheck come from PyPI (`pip install -e '.[test]'`).  Tests that
compare with mlir-opt say `REQUIRES: mlir-opt` and are reported as
unsupported when it is not installed.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

LIT_DIR = Path(__file__).resolve().parents[1] / "lit"
# `lit` has no `__main__` module; start its entry point explicitly so that the
# interpreter running pytest (and its installed packages) is the one used.
LIT = [sys.executable, "-c", "import sys, lit.main; sys.exit(lit.main.main())"]


def _sample() -> list[str]:
    """The first lit test of each folder, and one upstream file in its
    --pass-pipeline spelling (lit_upstream.py)."""
    import lit_shell
    first: dict = {}
    for relative in lit_shell.lit_files():
        first.setdefault(relative.rpartition("/")[0], relative)
    return sorted(first.values()) + ["upstream/loop-permute.mlir.pass-pipeline"]


@pytest.mark.slow
@pytest.mark.oracle
def test_lit_suite():
    for module in ("lit", "filecheck"):
        if importlib.util.find_spec(module) is None:
            pytest.fail(f"{module} is not installed; run `pip install -e '.[test]'`",
                        pytrace=False)
    chosen = [] if os.environ.get("PYAFFINE_LIT_ALL") else [
        "--filter", "|".join(re.escape(name) + "$" for name in _sample())]
    done = subprocess.run(LIT + ["-v", *chosen, str(LIT_DIR)], capture_output=True,
                          text=True, timeout=1200)
    output = done.stdout + done.stderr
    failing = re.findall(r"^\s*(?:FAIL|XPASS|UNRESOLVED|TIMEOUT): .*$", output, re.M)
    if done.returncode != 0:
        summary = "\n".join(dict.fromkeys(failing)) or "(no failing test named)"
        pytest.fail(f"lit {LIT_DIR} exited with {done.returncode}; failing tests:\n{summary}\n"
                    f"--- lit output (tail) ---\n{output[-12000:]}", pytrace=False)
    passed = re.search(r"^\s*Passed\s*:\s*(\d+)", output, re.M)
    assert passed and int(passed.group(1)) > 0, f"lit ran no test:\n{output}"
