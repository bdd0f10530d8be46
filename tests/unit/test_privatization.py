"""Privatization in the parallel step (transforms/privatization.py).

A loop whose carried dependences are all on buffers of the function that
each iteration writes before reading, and that nobody reads after the
loop, runs in parallel with a copy per iteration: the reference
interpreter, running the parallel loop last iteration first (the fixture
of test_tile_parallel_semantics.py), computes the original's arrays bit
for bit.  A buffer read after the loop, one whose reads see an earlier
iteration's value or a value from before the loop, and one that escapes
keep the loop sequential, each with its reason.  Without the option,
-affine-parallelize prints what mlir-opt 22 prints; mlir-opt prints every
output back identically (answers recorded, oracle.py).
"""

from __future__ import annotations

import numpy as np
import pytest
from test_tile_parallel_semantics import parallel_loops_reversed  # noqa: F401

import lit_shell
import oracle
from affine_programs import assert_mlir_opt_reprints
from support import MLIR_OPT, REPO_ROOT

PRIVATIZE = "-affine-parallelize=privatize=true max-nested=1 remarks=true"

# A running sum per row kept in a scalar buffer, reset per row.
ROW_SUMS = """func.func @f(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  %zero = arith.constant 0.0 : f64
  %s = memref.alloca() : memref<f64>
  affine.for %i = 0 to 16 {
    affine.store %zero, %s[] : memref<f64>
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %p = affine.load %s[] : memref<f64>
      %q = arith.addf %p, %a : f64
      affine.store %q, %s[] : memref<f64>
      affine.store %q, %B[%i, %j] : memref<16x16xf64>
    }
  }
  return
}
"""

# A row buffer filled by one loop and read backwards by the next: every
# element read was written in the same iteration of %i.
ROW_REVERSED = """func.func @f(%A: memref<16x16xf64>, %B: memref<16x16xf64>) {
  %t = memref.alloc() : memref<16xf64>
  affine.for %i = 0 to 16 {
    affine.for %j = 0 to 16 {
      %a = affine.load %A[%i, %j] : memref<16x16xf64>
      %d = arith.addf %a, %a : f64
      affine.store %d, %t[%j] : memref<16xf64>
    }
    affine.for %j = 0 to 16 {
      %v = affine.load %t[-%j + 15] : memref<16xf64>
      affine.store %v, %B[%i, %j] : memref<16x16xf64>
    }
  }
  memref.dealloc %t : memref<16xf64>
  return
}
"""

# After the loop the scalar is written again, then read (memref.load and
# memref.store, which the parallel loop itself may not hold): no value of
# the loop is read after it.
WRITTEN_AGAIN = ROW_SUMS.replace("""  return
}""", """  memref.store %zero, %s[] : memref<f64>
  %last = memref.load %s[] : memref<f64>
  affine.store %last, %B[0, 0] : memref<16x16xf64>
  return
}""")

# The sum of the last row is read after the loop.
READ_AFTER = ROW_SUMS.replace("""  return
}""", """  %last = affine.load %s[] : memref<f64>
  affine.store %last, %B[0, 0] : memref<16x16xf64>
  return
}""")

# The scalar is reset before the loop only: each row continues the sum.
RESET_BEFORE = ROW_SUMS.replace("""  affine.for %i = 0 to 16 {
    affine.store %zero, %s[] : memref<f64>
""", """  affine.store %zero, %s[] : memref<f64>
  affine.for %i = 0 to 16 {
""")

# Each iteration but the first reads what the one before wrote.
PREVIOUS = """func.func @f(%A: memref<16xf64>, %B: memref<16xf64>) {
  %s = memref.alloca() : memref<f64>
  affine.for %i = 0 to 16 {
    affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%i) {
      %p = affine.load %s[] : memref<f64>
      affine.store %p, %B[%i] : memref<16xf64>
    }
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %s[] : memref<f64>
  }
  return
}
"""

# Element 1 of the buffer is written before the loop and only read in it.
PARTLY_WRITTEN = """func.func @f(%A: memref<16xf64>, %B: memref<16xf64>) {
  %one = arith.constant 1.0 : f64
  %t = memref.alloca() : memref<2xf64>
  affine.store %one, %t[1] : memref<2xf64>
  affine.for %i = 0 to 16 {
    %a = affine.load %A[%i] : memref<16xf64>
    affine.store %a, %t[0] : memref<2xf64>
    %x = affine.load %t[0] : memref<2xf64>
    %y = affine.load %t[1] : memref<2xf64>
    %z = arith.addf %x, %y : f64
    affine.store %z, %B[%i] : memref<16xf64>
  }
  return
}
"""

# The buffer is handed to a function: it may be read anywhere.
ESCAPES = ROW_SUMS.replace("""  return
}""", """  func.call @g(%s) : (memref<f64>) -> ()
  return
}
func.func private @g(memref<f64>)""")


def _run(flags: list, text: str) -> tuple:
    done = lit_shell.run_pyaffine_opt([*flags, "-"], text.encode(), REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


def _arrays(text: str, seed: int) -> list:
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func" and op.regions[0].blocks)
    args = random_arguments(func, seed)
    run_function(module, func.sym_name, args)
    return [a.tobytes() for a in args if isinstance(a, np.ndarray)]


@pytest.mark.parametrize("text, privatized, allocas", [
    (ROW_SUMS, "%s", 2), (WRITTEN_AGAIN, "%s", 2), (ROW_REVERSED, "%t", 1)],
    ids=["row-sums", "written-again", "row-reversed"])
def test_a_buffer_each_iteration_writes_first_is_privatized(text, privatized, allocas):
    out, remarks = _run([PRIVATIZE], text)
    assert f"%i runs in parallel, with private copies of {privatized}" in remarks, remarks
    body = out.split("affine.parallel (%arg2) = (0) to (16) {\n", 1)[1]
    assert body.lstrip().startswith("%alloca")              # the private copy, first
    assert out.count("memref.alloca()") == allocas
    for seed in (0, 1):
        assert _arrays(out, seed) == _arrays(text, seed)
    assert_mlir_opt_reprints(MLIR_OPT, [out], run=oracle.run)


@pytest.mark.parametrize("text, reason", [
    (READ_AFTER, "a value written in the loop is read after it"),
    (RESET_BEFORE, "a read in the loop sees a value written before it"),
    (PREVIOUS, "a read in one iteration sees a value written in an earlier one"),
    (READ_AFTER.replace("%last = affine.load", "%last = memref.load"),
     "a value written in the loop is read after it"),
    (PARTLY_WRITTEN, "a read in the loop sees a value written before it")],
    ids=["read-after", "reset-before", "previous", "read-after-memref", "partly-written"])
def test_a_value_that_crosses_iterations_keeps_the_loop_sequential(text, reason):
    out, remarks = _run([PRIVATIZE], text)
    assert "affine.parallel" not in out
    assert f"(not privatized: {reason})" in remarks, remarks


def test_an_escaping_buffer_is_not_privatized():
    out, remarks = _run([PRIVATIZE], ESCAPES)
    assert "affine.parallel" not in out
    assert "%i stays sequential: it carries the" in remarks and "privatized" not in remarks


@pytest.mark.parametrize("text", [ROW_SUMS, ROW_REVERSED], ids=["row-sums", "row-reversed"])
def test_without_the_option_the_output_is_mlir_opts(text):
    ours, _ = _run(["-affine-parallelize"], text)
    assert "affine.parallel (%arg2)" not in ours      # the loop over the rows
    done = oracle.run([MLIR_OPT, "-affine-parallelize", "-"], input=text, capture_output=True,
                      text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == ours


def test_affine_optimize_privatizes_unless_told_not_to():
    # Without the register tiles for recurrences, which would give each row
    # an element of its own of the scalars (recurrence_jam.py) instead.
    out, _ = _run(["-affine-optimize=min-parallel-work=0 jam-recurrences=0"], ROW_SUMS)
    assert "affine.parallel" in out and out.count("memref.alloca()") == 2
    out, _ = _run(["-affine-optimize=min-parallel-work=0 privatize=false jam-recurrences=0"],
                  ROW_SUMS)
    assert "affine.parallel" not in out


# doitgen: `sum` is an argument, written over [0, 8) by every iteration of
# %i before it is read; its values after the function are the last
# iteration's.
ARGUMENT = """func.func @f(%A: memref<12x8xf64>, %C: memref<8x8xf64>, %sum: memref<?xf64>) {
  %zero = arith.constant 0.0 : f64
  affine.for %i = 0 to 12 {
    affine.for %p = 0 to 8 {
      affine.store %zero, %sum[%p] : memref<?xf64>
      affine.for %s = 0 to 8 {
        %a = affine.load %A[%i, %s] : memref<12x8xf64>
        %c = affine.load %C[%s, %p] : memref<8x8xf64>
        %m = arith.mulf %a, %c : f64
        %t = affine.load %sum[%p] : memref<?xf64>
        %u = arith.addf %t, %m : f64
        affine.store %u, %sum[%p] : memref<?xf64>
      }
    }
    affine.for %p = 0 to 8 {
      %t = affine.load %sum[%p] : memref<?xf64>
      affine.store %t, %A[%i, %p] : memref<12x8xf64>
    }
  }
  return
}
"""


def test_an_argument_the_last_iteration_writes_whole_is_privatized_but_there():
    out, remarks = _run([PRIVATIZE], ARGUMENT)
    assert ("%i runs in parallel, with private copies of %arg2 (the last iteration's own: "
            "the argument)") in remarks, remarks
    assert "memref.alloca() : memref<8xf64>" in out and "affine.if" in out, out
    for seed in (0, 1):
        assert _arrays(out, seed) == _arrays(ARGUMENT, seed)      # sum included
    assert_mlir_opt_reprints(MLIR_OPT, [out], run=oracle.run)


@pytest.mark.parametrize("change, reason", [
    # The last iteration writes (and reads) only half of it.
    (("affine.for %p = 0 to 8 {",
      "affine.for %p = 0 to min affine_map<(d0) -> (8, -d0 * 4 + 48)>(%i) {"),
     "its last iteration does not write every element the loop writes"),
    # Each iteration leaves its sum in its own element.
    (("affine.store %u, %sum[%p]", "affine.store %u, %sum[%i]"),
     "its last iteration does not write every element the loop writes")],
    ids=["last-writes-half", "element-per-iteration"])
def test_an_argument_the_last_iteration_does_not_write_whole_stays_shared(change, reason):
    text = ARGUMENT.replace(*change)
    out, remarks = _run([PRIVATIZE], text)
    assert "affine.parallel (%arg3)" not in out, out
    assert "%i stays sequential: it carries the" in remarks, remarks
    assert f"(not privatized: {reason})" in remarks, remarks
