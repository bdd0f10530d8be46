"""-affine-data-copy-generate keeps the meaning of programs.

Random affine programs (tests/unit/affine_programs.py) go through the pass
with point-wise copies at the depth the footprint chooses (unlimited fast
memory: the copies go around each top-level nest) and with a 1 KiB fast
memory (copies inside the loops, many of single elements); the reference
interpreter computes bit-identical arrays before and after on seeded random
inputs, and mlir-opt accepts every output and prints it back identically;
mlir-runner runs two of each kind before and after, with equal checksums.

The chunks of tests/lit/copies where mlir-opt 22's copies are wrong (a
memref.store beside the accesses, a written region not written everywhere,
copies hoisted past another access, copy loops past the memref's end)
compute other arrays under mlir-opt, the original ones here.
"""

from __future__ import annotations

import numpy as np
import pytest

import lit_shell
import oracle
from affine_programs import assert_compiled_programs_agree, mlir_opt_reprints, run_random_programs
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


LIT = REPO_ROOT / "tests" / "lit" / "copies"


def _chunks(path) -> list:
    text = "\n".join(line for line in path.read_text().splitlines()
                     if not line.startswith("// RUN"))
    return [chunk for chunk in text.split("// -----") if "func.func" in chunk]


def _flags(path) -> list:
    first = path.read_text().splitlines()[0]
    return [first.split('-affine-data-copy-generate="')[1].split('"')[0]]


def _arrays(text: str, seed: int = 0):
    """The arrays after the function ran on seeded inputs, or the error."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed)
    try:
        run_function(module, func.sym_name, args)
    except Exception as error:  # noqa: BLE001 - an out-of-bounds access is the finding
        return f"error: {error}"
    return [a.tolist() for a in args if isinstance(a, np.ndarray)]


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("name", ["differs-from-mlir-opt.mlir", "past-the-end.mlir"])
def test_mlir_opt_copies_change_results_where_these_do_not(name):
    """The chunks of tests/lit/copies where mlir-opt 22's copies are wrong:
    its output computes other arrays (or runs out of bounds), this tool's
    the original ones."""
    path = LIT / name
    flags = ["-affine-data-copy-generate=" + _flags(path)[0]]
    for chunk in _chunks(path):
        theirs = oracle.run([MLIR_OPT, *flags, "-"], input=chunk, capture_output=True,
                            text=True, timeout=60).stdout
        done = lit_shell.run_pyaffine_opt([*flags, "-"], chunk.encode(), REPO_ROOT)
        ours = done.stdout.decode()
        before = _arrays(chunk)
        assert not isinstance(before, str)
        assert _arrays(ours) == before, ours
        assert _arrays(theirs) != before, theirs
