#!/usr/bin/env python3
"""What -affine-loop-interchange buys on nests with non-rectangular bounds.

    python tools/bench_non_rectangular.py [--repeat 5] [kernel.mlir ...]

Each kernel of tools/kernels_non_rectangular/ (one `func.func @kernel` over
static f64 memrefs) is run as written and as pyaffine-opt rewrites it
(new bounds generated with isl), compiled by MLIR and timed with the
machinery of tools/bench_kernels.py (mlir-runner -O3, interleaved samples,
medians; both variants must print the same checksums).  The other legal
orders are not searched: `-test-loop-permutation` cannot permute a nest
whose bounds depend on its outer loops.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_kernels as bk  # noqa: E402

KERNELS = Path(__file__).resolve().parent / "kernels_non_rectangular"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("kernels", nargs="*", type=Path)
    args = parser.parse_args()
    tools, why = bk.find_tools()
    if tools is None:
        print(f"cannot time: {why}", file=sys.stderr)
        return 1
    print("| kernel | original (s) | pyaffine-opt (s) | speed-up | order |\n|---|---:|---:|---:|---|")
    failed = False
    for path in args.kernels or sorted(KERNELS.glob("*.mlir")):
        text = path.read_text()
        original = bk.canonical(text)
        rewritten, remarks = bk.pyaffine_interchange(text)
        variants = [bk.Variant("original", original), bk.Variant("pyaffine-opt", bk.canonical(rewritten))]
        with tempfile.TemporaryDirectory() as workdir:
            bk.measure(tools, variants, bk.parse_kernel(original).arg_types, args.repeat,
                       Path(workdir), path.stem)
        if variants[0].checksums != variants[1].checksums:
            print(f"{path.name}: checksums differ", file=sys.stderr)
            failed = True
        before, after = (bk.median(v) for v in variants)
        print(f"| {path.stem} | {before:.4f} | {after:.4f} | {before / after:.2f}x | "
              f"{bk.interchange_summary(remarks)} |")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
