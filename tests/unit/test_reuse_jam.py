"""The register tile for stencils (`transforms/reuse_jam.py`): the loop
around an innermost loop whose copies would load the same elements is
unrolled and jammed, and each element is loaded once per jammed
iteration.  Where it applies (rows that the factor divides or not), the
interpreter gives the original's arrays bit for bit; where the loop
carries a dependence the jam would reverse, where the copies' loads would
wait for 4K-aliased stores, or where the memref read is written in the
body, nothing is jammed.  tests/lit/optimize/reuse-jam.mlir runs it through
mlir-opt's OpenMP lowering on 1 and 2 threads."""

from __future__ import annotations

import pytest

import lit_shell
from affine_programs import interpreted_arrays
from support import REPO_ROOT

from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.transforms.reuse_jam import share_loads

OPTIONS = "parallelize=false remarks=true jam-reductions=0"

# One sweep of jacobi-2d: B[i][j] from A's five neighbours.
SWEEP = """func.func @sweep(%A: memref<{n}x{m}xf64>, %B: memref<{n}x{m}xf64>) {{
  affine.for %i = 1 to {rows} {{
    affine.for %j = 1 to {cols} {{
      %c = affine.load %A[%i, %j] : memref<{n}x{m}xf64>
      %w = affine.load %A[%i, %j - 1] : memref<{n}x{m}xf64>
      %e = affine.load %A[%i, %j + 1] : memref<{n}x{m}xf64>
      %s = affine.load %A[%i + 1, %j] : memref<{n}x{m}xf64>
      %n = affine.load %A[%i - 1, %j] : memref<{n}x{m}xf64>
      %0 = arith.addf %c, %w : f64
      %1 = arith.addf %0, %e : f64
      %2 = arith.addf %1, %s : f64
      %3 = arith.addf %2, %n : f64
      affine.store %3, %{out}[%i, %j + {shift}] : memref<{n}x{m}xf64>
    }}
  }}
  return
}}
"""


def _sweep(n=18, m=520, out="B", shift=0) -> str:
    return SWEEP.format(n=n, m=m, rows=n - 1, cols=m - 1 - max(shift, 0), out=out, shift=shift)


def _optimize(text: str) -> tuple:
    done = lit_shell.run_pyaffine_opt([f"-affine-optimize={OPTIONS}", "-"], text.encode(),
                                      REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


@pytest.mark.parametrize("n", [18, 19])      # 16 rows, whole groups; 17, one row left
def test_the_jammed_rows_load_each_element_once_and_keep_every_bit(n):
    text = _sweep(n=n)
    optimized, remarks = _optimize(text)
    assert "unrolled and jammed by 4: the copies of the innermost loop load the same " \
           "elements of %arg0; 6 loads merged" in remarks, remarks
    assert "step 4" in optimized, optimized
    # Rows i - 1 .. i + 4, each at j, and j - 1 and j + 1 of the four rows.
    jammed = optimized[optimized.index("step 4"):]
    jammed = jammed[:jammed.index("affine.yield") if "affine.yield" in jammed else None]
    inner = jammed.split("affine.for")[1].split("}")[0]
    assert inner.count("affine.load") == 6 + 2 * 4, inner
    assert interpreted_arrays(optimized) == interpreted_arrays(text)


def test_a_dependence_the_jam_would_reverse_is_refused():
    # B[i][j + 1] = f(A): rows are independent, but B[i - 1][j + 1] read
    # back below makes row i wait for row i - 1 at a later j.
    text = _sweep().replace(
        "%3 = arith.addf %2, %n : f64",
        "%b = affine.load %B[%i - 1, %j + 1] : memref<18x520xf64>\n"
        "      %3 = arith.addf %2, %b : f64")
    optimized, remarks = _optimize(text)
    assert "not unrolled and jammed for reuse: it carries a dependence from the " \
           "affine.store to the affine.load that the jammed order would reverse" in remarks, remarks
    assert "step 4" not in optimized
    assert interpreted_arrays(optimized) == interpreted_arrays(text)


def test_loads_waiting_for_4k_aliased_stores_are_refused():
    # Rows of 1024 doubles are 8 KiB: copy 1's load of A[i + 1][j - 1]
    # would follow copy 0's store to B[i][j], 8 KiB less a double away.
    optimized, remarks = _optimize(_sweep(n=6, m=1024))
    assert "a copy would load %arg0 8184 bytes from an earlier copy's store to %arg1" in remarks, remarks
    assert "(4K aliasing)" in remarks and "step 4" not in optimized


def test_rows_shorter_than_a_page_are_refused():
    # 18 doubles a row: each copy's stream would jump every 144 bytes.
    optimized, remarks = _optimize(_sweep(m=20))
    assert "not unrolled and jammed for reuse: a copy's accesses to %arg0 would run over " \
           "144 contiguous bytes and jump, fewer than a page of 4096" in remarks, remarks
    assert "step 4" not in optimized


# A sweep of heat-3d's shape: the loop around the innermost walks rows of
# 80 bytes, the one around it planes of 4 KiB and more.
SWEEP_3D = """func.func @sweep(%A: memref<8x{m}x{m}xf64>, %B: memref<8x{m}x{m}xf64>) {{
  affine.for %i = 1 to 7 {{
    affine.for %j = 1 to {inner} {{
      affine.for %k = 1 to {inner} {{
        %c = affine.load %A[%i, %j, %k] : memref<8x{m}x{m}xf64>
        %n = affine.load %A[%i, %j - 1, %k] : memref<8x{m}x{m}xf64>
        %s = affine.load %A[%i, %j + 1, %k] : memref<8x{m}x{m}xf64>
        %u = affine.load %A[%i - 1, %j, %k] : memref<8x{m}x{m}xf64>
        %d = affine.load %A[%i + 1, %j, %k] : memref<8x{m}x{m}xf64>
        %0 = arith.addf %c, %n : f64
        %1 = arith.addf %0, %s : f64
        %2 = arith.addf %1, %u : f64
        %3 = arith.addf %2, %d : f64
        affine.store %3, %B[%i, %j, %k] : memref<8x{m}x{m}xf64>
      }}
    }}
  }}
  return
}}
"""


def test_a_loop_whose_copies_walk_whole_planes_is_jammed_instead():
    text = SWEEP_3D.format(m=26, inner=25)
    optimized, remarks = _optimize(text)
    # %i's copies walk planes of 24 rows of 26 doubles (4784 bytes).
    assert "%i unrolled and jammed by 4: the copies of the innermost loop load the same " \
           "elements of %arg0; 6 loads merged" in remarks, remarks
    assert "%j" not in remarks.split("unroll-jam")[-1].split("\n")[0], remarks
    assert interpreted_arrays(optimized) == interpreted_arrays(text)


def test_a_memref_the_body_writes_is_not_a_candidate():
    # In place (Gauss-Seidel): the loads of A are not shared by the copies.
    optimized, remarks = _optimize(_sweep(out="A", shift=0).replace("%i - 1, %j]", "%i - 1, %j + 1]"))
    assert "for reuse" not in remarks and "load the same elements" not in remarks, remarks
    assert "step 4" not in optimized


SHARE = """func.func @f(%A: memref<8x8xf64>, %B: memref<8x8xf64>, %v: memref<8x8xf64>) {
  affine.for %j = 0 to 7 {
    %a = affine.load %A[0, %j] : memref<8x8xf64>
    affine.store %a, %B[0, %j] : memref<8x8xf64>
    %b = affine.load %A[0, %j] : memref<8x8xf64>
    affine.store %b, %A[1, %j] : memref<8x8xf64>
    %d = affine.load %A[0, %j] : memref<8x8xf64>
    %e = arith.addf %d, %b : f64
    affine.store %e, %v[0, %j] : memref<8x8xf64>
  }
  return
}
"""


def test_share_loads_merges_across_other_memrefs_only():
    module = parse_source(SHARE)
    loop = next(op for op in module.walk() if op.op_name == "affine.for")
    # %b takes %a's value (the store between is to another memref); %d
    # follows a store to A itself and stays.
    assert share_loads(loop) == 1
    loads = [op for op in loop.body.ops if op.op_name == "affine.load"]
    assert len(loads) == 2
