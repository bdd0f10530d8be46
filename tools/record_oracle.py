#!/usr/bin/env python3
"""Record mlir-opt 22's answers to the questions the tests ask.

    python tools/record_oracle.py [PYTEST ARGS...]

Runs the test suite (every test, or the test files given) with
$PYAFFINE_ORACLE=record: each question a test asks mlir-opt or mlir-runner
(tests/unit/oracle.py) is answered by the installed tool, and the file
tests/oracle/<module>.json of every test module that ran is rewritten with
exactly the questions it asked.  Files of modules that did not run are left
as they are.  Needs mlir-opt 22 ($MLIR_OPT, PATH or /usr/lib/llvm-22/bin).

Check the recorded answers against the installed tool with
`python -m pytest -m oracle`.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    environment = dict(os.environ, PYAFFINE_ORACLE="record")
    # Every test that asks, slow ones included; the live checks of the
    # answers themselves ask nothing to keep.
    command = [sys.executable, "-m", "pytest", "-q", "--all", "-m", "not oracle", *argv]
    return subprocess.run(command, cwd=ROOT, env=environment).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
