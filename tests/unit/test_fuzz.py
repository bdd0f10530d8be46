"""Fuzzed input never crashes or hangs the driver.

Corpus files and lit inputs are mutated (token deletion, duplication and
swap, truncation, random and invalid UTF-8 bytes, unbalanced brackets, huge
integers, NaN/inf float literals, deeply nested parentheses in affine
expressions; see fuzzing.py) and run through the driver, as are all the
truncations of a small file.  Every run must end with exit 0 or with exit 1
and a `file:line:col: error:` diagnostic, without a traceback, within 5 s.
A sample of the exit-0 runs goes to mlir-opt (when installed): it must accept
the input as well as our output.  The runs are seeded and bounded
(about 30 s in all); `tools/fuzz.py --minutes N` is the long mode.
"""

from __future__ import annotations

import functools
import random
import time

import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import fuzzing
import oracle
from support import MLIR_OPT, find_mlir_tool

SEEDS = fuzzing.seed_files(invalid=False)
TEXTS = [p.read_bytes().decode("utf-8", "surrogateescape") for p in SEEDS]
ask_live = functools.partial(oracle.run, recorded=False)
# Exit-0 outputs checked with mlir-opt, at most this many per test.
MLIR_CHECKS = 40


def _check(runner, text: str, checked: list, rng: random.Random, run=oracle.run):
    """Run the driver on `text`: a clean exit or diagnostic; a sample of the
    exit-0 runs asked of mlir-opt through `run`."""
    data = text.encode("utf-8", "surrogateescape")
    flags = fuzzing.flags_for(text)
    code, out, err, seconds, path = runner.run(flags, data)
    problem = fuzzing.judge(code, out, err, seconds, path, limit=fuzzing.HANG_LIMIT,
                            text=text)
    assert problem is None, f"{problem}\nflags: {flags}\ninput:\n{text[:3000]!r}"
    if code == 0 and MLIR_OPT and len(checked) < MLIR_CHECKS and rng.random() < 0.25:
        verdict, detail = fuzzing.check_output(MLIR_OPT, data, out, flags, run=run)
        checked.append(verdict)
        assert verdict == "ok", f"{verdict}: {detail}\nflags: {flags}\ninput:\n{text[:3000]!r}"
    return code


# Which mutants reach mlir-opt depends on the machine (a run past its time
# limit is judged without it), so their questions are asked live.
@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.skipif(not SEEDS, reason="no seed inputs")
@pytest.mark.skipif(find_mlir_tool("mlir-opt") is None, reason="mlir-opt not installed")
def test_mutated_inputs(runner):
    checked: list = []
    rng = random.Random(20240601)
    outcomes = {0: 0, 1: 0}
    started = time.monotonic()

    @seed(20240601)
    @settings(max_examples=1000, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.integers(0, len(SEEDS) - 1), st.integers(0, 2**32 - 1))
    def run_one(index, mutation_seed):
        if time.monotonic() - started > 25:
            return   # bounded in time as well as in count
        mutant_rng = random.Random(mutation_seed)
        text = fuzzing.small_chunk(TEXTS[index], mutant_rng)
        mutant, _ = fuzzing.mutate(mutant_rng, text, TEXTS)
        outcomes[_check(runner, mutant, checked, rng, run=ask_live)] += 1

    run_one()
    assert outcomes[0] and outcomes[1], outcomes


def _small_file() -> str:
    """A small valid input with loops, maps, a set and a memref."""
    return """#map = affine_map<(d0)[s0] -> (d0 + s0, 16)>
func.func @f(%A: memref<16xf32>, %n: index) -> f32 {
  %c = arith.constant 1.5 : f32
  affine.for %i = 0 to min #map(%n)[%n] step 2 {
    affine.if affine_set<(d0) : (d0 - 4 >= 0)>(%i) {
      %v = affine.load %A[%i floordiv 2] : memref<16xf32>
      affine.store %v, %A[%i] : memref<16xf32>
    }
  }
  return %c : f32
}
"""


@pytest.mark.slow
def test_every_truncation_of_a_small_file(runner):
    text = _small_file()
    checked: list = []
    rng = random.Random(7)
    codes = [_check(runner, text[:end], checked, rng) for end in range(len(text) + 1)]
    assert codes[-1] == 0 and codes.count(1) > len(text) // 2


@pytest.mark.parametrize("depth", [10, 1000, 5000])
def test_deeply_nested_parentheses(runner, depth):
    checked: list = []
    rng = random.Random(depth)
    balanced = f"#m = affine_map<(d0) -> ({'(' * depth}d0{' + 1)' * depth})>\n" \
               "func.func @f(%a: index) -> index {\n" \
               "  %0 = affine.apply #m(%a)\n  return %0 : index\n}\n"
    assert _check(runner, balanced, checked, rng) == 0
    for broken in (balanced.replace(" + 1)", " + 1", 1), balanced.replace("(d0 + 1)", "((d0 + 1)"),
                   "func.func @f() {\n" + "(" * depth + "\n}\n"):
        assert _check(runner, broken, checked, rng) == 1


def test_invalid_utf8_and_control_bytes(runner):
    checked: list = []
    rng = random.Random(3)
    base = _small_file()
    for data in (b"\xff\xfe", b"\xc3", b"\xed\xa0\x80", b"\x00", b"\x0b", b"\"\xff\"", b"\\"):
        for position in (0, base.index("%A"), base.index("1.5"), base.index("@f") + 1, len(base)):
            text = base[:position] + data.decode("utf-8", "surrogateescape") + base[position:]
            _check(runner, text, checked, rng)


def test_literal_extremes(runner):
    checked: list = []
    rng = random.Random(5)
    base = _small_file()
    # A loop bound, a step, an integer set constant, a dimension, a divisor.
    places = ("0 to", "step 2", "d0 - 4", "<16xf32>, %n", "floordiv 2")
    for value in fuzzing.HUGE_INTEGERS:
        for place in places:
            number = "".join(c for c in place if c.isdigit())
            _check(runner, base.replace(place, place.replace(number, value.lstrip("-"))),
                   checked, rng)
    for value in fuzzing.FLOAT_SPECIALS:
        _check(runner, base.replace("1.5", value), checked, rng)
        _check(runner, base.replace("1.5 : f32", f"dense<{value}> : tensor<2xf32>"), checked, rng)
