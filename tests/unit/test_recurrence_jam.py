"""Register tiles for recurrences (transforms/recurrence_jam.py): an
innermost loop that carries a recurrence is skewed by the loop around it
and that loop unrolled and jammed, where the copies are independent along
the new axis; the interpreter computes the same bits before and after, and
nests without such a recurrence, or where no small skew makes the copies
independent, are left as they are with a remark."""

from __future__ import annotations

import numpy as np
import pytest

import lit_shell
from affine_programs import assert_mlir_opt_reprints
from support import MLIR_OPT, REPO_ROOT

# Gauss-Seidel sweeps in place (PolyBench seidel-2d at 34 x 34): A[i][j]
# reads A[i][j-1] of the iteration before (distance (0, 1)) and the row
# above, new, at (1, -1), (1, 0), (1, 1).  Along j + 2i the four copies of
# i .. i+7 are independent.
SEIDEL = """func.func @seidel(%A: memref<34x34xf64>) {
  %nine = arith.constant 9.0 : f64
  affine.for %t = 0 to 3 {
    affine.for %i = 1 to 33 {
      affine.for %j = 1 to 33 {
        %0 = affine.load %A[%i - 1, %j - 1] : memref<34x34xf64>
        %1 = affine.load %A[%i - 1, %j] : memref<34x34xf64>
        %2 = affine.load %A[%i - 1, %j + 1] : memref<34x34xf64>
        %3 = affine.load %A[%i, %j - 1] : memref<34x34xf64>
        %4 = affine.load %A[%i, %j] : memref<34x34xf64>
        %5 = affine.load %A[%i, %j + 1] : memref<34x34xf64>
        %6 = affine.load %A[%i + 1, %j - 1] : memref<34x34xf64>
        %7 = affine.load %A[%i + 1, %j] : memref<34x34xf64>
        %8 = affine.load %A[%i + 1, %j + 1] : memref<34x34xf64>
        %s0 = arith.addf %0, %1 : f64
        %s1 = arith.addf %s0, %2 : f64
        %s2 = arith.addf %s1, %3 : f64
        %s3 = arith.addf %s2, %4 : f64
        %s4 = arith.addf %s3, %5 : f64
        %s5 = arith.addf %s4, %6 : f64
        %s6 = arith.addf %s5, %7 : f64
        %s7 = arith.addf %s6, %8 : f64
        %v = arith.divf %s7, %nine : f64
        affine.store %v, %A[%i, %j] : memref<34x34xf64>
      }
    }
  }
  return
}
"""

# A first-order filter along each row, rows independent: jammed unskewed.
ROWS = """func.func @rows(%A: memref<24x40xf64>, %B: memref<24x40xf64>) {
  %half = arith.constant 0.5 : f64
  affine.for %i = 0 to 24 {
    affine.for %j = 1 to 40 {
      %p = affine.load %A[%i, %j - 1] : memref<24x40xf64>
      %b = affine.load %B[%i, %j] : memref<24x40xf64>
      %m = arith.mulf %p, %half : f64
      %s = arith.addf %m, %b : f64
      affine.store %s, %A[%i, %j] : memref<24x40xf64>
    }
  }
  return
}
"""

# Each row also reads the last column of the row above, written at the end
# of that row: along j + f i the copies of one iteration depend on each
# other for every f up to 30, so nothing is jammed.
LAST_COLUMN = ROWS.replace("%b = affine.load %B[%i, %j]", "%b = affine.load %A[%i - 1, 39]") \
    .replace("affine.for %i = 0 to 24", "affine.for %i = 1 to 24")

# Each element reads the pivot element of its row, written once, far along
# (floyd-warshall's row k): no recurrence.
PIVOT = ROWS.replace("%p = affine.load %A[%i, %j - 1]", "%p = affine.load %A[%i, 0]")


def _optimize(text: str, options: str = "") -> tuple:
    flags = [f"-affine-optimize=remarks=true {options}".strip(), "-"]
    done = lit_shell.run_pyaffine_opt(flags, text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


def _assert_same_program(out: str, text: str) -> None:
    """The interpreter computes the same bits from both on seeded inputs,
    and mlir-opt prints `out` back identically."""
    for seed in range(3):
        assert _arrays(out, seed) == _arrays(text, seed)
    if MLIR_OPT is not None:
        assert_mlir_opt_reprints(MLIR_OPT, [out])


def _arrays(text: str, seed: int) -> list:
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed)
    run_function(module, func.sym_name, args)
    return [a.tobytes() for a in args if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("text, axis", [(SEIDEL, "%j + 2 * %i"), (ROWS, "%j")],
                         ids=["seidel", "rows"])
def test_a_recurrence_is_skewed_and_jammed_with_the_same_bits(text, axis):
    out, remarks = _optimize(text)
    assert "step 8" in out and out.count("arith.divf" if text is SEIDEL else "arith.mulf") == 8
    assert (f"skewed and jammed: %j carries a recurrence (every flow dependence along it at a "
            f"distance of 1 to 4), a chain each iteration waits on; along the new axis {axis}, 8 "
            f"consecutive iterations of %i are independent and run jammed: 8 chains") in remarks
    _assert_same_program(out, text)


def test_the_factor_is_an_option():
    out, _ = _optimize(SEIDEL, "jam-recurrences=4")
    assert "step 4" in out and out.count("arith.divf") == 4
    assert _arrays(out, 0) == _arrays(SEIDEL, 0)
    off, remarks = _optimize(SEIDEL, "jam-recurrences=0")
    assert "step" not in off and "skewed and jammed" not in remarks


def test_copies_that_stay_dependent_are_not_jammed():
    out, remarks = _optimize(LAST_COLUMN)
    assert "step" not in out
    assert ("band (%i, %j) not skewed and jammed: no skew factor up to 3 makes 8 consecutive "
            "iterations of %i independent along a wavefront") in remarks


def test_a_value_read_all_along_the_loop_is_no_recurrence():
    out, remarks = _optimize(PIVOT)
    assert "step" not in out and "jammed" not in remarks


# A lower triangular solve (PolyBench trisolv): x[i] is b[i] minus the dot
# product of row i with the x[j] before it, then divided by L[i][i].  The
# j loop's bound depends on i, so the syntactic unroll-and-jam refuses it;
# jammed as a schedule, copy i+k runs its part of the i body where its own
# j iterations begin and end: the division of x[i] lands before copy i+1
# reads it.
TRISOLV = """func.func @trisolv(%L: memref<40x40xf64>, %x: memref<40xf64>, %b: memref<40xf64>) {
  affine.for %i = 0 to 40 {
    %0 = affine.load %b[%i] : memref<40xf64>
    affine.store %0, %x[%i] : memref<40xf64>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %l = affine.load %L[%i, %j] : memref<40x40xf64>
      %xj = affine.load %x[%j] : memref<40xf64>
      %m = arith.mulf %l, %xj : f64
      %xi = affine.load %x[%i] : memref<40xf64>
      %s = arith.subf %xi, %m : f64
      affine.store %s, %x[%i] : memref<40xf64>
    }
    %1 = affine.load %x[%i] : memref<40xf64>
    %d = affine.load %L[%i, %i] : memref<40x40xf64>
    %q = arith.divf %1, %d : f64
    affine.store %q, %x[%i] : memref<40xf64>
  }
  return
}
"""

# Each row's dot product also reads x of the row after it, before that
# row's first statement overwrites it with b: jammed, copy i + 1 would
# store b[i+1] before copy i reads the old x[i+1]; isl finds the schedule
# illegal.
TRISOLV_AHEAD = TRISOLV.replace(
    "%m = arith.mulf %l, %xj : f64",
    "%xn = affine.load %x[%i + 1] : memref<40xf64>\n"
    "      %lx = arith.mulf %l, %xj : f64\n"
    "      %m = arith.addf %lx, %xn : f64").replace("affine.for %i = 0 to 40", "affine.for %i = 0 to 39")


def test_a_triangular_reduction_is_jammed_as_a_schedule():
    out, remarks = _optimize(TRISOLV)
    assert "step 8" in out and out.count("arith.mulf") >= 8
    assert ("%i unrolled and jammed by 8 as a schedule (the inner loop's bounds depend on it): "
            "the innermost loop accumulates into one element of a memref, indexed by %i") in remarks
    _assert_same_program(out, TRISOLV)


def test_a_triangular_jam_that_reverses_a_dependence_is_refused():
    out, remarks = _optimize(TRISOLV_AHEAD)
    assert "step" not in out
    assert ("%i not unrolled and jammed: a bound of a loop inside it depends on a value defined "
            "in it, and the jammed schedule would reverse a dependence (isl)") in remarks


# A first-order recursive filter along each row through scalars kept in
# buffers of the function (PolyBench deriche's ym1, xm1), reset at the
# start of every row: each row keeps them to itself, so each gets an
# element per row and the rows are jammed.
FILTER = """func.func @filter(%x: memref<32x40xf64>, %y: memref<32x40xf64>) {
  %zero = arith.constant 0.0 : f64
  %a = arith.constant 0.25 : f64
  %b = arith.constant 0.5 : f64
  %ym1 = memref.alloca() : memref<f64>
  %xm1 = memref.alloca() : memref<f64>
  affine.for %i = 0 to 32 {
    affine.store %zero, %ym1[] : memref<f64>
    affine.store %zero, %xm1[] : memref<f64>
    affine.for %j = 0 to 40 {
      %xv = affine.load %x[%i, %j] : memref<32x40xf64>
      %p = affine.load %xm1[] : memref<f64>
      %q = affine.load %ym1[] : memref<f64>
      %s0 = arith.mulf %a, %xv : f64
      %s1 = arith.mulf %b, %p : f64
      %s2 = arith.mulf %b, %q : f64
      %s3 = arith.addf %s0, %s1 : f64
      %s4 = arith.addf %s3, %s2 : f64
      affine.store %s4, %y[%i, %j] : memref<32x40xf64>
      affine.store %xv, %xm1[] : memref<f64>
      affine.store %s4, %ym1[] : memref<f64>
    }
  }
  return
}
"""


def test_scalars_reset_every_row_get_an_element_per_row():
    out, remarks = _optimize(FILTER)
    assert "step 8" in out and "memref.alloca() : memref<32xf64>" in out
    assert ("8 consecutive iterations of %i are independent and run jammed: 8 chains (with an "
            "element per iteration of %ym1, %xm1)") in remarks
    _assert_same_program(out, FILTER)


def test_scalars_read_after_the_rows_are_left_shared():
    # The last row's ym1 is read after the loop: not private to a row, so
    # not expanded, and the rows share it: nothing is jammed.
    text = FILTER.replace("  return\n}", "  %last = affine.load %ym1[] : memref<f64>\n"
                          "  affine.store %last, %y[0, 0] : memref<32x40xf64>\n  return\n}")
    out, remarks = _optimize(text)
    assert "step 8" not in out and "memref<32xf64>" not in out
    assert _arrays(out, 0) == _arrays(text, 0)


# A dot product through a scalar each row resets (PolyBench ludcmp's and
# symm's `w`), over a triangle: the scalar gets an element per row (its
# rows range over constants: 0 .. 39), and the rows are jammed as a
# schedule.
SCALAR_DOT = """func.func @dots(%A: memref<40x40xf64>, %x: memref<40xf64>, %y: memref<40xf64>) {
  %w = memref.alloca() : memref<f64>
  affine.for %i = 0 to 40 {
    %b = affine.load %y[%i] : memref<40xf64>
    affine.store %b, %w[] : memref<f64>
    affine.for %j = 0 to affine_map<(d0) -> (d0)>(%i) {
      %a = affine.load %A[%i, %j] : memref<40x40xf64>
      %v = affine.load %x[%j] : memref<40xf64>
      %m = arith.mulf %a, %v : f64
      %s = affine.load %w[] : memref<f64>
      %t = arith.subf %s, %m : f64
      affine.store %t, %w[] : memref<f64>
    }
    %r = affine.load %w[] : memref<f64>
    affine.store %r, %y[%i] : memref<40xf64>
  }
  return
}
"""


def test_a_reduction_through_a_scalar_is_expanded_and_jammed():
    out, remarks = _optimize(SCALAR_DOT)
    assert "step 8" in out and "memref.alloca() : memref<40xf64>" in out
    assert "%i unrolled and jammed by 8 as a schedule" in remarks
    _assert_same_program(out, SCALAR_DOT)
