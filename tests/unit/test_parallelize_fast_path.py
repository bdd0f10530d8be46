"""The parallel step's whole-loop dependence test
(`affine_parallelize._carries_nothing`, one isl computation per loop, used
by `-affine-optimize`) finds parallel every loop that the search pair by
pair, its reference, finds free of carried dependences: exactly those on
every loop of every PolyBench file of the corpus, as written and as
`-affine-optimize` leaves it before its parallel step (jammed, tiled,
skewed bodies); on seeded random programs, also loops whose step meets a
`max` lower bound, which the reference models as MLIR does (without the
step) and the SCoP exactly.  test_optimize.py runs the optimizer's
parallel loops backwards in the interpreter on such programs."""

from __future__ import annotations

import random

import pytest
from affine_programs import ProgramGenerator, profile_of

import lit_shell
from support import CORPUS, REPO_ROOT

POLYBENCH = sorted((CORPUS / "polybench").glob("*.peqc.mlir")) if CORPUS is not None else []
PROGRAMS = 40


def _verdicts(text: str) -> list:
    from mlir_affine_py.analysis.dependence import DependenceAnalysis
    from mlir_affine_py.dialects.affine import AffineForOp
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.transforms.affine_parallelize import carried_dependence
    module = parse_source(text)
    verdicts = []
    for loop in [op for op in module.walk() if isinstance(op, AffineForOp)]:
        answers = []
        for fast in (True, False):
            carried, *_ = carried_dependence(loop, DependenceAnalysis(alias_conservative=True),
                                             whole_loop_first=fast)
            answers.append(carried is None)
        verdicts.append(answers)
    return verdicts


def _before_parallel_step(text: str) -> str:
    # The micro-kernels come after the parallel step (CacheTiling.finish).
    done = lit_shell.run_pyaffine_opt(
        ["-affine-optimize=parallelize=false cache-size=1 micro-kernel=false", "-"],
        text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


@pytest.mark.slow
@pytest.mark.corpus
@pytest.mark.parametrize("path", POLYBENCH, ids=[p.name for p in POLYBENCH])
def test_polybench_loops_get_the_same_verdict(path):
    text = path.read_text()
    for version in (text, _before_parallel_step(text)):
        verdicts = _verdicts(version)
        assert verdicts and all(fast == reference for fast, reference in verdicts)


def test_random_loops_found_parallel_by_the_reference_are_found_parallel():
    rng = random.Random(2031)
    parallel = more = 0
    for index in range(PROGRAMS):
        text = ProgramGenerator(rng, profile_of(index)).program()
        verdicts = _verdicts(text)
        assert all(fast for fast, reference in verdicts if reference), text
        more_here = sum(fast and not reference for fast, reference in verdicts)
        assert not more_here or " step " in text, text
        parallel += sum(reference for _, reference in verdicts)
        more += more_here
    assert parallel > 0 and more > 0   # the sample has loops of both kinds
