"""The wheel holds the whole package: every module and grammar file of the
source tree under mlir_affine_py/, found by setuptools' package discovery
(a package listed by hand and then forgotten gave a tool whose passes
failed to load).  CI also installs the wheel in a fresh venv and runs the
passes from it (.ci/run)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from support import REPO_ROOT

PACKAGE = REPO_ROOT / "mlir_affine_py"


def _source_files() -> set:
    return {path.relative_to(REPO_ROOT).as_posix() for path in PACKAGE.rglob("*")
            if path.suffix in (".py", ".lark", ".typed") and "__pycache__" not in path.parts}


def _wheel(folder) -> Path:
    """The wheel CI built from this tree ($PYAFFINE_WHEEL, .ci/run), or one
    built here."""
    if os.environ.get("PYAFFINE_WHEEL"):
        return Path(os.environ["PYAFFINE_WHEEL"])
    done = subprocess.run([sys.executable, "-m", "build", "-q", "--wheel", "--outdir",
                           str(folder), str(REPO_ROOT)], capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    return next(folder.glob("pyaffine_opt-*.whl"))


@pytest.mark.slow
def test_the_wheel_holds_every_module_and_grammar_file(tmp_path):
    wheel = _wheel(tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    missing = sorted(_source_files() - names)
    assert not missing, f"not in {wheel.name}: {missing}"
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    assert "pyaffine-opt = mlir_affine_py.opt_main:console_main" in \
        zipfile.ZipFile(wheel).read(entry_points).decode()


def test_every_package_folder_is_a_package():
    """Discovery finds folders with an __init__.py: one without would be
    left out of the wheel (its modules imported only from a checkout)."""
    folders = {path.parent for path in PACKAGE.rglob("*.py") if "__pycache__" not in path.parts}
    assert all((folder / "__init__.py").is_file() for folder in folders), \
        sorted(str(f) for f in folders if not (f / "__init__.py").is_file())
