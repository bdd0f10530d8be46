"""Every lit test of tests/lit, one pytest case each, run in this process
by lit_shell.py: the quick run's lit suite.  The upstream files that
tests/lit/upstream runs in place from the shared corpus (lit_upstream.py)
run here too, pyaffine-opt standing in for mlir-opt, with their pass flags
as written and respelt as a --pass-pipeline.  The real lit, with a process
per command, runs a sample of them again in the full run (test_lit.py)."""

from __future__ import annotations

import re
import sys

import pytest

import lit_shell
from support import CORPUS

sys.path.insert(0, str(lit_shell.LIT_DIR))
from lit_upstream import UPSTREAM_FILES, as_pipeline  # noqa: E402


@pytest.mark.parametrize("relative", lit_shell.lit_files())
def test_lit_file(relative, tmp_path):
    failure = lit_shell.failure_of(relative, tmp_path)
    if failure:
        pytest.fail(failure, pytrace=False)


def _stand_in(command: str) -> str:
    return re.sub(lit_shell.TOOL_PATTERN.format("mlir-opt"), "pyaffine-opt", command)


@pytest.mark.corpus
@pytest.mark.skipif(CORPUS is None, reason="the shared corpus is not available")
@pytest.mark.parametrize("spelling", ["flags", "pass-pipeline"])
@pytest.mark.parametrize("name", UPSTREAM_FILES)
def test_upstream_file(name, spelling, tmp_path):
    path = CORPUS / "upstream" / name
    respell = _stand_in if spelling == "flags" else (lambda c: as_pipeline(_stand_in(c)))
    failure = lit_shell.failure_of(f"upstream/{name}.{spelling}", tmp_path, path=path,
                                   respell=respell)
    if failure:
        pytest.fail(failure, pytrace=False)


def test_unquoted_globs_expand_as_lits_shell_expands_them(tmp_path):
    """`%t/*.mlir` is the files it matches, sorted; a glob matching
    nothing is passed as written (lit's internal shell, not a crash)."""
    folder = tmp_path / "cases"
    folder.mkdir()
    for name in ("b", "a"):
        (folder / f"{name}.mlir").write_text(f"func.func @{name}() {{\n  return\n}}\n")
    test = tmp_path / "globs.mlir"
    test.write_text(
        f"// RUN: cat {folder}/*.mlir | pyaffine-opt | FileCheck %s\n"
        f"// RUN: echo {folder}/?.mlir > %t.names\n"
        f"// RUN: FileCheck --check-prefix=NAMES %s < %t.names\n"
        f"// RUN: not pyaffine-opt {folder}/*.none 2>&1 | FileCheck --check-prefix=NONE %s\n"
        "// CHECK: func.func @a()\n// CHECK: func.func @b()\n"
        "// NAMES: {{.*}}/a.mlir {{.*}}/b.mlir\n"
        "// NONE: {{.*}}*.none\n")
    assert lit_shell.failure_of("globs.mlir", tmp_path, path=test) is None
