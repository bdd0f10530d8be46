"""The PolyBench benchmark (tools/bench_polybench.py): how its kernels are
scaled, and its quick mode, which compiles and runs a few kernels of the
shared corpus at MINI size, as written and as -affine-loop-interchange
rewrites them, and compares their checksums.  Never timings.  The runs skip
where the MLIR tools, the runner library or the corpus are missing."""

from __future__ import annotations

import collections
import sys

import numpy as np
import pytest

from support import REPO_ROOT, quick_benchmark_lines

SCRIPT = REPO_ROOT / "tools" / "bench_polybench.py"
sys.path.insert(0, str(SCRIPT.parent))

import bench_polybench as poly  # noqa: E402

# Whole benchmark runs with the live mlir-opt and mlir-runner: the full run.
pytestmark = [pytest.mark.slow, pytest.mark.oracle]

FOLDER = poly.polybench_folder()
TOOLS, WHY = poly.bench.find_tools()
needs_corpus = pytest.mark.skipif(FOLDER is None, reason="no shared corpus (PYAFFINE_SHARED)")
needs_tools = pytest.mark.skipif(TOOLS is None or FOLDER is None,
                                 reason=f"PolyBench benchmark: {WHY or 'no shared corpus'}")

NUSSINOV_LIKE = """#map = affine_map<(d0) -> (-d0 + 60)>
#set = affine_set<(d0, d1) : (d0 + d1 - 61 >= 0)>
module {
  func.func @k(%arg0: i32, %arg1: memref<?x60xi32>, %arg2: memref<40xf64>) {
    %c3_i32 = arith.constant 3 : i32
    %cst = arith.constant 6.000000e+01 : f64
    affine.for %arg3 = 0 to 60 {
      affine.for %arg4 = #map(%arg3) to 60 step 2 {
        affine.if #set(%arg3, %arg4) {
          %0 = affine.load %arg1[-%arg3 + 59, %arg4 - 1] : memref<?x60xi32>
          affine.store %0, %arg1[-%arg3 + 59, %arg4] : memref<?x60xi32>
        }
      }
    }
    affine.store %cst, %arg2[39] : memref<40xf64>
    return
  }
}
"""


def test_scaling_rewrites_sizes_and_their_offsets():
    scaled = poly.scale_kernel(NUSSINOV_LIKE, (40, 60), 3)
    assert "affine_map<(d0) -> (-d0 + 180)>" in scaled
    assert "(d0 + d1 - 181 >= 0)" in scaled
    assert "affine.for %arg3 = 0 to 180" in scaled and "to 180 step 2" in scaled
    assert "%arg1[-%arg3 + 179, %arg4 - 1] : memref<?x180xi32>" in scaled
    assert "%arg2[119] : memref<120xf64>" in scaled
    # Names, small offsets, steps and float constants stay.
    assert "%arg3" in scaled and "%c3_i32 = arith.constant 3 : i32" in scaled
    assert "arith.constant 6.000000e+01 : f64" in scaled and "#map(%arg3)" in scaled
    assert poly.scale_kernel(NUSSINOV_LIKE, (40, 60), 1) == NUSSINOV_LIKE


def test_scaling_refuses_constants_it_cannot_explain():
    with pytest.raises(poly.ScaleError, match="no size"):
        poly.scale_kernel(NUSSINOV_LIKE, (40, 50), 2)       # 60 is neither 40 nor 50 + offset
    with pytest.raises(poly.ScaleError, match="as near to two sizes"):
        poly.scale_kernel("affine.for %i = 0 to 19 {", (18, 20), 2)


@needs_corpus
def test_every_kernel_scales_and_stays_in_bounds():
    """Every kernel of the suite scales; at factor 2 the reference
    interpreter (which checks every access against the static sizes) runs
    a few of them without an out-of-bounds access."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    for name, sizes in poly.SIZES.items():
        text = poly.kernel_path(FOLDER, name).read_text()
        assert poly.scale_kernel(text, sizes, 1) == text
        poly.scale_kernel(text, sizes, 2)
    for name in ("nussinov", "jacobi_1d", "correlation", "durbin"):
        sizes = poly.SIZES[name]
        module = parse_source(poly.scale_kernel(poly.kernel_path(FOLDER, name).read_text(), sizes, 2))
        func = next(op for op in module.walk() if op.op_name == "func.func")
        args = random_arguments(func, 0, dynamic_size=2 * max(sizes) + poly.MARGIN)
        run_function(module, func.sym_name, args)
        assert any(isinstance(a, np.ndarray) for a in args)


def test_remarks_are_summarised_per_kind():
    remarks = "\n".join([
        "f.mlir:3:5: remark: affine-loop-interchange: chose order (1, 0) (permutation-map=1,0)",
        "f.mlir:3:5: remark: affine-loop-interchange: legal order (0, 1): parallelism 0",
        "f.mlir:9:5: remark: affine-loop-interchange: kept the original order (0, 1)",
        "f.mlir:9:5: remark: affine-loop-interchange: distribution would enable no interchange; "
        "the imperfect nest is kept",
        "f.mlir:20:5: remark: affine-loop-interchange: nest left as it is: non-rectangular loop bounds",
        "f.mlir:30:5: remark: affine-loop-interchange: distributed an imperfect nest into 2 perfect nests",
    ])
    counts = poly.remark_counts(remarks)
    assert poly.decision(counts) == "chose 1, kept 2, left 1; distributed 1"
    assert poly.left_reasons(counts) == "non-rectangular loop bounds"


@needs_tools
def test_quick_mode_checksums_match():
    lines = quick_benchmark_lines(SCRIPT, poly.QUICK_KERNELS)
    # 2mm's imperfect products are distributed and interchanged today.
    assert lines[0].startswith("2mm: changed"), lines[0]


@needs_tools
def test_checksums_catch_an_illegal_permutation(tmp_path):
    """Moving floyd_warshall's k loop inwards (no validity check) computes
    other shortest paths: the harness must see it."""
    outcome = poly.bench_polybench_kernel(
        TOOLS, poly.kernel_path(FOLDER, "floyd_warshall"), 1,
        ["-test-loop-permutation=permutation-map=2,0,1"], 1, tmp_path, lambda message: None)
    assert outcome.changed and not outcome.checksums_equal


def test_compare_verdict_weighs_a_further_pass_against_the_main_one():
    def outcome(name, original, transformed, other):
        return poly.Outcome(name, 1, "", original, transformed, True, True, collections.Counter(),
                            compared={"-p": poly.Compared(other, True, name != "b")})
    outcomes = [outcome("a", 1.0, 0.5, 0.25), outcome("b", 1.0, 1.0, 1.2)]
    text = poly.compare_verdict(outcomes, ["-main"])
    assert "`-p`: geometric mean **0.548** of the original's time" in text
    assert "22.5% below `-main`'s 0.707" in text
    assert "slower than `-main`'s output: b (1.20)" in text
    assert "**DIFFERENT for b**" in text
    assert "| -p (s) | / original | / transformed |" in poly.table(outcomes)


@needs_tools
def test_a_compared_pass_runs_in_the_same_module(tmp_path):
    outcome = poly.bench_polybench_kernel(
        TOOLS, poly.kernel_path(FOLDER, "mvt"), 10, ["-affine-loop-interchange"], 1, tmp_path,
        lambda message: None, ("-affine-permute-and-fuse",))
    compared = outcome.compared["-affine-permute-and-fuse"]
    assert compared.changed and compared.checksums_equal and compared.seconds > 0
