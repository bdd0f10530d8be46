"""Byte-exact comparison with mlir-opt 22 over the shared corpus.

For every file `corpus/expected/<dir>/<name>` (the output of
`mlir-opt [-split-input-file] --allow-unregistered-dialect corpus/<dir>/<name>`,
see `corpus/regen.sh`) this runs pyaffine-opt with the same flags on the
source and requires the same bytes.  `expected/permute/` holds outputs of a
transformation, not of plain printing, and is left out here.  The files
mlir-opt rejects (`corpus/index.json`) must be rejected with its first
diagnostic.

The corpus lives in the `shared` folder beside the repository root, or in
`$PYAFFINE_SHARED`.  Without it the corpus tests are skipped.

The tool runs in-process (`opt_main.run` with string streams) so that the
whole corpus stays fast; `test_console_script_smoke` runs the installed
console script once as a separate process.
"""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from support import (CORPUS, MLIR_OPT, REPO_ROOT, console_script, corpus_cases, fail_unless_ok,
                     mlir_opt_output, needs_split, read_source, run_in_process, text_diff)

pytestmark = pytest.mark.corpus

# Files on which `mlir-opt` is not a fixed point of its own output; checked by
# test_mlir_opt_not_idempotent_list_is_exact when mlir-opt is installed.
MLIR_OPT_NOT_IDEMPOTENT = {
    "upstream/IR-affine-map.mlir",
    "upstream/IR-locations.mlir",
    "upstream/simplify-structures.mlir",
}

SKIP_REASON = ("shared corpus not found: expected `shared/corpus/expected/` beside the "
               f"repository ({REPO_ROOT.parent / 'shared'}) or under $PYAFFINE_SHARED")
CASES = corpus_cases()
# An empty parameter list would make pytest skip silently with a vague reason;
# a single explicit skip says why.
PARAMS = CASES or [pytest.param(None, marks=pytest.mark.skip(reason=SKIP_REASON))]


@functools.lru_cache(maxsize=None)
def first_pass(relpath: str) -> tuple[bool, int, str, str]:
    """(split?, exit code, stdout, stderr) of pyaffine-opt on the corpus source."""
    source = CORPUS / relpath
    split = needs_split(read_source(source))
    return (split, *run_in_process(source, split))


def _command(relpath: str, split: bool) -> str:
    flags = "-split-input-file " if split else ""
    return f"pyaffine-opt {flags}--allow-unregistered-dialect {CORPUS / relpath}"


@pytest.mark.parametrize("relpath", PARAMS)
def test_matches_mlir_opt(relpath):
    split, code, out, err = first_pass(relpath)
    command = _command(relpath, split)
    fail_unless_ok(command, code, err)
    expected = (CORPUS / "expected" / relpath).read_text(encoding="utf-8",
                                                         errors="surrogateescape")
    if out != expected:
        pytest.fail(f"`{command}` differs from mlir-opt 22 (corpus/expected/{relpath}):\n"
                    + text_diff(expected, out, f"expected/{relpath} (mlir-opt)", "pyaffine-opt"),
                    pytrace=False)


@pytest.mark.parametrize("relpath", PARAMS)
def test_idempotent(relpath, tmp_path):
    """Printing pyaffine-opt's own output again gives the same bytes.

    mlir-opt itself is not idempotent on a few corpus files (it simplifies
    affine expressions further when it reads its own output, and turns
    locations into file positions); for those the second print must equal
    what mlir-opt prints for the same file, so they need mlir-opt."""
    split, code, out, err = first_pass(relpath)
    fail_unless_ok(_command(relpath, split), code, err)
    printed = tmp_path / Path(relpath).name
    printed.write_text(out, encoding="utf-8", errors="surrogateescape")
    if relpath in MLIR_OPT_NOT_IDEMPOTENT:
        if MLIR_OPT is None:
            pytest.skip("mlir-opt changes this file when it prints it again; "
                        "comparing the second print needs mlir-opt")
        target, target_name = mlir_opt_output(printed, split), "mlir-opt on the first print"
    else:
        target, target_name = out, "first print"
    code2, out2, err2 = run_in_process(printed, split)
    fail_unless_ok(f"pyaffine-opt on its own output of {relpath}", code2, err2)
    if out2 != target:
        pytest.fail(f"printing the output of {relpath} again gives different bytes:\n"
                    + text_diff(target, out2, target_name, "second print"), pytrace=False)


@pytest.mark.skipif(CORPUS is None or MLIR_OPT is None,
                    reason="needs the shared corpus and mlir-opt")
def test_mlir_opt_not_idempotent_list_is_exact(tmp_path):
    """MLIR_OPT_NOT_IDEMPOTENT lists exactly the files that mlir-opt changes
    when it prints its own output again."""
    found = set()
    for relpath in CASES:
        expected = CORPUS / "expected" / relpath
        split = needs_split(read_source(expected))
        copy = tmp_path / Path(relpath).name
        shutil.copyfile(expected, copy)
        if mlir_opt_output(copy, split) != read_source(copy):
            found.add(relpath)
    assert found == MLIR_OPT_NOT_IDEMPOTENT


def _console_script() -> list[str]:
    script = console_script("pyaffine-opt")
    return [script] if script else [sys.executable, "-m", "mlir_affine_py.opt_main"]


def test_console_script_smoke(tmp_path):
    """The installed command behaves like the in-process run (output, exit code),
    reads standard input for `-`, and writes `-o` files."""
    source = tmp_path / "smoke.mlir"
    source.write_text(
        "func.func @f(%A: memref<4xf32>) {\n"
        "  affine.for %i = 0 to 4 {\n"
        "    %v = affine.load %A[%i] : memref<4xf32>\n"
        "    affine.store %v, %A[%i] : memref<4xf32>\n"
        "  }\n"
        "  return\n"
        "}\n", encoding="utf-8")
    code, expected, err = run_in_process(source, split=False)
    assert code == 0, err
    assert expected.startswith("module {\n") and "affine.for %arg1 = 0 to 4 {" in expected

    command = _console_script() + ["--allow-unregistered-dialect"]
    done = subprocess.run(command + [str(source)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected

    done = subprocess.run(command + ["-"], input=source.read_text(), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected

    output = tmp_path / "out.mlir"
    done = subprocess.run(command + [str(source), "-o", str(output)], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ""
    assert output.read_text() == expected

    done = subprocess.run(command + [str(tmp_path / "missing.mlir")], capture_output=True,
                          text=True, timeout=120)
    assert done.returncode != 0
    assert "missing.mlir" in done.stderr


@pytest.mark.skipif(CORPUS is None, reason=SKIP_REASON)
def test_corpus_is_complete():
    """Guards against an emptied or misplaced corpus turning the suite green."""
    assert len(CASES) >= 70, f"only {len(CASES)} expected files under {CORPUS / 'expected'}"
    for relpath in CASES:
        assert (CORPUS / relpath).is_file(), f"no source for expected/{relpath}"


def _rejected_files() -> list:
    """(file, mlir-opt's first diagnostic) for the corpus files mlir-opt
    rejects, as the corpus index records them."""
    index = CORPUS / "index.json" if CORPUS is not None else None
    if index is None or not index.is_file():
        return []
    import json
    entries = json.loads(index.read_text(encoding="utf-8"))
    return [(e["file"], e["error"]) for e in entries if not e["parses"] and e.get("error")]


REJECTED = _rejected_files()


@pytest.mark.parametrize("relpath, expected", REJECTED or [
    pytest.param(None, None, marks=pytest.mark.skip(reason="no corpus index"))])
def test_rejects_like_mlir_opt(relpath, expected):
    """The inputs mlir-opt rejects are rejected with its first diagnostic."""
    split, code, out, err = first_pass(relpath)
    first = next((line for line in err.splitlines() if ": error: " in line), "")
    assert code == 1 and first == f"{CORPUS / relpath}:{expected.split(':', 1)[1]}", err[:2000]
