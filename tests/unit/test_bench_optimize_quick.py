"""The optimizer's benchmark (tools/bench_optimize.py) and its C programs
(tools/polybench_c.py): every PolyBench kernel of the corpus translates to
C; the quick mode runs a few kernels at MINI size through the optimizer
with a small cache (so that it tiles, skews and time-tiles them), on one
and two OpenMP threads, and as C compiled by clang with and without Polly,
and every checksum equals the MLIR original's.  Never timings."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from support import REPO_ROOT

SCRIPT = REPO_ROOT / "tools" / "bench_optimize.py"
sys.path.insert(0, str(SCRIPT.parent))

import bench_optimize as optimize  # noqa: E402
import polybench_c  # noqa: E402

FOLDER = optimize.polybench.polybench_folder()
needs_corpus = pytest.mark.skipif(FOLDER is None, reason="no shared corpus (PYAFFINE_SHARED)")


@needs_corpus
def test_every_kernel_translates_to_c():
    poly = optimize.polybench
    for name in sorted(set(poly.SIZES) - set(poly.EXCLUDED)):
        text = poly.scale_kernel(poly.kernel_path(FOLDER, name).read_text(), poly.SIZES[name], 1)
        source = polybench_c.kernel_function(text)
        assert source.startswith("__attribute__((noinline))\nvoid kernel("), name
        program = polybench_c.harness(source, poly.signature(text, poly.SIZES[name], 1), 1)
        assert "int main(void)" in program and "kernel(" in program


def test_an_op_without_c_is_named():
    text = """func.func @k(%A: memref<4xf64>) {
  affine.for %i = 0 to 4 {
    %v = affine.load %A[%i] : memref<4xf64>
    %w = math.tanh %v : f64
    affine.store %w, %A[%i] : memref<4xf64>
  }
  return
}
"""
    with pytest.raises(polybench_c.Untranslatable, match="math.tanh"):
        polybench_c.kernel_function(text)


def test_the_remarks_are_summarised():
    remarks = ("k.mlir:3:5: remark: affine-loop-tile: band (%a, %b) skewed by [1 0; 1 1] "
               "(dependences ran backwards along %b), tiled by 8 x 16 (tile footprint 1 bytes); "
               "tiles run as a wavefront, the tiles of one wavefront in parallel\n"
               "k.mlir:9:5: remark: affine-parallelize: %c runs in parallel\n")
    assert optimize.parallel_summary(remarks) == "%c, tiles of the wavefronts of (%a, %b)"
    assert optimize.tiling_summary(remarks) == "(%a, %b) by 8 x 16"
    assert optimize.parallel_summary("x: remark: affine-parallelize: %c stays sequential: "
                                     "it carries the flow dependence\n").startswith("none: it carries")


@pytest.mark.slow
@pytest.mark.oracle
@needs_corpus
@pytest.mark.skipif(shutil.which("clang-22") is None or optimize.bench.find_tools()[0] is None,
                    reason="needs mlir-opt, mlir-runner, libomp and clang-22")
def test_quick_mode_checksums_match():
    """Whole runs with the live tools and clang (the full run)."""
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick"], capture_output=True,
                          text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = [line for line in proc.stdout.splitlines() if line.strip()]
    assert [line.split(":")[0] for line in lines] == optimize.QUICK_KERNELS
    for line in lines:
        assert "checksums match (original, permute-and-fuse, optimize, optimize, 2 threads, " \
               "clang -O3, polly)" in line, line
    transformed = "\n".join(lines)
    assert "tiles of the wavefronts of" in transformed and "tiled: none" in transformed
