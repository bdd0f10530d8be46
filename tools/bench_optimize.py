#!/usr/bin/env python3
"""PolyBench through `-affine-optimize`: sequential and on two threads,
at two sizes, against the original, `-affine-permute-and-fuse`, and
`clang -O3 -mllvm -polly` on the same kernels in C.

    python tools/bench_optimize.py                       # all kernels, prints the table
    python tools/bench_optimize.py --docs                # ... and writes docs/benchmark.md, README.md
    python tools/bench_optimize.py --kernels gemm lu --repeat 7 --sizes today
    python tools/bench_optimize.py --quick               # 4 kernels at MINI size, checksums only
    python tools/bench_optimize.py --kernels jacobi_2d --factor jacobi_2d=40 --no-polly

The kernels and their scaling are those of tools/bench_polybench.py (its
docstring): the corpus's PolyBench files at MINI size, every size
multiplied by a factor.  Two sizes:

- "today": bench_polybench's FACTORS, chosen so that the original runs
  0.05-1 s per call;
- "past L2": where the working set (the bytes of every memref argument) at
  today's factor is below twice one core's L2 (read from sysfs), the factor
  is raised until it is not, by at most MAX_GROWTH times (the kernels whose
  data grows linearly while their time grows faster, durbin and jacobi_1d,
  would take minutes per call: they are reported as not reaching it).
  Kernels already past it are measured once and count at both sizes.

Per kernel and size, in one run:

1. one module holding the original, the `-affine-permute-and-fuse` output
   and the `-affine-optimize` output (tools/bench_kernels.py's harness:
   interleaved samples, bit-for-bit checksums of every argument), lowered
   through `-lower-affine -convert-scf-to-openmp ... -convert-openmp-to-llvm`
   and run by `mlir-runner -O3` with libomp and OMP_NUM_THREADS=1;
2. the original and the `-affine-optimize` output again with
   OMP_NUM_THREADS=2 (the original is sequential: it is the reference of
   that process);
3. the original kernel translated into C (tools/polybench_c.py) with the
   same harness, compiled by `clang -O3` and by `clang -O3 -mllvm -polly`
   (both `-march=native -ffp-contract=off`: mlir-runner compiles for the
   host and MLIR's arith ops never contract); their checksums must equal the
   MLIR original's, which shows that the C is the same program.

Where a pass's output is the text of an earlier variant (the original, or
`-affine-permute-and-fuse`'s), it is the same program, and it is timed
once: the same code at two places of one module ran up to 1.7 times apart
(the alignment of its loops; floyd_warshall, lu, cholesky), which would
read as a slowdown the optimizer did not make.  The table says which
(`same as`).

A differing checksum fails the run.  Times are medians of `--repeat`
samples per variant; ratios are to the original of the same process (the
C programs: to the MLIR original of step 1).  The table's last columns are
read from the remarks of `-affine-optimize`: the loops that run in parallel
(or why none does) and the bands tiled.
"""

from __future__ import annotations

import argparse
import glob
import math
import os
import re
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_kernels as bench  # noqa: E402
import bench_polybench as polybench  # noqa: E402
import polybench_c  # noqa: E402

REPO = bench.REPO
OPTIMIZE = "-affine-optimize=remarks=true"   # --options are appended
PERMUTE_AND_FUSE = "-affine-permute-and-fuse"
OPENMP_LOWERING = ("-lower-affine", "-convert-scf-to-openmp", "-finalize-memref-to-llvm",
                   "-convert-scf-to-cf", "-convert-openmp-to-llvm", "-convert-to-llvm",
                   "-reconcile-unrealized-casts")
C_FLAGS = ["-O3", "-march=native", "-ffp-contract=off"]
POLLY_FLAGS = C_FLAGS + ["-mllvm", "-polly"]
MAX_GROWTH = 2.5
# f64 and f32 (deriche), integers (nussinov), a skewed wavefront (seidel_2d).
QUICK_KERNELS = ["gemm", "deriche", "nussinov", "seidel_2d", "jacobi_2d"]
QUICK_OPTIONS = "cache-size=8 time-tile=true min-parallel-work=0"
GOALS = {"optimize": 0.35, "threads": 0.22, "polly": 0.4}
SLOWDOWN = 1.05


# ---------------------------------------------------------------- machine
def l2_bytes() -> int:
    """One core's L2, from sysfs (2 MiB where it cannot be read)."""
    for index in glob.glob("/sys/devices/system/cpu/cpu0/cache/index*"):
        try:
            if Path(index, "level").read_text().strip() == "2":
                text = Path(index, "size").read_text().strip()
                return int(text[:-1]) * {"K": 1 << 10, "M": 1 << 20}[text[-1]]
        except (OSError, ValueError, KeyError):
            continue
    return 2 << 20


def openmp_library(tools) -> str | None:
    folder = Path(tools.runner_lib).parent
    found = sorted(glob.glob(str(folder / "libomp.so*")))
    return found[0] if found else None


def find_clang() -> str | None:
    for candidate in (os.environ.get("CLANG"), shutil.which("clang-22"), "/usr/lib/llvm-22/bin/clang"):
        if candidate and os.path.isfile(candidate):
            return candidate
    return None


# ------------------------------------------------------------------ sizes
def working_set(text: str, sizes, factor: float) -> int:
    sig = polybench.signature(text, sizes, factor)
    element = {"f64": 8, "f32": 4, "i64": 8, "i32": 4, "i8": 1}
    return sum(math.prod(sig.shapes[k]) * element.get(sig.element(k), 8) for k in sig.memrefs)


def past_l2_factor(raw: str, name: str, factor: float, l2: int) -> tuple[float | None, str]:
    """The factor whose working set is at least twice `l2`, or None with why."""
    sizes = polybench.SIZES[name]
    target = 2 * l2
    grown = factor
    while working_set(polybench.scale_kernel(raw, sizes, grown), sizes, grown) < target:
        grown = round(grown * 1.1 + 0.5)
        if grown > MAX_GROWTH * factor:
            return None, (f"its data grows linearly with the factor: {target >> 20} MiB needs more "
                          f"than {MAX_GROWTH:g} times today's factor (minutes per call)")
    return grown, ""


# ---------------------------------------------------------------- remarks
PARALLEL = re.compile(r"remark: affine-parallelize: (%\w+) runs in parallel")
SPLIT = re.compile(r"remark: split tiling: (%\w+), fused with a shift")
SEQUENTIAL = re.compile(r"remark: affine-parallelize: (%\w+) stays sequential: (.*)")
TILED = re.compile(r"remark: affine-loop-tile: (?:band \(([^)]*)\)|time loop (%\w+))"
                   r".*? (?:tiled by|tiled with isl by|tiles of) ([\d x]+)")


WAVEFRONT = re.compile(r"remark: affine-loop-tile: (?:band \(([^)]*)\)|time loop (%\w+)).*"
                       r"the tiles of one wavefront in parallel")


def parallel_summary(remarks: str) -> str:
    loops = PARALLEL.findall(remarks) + [f"tiles of the wavefronts of ({band or time})"
                                         for band, time in WAVEFRONT.findall(remarks)] + [
        f"chunks of {loop} (split tiling)" for loop in SPLIT.findall(remarks)]
    if loops:
        return f"{len(loops)} loops" if len(loops) > 3 else ", ".join(loops)
    reasons = [why for _, why in SEQUENTIAL.findall(remarks) if "max-nested" not in why]
    return "none: " + (reasons[0] if reasons else "no loop to parallelize")


def tiling_summary(remarks: str) -> str:
    bands = TILED.findall(remarks)
    return "; ".join(f"({loops or time}) by {sizes.strip()}" for loops, time, sizes in bands) or "none"


# ------------------------------------------------------------ one kernel
@dataclass
class Row:
    name: str
    size: str
    factor: float
    working_set: int
    seconds: dict = field(default_factory=dict)     # variant -> median seconds per call
    reference: dict = field(default_factory=dict)   # variant -> the original it is compared with
    checksums_equal: dict = field(default_factory=dict)
    parallel: str = ""
    tiling: str = ""
    optimizer_seconds: float = 0.0
    same_as: dict = field(default_factory=dict)     # variant -> the earlier variant it equals

    def ratio(self, variant: str) -> float:
        return self.seconds[variant] / self.reference[variant]


def run_kernel(tools, clang, omp, raw: str, name: str, size: str, factor: float, repeat: int,
               workdir: Path, log, options: str = "") -> Row:
    sizes = polybench.SIZES[name]
    scaled = polybench.scale_kernel(raw, sizes, factor)
    sig = polybench.signature(scaled, sizes, factor)
    row = Row(name, size, factor, working_set(scaled, sizes, factor))
    original = bench.canonical(scaled)
    started = time.perf_counter()
    optimized, remarks = bench.pyaffine_run([f"{OPTIMIZE} {options}".rstrip()], scaled)
    row.optimizer_seconds = time.perf_counter() - started
    fused = bench.pyaffine_opt([PERMUTE_AND_FUSE], scaled)
    row.parallel, row.tiling = parallel_summary(remarks), tiling_summary(remarks)
    log(f"  {name} ({size}, x{factor:g}): -affine-optimize took {row.optimizer_seconds:.2f} s")

    def variants(texts):
        return [bench.Variant(label, text, label) for label, text in texts]

    # A text equal to an earlier one is the same program: timed once (the
    # module docstring).
    texts = {"original": original, "permute-and-fuse": fused, "optimize": optimized}
    first = {}
    for label, text in texts.items():
        first.setdefault(text, label)
    one = variants([(label, text) for text, label in first.items()])
    bench.measure(tools, one, sig, repeat, workdir, f"{name}-{size}-1", lowering=OPENMP_LOWERING,
                  libraries=(omp,), env={"OMP_NUM_THREADS": "1"})
    reference = one[0]
    measured = {v.label: v for v in one}
    for label, text in texts.items():
        v = measured[first[text]]
        row.seconds[label] = statistics.median(v.times)
        row.reference[label] = row.seconds["original"]
        row.checksums_equal[label] = v.checksums == reference.checksums
        if first[text] != label:
            row.same_as[label] = first[text]
    two = variants([("original", original)] + ([("optimize", optimized)] if optimized != original
                                                else []))
    bench.measure(tools, two, sig, repeat, workdir, f"{name}-{size}-2", lowering=OPENMP_LOWERING,
                  libraries=(omp,), env={"OMP_NUM_THREADS": "2"})
    row.seconds["optimize, 2 threads"] = statistics.median(two[-1].times)
    row.reference["optimize, 2 threads"] = statistics.median(two[0].times)
    row.checksums_equal["optimize, 2 threads"] = two[-1].checksums == reference.checksums
    if clang:
        program = polybench_c.harness(polybench_c.kernel_function(scaled), sig, repeat)
        for label, flags in (("clang -O3", C_FLAGS), ("polly", POLLY_FLAGS)):
            times, checks = polybench_c.compile_and_run(program, workdir, f"{name}-{size}-{label[:5]}",
                                                        flags, clang)
            row.seconds[label] = statistics.median(times)
            row.reference[label] = row.seconds["original"]
            row.checksums_equal[label] = checks == reference.checksums
    return row


# ---------------------------------------------------------------- reports
COLUMNS = [("permute-and-fuse", "-affine-permute-and-fuse / original"),
           ("optimize", "-affine-optimize / original, 1 thread"),
           ("optimize, 2 threads", "-affine-optimize / original, 2 threads"),
           ("clang -O3", "clang -O3 / original"), ("polly", "Polly / original")]


def table(rows: list) -> str:
    present = [(key, head) for key, head in COLUMNS if all(key in r.seconds for r in rows)]
    polly = any(key == "polly" for key, _ in present)
    head = ("| kernel | size | factor | working set (MiB) | original (s) | "
            + " | ".join(h for _, h in present) + (" | optimize / Polly" if polly else "")
            + " | checksums | parallel loops | tiled bands | optimizer (s) |")
    lines = [head, "|" + "---|" * 2 + "---:|" * (3 + len(present) + polly) + "---|---|---|---:|"]
    for r in rows:
        cells = [f"{r.ratio(key):.3f}" for key, _ in present]
        if polly:
            cells.append(f"{r.seconds['optimize'] / r.seconds['polly']:.3f}")
        wrong = [k for k, ok in r.checksums_equal.items() if not ok]
        lines.append(f"| {r.name} | {r.size} | {r.factor:g} | {r.working_set / 2**20:.1f} | "
                     f"{r.seconds['original']:.4f} | " + " | ".join(cells) + " | "
                     + ("identical" if not wrong else "**DIFFER: " + ", ".join(wrong) + "**")
                     + "".join(f"; {k} same as {v}" for k, v in r.same_as.items())
                     + f" | {r.parallel} | {r.tiling} | {r.optimizer_seconds:.2f} |")
    for size in dict.fromkeys(r.size for r in rows):
        chosen = [r for r in rows if r.size == size or r.size == "both"]
        cells = [f"**{bench.geomean(r.ratio(key) for r in chosen):.3f}**" for key, _ in present]
        if polly:
            mean = bench.geomean(r.seconds["optimize"] / r.seconds["polly"] for r in chosen)
            cells.append(f"**{mean:.3f}**")
        lines.append(f"| **geometric mean, {size}** ({len(chosen)}) | | | | | " + " | ".join(cells)
                     + " | | | | |")
    return "\n".join(lines)


def verdict(rows: list) -> str:
    parts = []
    sizes = [s for s in dict.fromkeys(r.size for r in rows) if s != "both"] or ["both"]
    for size in sizes:
        chosen = [r for r in rows if r.size in (size, "both")]
        one = bench.geomean(r.ratio("optimize") for r in chosen)
        two = bench.geomean(r.ratio("optimize, 2 threads") for r in chosen)
        slower = [f"{r.name} ({r.ratio('optimize'):.2f} of the original, "
                  f"{r.seconds['optimize'] / r.seconds['permute-and-fuse']:.2f} of -affine-permute-and-fuse)"
                  for r in chosen if r.seconds["optimize"] > SLOWDOWN * min(r.seconds["original"],
                                                                           r.seconds["permute-and-fuse"])]
        text = (f"At size {size} ({len(chosen)} kernels): `-affine-optimize` at 1 thread **{one:.3f}** of "
                f"the original's time (goal <= {GOALS['optimize']}), at 2 threads **{two:.3f}** (goal <= "
                f"{GOALS['threads']}); more than 5% slower than the original or than "
                f"`-affine-permute-and-fuse`: " + (", ".join(slower) or "none"))
        if all("polly" in r.seconds for r in chosen):
            polly = bench.geomean(r.seconds["optimize"] / r.seconds["polly"] for r in chosen)
            faster = [f"{r.name} ({r.seconds['optimize'] / r.seconds['polly']:.2f})" for r in chosen
                      if r.seconds["optimize"] > SLOWDOWN * r.seconds["polly"]]
            text += (f"; against `clang -O3 -mllvm -polly`, 1 thread: **{polly:.3f}** (goal <= "
                     f"{GOALS['polly']}), Polly more than 5% faster on {len(faster)}: "
                     + (", ".join(faster) or "none"))
        parts.append(text + ".")
    wrong = [f"{r.name} ({r.size})" for r in rows if not all(r.checksums_equal.values())]
    parts.append("Checksums: " + (f"**DIFFERENT for {', '.join(wrong)}**" if wrong
                                  else "every variant identical to the original's, bit for bit") + ".")
    return "  ".join(parts)


SECTION_BEGIN = "<!-- optimize: generated by tools/bench_optimize.py --docs -->"
SECTION_END = "<!-- optimize: end -->"


def docs_section(rows: list, meta: dict, skipped: dict) -> str:
    return "\n".join([
        "## PolyBench through -affine-optimize, on one and two threads, against Polly",
        "",
        f"Measured on {meta['date']} on {meta['machine']}; {meta['tools']}; {meta['clang']}.  "
        f"`{meta['command']}` took {meta['elapsed']:.0f} s.  One core's L2: {meta['l2'] >> 10} KiB.",
        "",
        "How it is measured: the docstring of `tools/bench_optimize.py` (the original, "
        "`-affine-permute-and-fuse` and `-affine-optimize` in one module lowered through OpenMP and "
        "run with 1 thread, then the original and `-affine-optimize` with 2 threads; the original in "
        "C by `clang -O3` and `clang -O3 -mllvm -polly`).  Ratios are times over the original's in "
        f"the same process; medians of {meta['repeat']} samples.  Size \"both\": the working set "
        "outgrows L2 already at today's size.  "
        + ("Not past L2: " + "; ".join(f"{k}: {v}" for k, v in sorted(skipped.items())) + "."
           if skipped else ""),
        "",
        table(rows),
        "",
        verdict(rows),
    ])


# ------------------------------------------------------------------- main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="PolyBench through -affine-optimize, 1 and 2 threads, "
                                     "two sizes, against Polly (details: the module docstring).")
    parser.add_argument("--kernels", nargs="+", help="kernel names (default: all)")
    parser.add_argument("--repeat", type=int, default=5, help="timed samples per variant (median)")
    parser.add_argument("--sizes", nargs="+", default=["today", "past-L2"], choices=["today", "past-L2"])
    parser.add_argument("--no-polly", action="store_true", help="leave out the C programs")
    parser.add_argument("--options", default="", help="options of -affine-optimize (as in "
                        "-affine-optimize=\"...\"), remarks=true added")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {', '.join(QUICK_KERNELS)} at MINI size, one sample: checksums")
    parser.add_argument("--docs", action="store_true",
                        help="write the table into docs/benchmark.md and the summary into README.md")
    parser.add_argument("--keep", type=Path, help="keep the generated programs in this folder")
    parser.add_argument("--factor", action="append", default=[], metavar="NAME=F",
                        help="scale the kernel NAME by F instead of its factor today")
    args = parser.parse_args(argv)
    factors = dict(polybench.FACTORS)
    for item in args.factor:
        name, _, value = item.partition("=")
        factors[name] = float(value) if "." in value else int(value)

    tools, why = bench.find_tools()
    folder = polybench.polybench_folder()
    omp = openmp_library(tools) if tools else None
    if tools is None or folder is None or omp is None:
        print("bench_optimize: skipped: " + (why or ("no shared corpus (set PYAFFINE_SHARED)"
                                                     if folder is None else "no libomp beside mlir-runner")))
        return 0
    clang = None if args.no_polly else find_clang()
    names = args.kernels or (QUICK_KERNELS if args.quick else
                             sorted(set(polybench.SIZES) - set(polybench.EXCLUDED)))
    if args.quick:
        # MINI sizes fit every cache: a small one makes the optimizer tile,
        # skew and time-tile, so that the checksums check those too.
        args.repeat, args.sizes = 1, ["today"]
        args.options = args.options or QUICK_OPTIONS
    l2 = l2_bytes()

    def log(message):
        print(message, file=sys.stderr, flush=True)

    started = time.time()
    meta = dict(bench.run_meta(tools, argv, args.repeat, "tools/bench_optimize.py"), l2=l2,
                clang=f"{Path(clang).name} with Polly" if clang else "no clang (Polly not measured)")
    rows, skipped = [], {}
    with tempfile.TemporaryDirectory(prefix="bench-optimize-") as scratch:
        workdir = args.keep or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for name in names:
            raw = polybench.kernel_path(folder, name).read_text()
            today = 1 if args.quick else factors[name]
            grown, why_not = (today, "") if args.quick else past_l2_factor(raw, name, today, l2)
            if grown is None:
                skipped[name] = why_not
            plan = ([("both", today)] if grown == today else
                    [(s, f) for s, f in (("today", today), ("past-L2", grown))
                     if s in args.sizes and f is not None])
            for size, factor in plan:
                rows.append(run_kernel(tools, clang, omp, raw, name, size, factor, args.repeat,
                                       workdir, log, args.options))
    meta["elapsed"] = time.time() - started
    if args.quick:
        for r in rows:
            wrong = [k for k, ok in r.checksums_equal.items() if not ok]
            print(f"{r.name}: checksums " + (f"DIFFER for {', '.join(wrong)}" if wrong else
                                             f"match ({', '.join(r.checksums_equal)})")
                  + f"; parallel: {r.parallel}; tiled: {r.tiling}")
        return 0 if all(all(r.checksums_equal.values()) for r in rows) else 1
    print(table(rows))
    print()
    print(verdict(rows))
    if args.docs:
        docs = REPO / "docs" / "benchmark.md"
        docs.write_text(polybench.replace_section(docs.read_text(), docs_section(rows, meta, skipped),
                                                  "## Reading the results", SECTION_BEGIN, SECTION_END))
        readme = REPO / "README.md"
        summary = (f"`python tools/bench_optimize.py --docs` (run of {meta['date']}, table in "
                   "[docs/benchmark.md](docs/benchmark.md)): " + verdict(rows))
        readme.write_text(polybench.replace_section(readme.read_text(), summary, "## Tests and benchmarks",
                                                    SECTION_BEGIN, SECTION_END))
    return 0 if all(all(r.checksums_equal.values()) for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
