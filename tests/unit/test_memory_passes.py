"""The affine memory passes (-affine-scalrep, ...) against mlir-opt 22.

- Upstream's tests of each pass in the shared corpus (passes/runs.json):
  the output is byte-identical, chunk by chunk, to mlir-opt's recorded one.
- The lit tests under tests/lit/memory/: mlir-opt prints the same output
  for each (its answers are recorded, oracle.py).
- Random affine programs (affine_programs.py) go through each pass: the
  interpreter computes bit-identical arrays before and after, mlir-opt
  accepts every output and prints it back identically, and its own pass
  prints the same output; mlir-runner runs two changed programs before and
  after, with equal checksums.
"""

from __future__ import annotations

import json

import pytest

import lit_shell
import oracle
from affine_programs import assert_compiled_programs_agree, mlir_opt_reprints, run_random_programs
from support import CORPUS, MLIR_OPT, REPO_ROOT

PROGRAMS = 24            # random programs per pass (a count, not a time budget)
LIT = REPO_ROOT / "tests" / "lit" / "memory"
# pass -> (its flags on random programs, its lit tests)
PASSES = {
    "affine-scalrep": (["-affine-scalrep"], ["scalrep.mlir"]),
    "affine-loop-invariant-code-motion": (["-affine-loop-invariant-code-motion"], ["licm.mlir"]),
    "affine-expand-index-ops": (["-affine-expand-index-ops"], ["expand-index-ops.mlir"]),
    "affine-simplify-structures": (["-affine-simplify-structures"], ["simplify-structures.mlir"]),
}
# (file, run, chunk) -> why the output differs from mlir-opt's.
KNOWN_DIFFERENCES = {
    # mlir-opt 22's output is wrong here: it hoists the stores out of
    # `affine.for 0 to 0` (test_mlir_opt_hoists_stores_out_of_loops_that_never_run);
    # the CHECK lines of upstream's newer test want them kept, as here.
    ("Affine-affine-loop-invariant-code-motion.mlir", 1, 29):
        "mlir-opt 22 hoists the store out of a loop of trip count 0",
    ("Affine-affine-loop-invariant-code-motion.mlir", 1, 30):
        "mlir-opt 22 hoists the store out of a loop of trip count 0",
    ("Affine-simplify-structures.mlir", 1, 0):
        "@test_fuzz_explosion's set is empty (isl proves it) and its affine.if goes; "
        "mlir-opt's Fourier-Motzkin emptiness test gives up on it and keeps the set",
    ("Affine-simplify-structures.mlir", 1, 4):
        "@semiaffine_floordiv: mlir-opt 22 divides `(s0 * 2) mod (s0 * 3)` by s0 "
        "symbolically (to 2); here a mod of multiples of a symbol is not divided",
}
# Functions of the lit tests where mlir-opt's output computes something
# else than its input (each has a test below showing it).
MLIR_OPT_WRONG = {
    "zero_trip_count": "-affine-loop-invariant-code-motion hoists a store out of a loop that "
                       "never runs (test_mlir_opt_hoists_stores_out_of_loops_that_never_run)",
    "else_branch_store": "-affine-scalrep forwards across an else branch "
                         "(test_mlir_opt_forwards_across_an_else_branch_wrongly)",
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
            if (run["file"], run["run"], k) in KNOWN_DIFFERENCES:
                continue
            assert a == b, f"{run['file']} run {run['run']} chunk {k}:\n{a}\n--- expected:\n{b}"


def _lit_cases() -> list:
    return [(name, lit) for name, (_, lits) in sorted(PASSES.items()) for lit in lits]


@NEEDS_MLIR_OPT
@pytest.mark.parametrize("name,lit", _lit_cases())
def test_mlir_opt_prints_the_same_on_the_lit_tests(name, lit):
    text = (LIT / lit).read_text()
    flags = ["-allow-unregistered-dialect", "-split-input-file", f"-{name}"]
    ours, theirs = _tool(flags, text).split("// -----"), _mlir_opt(flags, text).split("// -----")
    assert len(ours) == len(theirs)
    for mine, upstream in zip(ours, theirs):
        if not any(f"@{function}(" in mine for function in MLIR_OPT_WRONG):
            assert mine == upstream


# The random programs hold no index ops, and mlir-opt's expansion runs the
# greedy driver, which folds their other ops too (tested apart, below).
ON_RANDOM_PROGRAMS = sorted(set(PASSES) - {"affine-expand-index-ops"})


@pytest.mark.parametrize("name", ON_RANDOM_PROGRAMS)
def test_random_programs_keep_their_meaning(name, runner, tmp_path):
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
    # mlir-runner runs two programs the pass changed, before and after.
    assert_compiled_programs_agree([program for program in done if program[3]][:2], tmp_path)


def _index_program(rng) -> tuple:
    """A function of index ops over random bases (static entries and the
    arguments %d0, %d1), and (basis values, arguments) to evaluate it by."""
    lines, returns, specs = [], [], []
    for k in range(rng.randint(1, 3)):
        basis = [rng.choice(["2", "3", "5", "%d0", "%d1", "1"]) for _ in range(rng.randint(1, 4))]
        outer = rng.random() < 0.5
        if rng.random() < 0.5:
            count = len(basis) + (0 if outer else 1)
            types = ", ".join(["index"] * count)
            lines.append(f"  %r{k}:{count} = affine.delinearize_index %i into "
                         f"({', '.join(basis)}) : {types}" if count > 1 else
                         f"  %r{k} = affine.delinearize_index %i into ({', '.join(basis)}) : index")
            returns += [f"%r{k}#{n}" if count > 1 else f"%r{k}" for n in range(count)]
            specs.append(("delinearize", basis, outer))
        else:
            count = len(basis) + (0 if outer else 1)
            coords = [rng.choice(["%i", "%j", "%d0"]) for _ in range(count)]
            disjoint = "disjoint " if rng.random() < 0.3 else ""
            lines.append(f"  %r{k} = affine.linearize_index {disjoint}[{', '.join(coords)}] by "
                         f"({', '.join(basis)}) : index")
            returns.append(f"%r{k}")
            specs.append(("linearize", basis, coords))
    types = ", ".join(["index"] * len(returns))
    text = (f"func.func @f(%i: index, %j: index, %d0: index, %d1: index) -> ({types}) {{\n"
            + "\n".join(lines) + f"\n  return {', '.join(returns)} : {types}\n}}\n")
    return text, specs


def _expected(specs, args: dict) -> list:
    results = []
    for spec in specs:
        basis = [args[b] if b.startswith("%") else int(b) for b in spec[1]]
        if spec[0] == "delinearize":
            inner = basis[1:] if spec[2] else basis
            strides = [1]
            for b in reversed(inner):
                strides.insert(0, strides[0] * b)
            index = args["%i"]
            values = [index // strides[0]]
            values += [(index % strides[n]) // strides[n + 1] for n in range(len(strides) - 1)]
            results += values if len(values) > 1 else [index]
        else:
            coords = [args[c] for c in spec[2]]
            inner = basis[1:] if len(coords) == len(basis) else basis
            strides = [1]
            for b in reversed(inner):
                strides.insert(0, strides[0] * b)
            results.append(sum(c * s for c, s in zip(coords, strides)))
    return results


def test_expanded_index_ops_compute_their_meaning():
    """Random delinearize/linearize ops, expanded: the interpreter computes
    what the ops mean (floor division and non-negative remainders, also of
    negative indices); mlir-opt's pass prints the same (where a basis entry
    is 1, the ops made are folded, as upstream's greedy driver folds them)."""
    import random

    from mlir_affine_py.interpreter import run_function
    from mlir_affine_py.parse.parser import parse_source
    rng = random.Random(5)
    texts, outputs = [], []
    for _ in range(PROGRAMS * 2):
        text, specs = _index_program(rng)
        out = _tool(["-affine-expand-index-ops"], text)
        assert "_index" not in out.replace("func.func", "")
        module = parse_source(out)
        for _ in range(4):
            args = {"%i": rng.randint(-40, 90), "%j": rng.randint(-5, 9),
                    "%d0": rng.randint(1, 6), "%d1": rng.randint(1, 4)}
            got = run_function(module, "f", [args["%i"], args["%j"], args["%d0"], args["%d1"]])
            assert list(got) == _expected(specs, args), (text, out, args)
        texts.append(text)
        outputs.append(out)
    if MLIR_OPT is not None:
        theirs = _mlir_opt(["-split-input-file", "-affine-expand-index-ops"],
                           "\n// -----\n".join(texts)).split("// -----\n")
        for k, (mine, upstream) in enumerate(zip(outputs, theirs)):
            assert mine.strip("\n") == upstream.strip("\n"), f"program {k}:\n{texts[k]}"


@NEEDS_MLIR_OPT
def test_mlir_opt_forwards_across_an_else_branch_wrongly():
    """@else_branch_store (tests/lit/memory/scalrep.mlir): mlir-opt's
    -affine-scalrep forwards the initial 0.0 to a load that the else
    branch's store of an earlier iteration reaches; run with %n = 5, its
    output computes another %C than the input, this pass's the same."""
    import numpy as np

    from mlir_affine_py.interpreter import run_function
    from mlir_affine_py.parse.parser import parse_source
    chunk = next(c for c in (LIT / "scalrep.mlir").read_text().split("// -----")
                 if "@else_branch_store" in c)
    flags = ["-affine-scalrep"]

    def run(text: str):
        data = np.arange(8, dtype=np.float64) + 1.0
        run_function(parse_source(text), "else_branch_store", [data, 5])
        return data

    before = run(chunk)
    assert np.array_equal(run(_tool(flags, chunk)), before)
    assert before[0] == 2.0 and run(_mlir_opt(flags, chunk))[0] == 0.0


def _returned(text: str, name: str, args: list) -> list:
    from mlir_affine_py.interpreter import run_function
    from mlir_affine_py.parse.parser import parse_source
    return run_function(parse_source(text), name, args)


@NEEDS_MLIR_OPT
def test_mlir_opt_hoists_stores_out_of_loops_that_never_run():
    """@zero_trip_count (tests/lit/memory/licm.mlir) and upstream's chunks
    29 and 30: mlir-opt 22's LICM moves a store out of `affine.for 0 to 0`,
    so that it runs; its output returns another value than its input, this
    pass's the same."""
    flags = ["-affine-loop-invariant-code-motion"]
    chunk = next(c for c in (LIT / "licm.mlir").read_text().split("// -----")
                 if "@zero_trip_count" in c)
    assert _returned(chunk, "zero_trip_count", [5]) == [42]
    assert _returned(_tool(flags, chunk), "zero_trip_count", [5]) == [42]
    assert _returned(_mlir_opt(flags, chunk), "zero_trip_count", [5]) == [10]
    if CORPUS is None:
        return
    name = "Affine-affine-loop-invariant-code-motion"
    inputs = (CORPUS / "passes" / "inputs" / f"{name}.mlir").read_text().split("// -----")
    expected = (CORPUS / "passes" / "expected" / f"{name}.1.mlir").read_text().split("// -----")
    for k, function, args in ((29, "hoist_pure_from_zero_trip_count_loop", [3, 4]),
                              (30, "no_hoist_from_zero_trip_count_loop", [3])):
        before = _returned(inputs[k], function, args)
        assert _returned(_tool(flags, inputs[k]), function, args) == before
        assert _returned(expected[k], function, args) != before
