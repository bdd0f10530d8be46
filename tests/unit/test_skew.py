"""Changing axes (`polyhedral/skewing.py`, `-affine-loop-skew`): the new
loops visit exactly the points of the old ones, the skew Pluto's criterion
finds is the smallest that makes a band permutable, and the wavefront's
tiles carry no dependence between them.

The exact bounds of the design notes' example are checked by
tests/lit/skew/seed.mlir; here every order of it counts its visits."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_tile_parallel_semantics import parallel_loops_reversed  # noqa: F401

import lit_shell
from support import REPO_ROOT

# The design notes' example: i from 0 to 9, j from i while j < 7 and
# j < i + 4; the body counts the visits of each point.
SEED = """func.func @seed(%A: memref<10x10xi64>) {
  %one = arith.constant 1 : i64
  affine.for %i = 0 to 10 {
    affine.for %j = affine_map<(d0) -> (d0)>(%i) to min affine_map<(d0) -> (7, d0 + 4)>(%i) {
      %v = affine.load %A[%i, %j] : memref<10x10xi64>
      %w = arith.addi %v, %one : i64
      affine.store %w, %A[%i, %j] : memref<10x10xi64>
    }
  }
  return
}
"""

SEIDEL = """func.func @seidel(%A: memref<32x32xf64>) {
  affine.for %t = 0 to 4 {
    affine.for %i = 1 to 31 {
      affine.for %j = 1 to 31 {
        %n = affine.load %A[%i - 1, %j] : memref<32x32xf64>
        %w = affine.load %A[%i, %j - 1] : memref<32x32xf64>
        %s = affine.load %A[%i + 1, %j] : memref<32x32xf64>
        %e = affine.load %A[%i, %j + 1] : memref<32x32xf64>
        %a = arith.addf %n, %w : f64
        %b = arith.addf %s, %e : f64
        %c = arith.addf %a, %b : f64
        affine.store %c, %A[%i, %j] : memref<32x32xf64>
      }
    }
  }
  return
}
"""


def _tool(flags, text: str) -> str:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode()


def _run(text: str, seed: int = 0) -> list:
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed)
    for arg in args:
        if isinstance(arg, np.ndarray):
            arg[...] = 0 if arg.dtype.kind == "i" else arg
    run_function(module, func.sym_name, args)
    return [a for a in args if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("option", ["transform=-1,1,0,1", "transform=-1,1,1,0",
                                    "skew-factors=-1", "skew-factors=2", "transform=0,1,1,0"])
def test_every_order_visits_the_same_points(option):
    """Each point of the domain once, in any order of any new axes."""
    counts = _run(SEED)[0]
    assert counts.sum() == sum(1 for i in range(10) for j in range(i, min(7, i + 4)))
    out = _tool([f"-affine-loop-skew={option}"], SEED)
    assert "affine.apply" in out or "transform=0,1,1,0" in option
    assert np.array_equal(_run(out)[0], counts)


def test_pluto_criterion_finds_the_smallest_skew():
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.polyhedral.skewing import BandTransform, determinant, skew_matrix
    from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops
    band = get_perfectly_nested_loops(next(op for op in parse_source(SEIDEL).walk()
                                           if op.op_name == "affine.for"))
    transform = BandTransform(band)
    identity = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    # (1, -1, 0) and (1, 0, -1) from the reads of the previous time step.
    assert transform.negative_axes(identity) == [1, 2]
    found = transform.find_skew()
    assert found == [[1, 0, 0], [1, 1, 0], [1, 0, 1]]
    assert transform.negative_axes(found) == []
    assert found == skew_matrix(3, [1, 1, 0]) and determinant(found) == 1
    assert transform.is_legal_with(found, [2, 4, 4], wavefront=True)
    # Tiling the band unskewed would reverse a dependence.
    assert not transform.is_legal_with(identity, [2, 4, 4])


def test_the_tiles_of_one_wavefront_run_in_parallel():
    """Skewed, tiled, and the tiles of one wavefront made parallel; run
    in reverse order by the interpreter (parallel_loops_reversed), they
    compute the same."""
    out = _tool(["-affine-loop-skew=tile-sizes=2,8,8 remarks=true"], SEIDEL)
    assert "affine.parallel" in out
    assert np.array_equal(_run(SEIDEL, 3)[0], _run(out, 3)[0])


@pytest.mark.parametrize("option, message", [
    ("transform=1,1,1,1", "the matrix is not unimodular"),
    ("transform=1,0,0", "3 entries do not make a square matrix"),
    ("transform=1,0,0,1 skew-factors=1", "give either transform or skew-factors"),
])
def test_bad_matrices_are_refused(option, message):
    done = lit_shell.run_pyaffine_opt([f"-affine-loop-skew={option}", "-"], SEED.encode(), REPO_ROOT)
    assert done.code == 1 and message in done.stderr.decode()


def test_a_band_of_another_size_is_left_alone():
    out = _tool(["-affine-loop-skew=skew-factors=1,1,1"], SEED)
    assert out == _tool([], SEED)


@pytest.mark.corpus
@pytest.mark.parametrize("kernel", ["jacobi_1d", "jacobi_2d", "heat_3d", "seidel_2d"])
def test_time_tiled_stencils_keep_their_results(kernel):
    """PolyBench's stencils (MINI) through the optimizer with a cache small
    enough that their time steps outgrow it, time tiling on: the sweeps
    fused with shifts, skewed, tiled and run as wavefronts (the tiles of
    one wavefront in reverse order) compute the same arrays."""
    from support import CORPUS
    if CORPUS is None:
        pytest.skip("no corpus")
    text = (CORPUS / "polybench" / f"{kernel}.peqc.mlir").read_text()
    done = lit_shell.run_pyaffine_opt(["-affine-optimize=cache-size=8 time-tile=true remarks=true", "-"],
                                      text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    remarks, out = done.stderr.decode(), done.stdout.decode()
    if kernel == "jacobi_2d":
        assert "tiled across time steps" in remarks and "affine.parallel" in out, remarks
        # Each sweep its own innermost point loop (a store each), which the
        # shift of the second sweep would otherwise make carry a dependence.
        assert "one innermost point loop per statement" in remarks, remarks
        assert all(_stores_in_innermost_loops(out)), out
    for seed in (0, 1):
        before, after = _run_sized(text, seed), _run_sized(out, seed)
        assert all(np.array_equal(a, b, equal_nan=True) for a, b in zip(before, after))


def _stores_in_innermost_loops(text: str) -> list:
    """Per innermost affine.for of `text`: whether it holds exactly one store."""
    from mlir_affine_py.dialects.affine import AffineForOp
    from mlir_affine_py.parse.parser import parse_source
    loops = [op for op in parse_source(text).walk() if isinstance(op, AffineForOp)]
    innermost = [loop for loop in loops
                 if not any(isinstance(op, AffineForOp) for op in loop.walk() if op is not loop)]
    return [sum(op.op_name == "affine.store" for op in loop.walk()) == 1 for loop in innermost]


def _run_sized(text: str, seed: int) -> list:
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed, dynamic_size=64, index_value=40)
    run_function(module, func.sym_name, args)
    return [a for a in args if isinstance(a, np.ndarray)]


def _sweep(src: str, dst: str) -> str:
    """One 7-point sweep of a 3-d grid of 96^3, `dst` from `src`."""
    loads = [f"%{src}{n} = affine.load %{src}[{i}] : memref<96x96x96xf64>" for n, i in enumerate([
        "%i, %j, %k", "%i - 1, %j, %k", "%i + 1, %j, %k", "%i, %j - 1, %k", "%i, %j + 1, %k",
        "%i, %j, %k - 1", "%i, %j, %k + 1"])]
    sums = [f"%{src}s1 = arith.addf %{src}0, %{src}1 : f64"] + [
        f"%{src}s{n} = arith.addf %{src}s{n - 1}, %{src}{n} : f64" for n in range(2, 7)]
    body = "\n".join(loads + sums + [f"affine.store %{src}s6, %{dst}[%i, %j, %k] : memref<96x96x96xf64>"])
    return f"""    affine.for %i = 1 to 95 {{
      affine.for %j = 1 to 95 {{
        affine.for %k = 1 to 95 {{
{body}
        }}
      }}
    }}
"""


HEAT = ("func.func @heat(%A: memref<96x96x96xf64>, %B: memref<96x96x96xf64>) {\n"
        "  affine.for %t = 0 to 20 {\n" + _sweep("A", "B") + _sweep("B", "A") + "  }\n  return\n}\n")


def test_time_tiles_keep_a_long_innermost_point_loop():
    """A 3-d stencil's skewed tiles fit the cache only at 8 along the
    time and outer axes; the innermost point loop, which the vectorizer
    gets, stays 64 long (transforms/time_tiling.py, MIN_INNERMOST), and
    each sweep has its own."""
    done = lit_shell.run_pyaffine_opt(["-affine-optimize=time-tile=true remarks=true", "-"],
                                      HEAT.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    remarks = done.stderr.decode()
    assert "tiles of 8 x 8 x 8 x 64, one innermost point loop per statement" in remarks, remarks


def _sweep_2d(src: str, dst: str) -> str:
    """One 5-point sweep of a 2-d grid of 1600^2, `dst` from `src`."""
    loads = [f"%{src}{n} = affine.load %{src}[{i}] : memref<1600x1600xf64>" for n, i in enumerate([
        "%i, %j", "%i - 1, %j", "%i + 1, %j", "%i, %j - 1", "%i, %j + 1"])]
    sums = [f"%{src}s1 = arith.addf %{src}0, %{src}1 : f64"] + [
        f"%{src}s{n} = arith.addf %{src}s{n - 1}, %{src}{n} : f64" for n in range(2, 5)]
    body = "\n".join(loads + sums + [f"affine.store %{src}s4, %{dst}[%i, %j] : memref<1600x1600xf64>"])
    return f"""    affine.for %i = 1 to 1599 {{
      affine.for %j = 1 to 1599 {{
{body}
      }}
    }}
"""


JACOBI = ("func.func @jacobi(%A: memref<1600x1600xf64>, %B: memref<1600x1600xf64>) {\n"
          "  affine.for %t = 0 to 100 {\n" + _sweep_2d("A", "B") + _sweep_2d("B", "A")
          + "  }\n  return\n}\n")


def _jacobi_1d(points: int) -> str:
    """jacobi-1d's two sweeps over `points` points, 100 time steps."""
    memref = f"memref<{points}xf64>"
    sweeps = []
    for src, dst in (("A", "B"), ("B", "A")):
        sweeps.append(f"""    affine.for %i = 1 to {points - 1} {{
      %{src}0 = affine.load %{src}[%i - 1] : {memref}
      %{src}1 = affine.load %{src}[%i] : {memref}
      %{src}2 = affine.load %{src}[%i + 1] : {memref}
      %{src}3 = arith.addf %{src}0, %{src}1 : f64
      %{src}4 = arith.addf %{src}3, %{src}2 : f64
      affine.store %{src}4, %{dst}[%i] : {memref}
    }}
""")
    return (f"func.func @jacobi(%A: {memref}, %B: {memref}) {{\n  affine.for %t = 0 to 100 {{\n"
            + "".join(sweeps) + "  }\n  return\n}\n")


@pytest.mark.parametrize("text, options, tiled", [
    (JACOBI, "", True),                            # 39 MiB per time step, 64^3 tiles reuse it
    (JACOBI, "last-level-cache=65536", False),     # the time step fits the cache
    (JACOBI, "last-level-cache=0", False),         # never without time-tile
    (HEAT, "", False),                             # 14 MiB per time step: fits 16 MiB
    (HEAT, "last-level-cache=1024", False),        # the skewed 3-d tiles touch more per point
    (HEAT, "last-level-cache=1024 time-tile=true", True),
    (JACOBI, "last-level-cache=0 first-level-cache=1", False),   # 2-d tiles for L1: never
    (_jacobi_1d(20000), "", True),                 # 313 KiB a step: 256 x 256 tiles for L1
    (_jacobi_1d(20000), "first-level-cache=0", False),
    (_jacobi_1d(800), "", False),                  # 12.5 KiB a step: fits half of 32 KiB
])
def test_time_tiling_where_a_time_step_outgrows_the_last_level_cache(text, options, tiled):
    """Without time-tile, time tiling only where a time step outgrows the
    last-level cache and the tiles touch a quarter of the bytes per point
    that a time step does (transforms/time_tiling.py, REUSE); or, for a
    stencil of one dimension, where it outgrows the first-level cache's
    share (FIRST_LEVEL_DEPTH)."""
    done = lit_shell.run_pyaffine_opt([f"-affine-optimize=remarks=true {options}".strip(), "-"],
                                      text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    remarks = done.stderr.decode()
    assert ("tiled across time steps: the sweeps" in remarks) == tiled, remarks


def test_a_time_loop_left_untiled_says_why():
    """heat's skewed 3-d tiles touch more bytes per point than a quarter
    of a time step's: the remark gives both."""
    done = lit_shell.run_pyaffine_opt(["-affine-optimize=remarks=true last-level-cache=1024", "-"],
                                      HEAT.encode(), REPO_ROOT)
    remarks = done.stderr.decode()
    assert re.search(r"time loop %t not tiled across time steps: its tiles of [\d x]+ would "
                     r"touch [\d.]+ bytes a statement instance, not 4 times fewer than a time "
                     r"step's [\d.]+ \(one time step touches \d+ bytes\)", remarks), remarks
