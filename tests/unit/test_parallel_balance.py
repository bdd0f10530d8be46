"""The load balance of `-affine-optimize`'s parallel loops
(`transforms/parallel_balance.py`): a parallel loop whose iterations' work
grows with its induction variable is folded, iteration t running the
original iterations t and T - 1 - t; a loop whose iterations do the same
work, or whose work the model cannot count, is left in its order.  The
folded loop runs every original iteration once: the interpreter gives the
same arrays (tests/lit/optimize/balance.mlir runs it through mlir-opt's
OpenMP lowering on 1, 2 and 3 threads)."""

from __future__ import annotations

import pytest

import lit_shell
from affine_programs import interpreted_arrays
from support import REPO_ROOT

TRIANGLE = """func.func @f(%A: memref<{n}x{n}xf64>) {{
  affine.for %i = {lb} to {n} step {step} {{
    affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i) {{
      %a = affine.load %A[%j, %i] : memref<{n}x{n}xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i, %j] : memref<{n}x{n}xf64>
    }}
  }}
  return
}}
"""

RECTANGLE = """func.func @f(%A: memref<200x200xf64>) {
  affine.for %i = 0 to 200 {
    affine.for %j = 0 to 200 {
      %a = affine.load %A[%i, %j] : memref<200x200xf64>
      %b = arith.addf %a, %a : f64
      affine.store %b, %A[%i, %j] : memref<200x200xf64>
    }
  }
  return
}
"""


def _parallelize(text: str) -> tuple:
    flags = ["-affine-optimize=fuse=false tile=false min-parallel-work=0 remarks=true", "-"]
    done = lit_shell.run_pyaffine_opt(flags, text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


def _arrays(text: str):
    return interpreted_arrays(text)


def test_busiest_chunk_is_that_of_a_static_schedule():
    from mlir_affine_py.transforms.parallel_balance import _busiest_chunk
    # Two threads: 3 iterations and 2, the first chunk one longer.
    assert _busiest_chunk([1, 1, 1, 5, 5]) == 10
    assert _busiest_chunk([5, 1, 1, 1, 1]) == 7
    assert _busiest_chunk([4, 4]) == 4


@pytest.mark.parametrize("n, lb, step", [(200, 0, 1), (201, 3, 2), (400, 0, 64), (130, 0, 64), (2, 0, 1)])
def test_a_triangle_is_folded_and_keeps_its_meaning(n, lb, step):
    text = TRIANGLE.format(n=n, lb=lb, step=step)
    folded, remarks = _parallelize(text)
    count = len(range(lb, n, step))
    if count <= 3:
        # Three iterations or fewer: the busiest thread gains nothing (one
        # chunk holds the last, largest iteration, or its pair).
        assert "folded" not in remarks, remarks
        return
    assert f"folded for balance (iterations t and {count - 1} - t together" in remarks, remarks
    assert f"affine.parallel (%arg1) = (0) to ({-(-count // 2)})" in folded, folded
    assert "affine.if" in folded
    assert _arrays(folded) == _arrays(text)


def test_equal_iterations_are_left_in_their_order():
    parallel, remarks = _parallelize(RECTANGLE)
    assert "affine.parallel (%arg1) = (0) to (200)" in parallel, parallel
    assert "runs in parallel" in remarks and "folded" not in remarks, remarks


def test_a_work_it_cannot_count_is_left_in_its_order():
    # The inner bound is a symbol: the work of an iteration is unknown.
    text = TRIANGLE.format(n=200, lb=0, step=1).replace(
        "affine.for %j = 0 to affine_map<(d0) -> (d0 + 1)>(%i)",
        "affine.for %j = 0 to min affine_map<(d0)[s0] -> (d0 + 1, s0)>(%i)[%n]").replace(
        "func.func @f(%A: memref<200x200xf64>) {",
        "func.func @f(%A: memref<200x200xf64>, %n: index) {")
    parallel, remarks = _parallelize(text)
    assert "affine.parallel" in parallel and "folded" not in remarks, remarks


def test_upstream_parallelize_keeps_the_order():
    done = lit_shell.run_pyaffine_opt(["-affine-parallelize", "-"],
                                      TRIANGLE.format(n=200, lb=0, step=1).encode(), REPO_ROOT)
    assert done.code == 0 and "affine.if" not in done.stdout.decode()
