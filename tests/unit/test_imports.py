"""Every module of the package imports on its own, in a fresh interpreter
(an import cycle shows as a partially initialized module, whichever module
of the cycle is imported first), and the parse speed machinery
(parse/engine/) imports nothing from the dialects."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

from support import REPO_ROOT

PACKAGE = REPO_ROOT / "mlir_affine_py"
ENGINE = "mlir_affine_py.parse.engine"


def _modules() -> list:
    names = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO_ROOT).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        names.append(".".join(parts))
    return names


def _import_alone(module: str):
    """(module, error text or None): `module` imported in a fresh
    interpreter; an engine module must leave the dialects unimported."""
    check = ""
    if module == ENGINE or module.startswith(ENGINE + "."):
        check = ("; import sys; loaded = [m for m in sys.modules "
                 "if m.startswith('mlir_affine_py.dialects')]; "
                 "assert not loaded, f'imports the dialects: {loaded}'")
    run = subprocess.run([sys.executable, "-c", f"import {module}{check}"],
                         capture_output=True, text=True, cwd=REPO_ROOT,
                         env={**os.environ, "PYTHONPATH": str(REPO_ROOT)}, timeout=120)
    return module, (run.stderr.strip().splitlines() or ["exit status"])[-1] \
        if run.returncode else None


@pytest.mark.slow
def test_every_module_imports_on_its_own_in_a_fresh_interpreter():
    modules = _modules()
    assert len(modules) > 40 and ENGINE + ".lexer" in modules
    with ThreadPoolExecutor(max_workers=4) as pool:
        failures = {module: error for module, error in pool.map(_import_alone, modules)
                    if error is not None}
    assert not failures, failures
