"""Random affine programs (tests/unit/affine_programs.py: triangular and
max/min bounds, steps, affine.if/else, imperfect bodies, mod/floordiv
subscripts, symbols, several nests sharing arrays) through
-affine-loop-interchange.  For each: the pass succeeds, its output parses
and prints back the same, and the reference interpreter computes
bit-identical arrays before and after on the same random inputs; mlir-opt
accepts every output and prints it back identically; a sample of the
programs the pass changed is compiled and run by mlir-runner before and
after, with identical checksums.  Seeded and bounded (about 30 s).

The count of programs the pass changed is printed per profile.  A minimum
is asked only of the rectangular imperfect nests, which the pass reorders
today; the general programs count toward it as the pass learns them.
`python tools/fuzz_passes.py --minutes 5` is the long mode.
"""

from __future__ import annotations

import collections

import pytest

import oracle
from affine_programs import assert_compiled_programs_agree, mlir_opt_reprints, run_random_programs
from support import MLIR_OPT

# The programs are made and run once per process (a module fixture): the
# tests that share them run on one worker, in the full run.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("fuzz_programs")]

# A count, not a time budget: the programs decide the questions asked of
# mlir-opt, whose answers are recorded (oracle.py), so every run must try
# the same ones.
PROGRAMS = 80
PASS = ["-affine-loop-interchange"]



@pytest.fixture(scope="module")
def fuzzed(runner):
    """Programs run through the pass: [(profile, input, output, changed)]."""
    return run_random_programs(runner, PASS, 15, PROGRAMS)


def test_interchange_keeps_the_meaning_of_random_programs(fuzzed):
    tried = collections.Counter(profile for profile, *_ in fuzzed)
    changed = collections.Counter(profile for profile, _, _, was_changed in fuzzed if was_changed)
    print(f"\n{len(fuzzed)} programs; changed by {' '.join(PASS)}: "
          + ", ".join(f"{profile} {changed[profile]} of {tried[profile]}" for profile in sorted(tried)))
    assert tried["rectangular"] >= 20 and tried["general"] >= 40, tried
    # Today's pass reorders about 40% of the rectangular programs.
    assert changed["rectangular"] >= tried["rectangular"] // 6, (changed, tried)


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_mlir_opt_prints_every_output_back_identically(fuzzed):
    outputs = [out for _, _, out, _ in fuzzed]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_reprint_check_sees_a_difference(fuzzed):
    """A text mlir-opt prints otherwise (a doubled space) is reported."""
    out = fuzzed[0][2]
    mangled = out.replace("affine.for ", "affine.for  ", 1)
    assert mangled != out
    assert [k for k, _ in mlir_opt_reprints(MLIR_OPT, [out, mangled], run=oracle.run)] == [1]


@pytest.mark.oracle
def test_compiled_programs_agree(fuzzed, tmp_path):
    """mlir-runner runs a few changed programs before and after (general
    ones first) and the harness's checksums agree."""
    changed = [entry for entry in fuzzed if entry[3]]
    sample = ([e for e in changed if e[0] == "general"][:2] + [e for e in changed if e[0] != "general"])[:3]
    assert sample, "the pass changed no program"
    assert_compiled_programs_agree(sample, tmp_path)
