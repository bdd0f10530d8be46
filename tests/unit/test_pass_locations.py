"""Locations after upstream's pass tests: every run of the shared corpus's
passes/runs.json that mlir-opt 22 passes, printed by both tools with
--mlir-print-debuginfo, chunk by chunk (tools/passes_debuginfo.py measures
the same; mlir-opt's answers are recorded, oracle.py).

The ops the passes create take the locations upstream gives them: the
rewritten op's, a DRR rule's fused location of the ops it matched, the
loop's or the access's a transform works for, the unknown location of a
constant the folder merged or hoisted.  The chunks that differ here differ
without the flag too (KNOWN: what the pass does, not where), so any other
differing chunk is a regression of a location.
"""

from __future__ import annotations

import sys

import pytest

import lit_shell
import oracle
from support import CORPUS, MLIR_OPT, REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools"))
from passes_debuginfo import chunks, command, is_split, scored_runs  # noqa: E402

RUNS = scored_runs() if CORPUS is not None else []

# (file, RUN) -> the chunks (from 0) whose text differs from mlir-opt's
# without --mlir-print-debuginfo too.
KNOWN = {
    # A copy mlir-opt places above a loop that reads the memref another way
    # (passes_check.py: the same chunks).
    ("Affine-affine-data-copy.mlir", 1): {4},
    ("Affine-affine-data-copy.mlir", 5): {5},
    # mlir-opt hoists stores out of a loop of no iterations.
    ("Affine-affine-loop-invariant-code-motion.mlir", 1): {29, 30},
    # mlir-opt coalesces loops of step 0.
    ("Affine-loop-coalescing.mlir", 1): {14},
}


# (file, RUN) -> the chunk from which on mlir-opt 22's output changes from
# run to run: it promotes the copy nests' loops of one iteration in the
# order of a set of pointers (their constants, and the location a store
# keeps).  The input asked stops before it; these chunks differ without
# --mlir-print-debuginfo too.
VARYING = {("Affine-affine-data-copy.mlir", 1): 5, ("Affine-affine-data-copy.mlir", 2): 5}


def _input(run: dict, tmp_path):
    """The folder to run in: the corpus's inputs, or `tmp_path` holding the
    file cut before its varying chunks."""
    inputs = CORPUS / "passes" / "inputs"
    stop = VARYING.get((run["file"], run["run"]))
    if stop is None:
        return inputs
    lines = (inputs / run["file"]).read_text().splitlines(keepends=True)
    cuts = [i for i, line in enumerate(lines) if line.rstrip("\r\n") == "// -----"]
    (tmp_path / run["file"]).write_text("".join(lines[:cuts[stop - 1]]))
    return tmp_path


@pytest.mark.corpus
@pytest.mark.parametrize("run", RUNS, ids=[f"{r['file'][:-5]}.{r['run']}" for r in RUNS])
def test_created_ops_are_located_as_mlir_opt_locates_them(run, tmp_path):
    inputs = _input(run, tmp_path)
    args = command(run)
    # The output alone, also where the RUN line merges the diagnostics
    # into it: where mlir-opt's buffered output interleaves with them
    # depends on when it is flushed.
    theirs = oracle.run([MLIR_OPT, *args], cwd=inputs, timeout=300)
    ours = lit_shell.run_pyaffine_opt(args, b"", inputs)
    assert ours.code == theirs.returncode, ours.stderr.decode()[:2000]
    expected, got = chunks(theirs.stdout, is_split(run)), chunks(ours.stdout, is_split(run))
    assert len(got) == len(expected)
    differing = {k for k, chunk in enumerate(expected) if got[k] != chunk}
    known = KNOWN.get((run["file"], run["run"]), set())
    first = min(differing - known, default=None)
    assert first is None, (f"chunk {first} differs:\n{got[first].decode()}\n--- mlir-opt:\n"
                           f"{expected[first].decode()}")
    # A known difference that is gone: the table says so no longer.
    assert differing == known


# Runs whose every chunk prints as mlir-opt's in the generic form too, which
# shows what the custom form leaves out: the implicit terminators and the
# iter_args of the ops the passes build (unswitching, pipelining, tiling,
# copies, unroll-and-jam, index expansion).
GENERIC = [("Affine-loop-unswitch.mlir", 1), ("Affine-pipeline-data-transfer.mlir", 1),
           ("Affine-loop-tiling.mlir", 1), ("Affine-affine-data-copy.mlir", 3),
           ("Affine-unroll-jam.mlir", 3), ("Affine-affine-expand-index-ops.mlir", 1)]


@pytest.mark.corpus
@pytest.mark.skipif(CORPUS is None, reason="needs the shared corpus")
@pytest.mark.parametrize("key", GENERIC, ids=[f"{name[:-5]}.{run}" for name, run in GENERIC])
def test_generic_form_locations_as_mlir_opt(key):
    run = next(r for r in RUNS if (r["file"], r["run"]) == key)
    inputs = CORPUS / "passes" / "inputs"
    args = [*command(run)[:-1], "--mlir-print-op-generic", run["file"]]
    theirs = oracle.run([MLIR_OPT, *args], cwd=inputs, timeout=300)
    ours = lit_shell.run_pyaffine_opt(args, b"", inputs)
    assert ours.code == theirs.returncode, ours.stderr.decode()[:2000]
    assert ours.stdout == theirs.stdout
