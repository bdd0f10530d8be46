"""-affine-data-copy-generate keeps the meaning of programs.

Random affine programs (tests/unit/affine_programs.py) go through the pass
with point-wise copies at the depth the footprint chooses (unlimited fast
memory: the copies go around each top-level nest) and with a 1 KiB fast
memory (copies inside the loops, many of single elements); the reference
interpreter computes bit-identical arrays before and after on seeded random
inputs, and mlir-opt accepts every output and prints it back identically;
mlir-runner runs two of each kind before and after, with equal checksums.

With `generate-dma`, seeded random programs (with and without a small
fast memory) compute bit-identical arrays before and after under both of
the interpreter's executions of a transfer (done at its start, done at its
wait), mlir-opt prints every output back identically, and mlir-runner runs
a few before and after with their transfers made copies
(tests/unit/dma_copies.py); mlir-opt 22's own outputs compute other arrays
for some of them (a written region sent back whole, never brought in).

The chunks of tests/lit/copies where mlir-opt 22's copies are wrong (a
memref.store beside the accesses, a written region not written everywhere,
with point-wise copies or DMA, copies hoisted past another access, copy
loops past the memref's end) compute other arrays under mlir-opt, the
original ones here (under both executions of DMA).
"""

from __future__ import annotations

import functools
import random

import numpy as np
import pytest

import lit_shell
import oracle
from affine_programs import (ProgramGenerator, assert_compiled_programs_agree,
                             assert_mlir_opt_reprints, interpreter_outcome, load_bench_kernels,
                             mlir_opt_reprints, profile_of, run_random_programs, runner_arrays)
from dma_copies import dma_as_copies
from mlir_affine_py import api
from support import MLIR_OPT, REPO_ROOT, marked

# A count, not a time budget: the outputs decide the questions asked of
# mlir-opt, whose answers are recorded (oracle.py).
PROGRAMS = 24
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("data_copy_programs"))
WHOLE = ["-affine-data-copy-generate=fast-mem-space=0"]
SMALL = ["-affine-data-copy-generate=fast-mem-space=0 fast-mem-capacity=1"]


@pytest.fixture(scope="module")
def whole(runner):
    return run_random_programs(runner, WHOLE, 41, PROGRAMS)


@pytest.fixture(scope="module")
def small(runner):
    return run_random_programs(runner, SMALL, 43, PROGRAMS)


def _copied(done) -> int:
    return sum("memref.alloc()" in out and "memref.alloc()" not in text
               for _, text, out, _ in done)


@FUZZED
def test_copies_keep_the_meaning_of_random_programs(whole):
    copied = _copied(whole)
    print(f"\n{len(whole)} programs, with copies: {copied}")
    assert copied >= len(whole) // 2, copied


@FUZZED
def test_copies_in_a_small_fast_memory_keep_the_meaning_of_random_programs(small):
    copied = _copied(small)
    print(f"\n{len(small)} programs, with copies: {copied}")
    assert copied >= len(small) // 2, copied


@FUZZED
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("which", ["whole", "small"])
def test_mlir_opt_prints_every_output_back_identically(which, request):
    outputs = [out for _, _, out, _ in request.getfixturevalue(which)]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


@FUZZED
@pytest.mark.oracle
@pytest.mark.parametrize("which", ["whole", "small"])
def test_copied_programs_run_alike(which, request, tmp_path):
    """mlir-runner runs two programs with copies, as written and with them."""
    done = request.getfixturevalue(which)
    assert_compiled_programs_agree([program for program in done if program[3]][:2], tmp_path)


# -------------------------------------------------------------- DMA
DMA = ["generate-dma=true fast-mem-space=1", "generate-dma=true fast-mem-space=1 fast-mem-capacity=1"]
DMA_PROGRAMS = 14
# When a transfer happens (interpreter.Interpreter's `dma`).
DMA_MODELS = ("at-start", "at-wait")
DMA_TESTS = pytest.mark.xdist_group("data_copy_dma")


@functools.lru_cache(maxsize=None)
def _outcome(text: str, model: str = "at-start") -> list:
    """interpreter_outcome on seed 0, once per program (each input is
    compared with two outputs, and with mlir-opt's)."""
    return interpreter_outcome(text, 0, model)


def _dma_copied(text: str, flags: str) -> str:
    module = api.parse(text)
    api.run_pipeline(module, f"builtin.module(func.func(affine-data-copy-generate{{{flags}}}))")
    return api.to_string(module) + "\n"


@pytest.fixture(scope="module")
def dma() -> list:
    """[(input, flags, output)] for seeded random programs, each with and
    without a small fast memory."""
    rng = random.Random(3)
    texts = [ProgramGenerator(rng, profile_of(k)).program() for k in range(DMA_PROGRAMS)]
    return [(text, flags, _dma_copied(text, flags)) for text in texts for flags in DMA]


@DMA_TESTS
def test_dma_copies_keep_the_meaning_of_random_programs(dma):
    transferred = sum("affine.dma_start" in out for _, _, out in dma)
    assert transferred >= len(dma) - 2, transferred
    for text, flags, out in dma:
        assert api.to_string(api.parse(out)) + "\n" == out, out
        for model in DMA_MODELS:
            assert interpreter_outcome(out, 0, model) == _outcome(text, model), \
                f"{flags}, transfers {model}\ninput:\n{text}\noutput:\n{out}"


@DMA_TESTS
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_prints_every_dma_output_back_identically(dma):
    assert_mlir_opt_reprints(MLIR_OPT, [out for _, _, out in dma], run=oracle.run)


@DMA_TESTS
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_dma_copies_change_results_of_some_random_programs(dma):
    """The check above can fail: mlir-opt 22's outputs for the same
    programs compute other arrays for some (a written region sent back
    whole, never brought in)."""
    wrong = 0
    for text, flags, _ in dma:
        theirs = oracle.run([MLIR_OPT, f"-affine-data-copy-generate={flags}", "-"], input=text,
                            capture_output=True, text=True, timeout=60).stdout
        wrong += interpreter_outcome(theirs, 0) != _outcome(text)
    assert wrong >= 3, wrong


@DMA_TESTS
@pytest.mark.oracle
def test_dma_copied_programs_run_alike_under_mlir_runner(dma, tmp_path):
    """mlir-runner runs a few programs as written and copied, their
    transfers made copies at the start, in one process per side: the
    arrays are bit-identical, and the interpreter's."""
    tools, why = load_bench_kernels().find_tools()
    if tools is None:
        pytest.skip(why)
    sample = [(text, out) for text, _, out in dma if "affine.dma_start" in out][::14]
    before = runner_arrays(tools, [text for text, _ in sample], 0, tmp_path, "before")
    after = runner_arrays(tools, [dma_as_copies(out) for _, out in sample], 0, tmp_path, "after")
    for (text, out), mine, theirs in zip(sample, before, after):
        assert mine == theirs == _outcome(text), f"input:\n{text}\noutput:\n{out}"


# ---------------------------------------------------- tests/lit/copies
LIT = REPO_ROOT / "tests" / "lit" / "copies"


def _chunks(path) -> list:
    text = "\n".join(line for line in path.read_text().splitlines()
                     if not line.startswith("// RUN"))
    return [chunk for chunk in text.split("// -----") if "func.func" in chunk]


def _flags(path) -> list:
    first = path.read_text().splitlines()[0]
    return [first.split('-affine-data-copy-generate="')[1].split('"')[0]]


def _arrays(text: str, seed: int = 0, dma: str = "at-start"):
    """The arrays after the function ran on seeded inputs, or the error."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed)
    try:
        run_function(module, func.sym_name, args, dma=dma)
    except Exception as error:  # noqa: BLE001 - an out-of-bounds access is the finding
        return f"error: {error}"
    return [a.tolist() for a in args if isinstance(a, np.ndarray)]


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("name", ["differs-from-mlir-opt.mlir", "past-the-end.mlir",
                                  "dma-differs-from-mlir-opt.mlir"])
def test_mlir_opt_copies_change_results_where_these_do_not(name):
    """The chunks of tests/lit/copies where mlir-opt 22's copies are wrong:
    its output computes other arrays (or runs out of bounds), this tool's
    the original ones (under both executions of DMA)."""
    path = LIT / name
    flags = ["-affine-data-copy-generate=" + _flags(path)[0]]
    for chunk in _chunks(path):
        theirs = oracle.run([MLIR_OPT, *flags, "-"], input=chunk, capture_output=True,
                            text=True, timeout=60).stdout
        done = lit_shell.run_pyaffine_opt([*flags, "-"], chunk.encode(), REPO_ROOT)
        ours = done.stdout.decode()
        for dma in DMA_MODELS:
            before = _arrays(chunk, dma=dma)
            assert not isinstance(before, str)
            assert _arrays(ours, dma=dma) == before, ours
            assert _arrays(theirs, dma=dma) != before, theirs
