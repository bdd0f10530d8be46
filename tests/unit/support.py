"""Where the tests find their outside inputs: the shared corpus (the
`shared` folder beside the repository, or $PYAFFINE_SHARED) and mlir-opt 22
($MLIR_OPT, PATH, or /usr/lib/llvm-22/bin).  Tests needing the corpus skip
without it.  mlir-opt's answers are recorded (oracle.py): `MLIR_OPT` and
`MLIR_RUNNER` name the tools to ask through `oracle.run`, and are None only
where answers must come from a live tool ($PYAFFINE_ORACLE=record or live)
that is not installed."""

from __future__ import annotations

import functools
import os
import shutil
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]


def find_corpus() -> Path | None:
    candidates = []
    if os.environ.get("PYAFFINE_SHARED"):
        candidates.append(Path(os.environ["PYAFFINE_SHARED"]))
    candidates.append(REPO_ROOT.parent / "shared")
    for shared in candidates:
        corpus = shared / "corpus"
        if (corpus / "expected").is_dir():
            return corpus
    return None


def find_mlir_tool(name: str) -> str | None:
    env = os.environ.get(name.upper().replace("-", "_"))
    for candidate in (env, shutil.which(name), f"/usr/lib/llvm-22/bin/{name}"):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


@functools.cache
def openmp_libraries() -> str | None:
    """The -shared-libs a parallel program lowered through OpenMP needs
    (mlir-runner's libraries and libomp beside mlir-opt), comma-separated;
    None where one is missing."""
    import glob
    mlir_opt = find_mlir_tool("mlir-opt")
    if mlir_opt is None:
        return None
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(mlir_opt))), "lib")
    found = [sorted(glob.glob(os.path.join(folder, f"{name}.so*")))
             for name in ("libmlir_c_runner_utils", "libmlir_runner_utils", "libomp")]
    return ",".join(paths[0] for paths in found) if all(found) else None


def marked(*marks):
    """One decorator for several pytest marks (the tests sharing a fixture:
    `slow` and their xdist group)."""
    def apply(test):
        for mark in reversed(marks):
            test = mark(test)
        return test
    return apply


def console_script(name: str) -> str | None:
    """A console script installed with this interpreter, else one on PATH.
    The first avoids a version manager's shim (pyenv's costs ~0.1 s a run)
    and another checkout's install."""
    import sys
    beside = os.path.join(os.path.dirname(sys.executable), name)
    if os.path.isfile(beside) and os.access(beside, os.X_OK):
        return beside
    return shutil.which(name)


def oracle_mode() -> str:
    """Where mlir-opt's answers come from (oracle.py): replay, record or live."""
    return os.environ.get("PYAFFINE_ORACLE", "replay")


def oracle_tool(name: str) -> str | None:
    """The tool to hand to `oracle.run`: the installed one, else (answers
    being replayed) its bare name."""
    return find_mlir_tool(name) or (name if oracle_mode() == "replay" else None)


MLIR_OPT = oracle_tool("mlir-opt")
MLIR_RUNNER = oracle_tool("mlir-runner")
CORPUS = find_corpus()


# ------------------------------------------------- running over the corpus
# `expected/permute/` holds outputs of a transformation, not of printing.
SKIPPED_CORPUS_DIRS = {"permute"}
MAX_DIFF_LINES = 200


def corpus_cases() -> list[str]:
    """The corpus files with an expected output, as paths relative to it."""
    if CORPUS is None:
        return []
    expected = CORPUS / "expected"
    # A missing source is not filtered out here: its tests fail.
    return sorted(path.relative_to(expected).as_posix() for path in expected.rglob("*.mlir")
                  if path.relative_to(expected).parts[0] not in SKIPPED_CORPUS_DIRS)


def read_source(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="surrogateescape")


def needs_split(text: str) -> bool:
    return any(line.startswith("// -----") for line in text.splitlines())


def run_in_process(path: Path, split: bool, generic: bool = False) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of pyaffine-opt with --allow-unregistered-dialect
    on `path`, run in this process (fast over the whole corpus)."""
    import io
    import traceback

    from mlir_affine_py import opt_main
    options = opt_main.Options()
    options.input = str(path)
    options.split = split
    options.allow_unregistered = True
    options.generic = generic
    stdout, stderr = io.StringIO(), io.StringIO()
    try:
        code = opt_main.run(options, stdout, stderr)
    except Exception:  # noqa: BLE001 - reported as a failure with its traceback
        return 2, stdout.getvalue(), stderr.getvalue() + traceback.format_exc()
    return code, stdout.getvalue(), stderr.getvalue()


def mlir_opt_output(path: Path, split: bool, generic: bool = False) -> str:
    """What mlir-opt prints for `path` with the flags the corpus uses; a test
    fails if mlir-opt rejects the file."""
    import pytest

    import oracle
    flags = (["-split-input-file"] if split else []) + ["--allow-unregistered-dialect"]
    if generic:
        flags.append("--mlir-print-op-generic")
    done = oracle.run([MLIR_OPT, *flags, str(path)], capture_output=True, timeout=300)
    if done.returncode != 0:
        pytest.fail(f"mlir-opt rejects {path}:\n"
                    + done.stderr.decode("utf-8", "replace")[-4000:], pytrace=False)
    return done.stdout.decode("utf-8", errors="surrogateescape")


def text_diff(expected: str, actual: str, expected_name: str, actual_name: str) -> str:
    """A unified diff, cut at MAX_DIFF_LINES lines."""
    import difflib
    lines = list(difflib.unified_diff(expected.splitlines(keepends=True),
                                      actual.splitlines(keepends=True),
                                      expected_name, actual_name, n=2))
    if len(lines) > MAX_DIFF_LINES:
        lines = lines[:MAX_DIFF_LINES] + [f"... ({len(lines) - MAX_DIFF_LINES} more diff lines)\n"]
    # Make a missing final newline visible instead of gluing lines together.
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of line\n"
                   for line in lines)


def fail_unless_ok(what: str, code: int, stderr: str) -> None:
    import pytest
    if code != 0:
        pytest.fail(f"{what} exited with {code}\n--- stderr ---\n{stderr[-4000:]}", pytrace=False)


# ------------------------------------------------- kernel benchmarks
def quick_benchmark_lines(script: Path, kernels: list) -> list[str]:
    """Run a kernel benchmark's `--quick` mode (one call of each of its
    quick kernels, no timing) and check its report: a line per kernel, in
    order, each saying the checksums match; returns those lines."""
    import subprocess
    import sys
    proc = subprocess.run([sys.executable, str(script), "--quick"], capture_output=True,
                          text=True, timeout=900)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert [line.split(":")[0] for line in lines] == list(kernels)
    for line in lines:
        assert line.endswith("checksums match"), line
    return lines
