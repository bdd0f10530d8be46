"""Every file under examples/ is run by the tests: each MLIR file prints as
mlir-opt 22 prints it (recorded answers, oracle.py) and every Python file
is run here or in test_api.py, which checks what it prints."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

import oracle
from mlir_affine_py.opt_main import main
from support import MLIR_OPT, REPO_ROOT

EXAMPLES = REPO_ROOT / "examples"

# Each Python example and the command that runs it (from the checkout),
# with a line its output holds; test_api.py compares their whole output
# with the README's.
PYTHON_EXAMPLES = {
    "permute.py": (["examples/permute.py"], "['%i', '%k', '%j']"),
    "unit_stride.py": (["-m", "mlir_affine_py.opt_main", "--load-pass-plugin",
                        "examples/unit_stride.py", "-unit-stride-innermost",
                        "examples/matmul.mlir"], "remark: moved %j innermost"),
}


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("name", sorted(p.name for p in EXAMPLES.glob("*.mlir")))
def test_mlir_example_prints_as_mlir_opt(name, capsys):
    path = EXAMPLES / name
    code = main([str(path)])
    ours = capsys.readouterr()
    theirs = oracle.run([MLIR_OPT, str(path)], capture_output=True, timeout=60)
    assert (code, ours.out, ours.err) == (theirs.returncode, theirs.stdout.decode(),
                                          theirs.stderr.decode())


def test_every_python_example_has_a_run():
    assert sorted(p.name for p in EXAMPLES.glob("*.py")) == sorted(PYTHON_EXAMPLES)


@pytest.mark.parametrize("name", sorted(PYTHON_EXAMPLES))
def test_python_example_runs(name):
    arguments, expected = PYTHON_EXAMPLES[name]
    done = subprocess.run([sys.executable, *arguments], capture_output=True, text=True,
                          cwd=REPO_ROOT, env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout + done.stderr
