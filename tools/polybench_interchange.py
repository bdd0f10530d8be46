#!/usr/bin/env python3
"""How many PolyBench nests -affine-loop-interchange decides, and how long
each file takes.

    PYAFFINE_SHARED=../shared python tools/polybench_interchange.py [--tool pyaffine-opt]

Runs the pass with `remarks=true` on every `polybench/*.peqc.mlir` of the
shared corpus, one process per file (start-up included), and counts the
final remark of every nest: `kept the original order` and `chose order` are
decisions, `... left as it is: <why>` leaves the nest alone.  Prints a
Markdown table per file (wall time, decided, left) and the totals, with the
reasons nests were left.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

DECIDED = re.compile(r"remark: affine-loop-interchange: (kept the original order|chose order)")
LEFT = re.compile(r"remark: affine-loop-interchange: .*left as it is: (.*)")


def corpus() -> Path:
    shared = os.environ.get("PYAFFINE_SHARED")
    root = Path(shared) if shared else Path(__file__).resolve().parents[2] / "shared"
    return root / "corpus" / "polybench"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tool", default=shutil.which("pyaffine-opt") or "pyaffine-opt")
    args = parser.parse_args()
    files = sorted(corpus().glob("*.peqc.mlir"))
    if not files:
        print(f"no PolyBench files under {corpus()}", file=sys.stderr)
        return 1
    decided_total = left_total = 0
    reasons: collections.Counter = collections.Counter()
    print("| file | time (s) | decided | left |\n|---|---:|---:|---:|")
    slowest = 0.0
    for path in files:
        start = time.perf_counter()
        done = subprocess.run([args.tool, "-affine-loop-interchange=remarks=true", str(path),
                               "-o", os.devnull], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        slowest = max(slowest, elapsed)
        if done.returncode != 0:
            print(f"{path.name}: exit {done.returncode}\n{done.stderr}", file=sys.stderr)
            return 1
        decided = len(DECIDED.findall(done.stderr))
        left = LEFT.findall(done.stderr)
        for why in left:
            reasons[re.sub(r"line \d+", "line N", why)] += 1
        decided_total += decided
        left_total += len(left)
        print(f"| {path.name} | {elapsed:.2f} | {decided} | {len(left)} |")
    total = decided_total + left_total
    print(f"\n{decided_total} of {total} nests decided ({100 * decided_total / total:.1f}%), "
          f"{left_total} left; slowest file {slowest:.2f} s")
    for why, count in reasons.most_common():
        print(f"  {count} left: {why}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
