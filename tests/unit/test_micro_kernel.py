"""The micro-kernel of a tiled band (`transforms/micro_kernel.py`): the
accumulators of a 4 x 8 block of C carried in registers through the k
loop.  Where it applies (a rectangular gemm, a triangle, sizes that leave
partial blocks), the interpreter gives the original's arrays bit for bit;
where C is read at another subscript, the reduction loop's bounds depend
on the block, or a bound is not monotone in the rows, the band keeps its
register tile.  tests/lit/optimize/micro-kernel.mlir runs it through
mlir-opt's OpenMP lowering on 1 and 2 threads."""

from __future__ import annotations

import pytest

import lit_shell
from affine_programs import interpreted_arrays
from support import REPO_ROOT

# cache-size=16: these bands are tiled by 8 x 16 x 16, tiles of two full
# blocks of rows and of columns, and partial ones at the ends.
OPTIONS = "cache-size=16 parallelize=false remarks=true"

GEMM = """func.func @gemm(%A: memref<{m}x{k}xf64>, %B: memref<{k}x{n}xf64>, %C: memref<{m}x{n}xf64>) {{
  affine.for %i = 0 to {m} {{
    affine.for %kk = 0 to {k} {{
      affine.for %j = {lower} to {upper} {{
        %a = affine.load %A[%i, %kk] : memref<{m}x{k}xf64>
        %b = affine.load %B[%kk, %j] : memref<{k}x{n}xf64>
        %p = arith.mulf %a, %b : f64
        %c = affine.load %C[%i, %j] : memref<{m}x{n}xf64>
        %s = arith.addf %c, %p : f64
        affine.store %s, %C[%i, %j] : memref<{m}x{n}xf64>
      }}
    }}
  }}
  return
}}
"""


def _optimize(text: str) -> tuple:
    done = lit_shell.run_pyaffine_opt([f"-affine-optimize={OPTIONS}", "-"], text.encode(),
                                      REPO_ROOT)
    assert done.code == 0, done.stderr.decode()
    return done.stdout.decode(), done.stderr.decode()


def _arrays(text: str):
    return interpreted_arrays(text)


@pytest.mark.parametrize("m, k, n, lower, upper", [
    (64, 40, 72, "0", "72"),                                  # whole blocks
    (70, 33, 75, "0", "75"),                                  # partial blocks and tiles
    (70, 33, 70, "0", "affine_map<(d0) -> (d0 + 1)>(%i)"),    # a triangle: j <= i
    (70, 33, 70, "affine_map<(d0) -> (d0)>(%i)", "70"),      # a triangle: j >= i
])
def test_the_micro_kernel_keeps_every_bit(m, k, n, lower, upper):
    text = GEMM.format(m=m, k=k, n=n, lower=lower, upper=upper)
    optimized, remarks = _optimize(text)
    assert "blocked by 4 x 8" in remarks and "(micro-kernel)" in remarks, remarks
    assert "by 8 x 16 x 16 (tile footprint" in remarks, remarks
    assert "iter_args" in optimized and "affine.if" in optimized, optimized
    assert _arrays(optimized) == _arrays(text)


def test_c_read_at_another_subscript_keeps_the_register_tile():
    # trmm's B[i][j] += A[k][i] * B[k][j]: the block of B in registers
    # would hide its updates from the loads of B[k][j].
    text = GEMM.format(m=64, k=64, n=64, lower="0", upper="64").replace(
        "%b = affine.load %B[%kk, %j] : memref<64x64xf64>",
        "%b = affine.load %C[%kk, %j] : memref<64x64xf64>")
    optimized, remarks = _optimize(text)
    assert "micro-kernel" not in remarks, remarks
    assert _arrays(optimized) == _arrays(text)


def test_reduction_bounds_that_depend_on_the_block_keep_the_register_tile():
    # k < i: each row of the block would run its own k loop.
    text = GEMM.format(m=64, k=64, n=64, lower="0", upper="64").replace(
        "affine.for %kk = 0 to 64", "affine.for %kk = 0 to affine_map<(d0) -> (d0)>(%i)")
    optimized, remarks = _optimize(text)
    assert "micro-kernel" not in remarks, remarks
    assert _arrays(optimized) == _arrays(text)


def test_a_bound_not_monotone_in_the_rows_keeps_the_register_tile():
    from mlir_affine_py.transforms.micro_kernel import _monotone_in
    from mlir_affine_py.ir.affine_expr import dim
    from mlir_affine_py.ir.affine_map import AffineMap
    row, other = object(), object()
    assert _monotone_in(AffineMap.get(2, 0, [dim(0) + 1, dim(1)]), [row, other], row)
    assert _monotone_in(AffineMap.get(2, 0, [dim(0) % 4]), [other, row], row)
    assert not _monotone_in(AffineMap.get(2, 0, [dim(0) % 4 + dim(1)]), [row, other], row)


def test_off_keeps_the_register_tile():
    text = GEMM.format(m=64, k=40, n=72, lower="0", upper="72")
    done = lit_shell.run_pyaffine_opt(
        [f"-affine-optimize={OPTIONS} micro-kernel=false", "-"], text.encode(), REPO_ROOT)
    assert done.code == 0 and "micro-kernel" not in done.stderr.decode()
    assert "iter_args" not in done.stdout.decode()
