"""-canonicalize, -cse and -loop-invariant-code-motion keep the meaning of
programs.

Random affine programs (tests/unit/affine_programs.py) go through
`-canonicalize -cse` and through `-loop-invariant-code-motion`; the output
parses and prints back the same, the reference interpreter computes
bit-identical arrays before and after on seeded random inputs, and
mlir-opt accepts every output and prints it back identically, and its own
`-canonicalize -cse` prints the same outputs.  A second `-canonicalize`
changes nothing: the first one reached its fixed point.  A few changed
programs, compiled and run by mlir-runner before and after, give the same
checksums.
"""

from __future__ import annotations

import pytest

import lit_shell
import oracle
from affine_programs import assert_compiled_programs_agree, mlir_opt_reprints, run_random_programs
from support import MLIR_OPT, REPO_ROOT, marked

PROGRAMS = 24            # a count, not a time budget
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("canonicalize_programs"))
CANONICALIZE_CSE = ["-canonicalize", "-cse"]
LICM = ["-loop-invariant-code-motion"]


@pytest.fixture(scope="module")
def canonicalized(runner):
    return run_random_programs(runner, CANONICALIZE_CSE, 41, PROGRAMS)


@pytest.fixture(scope="module")
def hoisted(runner):
    return run_random_programs(runner, LICM, 42, PROGRAMS)


def _tool(flags, text: str) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


@FUZZED
def test_canonicalize_and_cse_keep_the_meaning_of_random_programs(canonicalized):
    changed = sum(was_changed for *_, was_changed in canonicalized)
    print(f"\n{len(canonicalized)} programs, {changed} changed")
    assert len(canonicalized) == PROGRAMS and changed >= PROGRAMS // 4


@FUZZED
def test_loop_invariant_code_motion_keeps_the_meaning_of_random_programs(hoisted):
    assert len(hoisted) == PROGRAMS


@FUZZED
def test_canonicalize_twice_changes_nothing(canonicalized):
    for _, _, out, _ in canonicalized:
        assert _tool(["-canonicalize"], out) == out


@FUZZED
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("which", ["canonicalized", "hoisted"])
def test_mlir_opt_prints_every_output_back_identically(which, request):
    outputs = [out for _, _, out, _ in request.getfixturevalue(which)]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


def test_canonicalize_reaches_a_fixed_point_on_a_small_program():
    """The quick run's check of the same: fold, hoist, deduplicate, once."""
    text = """func.func @f(%A: memref<8xf64>) {
  %c1 = arith.constant 1 : index
  affine.for %i = 0 to 8 {
    %c2 = arith.constant 1 : index
    %k = arith.addi %c1, %c2 : index
    %x = affine.load %A[%i] : memref<8xf64>
    %y = arith.addf %x, %x : f64
    affine.store %y, %A[%i] : memref<8xf64>
  }
  return
}
"""
    once = _tool(CANONICALIZE_CSE, text)
    assert "arith.addi" not in once and "arith.constant" not in once
    assert _tool(["-canonicalize"], once) == once


@FUZZED
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_outputs_are_mlir_opts_own(canonicalized):
    """On these programs the folds, patterns, constant placement and CSE are
    mlir-opt's: its `-canonicalize -cse` prints the same."""
    for _, text, out, _ in canonicalized:
        theirs = oracle.run([MLIR_OPT, *CANONICALIZE_CSE, "-"], input=text, capture_output=True,
                            text=True, timeout=60)
        assert theirs.returncode == 0 and theirs.stdout == out, f"input:\n{text}"


@FUZZED
@pytest.mark.oracle
def test_canonicalized_programs_run_alike(canonicalized, tmp_path):
    """mlir-runner runs a few changed programs as written and after
    `-canonicalize -cse`: the harness's checksums agree."""
    changed = [entry for entry in canonicalized if entry[3]][:3]
    assert changed
    assert_compiled_programs_agree(changed, tmp_path)
