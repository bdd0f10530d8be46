#!/usr/bin/env python3
"""Locations after upstream's pass tests: pyaffine-opt beside mlir-opt 22,
both printing with --mlir-print-debuginfo.

    python tools/passes_debuginfo.py                 # one line per run, then the total
    python tools/passes_debuginfo.py --only Affine-canonicalize --diff

Every run of the shared corpus's passes/runs.json that mlir-opt 22 passes
(exit 0) is run by both tools in passes/inputs/ as
`TOOL FLAGS... --mlir-print-debuginfo NAME.mlir` (stderr merged where the
RUN line merges it), and the outputs are compared chunk by chunk as
passes_check.py compares them (split on `// -----` where the flags hold
-split-input-file).  The files' expected outputs were printed without
locations, so mlir-opt runs live here ($MLIR_OPT, PATH or
/usr/lib/llvm-22/bin); pyaffine-opt runs from this checkout.  The last line:

    debuginfo: identical A/B chunks

tests/unit/test_pass_locations.py asks the same questions (mlir-opt's
answers recorded) and keeps the differing chunks in a table.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "unit"))
from support import CORPUS, find_mlir_tool  # noqa: E402

DEBUG = "--mlir-print-debuginfo"


def chunks(text: bytes, split: bool) -> list:
    """The output's chunks as passes_check.py cuts them."""
    if not split:
        return [text]
    out, current = [], []
    for line in text.splitlines(keepends=True):
        if line.rstrip(b"\r\n") == b"// -----":
            out.append(b"".join(current))
            current = []
        else:
            current.append(line)
    out.append(b"".join(current))
    return out


def scored_runs() -> list:
    return [run for run in json.loads((CORPUS / "passes" / "runs.json").read_text())
            if run["exit"] == 0]


def command(run: dict) -> list:
    return [*run["flags"], DEBUG, run["file"]]


def is_split(run: dict) -> bool:
    return any(flag.lstrip("-").startswith("split-input-file") for flag in run["flags"])


def output(tool: list, run: dict, timeout: float) -> bytes:
    merge = run.get("merge_stderr", False)
    environment = dict(os.environ, PYTHONPATH=str(REPO))
    try:
        done = subprocess.run([*tool, *command(run)], cwd=CORPUS / "passes" / "inputs",
                              stdout=subprocess.PIPE, env=environment, timeout=timeout,
                              stderr=subprocess.STDOUT if merge else subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        return b"<timeout>"
    return done.stdout


def compare(run: dict, mlir_opt: str, timeout: float) -> tuple[list, list]:
    split = is_split(run)
    theirs = chunks(output([mlir_opt], run, timeout), split)
    ours = chunks(output([sys.executable, "-m", "mlir_affine_py.opt_main"], run, timeout), split)
    return theirs, ours


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="comma-separated input names (with or without .mlir)")
    parser.add_argument("--diff", action="store_true", help="print each differing chunk's diff")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300)
    options = parser.parse_args(argv)
    mlir_opt = find_mlir_tool("mlir-opt")
    if CORPUS is None or mlir_opt is None:
        print("passes_debuginfo.py: needs the shared corpus and mlir-opt", file=sys.stderr)
        return 1
    runs = scored_runs()
    if options.only:
        wanted = {name if name.endswith(".mlir") else name + ".mlir" for name in options.only.split(",")}
        runs = [run for run in runs if run["file"] in wanted]
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, options.jobs)) as pool:
        results = list(pool.map(lambda run: compare(run, mlir_opt, options.timeout), runs))
    same = total = 0
    for run, (theirs, ours) in zip(runs, results):
        differing = [k for k, chunk in enumerate(theirs) if k >= len(ours) or ours[k] != chunk]
        same += len(theirs) - len(differing)
        total += len(theirs)
        print(f"{run['file']} RUN {run['run']}: identical {len(theirs) - len(differing)}/{len(theirs)}"
              + (f"; differing chunks {differing}" if differing else ""))
        for k in differing if options.diff else []:
            mine = ours[k] if k < len(ours) else b""
            sys.stdout.writelines(difflib.unified_diff(
                theirs[k].decode(errors="replace").splitlines(keepends=True),
                mine.decode(errors="replace").splitlines(keepends=True),
                f"mlir-opt chunk {k}", f"pyaffine-opt chunk {k}"))
    print(f"debuginfo: identical {same}/{total} chunks")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
