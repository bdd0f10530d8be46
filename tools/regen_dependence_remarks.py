#!/usr/bin/env python3
"""Regenerate tests/unit/data/memref-dependence-check.remarks: the remarks
that mlir-opt 22 prints for `-test-memref-dependence-check -split-input-file`
on ../shared/corpus/upstream/memref-dependence-check.mlir, as `line:col:
message` lines.  The dependence test compares with mlir-opt directly when it
is installed and with this stored copy otherwise.

    python tools/regen_dependence_remarks.py [--mlir-opt PATH] [--corpus DIR]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTPUT = ROOT / "tests" / "unit" / "data" / "memref-dependence-check.remarks"
REMARK = re.compile(r"^[^:]+:(\d+):(\d+): (remark|error): (.*)$")


def remarks_of(stderr: str) -> list[str]:
    """`line:col: severity: message` for each remark or error, in order."""
    lines = []
    for line in stderr.splitlines():
        match = REMARK.match(line)
        # mlir-opt also reports the test file's `expected-remark` comments it
        # did not verify; those are not the analysis' output.
        if match and not match.group(4).startswith("expected "):
            lines.append(f"{match.group(1)}:{match.group(2)}: {match.group(3)}: {match.group(4)}")
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mlir-opt", default=shutil.which("mlir-opt") or "/usr/lib/llvm-22/bin/mlir-opt")
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    args = parser.parse_args()
    source = Path(args.corpus) / "upstream" / "memref-dependence-check.mlir"
    result = subprocess.run([args.mlir_opt, "-test-memref-dependence-check", "-split-input-file",
                             str(source), "-o", "/dev/null"], capture_output=True, text=True)
    lines = remarks_of(result.stderr)
    if not lines:
        print(result.stderr, file=sys.stderr)
        return 1
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {len(lines)} remarks to {OUTPUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
