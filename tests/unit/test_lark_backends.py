"""Every way the parser can be set up prints the same: lark-cython or pure
Lark, tables built from the grammar (no cache yet) or loaded from the cache
(with re-keyed callbacks)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from support import CORPUS, REPO_ROOT

INPUTS = [REPO_ROOT / "examples" / "matmul.mlir",
          REPO_ROOT / "tests" / "lit" / "roundtrip" / "compare-mlir-opt.mlir"]
if CORPUS is not None:
    INPUTS += [CORPUS / "upstream" / "memref-dependence-check.mlir",
               CORPUS / "upstream" / "IR-locations.mlir"]


def _print(path, env_extra: dict) -> str:
    env = {**os.environ, **env_extra}
    done = subprocess.run([sys.executable, "-m", "mlir_affine_py.opt_main", "-split-input-file",
                           "--allow-unregistered-dialect", str(path)],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("pure", [False, True], ids=["default", "pure-lark"])
def test_fresh_and_cached_tables_print_the_same(pure, tmp_path):
    env = {"XDG_CACHE_HOME": str(tmp_path)}
    if pure:
        env["PYAFFINE_PURE_LARK"] = "1"
    for path in INPUTS:
        fresh = _print(path, env)           # the first run builds and caches the tables
        cached = _print(path, env)
        reference = _print(path, {})
        assert fresh == cached == reference, path
