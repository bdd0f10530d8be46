#!/usr/bin/env python3
"""The long mode of tests/unit/test_fuzz_programs.py: random affine programs
(tests/unit/affine_programs.py) through a pass for N minutes.

    python tools/fuzz_passes.py --minutes 5 [--seed 1] [--pass=-affine-loop-interchange]
                                [--runner-share 0.05] [--save fuzz-pass-failures]

Every program must come through the pass (exit 0, output that parses and
prints back the same) with the reference interpreter computing
bit-identical arrays before and after on two seeded random inputs.  Where
mlir-opt is installed, every output must be accepted and printed back
identically by it (checked in batches); where mlir-runner is installed, a
share of the programs the pass changed is compiled and run before and
after, and the checksums must agree.  Prints how many programs were tried
and how many the pass changed, per profile, and saves each failure (input,
output, what went wrong) in the --save folder.  Exits 1 when any program
failed.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
# The checkout's own package comes first, before any installed copy, so the
# code fuzzed is the code beside this script.
sys.path[:0] = [str(REPO_ROOT), str(REPO_ROOT / "tests" / "unit")]

import affine_programs as programs  # noqa: E402
import fuzzing  # noqa: E402
from support import MLIR_OPT  # noqa: E402

BATCH = 64     # outputs per mlir-opt run


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pass", dest="passes", action="append", metavar="=-PASS",
                        help="the pass to fuzz, written --pass=-name[=options] (repeat for "
                        "several; default: -affine-loop-interchange)")
    parser.add_argument("--runner-share", type=float, default=0.05,
                        help="share of the changed programs compiled and run with mlir-runner")
    parser.add_argument("--save", type=Path, default=Path("fuzz-pass-failures"),
                        help="folder for failing programs")
    parser.add_argument("--max-failures", type=int, default=20)
    args = parser.parse_args(argv)
    passes = args.passes or ["-affine-loop-interchange"]

    bench = programs.load_bench_kernels()
    tools, why = bench.find_tools()
    rng = random.Random(args.seed)
    runner = fuzzing.Runner(limit=20.0)
    tried, changed = collections.Counter(), collections.Counter()
    failures, pending = [], []
    compiled = 0
    scratch = Path(tempfile.mkdtemp(prefix="fuzz-passes-"))

    def fail(problem, text, out):
        failures.append(problem)
        args.save.mkdir(parents=True, exist_ok=True)
        stem = args.save / f"failure-{len(failures):03d}"
        stem.with_suffix(".mlir").write_text(text)
        stem.with_suffix(".out.mlir").write_text(out)
        stem.with_suffix(".txt").write_text(f"passes: {' '.join(passes)}\nproblem: {problem}\n")
        print(f"FAIL: {problem.splitlines()[0][:200]} (saved as {stem}.mlir)", flush=True)

    def check_batch():
        if MLIR_OPT and pending:
            for k, what in programs.mlir_opt_reprints(MLIR_OPT, [out for _, out in pending]):
                text, out = pending[k] if k >= 0 else ("", "")
                fail(f"mlir-opt: {what}", text, out)
        pending.clear()

    started = time.monotonic()
    deadline = started + args.minutes * 60
    try:
        while time.monotonic() < deadline and len(failures) < args.max_failures:
            profile = "rectangular" if sum(tried.values()) % 3 == 0 else "general"
            text = programs.ProgramGenerator(rng, profile).program()
            out, was_changed, problem = programs.check_program(runner, text, passes)
            tried[profile] += 1
            changed[profile] += was_changed
            if problem:
                fail(problem, text, out)
                continue
            pending.append((text, out))
            if len(pending) >= BATCH:
                check_batch()
            if tools and was_changed and rng.random() < args.runner_share:
                compiled += 1
                before, after = programs.runner_checksums(tools, text, out, scratch, "program")
                if before != after:
                    fail("mlir-runner: the checksums before and after differ", text, out)
        check_batch()
    finally:
        runner.close()
    elapsed = time.monotonic() - started
    total = sum(tried.values())
    print(f"\n{total} programs in {elapsed / 60:.1f} min, seed {args.seed}, pass {' '.join(passes)}")
    for profile in sorted(tried):
        print(f"  {profile:<12} tried {tried[profile]:>6}, changed by the pass {changed[profile]:>6}")
    print(f"  outputs checked with mlir-opt: {total - len(failures) if MLIR_OPT else 0}"
          + ("" if MLIR_OPT else " (mlir-opt not found)"))
    print(f"  changed programs run with mlir-runner: {compiled}" + ("" if tools else f" ({why})"))
    if failures:
        print(f"{len(failures)} failures saved in {args.save}/")
        return 1
    print("no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
