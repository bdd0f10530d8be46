#!/usr/bin/env python3
"""Measure what -affine-loop-interchange buys: each kernel of tools/kernels/
is run as written, as pyaffine-opt rewrites it, and in every legal order of
its loop nests, compiled by MLIR and timed.

    python tools/bench_kernels.py                 # the whole suite, prints the table
    python tools/bench_kernels.py --docs          # ... and writes docs/benchmark.md/.png
    python tools/bench_kernels.py --quick         # 3 kernels, 1 repetition, checksums only
    python tools/bench_kernels.py --kernels gemm_ijk conv5d --repeat 7

What is run
-----------
Every kernel file holds one `func.func @kernel` over statically shaped
`memref<...xf64>` arguments.  The kernel variants of one kernel become
functions `@v0`, `@v1`, ... of one module, each marked
`attributes {passthrough = ["noinline"]}` (an LLVM `noinline` that survives
`convert-to-llvm`), so `mlir-runner -O3` cannot inline a variant into the
timing loop, specialise it on the buffers, or hoist work out of the
repetitions.  A generated `@main` allocates the arguments once (64-byte
aligned) and, for every timed call, first refills all of them with the same
deterministic values (`((linear index * 1103 + 97 * (argument + 1)) mod
1009) / 1009`), then brackets the call with `rtclock()`.  After each
variant's first call, a weighted sum and a weighted sum of squares (weight
`linear index mod 7 + 1`) of every argument are printed as the bit patterns
of the f64 values (`arith.bitcast` to i64, `printI64`), so they are read back
exactly.  A legal reordering keeps the order of the updates to every element
(that is what respecting every dependence means), and LLVM does not
reassociate floating point without fast-math, so every variant must
reproduce the original's checksums bit for bit; any difference is reported
and makes the run fail.  Repetitions are interleaved round-robin over the
variants (rotated each round) and the median is reported.

The module is lowered by `mlir-opt -lower-affine -convert-scf-to-cf
-convert-to-llvm -reconcile-unrealized-casts` and run by `mlir-runner -O3 -e
main -entry-point-result=void -shared-libs=libmlir_c_runner_utils`.

The pyaffine-opt driver runs in this process: `opt_main.parse_args` and
`opt_main.run` are exactly what the `pyaffine-opt` command executes, without
starting Python a few hundred times.

The best legal order
--------------------
`-test-loop-permutation="permutation-map=M check-validity=true"` applies a
map to every perfect nest of the map's length, and leaves a nest alone when
the permutation would break a dependence.  A kernel may hold several nests of
the same depth (2mm, 3mm, doitgen, ...), which one map would permute
together, and trying every combination of orders would multiply the counts
(6^3 for 3mm).  So each top-level nest is searched on its own:

1. The kernel is printed by pyaffine-opt (canonical text) and cut into its
   top-level ops.  Loop nests are the `affine.for` ops; anything else at the
   top level must be pure (constants), and is kept in every part.
2. For nest k, a part is made with the kernel's signature, the pure ops and
   nest k alone; every permutation map of every length that is the depth of
   a perfect (sub)nest in it is applied with the test pass.  An output equal
   to the input means the map was illegal; distinct outputs are the legal
   orders of nest k.
3. Each legal order of nest k is timed inside the whole kernel, with the
   other nests as written (screening, one call each).  The nests run one
   after another, so their times add up: the fastest order of each nest,
   combined, is the best legal kernel.  That combination, and the
   alternatives within 10% of the fastest for some nest, go to the final
   round with the original and the pyaffine-opt output.
4. When pyaffine-opt distributes an imperfect nest, its output has other
   nests than the original; its nests are searched the same way (steps 1-3),
   and the best of both structures counts.

The final round times every finalist `--repeat` times (default 5); "best"
is the smallest median among them; identical kernel texts are timed once
(so when pyaffine-opt's output is the best order, both columns show the
same measurement).  Every finalist is a legal order, the pyaffine-opt output
included, so pyaffine-opt / best is at least 1.

Where mlir-opt, mlir-runner or the runner library is missing, the script
says so and exits with status 0 (nothing measured).  The tools are found
through $MLIR_OPT / $MLIR_RUNNER, PATH, then /usr/lib/llvm-22/bin.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import io
import itertools
import json
import math
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KERNEL_DIR = REPO / "tools" / "kernels"
QUICK_KERNELS = ["colsum", "skewed_dep", "wavefront"]
LOWERING = ["-lower-affine", "-convert-scf-to-cf", "-convert-to-llvm",
            "-reconcile-unrealized-casts"]
NEAR = 1.10            # finalists: within 10% of the fastest screened order
MAX_ALTERNATIVES = 4   # near-ties per kernel taken to the final round
MAX_VARIANTS_PER_MODULE = 32


# ------------------------------------------------------------------ tools
@dataclass
class Tools:
    mlir_opt: str
    mlir_runner: str
    runner_lib: str


def find_tool(name: str) -> str | None:
    env = os.environ.get(name.upper().replace("-", "_"))
    for candidate in (env, shutil.which(name), f"/usr/lib/llvm-22/bin/{name}"):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def find_runner_lib(runner: str) -> str | None:
    folders = [Path(os.path.realpath(runner)).parent.parent / "lib", Path("/usr/lib/llvm-22/lib")]
    for folder in folders:
        found = sorted(glob.glob(str(folder / "libmlir_c_runner_utils.so*")))
        if found:
            return found[0]
    return None


def find_tools() -> tuple[Tools | None, str]:
    opt, runner = find_tool("mlir-opt"), find_tool("mlir-runner")
    if opt is None:
        return None, "mlir-opt not found (set MLIR_OPT or put it on PATH)"
    if runner is None:
        return None, "mlir-runner not found (set MLIR_RUNNER or put it on PATH)"
    lib = find_runner_lib(runner)
    if lib is None:
        return None, "libmlir_c_runner_utils not found next to mlir-runner"
    return Tools(opt, runner, lib), ""


# ------------------------------------------------------------ pyaffine-opt
class PyaffineError(Exception):
    pass


def pyaffine_opt(args: list, text: str) -> str:
    """Run the pyaffine-opt driver (as the command does) on `text`."""
    from mlir_affine_py import opt_main
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        options = opt_main.parse_args(list(args) + [path])
        out, err = io.StringIO(), io.StringIO()
        code = opt_main.run(options, out, err)
    finally:
        os.unlink(path)
    if code != 0:
        raise PyaffineError(f"pyaffine-opt {' '.join(args)} failed:\n{err.getvalue()}")
    return out.getvalue()


# ------------------------------------------------- the kernel's structure
@dataclass
class Kernel:
    """A canonical kernel module: alias lines, function header, top-level
    body segments (lists of lines, indented 4), closing lines."""

    aliases: list
    header: str
    segments: list
    arg_types: list

    @property
    def loops(self) -> list:
        return [k for k, seg in enumerate(self.segments) if is_loop(seg)]

    def text(self) -> str:
        lines = list(self.aliases) + (["", "module {"] if self.aliases else ["module {"])
        lines.append(self.header)
        for seg in self.segments:
            lines += seg
        lines += ["  }", "}"]
        return "\n".join(lines) + "\n"

    def with_segment(self, index: int, segment: list) -> "Kernel":
        segments = list(self.segments)
        segments[index] = segment
        return Kernel(self.aliases, self.header, segments, self.arg_types)


def is_loop(segment: list) -> bool:
    return segment[0].lstrip().startswith("affine.for")


MEMREF = re.compile(r"memref<((?:\d+x)*)f64>")


def parse_kernel(text: str) -> Kernel:
    """Cut a canonical (pyaffine-opt printed) module into a Kernel.  Map and
    set aliases are inlined so that segments can move between modules."""
    lines = text.rstrip("\n").split("\n")
    aliases = {}
    for line in lines:
        match = re.match(r"^#(\w+) = (.*)$", line)
        if match:
            aliases[match.group(1)] = match.group(2)
        elif line.startswith("module"):
            break
    if aliases:
        pattern = re.compile(r"#(" + "|".join(map(re.escape, sorted(aliases, key=len, reverse=True))) + r")\b")
        lines = [pattern.sub(lambda m: aliases[m.group(1)], line) for line in lines]
    funcs = [n for n, line in enumerate(lines) if line.startswith("  func.func ")]
    if len(funcs) != 1 or "@kernel(" not in lines[funcs[0]]:
        raise ValueError("the file must hold exactly one func.func @kernel")
    header = lines[funcs[0]]
    if not header.endswith(") {"):
        raise ValueError("@kernel must take memref arguments and return nothing")
    arg_types = re.findall(r"%arg\d+: ([^,)]*(?:<[^>]*>)?)", header)
    for type_text in arg_types:
        if not MEMREF.fullmatch(type_text):
            raise ValueError(f"argument type {type_text} is not a static memref of f64")
    end = lines.index("  }", funcs[0])
    segments, current = [], None
    for line in lines[funcs[0] + 1:end]:
        indent = len(line) - len(line.lstrip(" "))
        if indent == 4 and not line.lstrip().startswith("}"):
            current = [line]
            segments.append(current)
        else:
            current.append(line)
    if not segments or segments[-1] != ["    return"]:
        raise ValueError("@kernel must end with a plain return")
    for seg in segments[:-1]:
        if not is_loop(seg) and (len(seg) > 1 or "store" in seg[0] or "call" in seg[0]
                                 or "affine.for" in seg[0] or " = " not in seg[0]):
            raise ValueError(f"top-level op outside the loop nests is not pure: {seg[0].strip()}")
        if is_loop(seg) and "iter_args" in seg[0]:
            raise ValueError("a top-level loop with iter_args is not supported")
    return Kernel([], header, segments, arg_types)


def chain_lengths(segment: list) -> set:
    """Depths of the maximal perfect (sub)nests in a loop segment."""
    nodes = []   # (indent, line index)
    for n, line in enumerate(segment):
        if line.lstrip().startswith("affine.for"):
            nodes.append((len(line) - len(line.lstrip(" ")), n))

    def body_ops(node_index: int) -> list:
        indent, start = nodes[node_index]
        ops = []
        for line in segment[start + 1:]:
            own = len(line) - len(line.lstrip(" "))
            if own <= indent:
                break
            if own == indent + 2 and not line.lstrip().startswith("}"):
                ops.append(line)
        return ops

    inner = {}
    for k in range(len(nodes)):
        ops = body_ops(k)
        if len(ops) == 1 and ops[0].lstrip().startswith("affine.for"):
            inner[k] = k + 1   # the next affine.for line is the only child
    lengths = set()
    children = set(inner.values())
    for k in range(len(nodes)):
        if k in children:
            continue
        length, j = 1, k
        while j in inner:
            length, j = length + 1, inner[j]
        if length >= 2:
            lengths.add(length)
    return lengths


def loop_depth(segment: list) -> int:
    indents = sorted({len(line) - len(line.lstrip(" ")) for line in segment
                      if line.lstrip().startswith("affine.for")})
    return len(indents)


def canonical(text: str) -> str:
    return pyaffine_opt([], text)


# --------------------------------------------------------------- variants
@dataclass
class Variant:
    label: str
    text: str          # canonical module text
    source: str = ""   # "original" / "pyaffine-opt" / structure name
    orders: tuple = () # per loop segment: label of the order chosen
    times: list = field(default_factory=list)
    checksums: list | None = None


def nest_orders(kernel: Kernel, loop_index: int) -> list:
    """[(label, segment lines)] for the legal orders of one nest, the
    written order first."""
    part = Kernel(kernel.aliases, kernel.header,
                  [seg for k, seg in enumerate(kernel.segments)
                   if k == loop_index or not is_loop(seg)], kernel.arg_types)
    part_text = canonical(part.text())
    base = parse_kernel(part_text)
    (position,) = base.loops
    found = [("as written", base.segments[position])]
    seen = {part_text}
    for length in sorted(chain_lengths(base.segments[position])):
        for perm in itertools.permutations(range(length)):
            if perm == tuple(range(length)):
                continue
            perm_map = ",".join(map(str, perm))
            out = pyaffine_opt([f'-test-loop-permutation=permutation-map={perm_map} check-validity=true'],
                               part_text)
            if out in seen:
                continue
            seen.add(out)
            permuted = parse_kernel(out)
            found.append((f"map {perm_map}", permuted.segments[permuted.loops[0]]))
    return found


def structure(kernel: Kernel) -> tuple:
    return tuple(sorted(chain_lengths(kernel.segments[k])) for k in kernel.loops)


# ----------------------------------------------------------- the harness
def build_module(variants: list, arg_types: list, schedule: list) -> str:
    """One module: the variants as @v<n>, @fill, @check and a @main that
    runs `schedule` ([(variant index, round)])."""
    out = []
    funcs = []
    for n, variant in enumerate(variants):
        kernel = parse_kernel(variant.text)
        header = kernel.header.replace("@kernel(", f"@v{n}(", 1)
        header = header[:-2] + ' attributes {passthrough = ["noinline"]} {'
        lines = [header] + [line for seg in kernel.segments for line in seg] + ["  }"]
        funcs += lines
    args_sig = ", ".join(f"%a{k}: {t}" for k, t in enumerate(arg_types))
    types = ", ".join(arg_types)
    out.append("module {")
    out += funcs
    out += [
        "  func.func private @rtclock() -> f64",
        "  func.func private @printF64(f64)",
        "  func.func private @printI64(i64)",
        "  func.func private @printComma()",
        "  func.func private @printNewline()",
    ]
    # @fill
    out.append(f"  func.func @fill({args_sig}) {{")
    out += ["    %mul = arith.constant 1103 : i64", "    %mod = arith.constant 1009 : i64",
            "    %inv = arith.constant 9.9108027750247768e-04 : f64"]
    for k, t in enumerate(arg_types):
        dims = [int(d) for d in MEMREF.fullmatch(t).group(1).split("x") if d]
        out.append(f"    %seed{k} = arith.constant {97 * (k + 1)} : i64")
        ivs = [f"%f{k}_{d}" for d in range(len(dims))]
        indent = "    "
        for iv, size in zip(ivs, dims):
            out.append(f"{indent}affine.for {iv} = 0 to {size} {{")
            indent += "  "
        lin = linear_index(ivs, dims, indent, f"f{k}", out)
        out += [f"{indent}%l{k} = arith.index_cast {lin} : index to i64",
                f"{indent}%m{k} = arith.muli %l{k}, %mul : i64",
                f"{indent}%s{k} = arith.addi %m{k}, %seed{k} : i64",
                f"{indent}%r{k} = arith.remui %s{k}, %mod : i64",
                f"{indent}%u{k} = arith.uitofp %r{k} : i64 to f64",
                f"{indent}%v{k} = arith.mulf %u{k}, %inv : f64",
                f"{indent}affine.store %v{k}, %a{k}[{', '.join(ivs)}] : {t}"]
        for _ in dims:
            indent = indent[:-2]
            out.append(f"{indent}}}")
    out += ["    return", "  }"]
    # @check(variant): per argument, "1, variant, argument, bits(sum), bits(sum of squares)"
    out.append(f"  func.func @check(%variant: i64, {args_sig}) {{")
    out += ["    %acc = memref.alloca() : memref<2xf64>", "    %zero = arith.constant 0.0 : f64",
            "    %seven = arith.constant 7 : index", "    %one = arith.constant 1 : index",
            "    %tag = arith.constant 1 : i64"]
    for k, t in enumerate(arg_types):
        dims = [int(d) for d in MEMREF.fullmatch(t).group(1).split("x") if d]
        out += [f"    affine.store %zero, %acc[0] : memref<2xf64>",
                f"    affine.store %zero, %acc[1] : memref<2xf64>"]
        ivs = [f"%c{k}_{d}" for d in range(len(dims))]
        indent = "    "
        for iv, size in zip(ivs, dims):
            out.append(f"{indent}affine.for {iv} = 0 to {size} {{")
            indent += "  "
        lin = linear_index(ivs, dims, indent, f"c{k}", out)
        out += [f"{indent}%w{k}i = arith.remui {lin}, %seven : index",
                f"{indent}%w{k}j = arith.addi %w{k}i, %one : index",
                f"{indent}%w{k}l = arith.index_cast %w{k}j : index to i64",
                f"{indent}%w{k} = arith.uitofp %w{k}l : i64 to f64",
                f"{indent}%x{k} = affine.load %a{k}[{', '.join(ivs)}] : {t}",
                f"{indent}%wx{k} = arith.mulf %w{k}, %x{k} : f64",
                f"{indent}%wxx{k} = arith.mulf %wx{k}, %x{k} : f64",
                f"{indent}%p{k} = affine.load %acc[0] : memref<2xf64>",
                f"{indent}%q{k} = affine.load %acc[1] : memref<2xf64>",
                f"{indent}%p{k}n = arith.addf %p{k}, %wx{k} : f64",
                f"{indent}%q{k}n = arith.addf %q{k}, %wxx{k} : f64",
                f"{indent}affine.store %p{k}n, %acc[0] : memref<2xf64>",
                f"{indent}affine.store %q{k}n, %acc[1] : memref<2xf64>"]
        for _ in dims:
            indent = indent[:-2]
            out.append(f"{indent}}}")
        out += [f"    %sum{k} = affine.load %acc[0] : memref<2xf64>",
                f"    %sq{k} = affine.load %acc[1] : memref<2xf64>",
                f"    %sumb{k} = arith.bitcast %sum{k} : f64 to i64",
                f"    %sqb{k} = arith.bitcast %sq{k} : f64 to i64",
                f"    %argno{k} = arith.constant {k} : i64",
                "    call @printI64(%tag) : (i64) -> ()", "    call @printComma() : () -> ()",
                "    call @printI64(%variant) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%argno{k}) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%sumb{k}) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%sqb{k}) : (i64) -> ()", "    call @printNewline() : () -> ()"]
    out += ["    return", "  }"]
    # @main
    buffers = ", ".join(f"%b{k}" for k in range(len(arg_types)))
    out.append("  func.func @main() {")
    for k, t in enumerate(arg_types):
        out.append(f"    %b{k} = memref.alloc() {{alignment = 64 : i64}} : {t}")
    out.append("    %timetag = arith.constant 0 : i64")
    checked = set()
    for step, (n, round_) in enumerate(schedule):
        out += [f"    call @fill({buffers}) : ({types}) -> ()",
                f"    %t{step}a = call @rtclock() : () -> f64",
                f"    call @v{n}({buffers}) : ({types}) -> ()",
                f"    %t{step}b = call @rtclock() : () -> f64",
                f"    %t{step} = arith.subf %t{step}b, %t{step}a : f64",
                f"    %n{step} = arith.constant {n} : i64",
                f"    %r{step} = arith.constant {round_} : i64",
                "    call @printI64(%timetag) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%n{step}) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%r{step}) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printF64(%t{step}) : (f64) -> ()", "    call @printNewline() : () -> ()"]
        if n not in checked:
            checked.add(n)
            out.append(f"    call @check(%n{step}, {buffers}) : (i64, {types}) -> ()")
    for k, t in enumerate(arg_types):
        out.append(f"    memref.dealloc %b{k} : {t}")
    out += ["    return", "  }", "}"]
    return "\n".join(out) + "\n"


def linear_index(ivs, dims, indent, prefix, out) -> str:
    if not dims:
        out.append(f"{indent}%{prefix}lin = arith.constant 0 : index")
        return f"%{prefix}lin"
    terms, stride = [], 1
    for d in reversed(range(len(dims))):
        terms.append(f"d{d}" if stride == 1 else f"d{d} * {stride}")
        stride *= dims[d]
    dim_list = ", ".join(f"d{d}" for d in range(len(dims)))
    expr = " + ".join(reversed(terms))
    out.append(f"{indent}%{prefix}lin = affine.apply affine_map<({dim_list}) -> ({expr})>({', '.join(ivs)})")
    return f"%{prefix}lin"


class RunError(Exception):
    pass


def run_module(tools: Tools, module: str, workdir: Path, name: str, timeout: float = 900):
    """Lower and run; returns ({(variant, round): seconds}, {variant: checksums})."""
    source = workdir / f"{name}.mlir"
    lowered = workdir / f"{name}.llvm.mlir"
    source.write_text(module)
    proc = subprocess.run([tools.mlir_opt, str(source), *LOWERING, "-o", str(lowered)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RunError(f"mlir-opt failed on {source}:\n{proc.stderr[-3000:]}")
    proc = subprocess.run([tools.mlir_runner, "-O3", "-e", "main", "-entry-point-result=void",
                           f"-shared-libs={tools.runner_lib}", str(lowered)],
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RunError(f"mlir-runner failed on {lowered}:\n{proc.stderr[-3000:]}")
    times, checks = {}, {}
    for line in proc.stdout.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if fields[0] == "0":
            times[(int(fields[1]), int(fields[2]))] = float(fields[3])
        elif fields[0] == "1":
            checks.setdefault(int(fields[1]), []).append((int(fields[3]), int(fields[4])))
    return times, checks


def measure(tools: Tools, variants: list, arg_types: list, rounds: int, workdir: Path,
            name: str) -> None:
    """Time every variant `rounds` times (interleaved), appending to
    variant.times and setting variant.checksums."""
    for start in range(0, len(variants), MAX_VARIANTS_PER_MODULE):
        chunk = variants[start:start + MAX_VARIANTS_PER_MODULE]
        schedule = []
        for round_ in range(rounds):
            shift = round_ % len(chunk)
            schedule += [(n, round_) for n in list(range(len(chunk)))[shift:] + list(range(len(chunk)))[:shift]]
        module = build_module(chunk, arg_types, schedule)
        times, checks = run_module(tools, module, workdir, f"{name}-{start}")
        for n, variant in enumerate(chunk):
            variant.times += [times[(n, r)] for r in range(rounds)]
            variant.checksums = checks[n]


def median(variant: Variant) -> float:
    return statistics.median(variant.times)


# ------------------------------------------------------------- per kernel
@dataclass
class Result:
    name: str
    nests: str
    tried: int
    original: float
    pyaffine: float
    best: float
    best_label: str
    pyaffine_label: str
    same_as_best: bool
    checksum_ok: bool
    notes: list = field(default_factory=list)


def interchange_summary(original: Kernel, out: Kernel, remarks: str) -> str:
    chosen = re.findall(r"(chose order \([^)]*\)|kept the original order|distributed an imperfect nest[^\n]*|nest left as it is[^\n]*)", remarks)
    return "; ".join(dict.fromkeys(chosen)) if chosen else "unchanged"


def pyaffine_interchange(text: str) -> tuple[str, str]:
    """The pass's output and its remarks."""
    from mlir_affine_py import opt_main
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as handle:
        handle.write(text)
        path = handle.name
    try:
        options = opt_main.parse_args(["-affine-loop-interchange=remarks=true", path])
        out, err = io.StringIO(), io.StringIO()
        code = opt_main.run(options, out, err)
    finally:
        os.unlink(path)
    if code != 0:
        raise PyaffineError(f"pyaffine-opt -affine-loop-interchange failed:\n{err.getvalue()}")
    return out.getvalue(), err.getvalue()


def bench_kernel(tools: Tools, path: Path, repeat: int, workdir: Path, quick: bool,
                 log) -> Result:
    name = path.stem
    original_text = canonical(path.read_text())
    original = parse_kernel(original_text)
    out_text, remarks = pyaffine_interchange(path.read_text())
    optimized = parse_kernel(out_text)
    decision = interchange_summary(original, optimized, remarks)

    variants = {}   # text -> Variant (identical code is measured once)

    def add(label, text, source, orders=()):
        if text not in variants:
            variants[text] = Variant(label, text, source, orders)
        return variants[text]

    v_original = add("original", original_text, "original")
    v_pyaffine = add("pyaffine-opt", out_text, "pyaffine-opt")

    # Candidates: per structure, per nest, every legal order (others as written).
    structures = [("original", original)]
    if structure(optimized) != structure(original):
        structures.append(("distributed", optimized))
    searches = []   # (structure kernel, source, {loop index: [(label, segment, Variant)]})
    tried = 0
    for source, kernel in structures:
        per_nest = {}
        for index in kernel.loops:
            orders = nest_orders(kernel, index)
            entries = []
            for label, segment in orders:
                text = canonical(kernel.with_segment(index, segment).text())
                tag = f"{source} nest {kernel.loops.index(index) + 1}: {label}"
                entries.append((label, segment, add(tag, text, source)))
            tried += len(orders) - 1
            per_nest[index] = entries
        searches.append((kernel, source, per_nest))
    candidates = list(variants.values())
    log(f"  {name}: {len(candidates)} distinct variants, screening")
    measure(tools, candidates, original.arg_types, 1, workdir, f"{name}-screen")

    reference = v_original.checksums
    bad = [v.label for v in candidates if v.checksums != reference]

    # Finalists: the combined fastest order of every nest, per structure, and
    # near-ties for one nest with the others at their fastest.
    finalists = {id(v_original): v_original, id(v_pyaffine): v_pyaffine}
    alternatives = []
    for kernel, source, per_nest in searches:
        best_segments, near = {}, []
        for index, entries in per_nest.items():
            ranked = sorted(entries, key=lambda e: median(e[2]))
            fastest = median(ranked[0][2])
            best_segments[index] = ranked[0]
            near += [(index, e) for e in ranked[1:] if median(e[2]) <= NEAR * fastest]
        combined = kernel
        for index, (label, segment, _) in best_segments.items():
            combined = combined.with_segment(index, segment)
        labels = [f"nest {kernel.loops.index(i) + 1}: {best_segments[i][0]}" for i in kernel.loops
                  if best_segments[i][0] != "as written"]
        best_variant = add(f"{source}, fastest per nest" + (f" ({'; '.join(labels)})" if labels else ""),
                           canonical(combined.text()), source)
        finalists[id(best_variant)] = best_variant
        for index, (label, segment, variant) in near:
            alt = combined.with_segment(index, segment)
            alternatives.append((median(variant), f"{source}, nest {kernel.loops.index(index) + 1}: {label}",
                                 canonical(alt.text()), source))
    for _, label, text, source in sorted(alternatives)[:MAX_ALTERNATIVES]:
        variant = add(label, text, source)
        finalists[id(variant)] = variant

    final = list(finalists.values())
    if not quick:
        for variant in final:
            variant.times = []
        log(f"  {name}: final round, {len(final)} variants x {repeat}")
        measure(tools, final, original.arg_types, repeat, workdir, f"{name}-final")
        bad += [v.label for v in final if v.checksums != reference]
    best = min(final, key=median)
    return Result(name, ", ".join(str(loop_depth(original.segments[k])) for k in original.loops),
                  tried, median(v_original), median(v_pyaffine), median(best),
                  best.label, decision, best is v_pyaffine or best.text == v_pyaffine.text,
                  not bad, sorted(set(bad)))


# --------------------------------------------------------------- reports
def geomean(values) -> float:
    values = list(values)
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def table(results: list) -> str:
    lines = ["| kernel | nest depths | orders tried | original (s) | pyaffine-opt (s) | best legal (s) "
             "| pyaffine-opt / best | speed-up | pyaffine-opt's decision | best legal order |",
             "|---|---|---:|---:|---:|---:|---:|---:|---|---|"]
    for r in results:
        lines.append(f"| {r.name} | {r.nests} | {r.tried} | {r.original:.4f} | {r.pyaffine:.4f} | "
                     f"{r.best:.4f} | {r.pyaffine / r.best:.3f} | {r.original / r.pyaffine:.2f}x | "
                     f"{r.pyaffine_label} | {'same as pyaffine-opt' if r.same_as_best else r.best_label} |")
    ratios = [r.pyaffine / r.best for r in results]
    lines.append(f"| **geometric mean** | | | {geomean(r.original for r in results):.4f} | "
                 f"{geomean(r.pyaffine for r in results):.4f} | {geomean(r.best for r in results):.4f} | "
                 f"**{geomean(ratios):.3f}** | {geomean(r.original / r.pyaffine for r in results):.2f}x | | |")
    return "\n".join(lines)


def chart(results: list, path: Path, title: str) -> bool:
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed (pip install -e '.[bench]'): no chart", file=sys.stderr)
        return False
    names = [r.name for r in results]
    x = range(len(results))
    width = 0.38
    fig, ax = plt.subplots(figsize=(max(8, 0.62 * len(results) + 2), 4.8))
    ax.bar([i - width / 2 for i in x], [r.original / r.best for r in results], width,
           label="original", color="#c8553d")
    ax.bar([i + width / 2 for i in x], [r.pyaffine / r.best for r in results], width,
           label="pyaffine-opt -affine-loop-interchange", color="#2a6f97")
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_ylabel("time / best legal order's time (log)")
    ax.set_xticks(list(x))
    ax.set_xticklabels(names, rotation=40, ha="right")
    ax.set_title(title, fontsize=10)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def machine_note() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, load average {load:.2f} at the start"


def write_markdown(results: list, path: Path, chart_name: str | None, meta: dict) -> None:
    ratios = [r.pyaffine / r.best for r in results]
    text = [
        "# Kernel benchmark: what -affine-loop-interchange buys",
        "",
        f"Measured on {meta['date']} on {meta['machine']}; {meta['tools']}.",
        f"`python tools/bench_kernels.py --repeat {meta['repeat']} --docs` took {meta['elapsed']:.0f} s.",
        "",
        "Each kernel (tools/kernels/) is timed as written (\"original\"), as "
        "`pyaffine-opt -affine-loop-interchange` rewrites it, and in every legal order of each of "
        "its nests, found with `-test-loop-permutation=\"permutation-map=... check-validity=true\"`; "
        "\"best legal\" is the fastest of those (see the script's docstring for how multi-nest "
        "kernels are searched).  Times are medians of "
        f"{meta['repeat']} interleaved calls, compiled with `mlir-opt` "
        "(`-lower-affine -convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts`) "
        "and `mlir-runner -O3`.  Every variant reproduced the original's checksums bit for bit."
        if all(r.checksum_ok for r in results) else "Some checksums differed: see below.",
        "",
        table(results),
        "",
        f"Geometric mean of pyaffine-opt / best legal: **{geomean(ratios):.3f}**; "
        f"largest: {max(ratios):.3f} ({max(results, key=lambda r: r.pyaffine / r.best).name}).  "
        f"Geometric-mean speed-up of pyaffine-opt over the original: "
        f"{geomean(r.original / r.pyaffine for r in results):.2f}x.",
        "",
    ]
    if chart_name:
        text += [f"![time relative to the best legal order]({chart_name})", ""]
    if meta.get("notes"):
        text += meta["notes"] + [""]
    path.write_text("\n".join(text))


# ------------------------------------------------------------------ main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kernels", nargs="+", help="kernel names (default: all of tools/kernels)")
    parser.add_argument("--repeat", type=int, default=5, help="timed calls per finalist (median)")
    parser.add_argument("--quick", action="store_true",
                        help=f"only {', '.join(QUICK_KERNELS)}, one call each: checks checksums, no timings")
    parser.add_argument("--docs", action="store_true", help="write docs/benchmark.md and docs/benchmark.png")
    parser.add_argument("--markdown", type=Path, help="write the report to this Markdown file")
    parser.add_argument("--chart", type=Path, help="write the bar chart to this PNG file")
    parser.add_argument("--json", type=Path, help="write the raw results as JSON")
    parser.add_argument("--keep", type=Path, help="keep the generated modules in this folder")
    args = parser.parse_args(argv)

    tools, why = find_tools()
    if tools is None:
        print(f"bench_kernels: skipped: {why}")
        return 0
    names = args.kernels or (QUICK_KERNELS if args.quick else
                             sorted(p.stem for p in KERNEL_DIR.glob("*.mlir")))
    paths = []
    for name in names:
        path = KERNEL_DIR / f"{name}.mlir"
        if not path.is_file():
            print(f"bench_kernels: no kernel {path}", file=sys.stderr)
            return 2
        paths.append(path)
    if args.docs:
        args.markdown = args.markdown or REPO / "docs" / "benchmark.md"
        args.chart = args.chart or REPO / "docs" / "benchmark.png"

    def log(message):
        print(message, file=sys.stderr, flush=True)

    started = time.time()
    meta = {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "machine": machine_note(),
            "repeat": 1 if args.quick else args.repeat,
            "tools": f"{subprocess.run([tools.mlir_opt, '--version'], capture_output=True, text=True).stdout.split(chr(10))[1].strip() or 'mlir-opt'}"}
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-kernels-") as scratch:
        workdir = args.keep or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for path in paths:
            try:
                results.append(bench_kernel(tools, path, args.repeat, workdir, args.quick, log))
            except (RunError, PyaffineError, ValueError, subprocess.TimeoutExpired) as error:
                print(f"bench_kernels: {path.stem}: {error}", file=sys.stderr)
                return 1
    meta["elapsed"] = time.time() - started
    failures = [r for r in results if not r.checksum_ok]
    for r in failures:
        print(f"bench_kernels: {r.name}: checksum differs from the original for: {', '.join(r.notes)}",
              file=sys.stderr)
    if args.quick:
        for r in results:
            print(f"{r.name}: {r.tried + 1} orders, checksums {'match' if r.checksum_ok else 'DIFFER'}")
        return 1 if failures else 0
    print(table(results))
    ratios = [r.pyaffine / r.best for r in results]
    print(f"\ngeometric mean pyaffine-opt / best legal: {geomean(ratios):.3f}; "
          f"max {max(ratios):.3f}; {meta['elapsed']:.0f} s")
    if args.chart:
        args.chart.parent.mkdir(parents=True, exist_ok=True)
        if not chart(results, args.chart, f"{meta['date']}, {meta['machine'].split(',')[0]}"):
            args.chart = None
    if args.markdown:
        args.markdown.parent.mkdir(parents=True, exist_ok=True)
        write_markdown(results, args.markdown, os.path.relpath(args.chart, args.markdown.parent)
                       if args.chart else None, meta)
    if args.json:
        args.json.write_text(json.dumps([r.__dict__ for r in results], indent=1))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
