"""The affine memory passes (-affine-scalrep, ...) against mlir-opt 22.

- Upstream's tests of each pass in the shared corpus (passes/runs.json):
  the output is byte-identical, chunk by chunk, to mlir-opt's recorded one.
- The lit tests under tests/lit/memory/: mlir-opt prints the same output
  for each (its answers are recorded, oracle.py).
- Random affine programs (affine_programs.py) go through each pass: the
  interpreter computes bit-identical arrays before and after, mlir-opt
  accepts every output and prints it back identically, and its own pass
  prints the same output.
"""

from __future__ import annotations

import json

import pytest

import fuzzing
import lit_shell
import oracle
from affine_programs import mlir_opt_reprints, run_random_programs
from support import CORPUS, MLIR_OPT, REPO_ROOT

PROGRAMS = 24            # random programs per pass (a count, not a time budget)
LIT = REPO_ROOT / "tests" / "lit" / "memory"
# pass -> (its flags on random programs, its lit tests)
PASSES = {
    "affine-scalrep": (["-affine-scalrep"], ["scalrep.mlir"]),
}
NEEDS_MLIR_OPT = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")


def _tool(flags, text: str, merge: bool = False) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT, merge)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


def _mlir_opt(flags, text: str) -> str:
    done = oracle.run([MLIR_OPT, *flags, "-"], input=text, capture_output=True, text=True,
                      timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _corpus_runs(name: str) -> list:
    if CORPUS is None:
        return []
    runs = json.loads((CORPUS / "passes" / "runs.json").read_text())
    return [run for run in runs if name in run["passes"] and run["exit"] == 0]


def _chunks(text: str, split: bool) -> list:
    return text.split("// -----") if split else [text]


@pytest.mark.corpus
@pytest.mark.parametrize("name", sorted(PASSES))
def test_upstream_tests_of_the_pass_are_identical(name):
    runs = _corpus_runs(name)
    if not runs:
        pytest.skip("no shared corpus")
    inputs = CORPUS / "passes" / "inputs"
    for run in runs:
        flags = [f for f in run["flags"] if f != "-verify-diagnostics"]
        text = (inputs / run["file"]).read_text()
        split = "-split-input-file" in flags
        done = lit_shell.run_pyaffine_opt([*flags, run["file"]], b"", inputs,
                                          run.get("merge_stderr", False))
        expected = (CORPUS / "passes" / "expected" / f"{run['file'][:-5]}.{run['run']}.mlir")
        ours = _chunks(done.stdout.decode(), split)
        theirs = _chunks(expected.read_text(), split)
        assert text and len(ours) == len(theirs), (run, done.stderr.decode()[:2000])
        for k, (a, b) in enumerate(zip(ours, theirs)):
            assert a == b, f"{run['file']} run {run['run']} chunk {k}:\n{a}\n--- expected:\n{b}"


def _lit_cases() -> list:
    return [(name, lit) for name, (_, lits) in sorted(PASSES.items()) for lit in lits]


@NEEDS_MLIR_OPT
@pytest.mark.parametrize("name,lit", _lit_cases())
def test_mlir_opt_prints_the_same_on_the_lit_tests(name, lit):
    text = (LIT / lit).read_text()
    flags = ["-allow-unregistered-dialect", "-split-input-file", f"-{name}"]
    assert _tool(flags, text) == _mlir_opt(flags, text)


@pytest.fixture(scope="module")
def runner():
    made = fuzzing.Runner(limit=10.0)
    yield made
    made.close()


@pytest.mark.parametrize("name", sorted(PASSES))
def test_random_programs_keep_their_meaning(name, runner):
    flags = PASSES[name][0]
    done = run_random_programs(runner, flags, 41, PROGRAMS)
    changed = sum(was_changed for *_, was_changed in done)
    print(f"\n{len(done)} programs, {changed} changed by {name}")
    outputs = [out for _, _, out, _ in done]
    if MLIR_OPT is not None:
        problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
        assert not problems, problems[:3]
        theirs = _mlir_opt(["-split-input-file", *flags], "\n// -----\n".join(
            text for _, text, _, _ in done)).split("// -----\n")
        for k, (mine, upstream) in enumerate(zip(outputs, theirs)):
            assert mine.strip("\n") == upstream.strip("\n"), f"program {k}:\n{done[k][1]}"
