"""-lower-affine, -affine-loop-unroll, -affine-loop-unroll-jam,
-affine-loop-normalize and -affine-loop-coalescing keep the meaning of
programs and print what mlir-opt 22 prints.

Random affine programs (tests/unit/affine_programs.py) go through each
pass: the output parses and prints back the same, the reference
interpreter computes bit-identical arrays before and after, and mlir-opt
running the same pass on the same programs prints the same text (so it
also accepts every output).  A few lowered programs are compiled and run by
mlir-runner before and after, with equal checksums.  PolyBench's kernels
(the shared corpus) lower to exactly what mlir-opt's -lower-affine prints.
"""

from __future__ import annotations

import pytest

import fuzzing
import lit_shell
import oracle
from affine_programs import SEPARATOR, assert_compiled_programs_agree, run_random_programs
from support import CORPUS, MLIR_OPT, REPO_ROOT, marked

# A count, not a time budget: the outputs decide the questions asked of
# mlir-opt, whose answers are recorded (oracle.py).
PROGRAMS = 24
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("loop_passes_programs"))
needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")

# pass flags -> seed of its random programs
PASSES = {
    "-lower-affine": 41,
}
POLYBENCH = ["gemm", "2mm", "lu", "seidel_2d", "fdtd_2d", "nussinov", "trmm", "cholesky"]


@pytest.fixture(scope="module")
def programs():
    """flag -> [(profile, input, output, changed)]: random programs through
    each pass, checked by the interpreter before and after."""
    runner = fuzzing.Runner(limit=20.0)
    try:
        return {flag: run_random_programs(runner, [flag], seed, PROGRAMS)
                for flag, seed in PASSES.items()}
    finally:
        runner.close()


def mlir_opt_outputs(flags: list, texts: list) -> list:
    """mlir-opt's output for each text (one -split-input-file run)."""
    joined = f"\n{SEPARATOR}\n".join(texts)
    done = oracle.run([MLIR_OPT, "-split-input-file", *flags, "-"], input=joined,
                      capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[:2000]
    return [chunk.lstrip("\n") for chunk in done.stdout.split(f"{SEPARATOR}\n")]


def tool_output(flags: list, text: str) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


@FUZZED
@pytest.mark.parametrize("flag", list(PASSES))
def test_random_programs_keep_their_meaning(programs, flag):
    done = programs[flag]
    changed = sum(was_changed for *_, was_changed in done)
    print(f"\n{len(done)} programs, changed by {flag}: {changed}")
    assert len(done) == PROGRAMS and changed >= len(done) // 4


@FUZZED
@needs_mlir_opt
@pytest.mark.parametrize("flag", list(PASSES))
def test_random_programs_print_as_mlir_opt_prints_them(programs, flag):
    done = programs[flag]
    theirs = mlir_opt_outputs([flag], [text for _, text, _, _ in done])
    assert len(theirs) == len(done)
    for (_, text, ours, _), expected in zip(done, theirs):
        assert ours.rstrip("\n") == expected.rstrip("\n"), f"input:\n{text}"


@FUZZED
@pytest.mark.oracle
def test_lowered_programs_run_alike(programs, tmp_path):
    """mlir-runner runs a few programs as written and as lowered."""
    assert_compiled_programs_agree(programs["-lower-affine"][:3], tmp_path)


@needs_mlir_opt
@pytest.mark.skipif(CORPUS is None, reason="no shared corpus")
def test_polybench_kernels_lower_as_mlir_opt_lowers_them():
    """The lowered kernels are mlir-opt's, byte for byte: they compute what
    mlir-opt's lowering computes."""
    texts = [(CORPUS / "polybench" / f"{name}.peqc.mlir").read_text() for name in POLYBENCH]
    theirs = mlir_opt_outputs(["-lower-affine"], texts)
    for name, text, expected in zip(POLYBENCH, texts, theirs):
        assert tool_output(["-lower-affine"], text).rstrip("\n") == expected.rstrip("\n"), name
