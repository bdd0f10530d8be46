"""-affine-loop-tile, -affine-loop-skew and -affine-parallelize keep the
meaning of programs.

Random affine programs (tests/unit/affine_programs.py: rectangular and
general profiles) go through each pass (tiling also with `separate`, and
with `polyhedral`, isl's tiling of bands that are not hyper-rectangles); the output parses and prints back
the same, and the reference interpreter computes bit-identical arrays
before and after on seeded random inputs.  A parallel loop is run by the
interpreter in reverse order (its iterations may run in any order), so a
loop made parallel although it carries a dependence changes the result.
mlir-opt accepts every output and prints it back identically, and a few
changed programs of each pass, compiled and run by mlir-runner before and
after, give the same checksums.

The nests of tests/lit/tile/illegal-upstream.mlir, tiled by mlir-opt 22,
compute other arrays than the original (the dependence its tiling reverses
is real); left alone by this tool, they keep their results.
"""

from __future__ import annotations

import collections

import numpy as np
import pytest

import lit_shell
import oracle
from affine_programs import check_program, mlir_opt_reprints, run_random_programs
from support import MLIR_OPT, REPO_ROOT, marked

# A count, not a time budget: the outputs decide the questions asked of
# mlir-opt, whose answers are recorded (oracle.py).
PROGRAMS = 40            # random programs per pass
# The tests on the fuzzed programs share module fixtures: one worker, the
# full run.
FUZZED = marked(pytest.mark.slow, pytest.mark.xdist_group("tile_parallel_programs"))
TILE = ["-affine-loop-tile=tile-sizes=2,3,2"]
SEPARATE = ["-affine-loop-tile=tile-size=4 separate"]
POLYHEDRAL = ["-affine-loop-tile=tile-sizes=2,3,2 polyhedral"]
PARALLELIZE = ["-affine-parallelize"]
# Bands with a dependence running backwards along a loop, skewed by the
# factors Pluto's criterion finds, tiled and run as a wavefront.
SKEW = ["-affine-loop-skew=tile-sizes=2,3,2"]
ILLEGAL_UPSTREAM = REPO_ROOT / "tests" / "lit" / "tile" / "illegal-upstream.mlir"
PARALLELIZE_LIT = REPO_ROOT / "tests" / "lit" / "tile" / "parallelize.mlir"


@pytest.fixture(scope="module", autouse=True)
def parallel_loops_reversed():
    """The interpreter runs each affine.parallel's iterations last to first
    (module-wide, so that the module's fuzzing fixtures run with it)."""
    from mlir_affine_py.interpreter import emitters
    plain_header, plain_emit = emitters._loop_header, emitters.EMITTERS["affine.parallel"]

    pending = [0]       # headers of the parallel op being emitted still to reverse

    def header(iv, lb, ub, step):
        if not pending[0]:
            return plain_header(iv, lb, ub, step)      # a loop of its body
        pending[0] -= 1
        return f"for {iv} in reversed(range({lb}, {ub}, {step})):"

    def emit_reversed(c, op):
        pending[0] = len(op.regions[0].blocks[0].args)
        return plain_emit(c, op)

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(emitters.EMITTERS, "affine.parallel", emit_reversed)
        patch.setattr(emitters, "_loop_header", header)
        yield


@pytest.fixture(scope="module")
def tiled(runner, parallel_loops_reversed):
    return run_random_programs(runner, TILE, 27, PROGRAMS)


@pytest.fixture(scope="module")
def separated(runner, parallel_loops_reversed):
    return run_random_programs(runner, SEPARATE, 29, PROGRAMS // 2)


@pytest.fixture(scope="module")
def polyhedral(runner, parallel_loops_reversed):
    """General programs only: their bands are triangular, or have max/min
    bounds, which upstream's tiling leaves and isl tiles."""
    return run_random_programs(runner, POLYHEDRAL, 30, 16, profile=lambda index: "general")


@pytest.fixture(scope="module")
def skewed(runner, parallel_loops_reversed):
    return run_random_programs(runner, SKEW, 31, PROGRAMS)


@pytest.fixture(scope="module")
def parallelized(runner, parallel_loops_reversed):
    return run_random_programs(runner, PARALLELIZE, 28, PROGRAMS)


def _assert_a_quarter_changed(done, what: str) -> None:
    """The interpreter found no difference (check_program); the pass
    changed at least a quarter of the programs."""
    changed = collections.Counter(profile for profile, _, _, was_changed in done if was_changed)
    print(f"\n{len(done)} programs, {what}: {dict(changed)}")
    assert len(done) >= 20
    assert sum(changed.values()) >= len(done) // 4, changed


@FUZZED
def test_tiling_keeps_the_meaning_of_random_programs(tiled):
    _assert_a_quarter_changed(tiled, "tiled")


@FUZZED
def test_separated_tiles_keep_the_meaning_of_random_programs(separated):
    versioned = sum("affine.if" in out and "affine.if" not in text for _, text, out, _ in separated)
    print(f"\n{len(separated)} programs, with full tiles apart: {versioned}")
    assert len(separated) >= 10 and versioned >= len(separated) // 4


@FUZZED
def test_isl_tiling_keeps_the_meaning_of_random_programs(polyhedral):
    """isl tiles bands upstream's tiling leaves: the outputs differ from
    the rectangular tiling's in many programs."""
    beyond = sum(out != _tool(TILE, text) for _, text, out, _ in polyhedral)
    print(f"\n{len(polyhedral)} general programs, {beyond} tiled further with isl")
    assert beyond >= 3, beyond


@FUZZED
def test_skewing_keeps_the_meaning_of_random_programs(skewed):
    """The programs whose bands are not permutable (a few in eight) are
    skewed, tiled and run as wavefronts, their wavefront's tiles in
    parallel (run backwards by the interpreter)."""
    changed = sum(was_changed for _, _, _, was_changed in skewed)
    parallel = sum("affine.parallel" in out for _, _, out, _ in skewed)
    print(f"\n{len(skewed)} programs, skewed: {changed}, with parallel tiles: {parallel}")
    assert changed >= 3 and parallel >= 1, (changed, parallel)


@FUZZED
def test_parallelization_keeps_the_meaning_of_random_programs(parallelized):
    _assert_a_quarter_changed(parallelized, "with a parallel loop")


def test_reversed_parallel_loops_see_a_carried_dependence(runner):
    """The reversal is what makes the check bite: a prefix sum made parallel
    by hand computes another array."""
    from affine_programs import interpreter_outcome
    text = """func.func @f(%A: memref<8xf64>) {
  affine.for %i = 1 to 8 {
    %a = affine.load %A[%i - 1] : memref<8xf64>
    %b = affine.load %A[%i] : memref<8xf64>
    %s = arith.addf %a, %b : f64
    affine.store %s, %A[%i] : memref<8xf64>
  }
  return
}
"""
    wrong = text.replace("affine.for %i = 1 to 8 {", "affine.parallel (%i) = (1) to (8) {")
    assert interpreter_outcome(text, 0) != interpreter_outcome(wrong, 0)
    out, changed, problem = check_program(runner, text, PARALLELIZE)
    assert problem is None and not changed


@FUZZED
@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
@pytest.mark.parametrize("which", ["tiled", "separated", "polyhedral", "skewed", "parallelized"])
def test_mlir_opt_prints_every_output_back_identically(which, request):
    outputs = [out for _, _, out, _ in request.getfixturevalue(which)]
    problems = mlir_opt_reprints(MLIR_OPT, outputs, run=oracle.run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


def _chunks(path) -> list:
    text = "\n".join(line for line in path.read_text().splitlines()
                     if not line.startswith("// RUN"))
    return [chunk for chunk in text.split("// -----") if "func.func" in chunk]


def _arrays(text: str, seed: int = 0) -> list:
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed)
    run_function(module, func.sym_name, args)
    return [a for a in args if isinstance(a, np.ndarray)]


def _tool(flags, text: str) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not found")
def test_upstream_tiling_of_illegal_bands_changes_results():
    """floyd_warshall, seidel_2d and a band above the loop holding the
    accesses: mlir-opt's tiled nest computes other arrays; this tool leaves them, or with `polyhedral` tiles their inner
    band, and they compute the same."""
    flags = ["-affine-loop-tile=tile-size=32"]
    wrong = 0
    for chunk in _chunks(ILLEGAL_UPSTREAM):
        theirs = oracle.run([MLIR_OPT, *flags, "-"], input=chunk, capture_output=True,
                            text=True, timeout=60).stdout
        ours = _tool(flags, chunk)
        inner = _tool(["-affine-loop-tile=tile-size=32 polyhedral"], chunk)
        before = _arrays(chunk)
        assert all(np.array_equal(a, b) for a, b in zip(before, _arrays(ours)))
        assert all(np.array_equal(a, b) for a, b in zip(before, _arrays(inner)))
        if "@floyd_warshall" in chunk or "@seidel_2d" in chunk or "@imperfect" in chunk:
            assert "step 32" in theirs and "step 32" not in ours
            wrong += not all(np.array_equal(a, b) for a, b in zip(before, _arrays(theirs)))
    assert wrong == 3


def test_parallel_reductions_agree_within_rounding():
    """Reductions run in parallel reassociate the sum: the results agree to
    rounding (of f32 sums of 50 terms), with the loops reversed."""
    flags = ["-affine-parallelize=parallel-reductions=true"]
    reduced = 0
    for chunk in _chunks(PARALLELIZE_LIT):
        if "@shifted_views" in chunk:
            continue
        out = _tool(flags, chunk)
        assert "affine.parallel" in out
        reduced += "reduce (" in out
        for a, b in zip(_arrays(chunk), _arrays(out)):
            rtol = 1e-9 if a.dtype == np.float64 else 1e-5
            np.testing.assert_allclose(a, b, rtol=rtol, atol=rtol)
    assert reduced == 2


def test_parametric_tiles_keep_the_meaning():
    """-test-affine-parametric-tile on a nest with a step and a symbolic
    bound, tile sizes 2 to 5: the same array."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    text = """func.func @f(%t0: index, %t1: index, %A: memref<40x40xf64>, %n: index) {
  affine.for %i = 1 to %n step 3 {
    affine.for %j = 0 to 37 step 2 {
      %v = affine.load %A[%i, %j + 2] : memref<40x40xf64>
      %w = affine.load %A[%i - 1, %j] : memref<40x40xf64>
      %s = arith.addf %v, %w : f64
      affine.store %s, %A[%i, %j] : memref<40x40xf64>
    }
  }
  return
}
"""
    out = _tool(["-test-affine-parametric-tile"], text)
    assert out.count("affine.for") == 4
    for sizes in ((2, 3), (5, 1), (4, 4)):
        results = []
        for program in (text, out):
            module = parse_source(program)
            func = next(op for op in module.walk() if op.op_name == "func.func")
            args = random_arguments(func, 3)
            args[0], args[1], args[3] = sizes[0], sizes[1], 37
            run_function(module, "f", args)
            results.append(args[2])
        assert np.array_equal(*results), sizes


def test_isl_tiling_of_the_lit_bands_keeps_their_meaning():
    """tests/lit/tile/polyhedral.mlir: the triangle tiled by isl, and the
    band whose dependence runs backwards (which tiling would change) left."""
    text = (REPO_ROOT / "tests" / "lit" / "tile" / "polyhedral.mlir").read_text()
    out = _tool(POLYHEDRAL, text)
    assert out.count("step 2 {") == 1 and out.count("step 3 {") == 1
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    for name in ("lower_triangle", "not_permutable"):
        results = []
        for program in (text, out):
            module = parse_source(program)
            func = next(op for op in module.walk() if getattr(op, "sym_name", None) == name)
            args = random_arguments(func, 5)
            run_function(module, name, args)
            results.append([a.tobytes() for a in args])
        assert results[0] == results[1], name


@FUZZED
@pytest.mark.oracle
def test_compiled_programs_agree(tiled, polyhedral, skewed, parallelized, tmp_path):
    """mlir-runner runs a few changed programs of each pass before and after
    (affine.parallel lowered to sequential loops, and the parallel ones
    also through OpenMP on one and on two threads) and the harness's
    checksums agree."""
    from affine_programs import load_bench_kernels, runner_checksums
    from support import openmp_libraries
    tools, why = load_bench_kernels().find_tools()
    if tools is None:
        pytest.skip(why)
    for which, done in (("tiled", tiled), ("polyhedral", polyhedral), ("skewed", skewed),
                        ("parallelized", parallelized)):
        sample = [entry for entry in done if entry[3]][:2]
        parallel = [entry for entry in done if "affine.parallel" in entry[2]][:2]
        assert sample, f"no {which} program changed"
        runs = [(entry, None) for entry in sample]
        if openmp_libraries() is not None:
            runs += [(entry, threads) for entry in parallel for threads in (1, 2)]
        for k, ((profile, text, out, _), threads) in enumerate(runs):
            before, after = runner_checksums(tools, text, out, tmp_path, f"{which}{k}", threads)
            assert before and before == after, \
                f"{which} ({threads or 'no'} threads): checksums differ\n{text}\n{out}"
