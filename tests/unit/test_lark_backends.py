"""Every way the parser can be set up prints the same: lark-cython or pure
Lark, tables built from the grammar (no cache yet) or loaded from the cache
(with re-keyed callbacks).

The tables are built anew, in a cache folder of the test's own, for the
grammars of a plain affine run (with and without the extended grammar's
ops): building is the same code for every grammar, and the grammar of every
dialect takes Lark half a minute per build.  An input that names a deferred
dialect (dialects.DEFERRED) is read with the user's cache, which the
suite's first run that needs that grammar builds."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from mlir_affine_py.dialects import DEFERRED
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
        own = env
        if any(prefix in path.read_text() for prefix in set(DEFERRED.values())):
            own = {key: value for key, value in env.items() if key != "XDG_CACHE_HOME"}
        fresh = _print(path, own)           # the first run builds and caches the tables
        cached = _print(path, own)
        reference = _print(path, {})
        assert fresh == cached == reference, path
