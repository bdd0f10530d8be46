#!/usr/bin/env python3
"""Scale checks of the driver: a huge file and a deep nest.

    python tools/scale_check.py lines [--lines 1000000]   # round trip of a generated file
    python tools/scale_check.py deep [--depth 500]        # nest of regions, 500 deep
    python tools/scale_check.py all

Each check writes its input to a temporary folder, runs `pyaffine-opt` on it
in a child process under `/usr/bin/time -v` when available (else with
getrusage) and reports the wall time and the peak resident memory.  The
output must parse again and print identically (the round trip is a fixed
point), and for the deep nest it must keep every level.  Exits 1 when a
check fails or the peak memory is over --max-mb (default 2048).
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

FUNCTION = """\
func.func @kernel{n}(%A: memref<64x64xf32>, %B: memref<64x64xf32>, %n: index) -> f32 {{
  %zero = arith.constant 0.000000e+00 : f32
  %r = affine.for %i = 0 to 64 iter_args(%acc = %zero) -> (f32) {{
    %s = affine.for %j = 0 to min affine_map<(d0)[s0] -> (d0 + 8, s0)>(%i)[%n] iter_args(%a = %acc) -> (f32) {{
      %x = affine.load %A[%i, %j] : memref<64x64xf32>
      %y = affine.load %B[%j, %i] : memref<64x64xf32>
      %p = arith.mulf %x, %y : f32
      %q = arith.addf %a, %p : f32
      affine.if affine_set<(d0, d1) : (d0 - d1 >= 0)>(%i, %j) {{
        affine.store %q, %A[%i, %j] : memref<64x64xf32>
      }}
      affine.yield %q : f32
    }}
    affine.yield %s : f32
  }}
  return %r : f32
}}
"""
FUNCTION_LINES = FUNCTION.count("\n")


def generate_lines(lines: int) -> str:
    """A module of `lines` lines (rounded up to whole functions)."""
    count = -(-lines // FUNCTION_LINES)
    return "".join(FUNCTION.format(n=n) for n in range(count))


def generate_deep(depth: int) -> str:
    """A function whose body nests `depth` regions: affine.for, affine.if
    and scf.if in turn, with a load and a store at the bottom."""
    lines = ["func.func @deep(%A: memref<8xf32>, %c: i1) {"]
    closers = []
    for level in range(depth):
        pad = "  " * (level + 1)
        kind = level % 3
        if kind == 0:
            lines.append(f"{pad}affine.for %i{level} = 0 to 2 {{")
        elif kind == 1:
            lines.append(f"{pad}affine.if affine_set<(d0) : (d0 >= 0)>(%i{level - 1}) {{")
        else:
            lines.append(f"{pad}scf.if %c {{")
        closers.append(f"{pad}}}")
    pad = "  " * (depth + 1)
    lines.append(f"{pad}%v = affine.load %A[%i0] : memref<8xf32>")
    lines.append(f"{pad}affine.store %v, %A[%i0] : memref<8xf32>")
    lines += reversed(closers)
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def run_measured(argv: list[str], stdout_path: Path) -> tuple[int, float, float, str]:
    """(exit code, seconds, peak RSS in MiB, stderr) of one child process."""
    time_tool = shutil.which("time") or ("/usr/bin/time" if os.path.exists("/usr/bin/time") else None)
    start = time.perf_counter()
    with open(stdout_path, "wb") as out:
        if time_tool:
            done = subprocess.run([time_tool, "-v", *argv], stdout=out, stderr=subprocess.PIPE)
        else:
            done = subprocess.run(argv, stdout=out, stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    err = done.stderr.decode("utf-8", "replace")
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    if match:
        peak = int(match.group(1)) / 1024
        err = err[:err.find("\tCommand being timed")] if "\tCommand being timed" in err else err
    else:
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return done.returncode, seconds, peak, err


def driver() -> list[str]:
    return [sys.executable, "-m", "mlir_affine_py.opt_main"]


def check(name: str, text: str, folder: Path, max_mb: float, expect=None) -> bool:
    source = folder / f"{name}.mlir"
    source.write_text(text)
    first, second = folder / f"{name}.out.mlir", folder / f"{name}.out2.mlir"
    size = len(text.encode())
    code, seconds, peak, err = run_measured(driver() + [str(source)], first)
    print(f"{name}: {text.count(chr(10)):,} lines, {size / 2**20:.1f} MiB: exit {code}, "
          f"{seconds:.1f} s, peak RSS {peak:.0f} MiB")
    ok = code == 0 and peak <= max_mb
    if code != 0:
        print(f"  failed: {err.strip()[:500]}")
    elif peak > max_mb:
        print(f"  peak memory over {max_mb:.0f} MiB")
    if code == 0:
        code2, seconds2, peak2, err2 = run_measured(driver() + [str(first)], second)
        same = code2 == 0 and first.read_bytes() == second.read_bytes()
        print(f"  output re-parsed: exit {code2}, {seconds2:.1f} s, peak RSS {peak2:.0f} MiB, "
              f"{'prints identically' if same else 'DIFFERS'}")
        ok = ok and same and peak2 <= max_mb
        if expect is not None:
            problem = expect(first.read_text())
            if problem:
                print(f"  {problem}")
                ok = False
    return ok


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("check", choices=("lines", "deep", "all"))
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--depth", type=int, default=500)
    parser.add_argument("--max-mb", type=float, default=2048)
    parser.add_argument("--keep", type=Path, help="keep the inputs and outputs in this folder")
    args = parser.parse_args(argv)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="pyaffine-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    ok = True
    try:
        if args.check in ("lines", "all"):
            ok &= check("lines", generate_lines(args.lines), folder, args.max_mb)
        if args.check in ("deep", "all"):
            depth = args.depth

            def keeps_every_level(output: str):
                found = len(re.findall(r"^\s*(affine\.for|affine\.if|scf\.if)\b", output, re.M))
                return None if found == depth else f"{found} nested ops printed, {depth} expected"
            ok &= check("deep", generate_deep(depth), folder, args.max_mb, keeps_every_level)
    finally:
        if args.keep is None:
            shutil.rmtree(folder, ignore_errors=True)
    print("ok" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
