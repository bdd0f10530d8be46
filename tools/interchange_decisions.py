#!/usr/bin/env python3
"""Count the decisions of -affine-loop-interchange on a set of files.

Every perfect band of depth >= 2 the pass looks at gets exactly one of the
remarks `chose order ...`, `kept the original order ...` or `... left as it
is: <reason>`; this script runs the pass with remarks=true on each file,
counts those three kinds per file and in total, groups the reasons for
leaving a band alone, and times each run (the whole process, parsing and
printing included).  Prints a Markdown table.

    python tools/interchange_decisions.py [files...]
        (default: $PYAFFINE_SHARED/corpus/polybench/*.peqc.mlir)
"""

from __future__ import annotations

import argparse
import collections
import glob
import os
import re
import shutil
import subprocess
import sys
import time

KINDS = (("chosen", re.compile(r"affine-loop-interchange: chose order ")),
         ("kept", re.compile(r"affine-loop-interchange: kept the original order ")),
         ("left", re.compile(r"affine-loop-interchange: .*left as it is: (.*)$")))


def count(stderr: str):
    counts, reasons = collections.Counter(), collections.Counter()
    for line in stderr.splitlines():
        for kind, pattern in KINDS:
            match = pattern.search(line)
            if match:
                counts[kind] += 1
                if kind == "left":
                    reasons[match.group(1)] += 1
                break
    return counts, reasons


def default_files() -> list:
    shared = os.environ.get("PYAFFINE_SHARED") or os.path.join(os.path.dirname(__file__), "..", "..", "shared")
    return sorted(glob.glob(os.path.join(shared, "corpus", "polybench", "*.peqc.mlir")))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--tool", default=os.environ.get("PYAFFINE_OPT") or shutil.which("pyaffine-opt")
                        or "pyaffine-opt")
    args = parser.parse_args()
    files = args.files or default_files()
    if not files:
        print("no input files (set PYAFFINE_SHARED or pass files)", file=sys.stderr)
        return 1
    total, reasons = collections.Counter(), collections.Counter()
    print("| file | chosen | kept | left | seconds |")
    print("|---|---:|---:|---:|---:|")
    slowest = 0.0
    for path in files:
        start = time.perf_counter()
        run = subprocess.run([args.tool, "-affine-loop-interchange=remarks=true", path, "-o", os.devnull],
                             capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        slowest = max(slowest, elapsed)
        if run.returncode != 0:
            print(f"| {os.path.basename(path)} | exit {run.returncode} | | | {elapsed:.2f} |")
            continue
        counts, why = count(run.stderr)
        total.update(counts)
        reasons.update(why)
        print(f"| {os.path.basename(path)} | {counts['chosen']} | {counts['kept']} | {counts['left']} "
              f"| {elapsed:.2f} |")
    decided = total["chosen"] + total["kept"]
    nests = decided + total["left"]
    print(f"| **total** | {total['chosen']} | {total['kept']} | {total['left']} | max {slowest:.2f} |")
    print()
    share = 100.0 * decided / nests if nests else 0.0
    print(f"{decided} of {nests} bands chosen or kept ({share:.1f}%)")
    for reason, n in reasons.most_common():
        print(f"- left {n}x: {reason}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
