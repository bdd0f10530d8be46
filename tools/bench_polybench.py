#!/usr/bin/env python3
"""The PolyBench kernels, as written and as pyaffine-opt rewrites them,
compiled by MLIR and timed.

    python tools/bench_polybench.py                      # all kernels, prints the table
    python tools/bench_polybench.py --docs               # ... and writes docs/benchmark.md, README.md
    python tools/bench_polybench.py --quick              # 3 small kernels, checksums only
    python tools/bench_polybench.py --kernels gemm lu --repeat 7
    python tools/bench_polybench.py --pass=-affine-loop-interchange --pass=-affine-permute-and-fuse
    python tools/bench_polybench.py --compare=-affine-permute-and-fuse   # both passes, one run

The kernels
-----------
Each `polybench/<name>.peqc.mlir` of the shared corpus (`$PYAFFINE_SHARED`,
or the `shared` folder beside the repository; read at run time, never
copied) holds one `func.func @kernel_<name>` at PolyBench's MINI size.  The
sizes are not parameters there: they are integer constants in the loop
bounds, the affine maps and sets, the subscripts and the memref types
(`memref<?x40xf64>`, `0 to 40`, `1 to 39` for N - 1, `-d0 + 60`, `[27, 27]`
for M - 1).  A kernel is scaled by one factor F by rewriting every such
constant c as s * F + (c - s), where s is the PolyBench size (SIZES, from
PolyBench 4.2's MINI dataset) nearest to c and |c - s| <= 2; constants
smaller than every size minus 2 are offsets and stay.  A constant no size
explains, or two sizes explain differently, stops the run, so a scaled
kernel is the same PolyBench program at sizes s * F.  Float constants
(`arith.constant` lines) are left alone.  The loop structure stays as it is:
triangular bounds, imperfect nests, `affine.if`, scalars kept in
`memref.alloca`.  FACTORS holds F per kernel, chosen so that the original
runs 0.05-1 s per call on the machine of the recorded run (`--factor
NAME=F` overrides one).

The harness
-----------
That of tools/bench_kernels.py (its module docstring has the details): the
original and the transformed kernel become `@v0` and `@v1` (never inlined)
of one module with a generated `@main`, lowered by `mlir-opt -lower-affine
-convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts` and run by
`mlir-runner -O3`.  Each sample refills every memref argument with
deterministic values; dynamic sizes (`?`) are allocated as the largest
scaled size plus 2, scalar arguments get constants (1.5, or the largest size
for the integer size parameters, which the kernels do not read), and the
diagonal of every float matrix gets the largest size added, so that
cholesky, lu, ludcmp and the like stay away from square roots of negative
numbers and divisions by zero.  After each variant's first sample, weighted
sums of every memref argument are compared bit for bit: a legal loop
reordering keeps the order of the updates to every element, so a differing
checksum is a wrong transformation, reported loudly, and the run fails.
Samples alternate between the variants; medians of `--repeat` samples are
reported.

The transformed kernel is pyaffine-opt's output with the `--pass` options
(default `-affine-loop-interchange`; `remarks=true` is added to it), run in this
process.  `--compare=-PASS` (repeatable) times the output of a further pass in the same
run, as one more variant of the same module: the table gets its time, its
ratio to the original and to the main pass's output, and the summary its
geometric mean, the kernels where it is more than 5% slower than the main
pass's output, and its checksums.  Its remarks are summarised per kernel: how many nests it reordered
("chose"), kept in their order after weighing the legal ones ("kept"), or
left alone with a reason ("left"), and how many imperfect nests it
distributed.
"""

from __future__ import annotations

import argparse
import collections
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))   # the kernel benchmark beside it

import bench_kernels as bench  # noqa: E402

REPO = bench.REPO
QUICK_KERNELS = ["2mm", "durbin", "nussinov"]
MARGIN = 2             # a constant within this of a size is that size plus an offset
DEFAULT_PASSES = ["-affine-loop-interchange"]
TARGET_GEOMEAN = 0.65  # the goals of the pass on this suite
TARGET_SLOWDOWN = 1.05
TARGET_SECONDS = (0.05, 1.0)   # the original's time per call that FACTORS aims at

# PolyBench 4.2, MINI_DATASET: the sizes of each kernel (the values only;
# their names do not matter to the scaling).
SIZES = {
    "2mm": (16, 18, 22, 24), "3mm": (16, 18, 20, 22, 24), "adi": (20, 20),
    "atax": (38, 42), "bicg": (38, 42), "cholesky": (40,), "correlation": (28, 32),
    "covariance": (28, 32), "deriche": (64, 64), "doitgen": (8, 10, 12), "durbin": (40,),
    "fdtd_2d": (20, 20, 30), "floyd_warshall": (60,), "gemm": (20, 25, 30), "gemver": (40,),
    "gesummv": (30,), "gramschmidt": (20, 30), "heat_3d": (20, 10), "jacobi_1d": (20, 30),
    "jacobi_2d": (20, 30), "lu": (40,), "ludcmp": (40,), "mvt": (40,), "nussinov": (60,),
    "seidel_2d": (20, 40), "symm": (20, 30), "syr2k": (20, 30), "syrk": (20, 30),
    "trisolv": (40,), "trmm": (20, 30),
}

# The factor of each kernel: the original takes 0.05-1 s per call (about
# 0.2 s for the cubic ones; the quadratic ones are bounded by memory).
FACTORS = {
    "2mm": 24, "3mm": 20, "atax": 175, "bicg": 125, "cholesky": 30, "correlation": 22,
    "covariance": 21, "deriche": 24, "doitgen": 13, "durbin": 300, "fdtd_2d": 20,
    "floyd_warshall": 9, "gemm": 32, "gemver": 95, "gesummv": 120, "gramschmidt": 20,
    "heat_3d": 9, "jacobi_1d": 470, "jacobi_2d": 20, "lu": 20, "ludcmp": 21, "mvt": 80,
    "nussinov": 18, "seidel_2d": 8, "symm": 25, "syr2k": 25, "syrk": 30, "trisolv": 250,
    "trmm": 30,
}

# Kernels of the corpus that are not PolyBench's program.
EXCLUDED = {"adi": "the corpus file is degenerate (its converter hung on adi; one loop of N "
                   "iterations is left)"}


# ------------------------------------------------------------ the corpus
def polybench_folder() -> Path | None:
    candidates = []
    if os.environ.get("PYAFFINE_SHARED"):
        candidates.append(Path(os.environ["PYAFFINE_SHARED"]))
    candidates.append(REPO.parent / "shared")
    for shared in candidates:
        folder = shared / "corpus" / "polybench"
        if folder.is_dir():
            return folder
    return None


def kernel_path(folder: Path, name: str) -> Path:
    return folder / f"{name}.peqc.mlir"


# --------------------------------------------------------------- scaling
class ScaleError(ValueError):
    pass


_INTEGER = re.compile(r"(?<![\w%#.$])\d+(?![\w.])")
_MEMREF = re.compile(r"memref<([^<>]*)>")


def scaled_constant(value: int, sizes, factor: float) -> int:
    """`value` as size * factor + offset, for the size nearest to it."""
    if value < min(sizes) - MARGIN:
        return value
    near = [(abs(value - s), s) for s in sizes if abs(value - s) <= MARGIN]
    if not near:
        raise ScaleError(f"the constant {value} is no size of {sorted(set(sizes))} plus an offset")
    closest = min(d for d, _ in near)
    results = {round(s * factor) + value - s for d, s in near if d == closest}
    if len(results) > 1:
        raise ScaleError(f"the constant {value} is as near to two sizes of {sorted(set(sizes))}")
    return results.pop()


def scale_kernel(text: str, sizes, factor: float) -> str:
    """The kernel with every size multiplied by `factor` (module docstring)."""
    def scale_number(match):
        return str(scaled_constant(int(match.group(0)), sizes, factor))

    def scale_dims(inside: str) -> str:
        return "x".join(str(scaled_constant(int(d), sizes, factor)) if d.isdigit() else d
                        for d in inside.split("x"))

    out = []
    for line in text.split("\n"):
        if "arith.constant" in line:
            out.append(line)
            continue
        # The odd pieces are the insides of memref types.
        pieces = _MEMREF.split(line)
        out.append("".join(f"memref<{scale_dims(p)}>" if n % 2 else _INTEGER.sub(scale_number, p)
                           for n, p in enumerate(pieces)))
    return "\n".join(out)


def signature(text: str, sizes, factor: float) -> bench.Signature:
    """What the harness passes to the kernel (module docstring)."""
    header, _ = bench.function_parts(text)
    largest = max(round(s * factor) for s in sizes)
    scalars = {}
    arg_types = bench.header_arg_types(header)
    for k, type_text in enumerate(arg_types):
        if type_text.startswith("memref"):
            continue
        if type_text.startswith("f"):
            scalars[k] = f"1.5 : {type_text}"
        else:
            scalars[k] = f"{largest} : {type_text}"
    return bench.Signature.of(arg_types, dynamic_size=largest + MARGIN, scalars=scalars,
                              diagonal=float(largest))


# ---------------------------------------------------------- the remarks
REMARK = re.compile(r"remark: affine-loop-interchange: (.*)")


def remark_counts(remarks: str) -> collections.Counter:
    """How many nests the interchange reordered, kept, left alone, and how
    many imperfect nests it distributed (with the reasons for leaving nests
    alone as `left: <reason>`)."""
    counts = collections.Counter()
    for line in remarks.splitlines():
        match = REMARK.search(line)
        if not match:
            continue
        text = match.group(1)
        if text.startswith("chose order"):
            counts["chose"] += 1
        elif text.startswith("kept the original order") or text.endswith("is kept"):
            counts["kept"] += 1
        elif "left as it is" in text or "left alone" in text:
            counts["left"] += 1
            reason = text.split(": ", 2)[1] if ": " in text else text
            counts["left: " + reason] += 1
        elif text.startswith("distributed"):
            counts["distributed"] += 1
    return counts


def decision(counts) -> str:
    text = f"chose {counts['chose']}, kept {counts['kept']}, left {counts['left']}"
    if counts["distributed"]:
        text += f"; distributed {counts['distributed']}"
    return text


def left_reasons(counts) -> str:
    return "; ".join(f"{reason[6:]}" + (f" (x{n})" if n > 1 else "")
                     for reason, n in sorted(counts.items()) if reason.startswith("left: "))


# ------------------------------------------------------------- a kernel
@dataclass
class Outcome:
    name: str
    factor: float
    sizes: str
    original: float
    transformed: float
    changed: bool
    checksums_equal: bool
    counts: dict = field(default_factory=dict)
    times: dict = field(default_factory=dict)
    compared: dict = field(default_factory=dict)   # pass -> Compared

    @property
    def ratio(self) -> float:
        return self.transformed / self.original


@dataclass
class Compared:
    seconds: float
    changed: bool
    checksums_equal: bool


def pass_arguments(passes: list) -> list:
    """The passes, with the interchange's remarks asked for."""
    return [p + "=remarks=true" if p == "-affine-loop-interchange" else p for p in passes]


def bench_polybench_kernel(tools, path: Path, factor: float, passes: list, repeat: int,
                           workdir: Path, log, compare: tuple = ()) -> Outcome:
    name = path.name.split(".")[0]
    sizes = SIZES[name]
    scaled = scale_kernel(path.read_text(), sizes, factor)
    started = time.time()
    original_text = bench.canonical(scaled)
    transformed_text, remarks = bench.pyaffine_run(pass_arguments(passes), scaled)
    log(f"  {name}: x{factor:g}, pyaffine-opt took {time.time() - started:.1f} s")
    v_original = bench.Variant("original", original_text, "original")
    v_transformed = (bench.Variant("transformed", transformed_text, "pyaffine-opt")
                     if transformed_text != original_text else v_original)
    others = {}
    for other in compare:
        text = bench.pyaffine_run([other], scaled)[0]
        same = next((v for v in (v_original, v_transformed) if v.text == text), None)
        others[other] = same or bench.Variant(other, text, "pyaffine-opt")
    variants = list(dict.fromkeys([v_original, v_transformed, *others.values()]))
    bench.measure(tools, variants, signature(original_text, sizes, factor), repeat, workdir, name)
    counts = remark_counts(remarks)
    compared = {other: Compared(bench.median(v), v is not v_original, v.checksums == v_original.checksums)
                for other, v in others.items()}
    return Outcome(name, factor, ", ".join(str(round(s * factor)) for s in dict.fromkeys(sizes)),
                   bench.median(v_original), bench.median(v_transformed), v_transformed is not v_original,
                   v_transformed.checksums == v_original.checksums, counts,
                   {v.label: v.times for v in variants}, compared)


# --------------------------------------------------------------- reports
def table(outcomes: list) -> str:
    others = list(outcomes[0].compared) if outcomes else []
    extra_head = "".join(f" {p} (s) | / original | / transformed |" for p in others)
    lines = ["| kernel | factor | sizes | original (s) | transformed (s) | transformed / original "
             f"| checksums | nests: chose, kept, left | why nests were left |{extra_head}",
             "|---|---:|---|---:|---:|---:|---|---|---|" + "---:|---:|---:|" * len(others)]
    for o in outcomes:
        same = "identical" if o.checksums_equal else "**DIFFER**"
        ratio = f"{o.ratio:.3f}" if o.changed else "1 (unchanged)"
        extra = ""
        for p in others:
            c = o.compared[p]
            mark = "" if c.checksums_equal else " **DIFFER**"
            extra += f" {c.seconds:.4f}{mark} | {c.seconds / o.original:.3f} | {c.seconds / o.transformed:.3f} |"
        lines.append(f"| {o.name} | {o.factor:g} | {o.sizes} | {o.original:.4f} | {o.transformed:.4f} | "
                     f"{ratio} | {same} | {decision(o.counts)} | {left_reasons(o.counts)} |{extra}")
    extra = "".join(f" {bench.geomean(o.compared[p].seconds for o in outcomes):.4f} | "
                    f"**{bench.geomean(o.compared[p].seconds / o.original for o in outcomes):.3f}** | "
                    f"{bench.geomean(o.compared[p].seconds / o.transformed for o in outcomes):.3f} |"
                    for p in others)
    lines.append(f"| **geometric mean** | | | {bench.geomean(o.original for o in outcomes):.4f} | "
                 f"{bench.geomean(o.transformed for o in outcomes):.4f} | "
                 f"**{bench.geomean(o.ratio for o in outcomes):.3f}** | | | |{extra}")
    return "\n".join(lines)


def compare_verdict(outcomes: list, passes: list) -> str:
    """Per compared pass: its geometric mean, against the main pass's, the
    kernels where it is more than 5% slower than the main pass's output, and
    its checksums."""
    if not outcomes:
        return ""
    main = bench.geomean(o.ratio for o in outcomes)
    parts = []
    for p in outcomes[0].compared:
        mean = bench.geomean(o.compared[p].seconds / o.original for o in outcomes)
        slower = [o for o in outcomes if o.compared[p].seconds > TARGET_SLOWDOWN * o.transformed]
        wrong = [o.name for o in outcomes if not o.compared[p].checksums_equal]
        parts.append(
            f"`{p}`: geometric mean **{mean:.3f}** of the original's time, "
            f"{(1 - mean / main) * 100:.1f}% below `{' '.join(passes)}`'s {main:.3f}; more than "
            f"{round((TARGET_SLOWDOWN - 1) * 100)}% slower than `{' '.join(passes)}`'s output: "
            + (", ".join(f"{o.name} ({o.compared[p].seconds / o.transformed:.2f})" for o in slower)
               or "none") + "; checksums: "
            + (f"**DIFFERENT for {', '.join(wrong)}**" if wrong else "identical for every kernel") + ".")
    return "  ".join(parts)


def verdict(outcomes: list) -> str:
    ratio = bench.geomean(o.ratio for o in outcomes)
    slower = [o for o in outcomes if o.ratio > TARGET_SLOWDOWN]
    wrong = [o.name for o in outcomes if not o.checksums_equal]
    changed = sum(o.changed for o in outcomes)
    off = [o for o in outcomes if not TARGET_SECONDS[0] <= o.original <= TARGET_SECONDS[1]]
    totals = collections.Counter()
    for o in outcomes:
        totals.update({k: v for k, v in o.counts.items() if not k.startswith("left: ")})
    return (f"Geometric mean of transformed / original over {len(outcomes)} kernels: **{ratio:.3f}** "
            f"(goal <= {TARGET_GEOMEAN}); the pass changed {changed} kernels; nests reordered "
            f"{totals['chose']}, kept {totals['kept']}, left alone {totals['left']}; imperfect nests "
            f"distributed {totals['distributed']}.  More than {round((TARGET_SLOWDOWN - 1) * 100)}% "
            "slower than the original: "
            + (", ".join(f"{o.name} ({o.ratio:.2f})" for o in slower) or "none") + ".  Checksums: "
            + (f"**DIFFERENT for {', '.join(wrong)}**" if wrong else "identical for every kernel") + "."
            + (f"  Originals outside {TARGET_SECONDS[0]}-{TARGET_SECONDS[1]} s per call (their factor "
               "wants another value on this machine or at this load): "
               + ", ".join(f"{o.name} ({o.original:.3f} s)" for o in off) + "." if off else ""))


SECTION_BEGIN = "<!-- polybench: generated by tools/bench_polybench.py --docs -->"
SECTION_END = "<!-- polybench: end -->"


def replace_section(text: str, section: str, before: str | None = None,
                    begin: str = SECTION_BEGIN, end: str = SECTION_END) -> str:
    """`text` with the generated section between the markers `begin` and
    `end` replaced, or added (before the heading `before` when given, else
    at the end)."""
    block = f"{begin}\n{section.strip()}\n{end}"
    if begin in text and end in text:
        head, rest = text.split(begin, 1)
        return head + block + rest.split(end, 1)[1]
    if before and before in text:
        head, rest = text.split(before, 1)
        return head + block + "\n\n" + before + rest
    return text.rstrip("\n") + "\n\n" + block + "\n"


def docs_section(outcomes: list, meta: dict) -> str:
    return "\n".join([
        "## PolyBench",
        "",
        f"Measured on {meta['date']} on {meta['machine']}; {meta['tools']}.  `{meta['command']}` "
        f"took {meta['elapsed']:.0f} s.",
        "",
        f"{len(outcomes)} kernels of PolyBench 4.2 as the shared corpus holds them "
        "(`polybench/*.peqc.mlir`, MINI size), every size multiplied by the factor shown, so the "
        "loop structure is PolyBench's: triangular bounds, imperfect nests, `affine.if`, scalars "
        f"in `memref.alloca`.  The transformed kernel is the output of `pyaffine-opt "
        f"{' '.join(meta['passes'])}`.  Same harness as above; times are seconds per call, medians "
        f"of {meta['repeat']} alternating samples; \"checksums\" compares weighted sums of every "
        "argument bit for bit.  The last two columns count the pass's decisions in its remarks (one "
        "per nest, or per part of a distributed nest): nests reordered, kept in their order after "
        "weighing the legal ones, and left alone (with the reasons).  "
        "How the sizes are scaled and the inputs made: the docstring of "
        "`tools/bench_polybench.py`.  Not measured: "
        + "; ".join(f"{name}: {why}" for name, why in sorted(EXCLUDED.items())) + ".",
        "",
        table(outcomes),
        "",
        verdict(outcomes),
    ] + (["", f"The last columns time `{' '.join(meta['compare'])}` in the same run, against the "
               "original and against the transformed kernel.  " + compare_verdict(outcomes, meta['passes'])]
         if meta.get("compare") else []))


def readme_summary(outcomes: list, meta: dict) -> str:
    return "\n".join([
        f"`python tools/bench_polybench.py --docs` runs {len(outcomes)} PolyBench kernels of the shared "
        f"corpus, scaled from the MINI size to 0.05-1 s per call, as written and as `pyaffine-opt "
        f"{' '.join(meta['passes'])}` rewrites them, with the same harness (run of {meta['date']} "
        f"on {meta['machine'].split(',')[0]}; table in "
        "[docs/benchmark.md](docs/benchmark.md#polybench)).  "
        + verdict(outcomes)
        + ("  Same run, " + compare_verdict(outcomes, meta['passes'])
           if meta.get("compare") else ""),
    ])


# ------------------------------------------------------------------ main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Time the PolyBench kernels of the shared corpus as "
                                     "written and as pyaffine-opt rewrites them (details: the module "
                                     "docstring).")
    parser.add_argument("--kernels", nargs="+", help="kernel names (default: all)")
    parser.add_argument("--pass", dest="passes", action="append", metavar="=-PASS",
                        help="a pyaffine-opt pass making the transformed kernel, written "
                        "--pass=-name[=options] (repeat for several; default: "
                        f"{' '.join(DEFAULT_PASSES)})")
    parser.add_argument("--compare", action="append", default=[], metavar="=-PASS",
                        help="also time the output of this pass (written --compare=-name[=options]) "
                        "in the same run, against the original and the --pass output")
    parser.add_argument("--repeat", type=int, default=7, help="timed samples per variant (median)")
    parser.add_argument("--factor", action="append", default=[], metavar="NAME=F",
                        help="scale the kernel NAME by F instead of its factor in FACTORS")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {', '.join(QUICK_KERNELS)} at MINI size, one sample: checksums")
    parser.add_argument("--docs", action="store_true",
                        help="write the table into docs/benchmark.md and the summary into README.md")
    parser.add_argument("--keep", type=Path, help="keep the generated modules in this folder")
    args = parser.parse_args(argv)
    args.passes = args.passes or DEFAULT_PASSES

    tools, why = bench.find_tools()
    if tools is None:
        print(f"bench_polybench: skipped: {why}")
        return 0
    folder = polybench_folder()
    if folder is None:
        print("bench_polybench: skipped: no shared corpus (set PYAFFINE_SHARED)")
        return 0
    names = args.kernels or (QUICK_KERNELS if args.quick else sorted(set(SIZES) - set(EXCLUDED)))
    factors = dict(FACTORS)
    if args.quick:
        factors = dict.fromkeys(SIZES, 1)
    for item in args.factor:
        name, _, value = item.partition("=")
        factors[name] = float(value)
    for name in names:
        if name not in SIZES or not kernel_path(folder, name).is_file():
            print(f"bench_polybench: no kernel {name} in {folder}", file=sys.stderr)
            return 2
    repeat = 1 if args.quick else args.repeat

    def log(message):
        print(message, file=sys.stderr, flush=True)

    started = time.time()
    meta = dict(bench.run_meta(tools, argv, repeat, "tools/bench_polybench.py"), passes=args.passes,
                compare=args.compare)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="bench-polybench-") as scratch:
        workdir = args.keep or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for name in names:
            try:
                outcomes.append(bench_polybench_kernel(tools, kernel_path(folder, name), factors.get(name, 1),
                                                       args.passes, repeat, workdir, log,
                                                       tuple(args.compare)))
            except (bench.RunError, bench.PyaffineError, ValueError, subprocess.TimeoutExpired) as error:
                print(f"bench_polybench: {name}: {error}", file=sys.stderr)
                return 1
    meta["elapsed"] = time.time() - started
    wrong = [o for o in outcomes if not o.checksums_equal
             or not all(c.checksums_equal for c in o.compared.values())]
    for o in wrong:
        print(f"bench_polybench: {o.name}: CHECKSUMS DIFFER: the transformed kernel computes "
              "something else than the original", file=sys.stderr)
    if args.quick:
        for o in outcomes:
            print(f"{o.name}: {'changed' if o.changed else 'unchanged'}, {decision(o.counts)}, "
                  f"checksums {'match' if o.checksums_equal else 'DIFFER'}")
        return 1 if wrong else 0
    print(table(outcomes))
    print()
    print(verdict(outcomes) + f"  ({meta['elapsed']:.0f} s)")
    if args.compare:
        print()
        print(compare_verdict(outcomes, args.passes))
    if args.docs:
        docs = REPO / "docs" / "benchmark.md"
        docs.write_text(replace_section(docs.read_text(), docs_section(outcomes, meta),
                                        before="## Reading the results"))
        readme = REPO / "README.md"
        readme.write_text(replace_section(readme.read_text(), readme_summary(outcomes, meta),
                                          before="## Tests and benchmarks"))
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
