#!/usr/bin/env python3
"""The long mode of the fuzz test (tests/unit/test_fuzz.py): mutate corpus and
lit inputs for N minutes and run the driver on each mutant.

    python tools/fuzz.py --minutes 10 [--seed 1] [--mlir-check 0.1] [--save DIR] [--only NAME ...]

Every run must end with exit 0 (and, for a sample of them, output that
mlir-opt 22 accepts with the same flags) or exit 1 with a
`file:line:col: error:` diagnostic, in at most 5 seconds and without a
traceback.  An exit-0 run whose input mlir-opt itself rejects is a
failure too, labelled "lenient" (pyaffine-opt accepted what mlir-opt's
verifiers reject); the messages mlir-opt gives for them are listed.
Prints the number of inputs tried by outcome and by mutator, and saves
each failing input (with its flags and what went wrong) in the --save
folder.  Exits 1 when any run failed.
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
# The checkout's own package comes first, before any installed copy, so the
# code fuzzed is the code beside this script.
sys.path[:0] = [str(REPO_ROOT), str(REPO_ROOT / "tests" / "unit")]

import fuzzing  # noqa: E402
from support import MLIR_OPT  # noqa: E402


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mlir-check", type=float, default=0.1,
                        help="share of exit-0 outputs checked with mlir-opt (when installed)")
    parser.add_argument("--save", type=Path, default=Path("fuzz-failures"),
                        help="folder for failing inputs")
    parser.add_argument("--max-failures", type=int, default=50)
    parser.add_argument("--only", action="append", default=[],
                        help="mutate only the seed files whose name contains this text "
                             "(LLVMIR-roundtrip); given several times, any of them")
    args = parser.parse_args(argv)

    files = [f for f in fuzzing.seed_files()
             if not args.only or any(text in f.name for text in args.only)]
    if not files:
        print("no seed inputs found", file=sys.stderr)
        return 2
    texts = [f.read_bytes().decode("utf-8", "surrogateescape") for f in files]
    rng = random.Random(args.seed)
    runner = fuzzing.Runner()
    outcomes = collections.Counter()
    by_mutator = collections.defaultdict(collections.Counter)
    failures = []
    slowest = (0.0, None)
    checked = 0
    lenient = collections.Counter()
    deadline = time.monotonic() + args.minutes * 60
    started = time.monotonic()
    try:
        while time.monotonic() < deadline and len(failures) < args.max_failures:
            index = rng.randrange(len(files))
            text = fuzzing.small_chunk(texts[index], rng)
            mutant, used = fuzzing.mutate(rng, text, texts)
            data = mutant.encode("utf-8", "surrogateescape")
            flags = fuzzing.flags_for(mutant)
            code, out, err, seconds, path = runner.run(flags, data)
            if seconds > slowest[0]:
                slowest = (seconds, files[index].name)
            problem = fuzzing.judge(code, out, err, seconds, path)
            kind = "failure" if problem else f"exit {code}"
            if problem is None and code == 0 and MLIR_OPT and rng.random() < args.mlir_check:
                checked += 1
                verdict, detail = fuzzing.check_output(MLIR_OPT, data, out, flags)
                if verdict == "failure":
                    problem = detail
                    kind = "failure"
                elif verdict == "lenient":
                    problem = f"accepted, but mlir-opt rejects the input: {detail}"
                    kind = "exit 0, lenient"
                    lenient[detail.splitlines()[0].split(": error: ", 1)[-1][:100]] += 1
            outcomes[kind] += 1
            for name in used:
                by_mutator[name][kind] += 1
            if problem:
                failures.append((problem, files[index], used, flags, data))
                args.save.mkdir(parents=True, exist_ok=True)
                stem = args.save / f"failure-{len(failures):03d}"
                stem.with_suffix(".mlir").write_bytes(data)
                stem.with_suffix(".txt").write_text(
                    f"seed input: {files[index]}\nmutators: {', '.join(used)}\n"
                    f"flags: {' '.join(flags)}\nproblem: {problem}\n", encoding="utf-8")
                print(f"FAIL [{', '.join(used)}] from {files[index].name}: {problem[:200]}",
                      flush=True)
    finally:
        runner.close()
    elapsed = time.monotonic() - started
    total = sum(outcomes.values())
    print(f"\n{total} inputs in {elapsed / 60:.1f} min ({total / max(elapsed, 1e-9):.0f}/s), "
          f"seed {args.seed}, from {len(files)} seed files")
    for kind in sorted(outcomes):
        print(f"  {kind:<8} {outcomes[kind]}")
    print(f"  exit-0 outputs checked with mlir-opt: {checked}"
          + ("" if MLIR_OPT else " (mlir-opt not found)"))
    print(f"  slowest run: {slowest[0]:.2f} s ({slowest[1]})")
    if lenient:
        print("accepted although mlir-opt rejects the input (failures):")
        for message, count in lenient.most_common():
            print(f"  {count:>4}  {message}")
    print("by mutator (a mutant may use several):")
    for name in sorted(by_mutator):
        counts = by_mutator[name]
        print(f"  {name:<12} " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    if failures:
        print(f"{len(failures)} failing inputs saved in {args.save}/")
        return 1
    print("no failure")
    return 0


if __name__ == "__main__":
    sys.exit(main())
