"""Split tiling (`transforms/split_tiling.py`): the sweeps of a time step
that typed fusion kept apart for their parallel loops are fused with a
shift after all where the fused loop, cut into chunks, runs in parallel in
two phases.  fdtd-2d's time step: the interpreter gives the original's
arrays bit for bit; a loop that carries a dependence of distance two, or
whose deferred statement feeds the next iteration, is refused with the
reason.  tests/lit/optimize/split-tiling.mlir runs it through mlir-opt's
OpenMP lowering on 1 and 2 threads."""

from __future__ import annotations

import random

import pytest

import lit_shell
from affine_programs import interpreted_arrays
from support import REPO_ROOT

from mlir_affine_py.analysis.dependence import DependenceAnalysis
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.transforms.split_tiling import split_refusal

# ey's and ex's sweeps: the field from hz's difference along i or j.
FIELD = """    affine.for %i = {i} to 20 {{
      affine.for %j = {j} to 24 {{
        %0 = affine.load %{name}[%i, %j] : memref<20x24xf64>
        %1 = affine.load %hz[%i, %j] : memref<20x24xf64>
        %2 = affine.load %hz[{before}] : memref<20x24xf64>
        %3 = arith.subf %1, %2 : f64
        %4 = arith.mulf %3, %half : f64
        %5 = arith.subf %0, %4 : f64
        affine.store %5, %{name}[%i, %j] : memref<20x24xf64>
      }}
    }}"""

# fdtd-2d's time step, 3 steps on a 20 x 24 grid.
FDTD = """func.func @fdtd(%ex: memref<20x24xf64>, %ey: memref<20x24xf64>, %hz: memref<20x24xf64>, %fict: memref<3xf64>) {
  %half = arith.constant 0.5 : f64
  %c07 = arith.constant 0.7 : f64
  affine.for %t = 0 to 3 {
    affine.for %j = 0 to 24 {
      %f = affine.load %fict[%t] : memref<3xf64>
      affine.store %f, %ey[0, %j] : memref<20x24xf64>
    }
{ey}
{ex}
    affine.for %i = 0 to 19 {
      affine.for %j = 0 to 23 {
        %0 = affine.load %hz[%i, %j] : memref<20x24xf64>
        %1 = affine.load %ex[%i, %j + 1] : memref<20x24xf64>
        %2 = affine.load %ex[%i, %j] : memref<20x24xf64>
        %3 = arith.subf %1, %2 : f64
        %4 = affine.load %ey[%i + 1, %j] : memref<20x24xf64>
        %5 = arith.addf %3, %4 : f64
        %6 = affine.load %ey[%i, %j] : memref<20x24xf64>
        %7 = arith.subf %5, %6 : f64
        %8 = arith.mulf %7, %c07 : f64
        %9 = arith.subf %0, %8 : f64
        affine.store %9, %hz[%i, %j] : memref<20x24xf64>
      }
    }
  }
  return
}
""".replace("{ey}", FIELD.format(name="ey", i=1, j=0, before="%i - 1, %j")).replace(
    "{ex}", FIELD.format(name="ex", i=0, j=1, before="%i, %j - 1"))


def _optimize(text: str, options: str = "") -> tuple:
    done = lit_shell.run_pyaffine_opt(
        [f"-affine-optimize=min-parallel-work=0 remarks=true {options}", "-"], text.encode(),
        REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


def test_fdtd_sweeps_are_fused_with_a_shift_and_run_split_tiled():
    optimized, remarks = _optimize(FDTD)
    assert "split tiling: %i, fused with a shift, carries dependences of distance one: " \
           "split into 7 chunks that run in parallel, 1 statement(s) of each chunk's first " \
           "iteration after them" in remarks, remarks
    # Phase 1: 19 rows in chunks of 3 (the last one 1), each chunk's first
    # row without hz; phase 2: hz of each chunk's first row.
    assert optimized.count("affine.parallel (%arg5) = (0) to (7) {") == 2, optimized
    first, second = optimized.split("affine.parallel (%arg5) = (0) to (7)")[1:3]
    assert first.count("affine.store") == 5 and second.count("affine.store") == 1, optimized
    assert interpreted_arrays(optimized) == interpreted_arrays(FDTD)


def test_the_copies_of_fdtd_sweeps_share_too_few_loads_to_be_jammed():
    _, remarks = _optimize(FDTD, "split-tiling=false")
    # The loop fused from ey's and ex's sweeps is located at ey's loop
    # (polyhedral/codegen.py), and named after it.
    assert "<stdin>:9:5: remark: affine-loop-unroll-jam: %i not unrolled and jammed for reuse: " \
           "the copies would share 3 of their 24 loads, fewer than 20%" in remarks, remarks


def test_without_split_tiling_the_sweeps_stay_apart_and_parallel():
    optimized, remarks = _optimize(FDTD, "split-tiling=false")
    assert "split tiling" not in remarks
    assert "affine.parallel (%arg5) = (1) to (20)" in optimized and "(0) to (7)" not in optimized, \
        optimized
    assert interpreted_arrays(optimized) == interpreted_arrays(FDTD)


FUSED = """func.func @f(%A: memref<40x8xf64>, %B: memref<40x8xf64>, %C: memref<40x8xf64>) {{
  affine.for %i = 2 to 40 {{
    affine.for %j = 0 to 8 {{
      %0 = affine.load {first}[%i, %j] : memref<40x8xf64>
      affine.store %0, %A[%i, %j] : memref<40x8xf64>
    }}
    affine.for %j = 0 to 8 {{
      %0 = affine.load %A[%i - {shift}, %j] : memref<40x8xf64>
      affine.store %0, %B[%i, %j] : memref<40x8xf64>
    }}
  }}
  return
}}
"""


def _refusal(text: str) -> tuple:
    module = parse_source(text)
    loop = next(op for op in module.walk() if op.op_name == "affine.for")
    return split_refusal(loop, DependenceAnalysis(alias_conservative=True))


def test_a_shifted_consumer_is_deferred():
    # B[i] = A[i - 1]: the second statement waits for the first one's
    # iteration before, and feeds no later iteration.
    assert _refusal(FUSED.format(first="%C", shift=1)) == ("", {1})


def test_a_dependence_of_distance_two_is_refused():
    why, _ = _refusal(FUSED.format(first="%C", shift=2))
    assert why == "it carries a dependence from the affine.store to the affine.load of a " \
                  "distance other than one", why


def test_a_deferred_statement_that_feeds_the_next_iteration_is_refused():
    # A[i] = B[i] ... B[i] = A[i - 1], with A[i] = B[i - 1] instead: both
    # statements wait for the iteration before, and both feed the one after.
    why, _ = _refusal(FUSED.format(first="%B", shift=1).replace(
        "affine.load %B[%i, %j]", "affine.load %B[%i - 1, %j]"))
    assert why == "a statement that waits for the iteration before also feeds the " \
                  "iteration after", why


def _random_time_step(rng) -> str:
    """Two or three sweeps of a time step, each writing its own array from
    the others' rows i - 1, i, i + 1 (and its own row i), at columns j - 1,
    j, j + 1: the shifts a fusion needs vary, and so do the dependences the
    fused loop carries."""
    arrays = ["%A", "%B", "%C"]
    sweeps = []
    for written in arrays[:rng.choice([2, 3])]:
        # As fdtd-2d's: rows i and i + 1 of arrays written before in the
        # step, rows i - 1 and i of those written after, in most programs.
        order = arrays.index(written)
        reads = []
        for _ in range(rng.choice([1, 2, 3])):
            read = rng.choice([a for a in arrays if a != written])
            rows = [-1, 0, 1] if rng.random() < 0.3 else (
                [0, 1] if arrays.index(read) < order else [-1, 0])
            reads.append((read, rng.choice(rows), rng.choice([-1, 0, 1])))
        reads.append((written, 0, 0))
        lines = [f"        %v{n} = affine.load {a}[%i + {di}, %j + {dj}] : memref<20x8xf64>"
                 for n, (a, di, dj) in enumerate(reads)]
        total = "%v0"
        for n in range(1, len(reads)):
            lines.append(f"        %s{n} = arith.addf {total}, %v{n} : f64")
            total = f"%s{n}"
        lines.append(f"        %h = arith.mulf {total}, %half : f64")
        lines.append(f"        affine.store %h, {written}[%i, %j] : memref<20x8xf64>")
        sweeps.append("    affine.for %i = 1 to 19 {\n      affine.for %j = 1 to 7 {\n"
                      + "\n".join(lines) + "\n      }\n    }")
    return ("func.func @f(%A: memref<20x8xf64>, %B: memref<20x8xf64>, %C: memref<20x8xf64>) {\n"
            "  %half = arith.constant 0.5 : f64\n  affine.for %t = 0 to 2 {\n"
            + "\n".join(sweeps) + "\n  }\n  return\n}\n")


def _random_programs() -> list:
    """(text, optimized, split or not) for 40 random time steps."""
    rng = random.Random(7)
    programs = []
    for _ in range(40):
        text = _random_time_step(rng)
        optimized, remarks = _optimize(text)
        programs.append((text, optimized, "split into" in remarks))
    return programs


def test_random_time_steps_keep_their_meaning():
    programs = _random_programs()
    for text, optimized, _ in programs:
        assert interpreted_arrays(optimized) == interpreted_arrays(text), (text, optimized)
    # The sample exercises the rewrite (5 of 40).
    assert sum(split for _, _, split in programs) >= 3


@pytest.mark.oracle
def test_random_split_programs_agree_compiled_on_one_and_two_threads(tmp_path):
    """mlir-runner runs split-tiled programs before and after, through
    OpenMP on one and two threads, and the harness's checksums agree."""
    from affine_programs import load_bench_kernels, runner_checksums
    from support import openmp_libraries
    tools, why = load_bench_kernels().find_tools()
    if tools is None or openmp_libraries() is None:
        pytest.skip(why or "no OpenMP runtime")
    split = [(text, out) for text, out, done in _random_programs() if done][:2]
    assert len(split) == 2
    for k, (text, out) in enumerate(split):
        for threads in (1, 2):
            before, after = runner_checksums(tools, text, out, tmp_path, f"split{k}", threads)
            assert before and before == after, f"{threads} threads: checksums differ\n{out}"
