"""The kernel benchmark's quick mode (tools/bench_kernels.py --quick): a few
kernels, one call per variant, compiled and run with mlir-opt and
mlir-runner.  Only checksums are checked, never timings.  Skipped where the
MLIR tools or the runner library are missing."""

from __future__ import annotations

import importlib.util
import sys

import pytest

from support import REPO_ROOT, quick_benchmark_lines

SCRIPT = REPO_ROOT / "tools" / "bench_kernels.py"


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_kernels", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_kernels", module)
    spec.loader.exec_module(module)
    return module


bench = load_bench()
TOOLS, WHY = bench.find_tools()
# Whole benchmark runs with the live mlir-opt and mlir-runner: the full run.
pytestmark = [pytest.mark.slow, pytest.mark.oracle,
              pytest.mark.skipif(TOOLS is None, reason=f"kernel benchmark: {WHY}")]


def test_quick_mode_checksums_match():
    quick_benchmark_lines(SCRIPT, bench.QUICK_KERNELS)


def test_checksums_catch_an_illegal_permutation(tmp_path):
    """Interchanging the (1, -1) dependence of skewed_dep without the
    validity check must change the checksums, and the legal original must
    reproduce its own."""
    text = (bench.KERNEL_DIR / "skewed_dep.mlir").read_text()
    original = bench.canonical(text)
    illegal = bench.pyaffine_opt(["-test-loop-permutation=permutation-map=1,0"], text)
    assert illegal != original
    variants = [bench.Variant("original", original), bench.Variant("illegal", illegal),
                bench.Variant("original again", original)]
    kernel = bench.parse_kernel(original)
    bench.measure(TOOLS, variants, kernel.arg_types, 1, tmp_path, "check")
    assert variants[0].checksums == variants[2].checksums
    assert variants[0].checksums != variants[1].checksums
    # One (sum, sum of squares) pair per argument; every call was timed.
    assert len(variants[0].checksums) == len(kernel.arg_types) == 1
    assert all(len(v.times) == 1 and v.times[0] > 0 for v in variants)
