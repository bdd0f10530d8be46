#!/usr/bin/env python3
"""How long finding the change of axes takes: the project's searches
(Pluto's criterion over small skews and shifts: `polyhedral/skewing.py` for
perfect bands, `polyhedral/time_tiling.py` for stencil time loops) against
isl's own scheduler (`isl_schedule_constraints_compute_schedule`, validity,
proximity and coincidence on every dependence) on the same SCoPs, the
PolyBench stencils at the benchmark's sizes.

    python tools/bench_skew_search.py [--timeout 60] [--repeat 3]

Each search runs in a process of its own (isl's scheduler cannot be
interrupted from Python), `--repeat` times; the table gives the median
seconds, the skew each found, and whether isl's outermost band is
permutable.  Reading the SCoP and its dependences is left out of both."""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_polybench as polybench  # noqa: E402

STENCILS = ["jacobi_1d", "jacobi_2d", "seidel_2d", "heat_3d", "fdtd_2d"]

CHILD = r"""
import json, sys, time
import islpy as isl
import mlir_affine_py as m
from mlir_affine_py.polyhedral.scop import extract
from mlir_affine_py.polyhedral.dependences import compute_dependences
from mlir_affine_py.polyhedral.skewing import BandTransform
from mlir_affine_py.polyhedral.time_tiling import TimeTiling
from mlir_affine_py.transforms.loop_utils import get_perfectly_nested_loops
which, text = sys.argv[1], sys.stdin.read()
module = m.parse(text)
func = next(op for op in module.walk() if op.op_name == "func.func")
root = next(op for op in func.regions[0].blocks[0].ops if op.op_name == "affine.for")
band = get_perfectly_nested_loops(root)
if which == "ours":
    from mlir_affine_py.analysis.affine_access import NotAffine
    started = time.perf_counter()
    try:
        if len(band) > 1:
            transform = BandTransform(band)
            started = time.perf_counter()
            found = transform.find_skew()
        else:
            tiling = TimeTiling(root)
            started = time.perf_counter()
            found = tiling.find()
    except NotAffine as error:
        found = f"none: {error}"
    print(json.dumps({"seconds": time.perf_counter() - started, "found": str(found)}))
else:
    scop = extract(root)
    deps = compute_dependences(scop).all
    started = time.perf_counter()
    constraints = isl.ScheduleConstraints.on_domain(scop.domain).set_validity(deps) \
        .set_proximity(deps).set_coincidence(deps)
    schedule = constraints.compute_schedule()
    seconds = time.perf_counter() - started
    node = schedule.get_root().child(0)
    band = node.get_type() == isl.schedule_node_type.band
    print(json.dumps({"seconds": seconds, "found": str(schedule.get_map()),
                      "permutable": bool(band and node.band_get_permutable()),
                      "members": node.band_n_member() if band else 0}))
"""


def run(which: str, text: str, timeout: float) -> dict | None:
    try:
        done = subprocess.run([sys.executable, "-c", CHILD, which], input=text, text=True,
                              capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-2000:])
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    folder = polybench.polybench_folder()
    if folder is None:
        print("bench_skew_search: skipped: no shared corpus (set PYAFFINE_SHARED)")
        return 0
    print("| kernel | factor | our search (s) | our axes | isl's scheduler (s) | isl's outer band |")
    print("|---|---:|---:|---|---:|---|")
    for name in STENCILS:
        factor = polybench.FACTORS[name]
        text = polybench.scale_kernel(polybench.kernel_path(folder, name).read_text(),
                                      polybench.SIZES[name], factor)
        ours = [run("ours", text, args.timeout) for _ in range(args.repeat)]
        theirs = [run("isl", text, args.timeout) for _ in range(args.repeat)]
        ours_time = statistics.median(r["seconds"] for r in ours)
        done = [r for r in theirs if r is not None]
        isl_time = (f"{statistics.median(r['seconds'] for r in done):.3f}" if len(done) == len(theirs)
                    else f"> {args.timeout:g} (stopped)")
        band = (f"{done[0]['members']} members, " + ("permutable" if done[0]["permutable"] else
                                                    "not permutable")) if done else "-"
        print(f"| {name} | {factor:g} | {ours_time:.3f} | {ours[0]['found']} | {isl_time} | {band} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
