"""Every module of the package imports on its own, in a process that has
imported nothing of the package (an import cycle shows as a partially initialized module, whichever module
of the cycle is imported first), and the parse speed machinery
(parse/engine/) imports nothing from the dialects."""

from __future__ import annotations

import os
import subprocess
import sys

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


# The process every module's import is forked from: an interpreter that has
# imported the package's third-party libraries (each module's own import
# would only load them again) and nothing of the package.  Each module is
# then imported in a child of its own, which starts with nothing of the
# package loaded, as a fresh interpreter does.
_FORK_SERVER = r"""
import os, sys, traceback
import islpy, lark, numpy  # noqa: F401
assert not [m for m in sys.modules if m.startswith("mlir_affine_py")]
for line in sys.stdin:
    module, check = line.rstrip("\n").split("\t")
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            exec(f"import {module}{check}")
            status = 0
        except BaseException:
            os.write(write, traceback.format_exc().strip().splitlines()[-1].encode())
            status = 1
        os._exit(status)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        error = pipe.read().decode()
    _, status = os.waitpid(pid, 0)
    print(repr(None if status == 0 else error or f"exit status {status}"), flush=True)
"""


def _engine_check(module: str) -> str:
    """What an engine module must leave unimported: the dialects."""
    if module == ENGINE or module.startswith(ENGINE + "."):
        return ("; import sys; loaded = [m for m in sys.modules "
                "if m.startswith('mlir_affine_py.dialects')]; "
                "assert not loaded, f'imports the dialects: {loaded}'")
    return ""


def _imports_alone(modules: list) -> dict:
    """Module -> error text or None: each of `modules` imported in a process
    of its own forked from `_FORK_SERVER`."""
    import ast
    server = subprocess.Popen([sys.executable, "-c", _FORK_SERVER], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, cwd=REPO_ROOT,
                              env={**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    out, _ = server.communicate("".join(f"{m}\t{_engine_check(m)}\n" for m in modules),
                                timeout=600)
    answers = [ast.literal_eval(line) for line in out.splitlines()]
    assert server.returncode == 0 and len(answers) == len(modules), out[-2000:]
    return dict(zip(modules, answers))


@pytest.mark.slow
def test_every_module_imports_on_its_own_in_a_fresh_interpreter():
    modules = _modules()
    assert len(modules) > 40 and ENGINE + ".lexer" in modules
    failures = {module: error for module, error in _imports_alone(modules).items()
                if error is not None}
    assert not failures, failures
