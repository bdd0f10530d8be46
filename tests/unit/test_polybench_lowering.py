"""The benchmark's PolyBench kernels lowered by this tool's -lower-affine:
byte for byte mlir-opt's lowering, and, through the benchmark's harness
(tools/bench_kernels.py) compiled and run by mlir-runner, the checksums of
the kernel lowered by mlir-opt.  Live mlir-opt and mlir-runner (the full
run); skipped where they, the runner library or the corpus are missing."""

from __future__ import annotations

import dataclasses
import subprocess
import sys

import pytest

import lit_shell
from support import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools"))

import bench_polybench as poly  # noqa: E402

pytestmark = [pytest.mark.slow, pytest.mark.oracle]

FOLDER = poly.polybench_folder()
TOOLS, WHY = poly.bench.find_tools()
needs_tools = pytest.mark.skipif(TOOLS is None or FOLDER is None,
                                 reason=f"PolyBench benchmark: {WHY or 'no shared corpus'}")
KERNELS = sorted(set(poly.SIZES) - set(poly.EXCLUDED))
# f64 and f32 (deriche), integers (nussinov), a wavefront (seidel_2d).
RUN = ["gemm", "deriche", "nussinov", "seidel_2d"]
SEPARATOR = "// -----"


@needs_tools
def test_every_benchmark_kernel_lowers_as_mlir_opt_lowers_it():
    texts = [poly.kernel_path(FOLDER, name).read_text() for name in KERNELS]
    joined = f"\n{SEPARATOR}\n".join(texts).encode()
    flags = ["-split-input-file", "-lower-affine"]
    theirs = subprocess.run([TOOLS.mlir_opt, *flags, "-"], input=joined, capture_output=True,
                            timeout=600)
    ours = lit_shell.run_pyaffine_opt([*flags, "-"], joined, REPO_ROOT)
    assert theirs.returncode == 0 and ours.code == 0, ours.stderr.decode()[:2000]
    for name, mine, upstream in zip(KERNELS, ours.stdout.decode().split(SEPARATOR),
                                    theirs.stdout.decode().split(SEPARATOR), strict=True):
        assert mine == upstream, name


@needs_tools
@pytest.mark.parametrize("name", RUN)
def test_kernels_lowered_here_compute_the_originals_checksums(name, tmp_path):
    """The harness module (fill, call, weighted checksums of every argument)
    lowered with `pyaffine-opt -lower-affine`, then by mlir-opt from
    -convert-scf-to-cf on, as the benchmark lowers it with mlir-opt alone."""
    lowering = tmp_path / "lower.sh"
    lowering.write_text("#!/bin/sh\n"
                        "# SOURCE -lower-affine FLAGS...: the affine ops lowered here, the rest by mlir-opt\n"
                        "source=$1; shift; shift\n"
                        f"PYTHONPATH='{REPO_ROOT}' '{sys.executable}' -m mlir_affine_py.opt_main "
                        "-lower-affine \"$source\" "
                        f"| '{TOOLS.mlir_opt}' - \"$@\"\n")
    lowering.chmod(0o755)
    assert poly.bench.LOWERING[0] == "-lower-affine"
    text = poly.bench.canonical(poly.kernel_path(FOLDER, name).read_text())
    signature = poly.signature(text, poly.SIZES[name], 1)
    checksums = []
    for tools in (TOOLS, dataclasses.replace(TOOLS, mlir_opt=str(lowering))):
        variant = poly.bench.Variant("original", text, "original")
        poly.bench.measure(tools, [variant], signature, 1, tmp_path, name)
        checksums.append(variant.checksums)
    assert checksums[0] and checksums[0] == checksums[1]
