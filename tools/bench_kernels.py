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
`memref<...xf64>` arguments.  The variants of a kernel become functions
`@v0`, `@v1`, ... of one module, each marked `attributes {passthrough =
["noinline"]}` (an LLVM `noinline` that survives `convert-to-llvm`), so
`mlir-runner -O3` can neither inline a variant into the timing loop nor
specialise it on the buffers or hoist work out of the repetitions.  A
generated `@main` allocates the arguments once (64-byte aligned); every
timed sample first refills all of them with the same deterministic values,
`((linear index * 1103 + 97 * (argument + 1)) mod 1009) / 1009`, then
brackets the call(s) with `rtclock()`.  After a variant's first sample, a
weighted sum and a weighted sum of squares (weight `linear index mod 7 + 1`)
of every argument are printed as the bit patterns of the f64 values
(`arith.bitcast` to i64, `printI64`), so they are read back exactly.  A
legal reordering keeps the order of the updates to every element (that is
what respecting every dependence means), and LLVM does not reassociate
floating point without fast-math, so every variant must reproduce the
original's checksums bit for bit; any difference is reported and makes the
run fail (tests/unit/test_bench_kernels_quick.py checks that an illegal
permutation is caught).  Samples are interleaved round-robin over the
variants (rotated each round) and medians are reported.  A kernel faster
than 100 ms is called several times back to back per sample (at most 32),
and the time per call is reported, so that short kernels are not timed at
the resolution of the clock and the scheduler.

The module is lowered by `mlir-opt -lower-affine -convert-scf-to-cf
-convert-to-llvm -reconcile-unrealized-casts` and run by `mlir-runner -O3 -e
main -entry-point-result=void -shared-libs=libmlir_c_runner_utils...`.

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
2. For nest k, a part is made: the kernel reduced to nest k and the pure
   ops, a kernel of its own with the same signature.  Every permutation
   map of every length that is the depth of a perfect (sub)nest in it is
   applied to the part with the test pass.  An output equal to the input
   means the map was illegal; the distinct outputs are the legal orders.
3. Screening: every legal order of every part is timed once (its checksums
   must equal the part as written).  The orders within 1.5x of the fastest
   one of their part (at most 6) are timed again, `--screen` samples each
   (default 3), and ranked by their fastest sample (noise from other work
   on the machine only ever adds time).
4. The nests of a kernel run one after another, so their times add up: the
   fastest order of every nest, combined into one kernel, is the best legal
   kernel.  That combination, the combinations that swap one nest for an
   order within 10% of its fastest (at most 4), the original and the
   pyaffine-opt output are the finalists.
5. When pyaffine-opt distributes an imperfect nest, its output holds other
   nests than the original; those are searched the same way (steps 1-4),
   and the finalists of both structures compete.

The final round times every finalist `--repeat` times (default 9); "best
legal" is the smallest median among the finalists.  Identical kernel texts
are timed once, so when pyaffine-opt's output is the fastest order, both
columns show the same measurement.  Every finalist is legal, the
pyaffine-opt output included, so pyaffine-opt / best is at least 1.

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
SAMPLE_SECONDS = 0.1   # a timed sample repeats a fast kernel up to this long
MAX_CALLS = 32
REFINE = 1.5           # screened orders within 50% of a nest's fastest are timed again
MAX_REFINED = 6


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


def pyaffine_run(args: list, text: str) -> tuple[str, str]:
    """Run the pyaffine-opt driver (as the command does) on `text`: its
    output and its diagnostics (remarks)."""
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
    return out.getvalue(), err.getvalue()


def pyaffine_opt(args: list, text: str) -> str:
    return pyaffine_run(args, text)[0]


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


def inline_aliases(text: str) -> list:
    """The lines of a printed module with its `#map`/`#set` aliases written
    out at their uses (and their definitions dropped), so that a function
    can move to another module."""
    lines = text.rstrip("\n").split("\n")
    aliases, start = {}, 0
    for n, line in enumerate(lines):
        match = re.match(r"^#(\w+) = (.*)$", line)
        if match:
            aliases[match.group(1)] = match.group(2)
        elif line.startswith("module"):
            start = n
            break
    if aliases:
        pattern = re.compile(r"#(" + "|".join(map(re.escape, sorted(aliases, key=len, reverse=True))) + r")\b")
        lines = [pattern.sub(lambda m: aliases[m.group(1)], line) for line in lines]
    return lines[start:]


def function_parts(text: str) -> tuple[str, list]:
    """The header line and the body lines of the one func.func of a printed
    module, aliases inlined."""
    lines = inline_aliases(text)
    funcs = [n for n, line in enumerate(lines) if line.startswith("  func.func ")]
    if len(funcs) != 1:
        raise ValueError("the module must hold exactly one func.func")
    header = lines[funcs[0]]
    if not header.endswith(") {"):
        raise ValueError("the function must return nothing")
    return header, lines[funcs[0] + 1:lines.index("  }", funcs[0])]


def parse_kernel(text: str) -> Kernel:
    """Cut a canonical (pyaffine-opt printed) module into a Kernel.  Map and
    set aliases are inlined so that segments can move between modules."""
    header, body = function_parts(text)
    if "@kernel(" not in header:
        raise ValueError("the file must hold exactly one func.func @kernel")
    arg_types = re.findall(r"%arg\d+: ([^,)]*(?:<[^>]*>)?)", header)
    for type_text in arg_types:
        if not MEMREF.fullmatch(type_text):
            raise ValueError(f"argument type {type_text} is not a static memref of f64")
    segments, current = [], None
    for line in body:
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
@dataclass(eq=False)
class Variant:
    label: str
    text: str          # canonical module text
    source: str = ""   # "original" / "pyaffine-opt" / structure name
    orders: tuple = () # per loop segment: label of the order chosen
    times: list = field(default_factory=list)        # seconds per call, this round
    screen_times: list = field(default_factory=list)
    checksums: list | None = None


def nest_orders(kernel: Kernel, loop_index: int) -> list:
    """[(label, segment lines, part text)] for the legal orders of one nest,
    the written order first; the part is the kernel reduced to that nest
    (and the pure top-level ops), a kernel of its own."""
    part = Kernel(kernel.aliases, kernel.header,
                  [seg for k, seg in enumerate(kernel.segments)
                   if k == loop_index or not is_loop(seg)], kernel.arg_types)
    part_text = canonical(part.text())
    base = parse_kernel(part_text)
    (position,) = base.loops
    found = [("as written", base.segments[position], part_text)]
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
            order = sorted(range(length), key=lambda loop: perm[loop])
            found.append((f"order ({', '.join(map(str, order))})", permuted.segments[permuted.loops[0]], out))
    return found


def structure(kernel: Kernel) -> tuple:
    return tuple(sorted(chain_lengths(kernel.segments[k])) for k in kernel.loops)


# ----------------------------------------------------------- the harness
ARG_TYPE = re.compile(r"%\w+: ([^,)]*(?:<[^>]*>)?)")
MEMREF_TYPE = re.compile(r"memref<((?:(?:\d+|\?)x)*)(f64|f32|i64|i32)>")


@dataclass
class Signature:
    """What the harness passes to a kernel: the argument types, for each
    memref the shape allocated (its static sizes, with a given size for each
    `?`), for each scalar the constant passed, and a value added to the
    diagonal elements (the first two subscripts equal) of float memrefs, which
    keeps factorisations (cholesky, lu) away from square roots of negative
    numbers and divisions by zero."""

    arg_types: list
    shapes: list                                   # per argument: [int] or None
    scalars: dict = field(default_factory=dict)    # argument index -> "value : type"
    diagonal: float = 0.0

    @classmethod
    def of(cls, arg_types: list, dynamic_size: int = 0, scalars: dict | None = None,
           diagonal: float = 0.0) -> "Signature":
        shapes = []
        for k, type_text in enumerate(arg_types):
            match = MEMREF_TYPE.fullmatch(type_text)
            if match is None:
                if scalars is None or k not in scalars:
                    raise ValueError(f"argument {k}: no value for the scalar of type {type_text}")
                shapes.append(None)
                continue
            dims = [d for d in match.group(1).split("x") if d]
            if "?" in dims and dynamic_size <= 0:
                raise ValueError(f"argument {k}: {type_text} has a dynamic size")
            shapes.append([dynamic_size if d == "?" else int(d) for d in dims])
        return cls(list(arg_types), shapes, dict(scalars or {}), diagonal)

    @property
    def memrefs(self) -> list:
        return [k for k, shape in enumerate(self.shapes) if shape is not None]

    def element(self, k: int) -> str:
        return MEMREF_TYPE.fullmatch(self.arg_types[k]).group(2)


def header_arg_types(header: str) -> list:
    return ARG_TYPE.findall(header[header.index("("):])


def variant_function(text: str, n: int) -> list:
    """The one function of a printed module as `@v<n>`, never inlined."""
    header, body = function_parts(text)
    header = re.sub(r"@[\w$.]+\(", f"@v{n}(", header, count=1)
    return [header[:-2] + ' attributes {passthrough = ["noinline"]} {'] + body + ["  }"]


def fill_function(sig: Signature) -> list:
    """@fill: element at linear index l of argument k gets
    ((l * 1103 + 97 * (k + 1)) mod 1009) / 1009, plus sig.diagonal on the
    diagonal of float memrefs; integer memrefs get the residue itself."""
    memrefs = sig.memrefs
    args_sig = ", ".join(f"%a{k}: {sig.arg_types[k]}" for k in memrefs)
    out = [f"  func.func @fill({args_sig}) {{",
           "    %mul = arith.constant 1103 : i64", "    %mod = arith.constant 1009 : i64",
           "    %inv = arith.constant 9.9108027750247768e-04 : f64",
           f"    %diag = arith.constant {float(sig.diagonal)!r} : f64",
           "    %nodiag = arith.constant 0.0 : f64"]
    for k in memrefs:
        dims, element = sig.shapes[k], sig.element(k)
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
                f"{indent}%r{k} = arith.remui %s{k}, %mod : i64"]
        value = f"%v{k}"
        if element.startswith("i"):
            value = f"%r{k}" if element == "i64" else f"%t{k}"
            if element != "i64":
                out.append(f"{indent}%t{k} = arith.trunci %r{k} : i64 to {element}")
        else:
            out += [f"{indent}%u{k} = arith.uitofp %r{k} : i64 to f64",
                    f"{indent}%v{k} = arith.mulf %u{k}, %inv : f64"]
            if sig.diagonal and len(dims) >= 2:
                out += [f"{indent}%e{k} = arith.cmpi eq, {ivs[0]}, {ivs[1]} : index",
                        f"{indent}%g{k} = arith.select %e{k}, %diag, %nodiag : f64",
                        f"{indent}%vd{k} = arith.addf %v{k}, %g{k} : f64"]
                value = f"%vd{k}"
            if element != "f64":
                out.append(f"{indent}%vt{k} = arith.truncf {value} : f64 to {element}")
                value = f"%vt{k}"
        out.append(f"{indent}affine.store {value}, %a{k}[{', '.join(ivs)}] : {sig.arg_types[k]}")
        for _ in dims:
            indent = indent[:-2]
            out.append(f"{indent}}}")
    return out + ["    return", "  }"]


def check_function(sig: Signature) -> list:
    """@check(variant): per memref argument, "1, variant, argument,
    bits(sum), bits(sum of squares)" of its elements (as f64) weighted by
    `linear index mod 7 + 1`; a NaN sum is printed as one canonical NaN."""
    memrefs = sig.memrefs
    args_sig = ", ".join(f"%a{k}: {sig.arg_types[k]}" for k in memrefs)
    out = [f"  func.func @check(%variant: i64, {args_sig}) {{",
           "    %acc = memref.alloca() : memref<2xf64>", "    %zero = arith.constant 0.0 : f64",
           "    %nan = arith.constant 0x7FF8000000000000 : f64",
           "    %seven = arith.constant 7 : index", "    %one = arith.constant 1 : index",
           "    %tag = arith.constant 1 : i64"]
    for k in memrefs:
        dims, element = sig.shapes[k], sig.element(k)
        out += ["    affine.store %zero, %acc[0] : memref<2xf64>",
                "    affine.store %zero, %acc[1] : memref<2xf64>"]
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
                f"{indent}%y{k} = affine.load %a{k}[{', '.join(ivs)}] : {sig.arg_types[k]}"]
        if element == "f64":
            value = f"%y{k}"
        elif element.startswith("f"):
            value = f"%x{k}"
            out.append(f"{indent}%x{k} = arith.extf %y{k} : {element} to f64")
        else:
            value = f"%x{k}"
            out.append(f"{indent}%x{k} = arith.sitofp %y{k} : {element} to f64")
        out += [f"{indent}%wx{k} = arith.mulf %w{k}, {value} : f64",
                f"{indent}%wxx{k} = arith.mulf %wx{k}, {value} : f64",
                f"{indent}%p{k} = affine.load %acc[0] : memref<2xf64>",
                f"{indent}%q{k} = affine.load %acc[1] : memref<2xf64>",
                f"{indent}%p{k}n = arith.addf %p{k}, %wx{k} : f64",
                f"{indent}%q{k}n = arith.addf %q{k}, %wxx{k} : f64",
                f"{indent}affine.store %p{k}n, %acc[0] : memref<2xf64>",
                f"{indent}affine.store %q{k}n, %acc[1] : memref<2xf64>"]
        for _ in dims:
            indent = indent[:-2]
            out.append(f"{indent}}}")
        for name, slot in ((f"sum{k}", 0), (f"sq{k}", 1)):
            out += [f"    %{name}r = affine.load %acc[{slot}] : memref<2xf64>",
                    f"    %{name}u = arith.cmpf uno, %{name}r, %{name}r : f64",
                    f"    %{name} = arith.select %{name}u, %nan, %{name}r : f64",
                    f"    %{name}b = arith.bitcast %{name} : f64 to i64"]
        out += [f"    %argno{k} = arith.constant {k} : i64",
                "    call @printI64(%tag) : (i64) -> ()", "    call @printComma() : () -> ()",
                "    call @printI64(%variant) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%argno{k}) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%sum{k}b) : (i64) -> ()", "    call @printComma() : () -> ()",
                f"    call @printI64(%sq{k}b) : (i64) -> ()", "    call @printNewline() : () -> ()"]
    return out + ["    return", "  }"]


def build_module(variants: list, signature, schedule: list, calls: int = 1) -> str:
    """One module: the variants as @v<n>, @fill, @check and a @main that
    runs `schedule` ([(variant index, round)]); each timed sample is
    `calls` back-to-back calls after one refill.  `signature` is a
    Signature, or the argument types of static memrefs."""
    sig = signature if isinstance(signature, Signature) else Signature.of(signature)
    out = ["module {"]
    for n, variant in enumerate(variants):
        out += variant_function(variant.text, n)
    out += [
        "  func.func private @rtclock() -> f64",
        "  func.func private @printF64(f64)",
        "  func.func private @printI64(i64)",
        "  func.func private @printComma()",
        "  func.func private @printNewline()",
    ]
    out += fill_function(sig) + check_function(sig)
    # @main
    memrefs = sig.memrefs
    buffers = ", ".join(f"%b{k}" for k in memrefs)
    buffer_types = ", ".join(sig.arg_types[k] for k in memrefs)
    arguments = ", ".join(f"%b{k}" for k in range(len(sig.arg_types)))
    types = ", ".join(sig.arg_types)
    out.append("  func.func @main() {")
    for k, t in enumerate(sig.arg_types):
        if sig.shapes[k] is None:
            out.append(f"    %b{k} = arith.constant {sig.scalars[k]}")
            continue
        dynamic = [size for size, d in zip(sig.shapes[k], MEMREF_TYPE.fullmatch(t).group(1).split("x"))
                   if d == "?"]
        for d, size in enumerate(dynamic):
            out.append(f"    %b{k}d{d} = arith.constant {size} : index")
        sizes = "(" + ", ".join(f"%b{k}d{d}" for d in range(len(dynamic))) + ")" if dynamic else "()"
        out.append(f"    %b{k} = memref.alloc{sizes} {{alignment = 64 : i64}} : {t}")
    out.append("    %timetag = arith.constant 0 : i64")
    checked = set()
    for step, (n, round_) in enumerate(schedule):
        out += [f"    call @fill({buffers}) : ({buffer_types}) -> ()",
                f"    %t{step}a = call @rtclock() : () -> f64"]
        if calls == 1:
            out.append(f"    call @v{n}({arguments}) : ({types}) -> ()")
        else:
            out += [f"    affine.for %rep{step} = 0 to {calls} {{",
                    f"      func.call @v{n}({arguments}) : ({types}) -> ()", "    }"]
        out += [
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
            out.append(f"    call @check(%n{step}, {buffers}) : (i64, {buffer_types}) -> ()")
    for k in memrefs:
        out.append(f"    memref.dealloc %b{k} : {sig.arg_types[k]}")
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


def run_module(tools: Tools, module: str, workdir: Path, name: str, timeout: float = 900,
               lowering: tuple = (), libraries: tuple = (), env: dict | None = None):
    """Lower (with `lowering`, default LOWERING) and run (with the runner
    library, `libraries` and `env` added to the environment); returns
    ({(variant, round): seconds}, {variant: checksums})."""
    source = workdir / f"{name}.mlir"
    lowered = workdir / f"{name}.llvm.mlir"
    source.write_text(module)
    proc = subprocess.run([tools.mlir_opt, str(source), *(lowering or LOWERING), "-o", str(lowered)],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RunError(f"mlir-opt failed on {source}:\n{proc.stderr[-3000:]}")
    libs = ",".join([tools.runner_lib, *libraries])
    proc = subprocess.run([tools.mlir_runner, "-O3", "-e", "main", "-entry-point-result=void",
                           f"-shared-libs={libs}", str(lowered)],
                          capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, **env} if env else None)
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


def measure(tools: Tools, variants: list, signature, rounds: int, workdir: Path,
            name: str, calls: int = 1, **running) -> None:
    """Time every variant `rounds` times (interleaved), appending seconds
    per call to variant.times and setting variant.checksums (taken after
    the variant's first sample of `calls` calls).  `signature` is as for
    build_module; `running` goes to run_module (lowering, libraries, env)."""
    for start in range(0, len(variants), MAX_VARIANTS_PER_MODULE):
        chunk = variants[start:start + MAX_VARIANTS_PER_MODULE]
        schedule = []
        for round_ in range(rounds):
            shift = round_ % len(chunk)
            schedule += [(n, round_) for n in list(range(len(chunk)))[shift:] + list(range(len(chunk)))[:shift]]
        module = build_module(chunk, signature, schedule, calls)
        times, checks = run_module(tools, module, workdir, f"{name}-{start}", **running)
        for n, variant in enumerate(chunk):
            variant.times += [times[(n, r)] / calls for r in range(rounds)]
            variant.checksums = checks[n]


def median(variant: Variant) -> float:
    return statistics.median(variant.times)


def fastest_call(variant: Variant) -> float:
    """Screening ranks by the fastest sample: on a shared machine, noise
    only ever adds time."""
    return min(variant.times)


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
    variants: list = field(default_factory=list)   # every variant's label and times


def interchange_summary(remarks: str) -> str:
    """The permutations pyaffine-opt applied, from its remarks (a "chose"
    remark is only emitted for an order it applies)."""
    chosen = re.findall(r"chose order (\([^)]*\))", remarks)
    text = "; ".join(chosen) if chosen else "kept the original order"
    distributed = re.findall(r"distributed an imperfect nest into (\d+) (?:perfect )?nests", remarks)
    if distributed:
        text = f"distributed into {', '.join(distributed)} nests; {text}"
    return text


def pyaffine_interchange(text: str) -> tuple[str, str]:
    """The pass's output and its remarks."""
    return pyaffine_run(["-affine-loop-interchange=remarks=true"], text)


def bench_kernel(tools: Tools, path: Path, repeat: int, screen_rounds: int, workdir: Path,
                 quick: bool, log) -> Result:
    name = path.stem
    started = time.time()
    original_text = canonical(path.read_text())
    original = parse_kernel(original_text)
    out_text, remarks = pyaffine_interchange(path.read_text())
    optimized = parse_kernel(out_text)
    decision = interchange_summary(remarks)

    variants = {}   # text -> Variant: identical code is measured once

    def add(label, text, source):
        if text not in variants:
            variants[text] = Variant(label, text, source)
        return variants[text]

    # Screening: every legal order of every nest, each nest timed on its own
    # (the kernel reduced to that nest), so that the other nests' time and
    # noise do not blur the comparison.
    structures = [("original", original)]
    if structure(optimized) != structure(original):
        structures.append(("distributed", optimized))
    groups = []     # (kernel, source, loop index, [(label, segment, part Variant)])
    tried = 0
    for source, kernel in structures:
        for index in kernel.loops:
            number = kernel.loops.index(index) + 1
            where = f"nest {number} " if len(kernel.loops) > 1 else ""
            if source != "original":
                where = f"{source}, {where}"
            entries = [(label, segment, add(f"{where}{label}", text, source))
                       for label, segment, text in nest_orders(kernel, index)]
            tried += len(entries) - 1
            groups.append((kernel, source, index, entries))
    parts = list(dict.fromkeys(v for group in groups for _, _, v in group[3]))
    log(f"  {name}: {len(parts)} nest orders prepared ({time.time() - started:.1f} s); screening")
    measure(tools, parts, original.arg_types, 1, workdir, f"{name}-screen")
    bad = [v.label for group in groups for _, _, v in group[3]
           if v.checksums != group[3][0][2].checksums]
    for variant in parts:
        variant.screen_times = list(variant.times)
    # Refining: the orders within REFINE of their nest's fastest screened
    # call (at most MAX_REFINED per nest), timed again with repetitions, fast
    # nests several calls per sample.  Screening noise cannot then decide.
    refine = []
    for _, _, _, entries in groups:
        fastest = min(min(e[2].times) for e in entries)
        close = sorted((e for e in entries if min(e[2].times) <= REFINE * fastest),
                       key=lambda e: min(e[2].times))[:MAX_REFINED]
        if len(close) > 1:
            refine += [(e[2], fastest) for e in close]
    if refine and not quick:
        refined = list(dict.fromkeys(v for v, _ in refine))
        by_calls = {}
        for variant, fastest in refine:
            calls = max(1, min(MAX_CALLS, round(SAMPLE_SECONDS / max(fastest, 1e-6))))
            by_calls.setdefault(calls, dict.fromkeys([]))[variant] = True
        log(f"  {name}: refining {len(refined)} nest orders x {screen_rounds}")
        for calls, chosen in by_calls.items():
            chosen = list(chosen)
            for variant in chosen:
                variant.times = []
            measure(tools, chosen, original.arg_types, screen_rounds, workdir,
                    f"{name}-refine{calls}", calls)
            reference = {id(v): g[3][0][2] for g in groups for _, _, v in g[3]}
            bad += [v.label for v in chosen if v.checksums != reference[id(v)].checksums
                    and reference[id(v)] in chosen]
            for variant in chosen:
                variant.screen_times = list(variant.times)

    # Finalists: the original, pyaffine-opt's output, per structure the
    # fastest order of every nest combined, and near-ties for one nest with
    # the others at their fastest.
    v_original = add("original", original_text, "original")
    v_pyaffine = add("pyaffine-opt", out_text, "pyaffine-opt")
    finalists = [v_original, v_pyaffine]
    alternatives = []   # (slowdown, label, kernel text)
    for source, kernel in structures:
        ranked = {index: sorted(entries, key=lambda e: fastest_call(e[2]))
                  for k, _, index, entries in groups if k is kernel}
        best = {index: entries[0] for index, entries in ranked.items()}

        def assemble(choice):
            variant_kernel, labels = kernel, []
            for index in kernel.loops:
                label, segment, part = choice.get(index, best[index])
                variant_kernel = variant_kernel.with_segment(index, segment)
                if label != "as written":
                    labels.append(part.label)
            prefix = "distributed, " if source != "original" else ""
            return prefix + ("; ".join(labels) or "as written"), canonical(variant_kernel.text())

        finalists.append(add(*assemble({}), source))
        for index, entries in ranked.items():
            fastest = fastest_call(entries[0][2])
            for entry in entries[1:]:
                if fastest_call(entry[2]) <= NEAR * fastest:
                    alternatives.append((fastest_call(entry[2]) / fastest, *assemble({index: entry})))
    for _, label, text in sorted(alternatives)[:MAX_ALTERNATIVES]:
        finalists.append(add(label, text, "alternative"))
    final = list(dict.fromkeys(finalists))
    # The fastest kernel, estimated from the screened nests: fast kernels are
    # called several times per timed sample.
    estimate = min(sum(fastest_call(min(g[3], key=lambda e: fastest_call(e[2]))[2]) for g in groups if g[0] is k)
                   for _, k in structures) if groups else 1.0
    calls = 1 if quick else max(1, min(MAX_CALLS, round(SAMPLE_SECONDS / max(estimate, 1e-6))))
    rounds = 1 if quick else repeat
    for variant in final:
        variant.times = []
    log(f"  {name}: final round, {len(final)} kernels x {rounds} samples of {calls} call(s)")
    measure(tools, final, original.arg_types, rounds, workdir, f"{name}-final", calls)
    bad += [v.label for v in final if v.checksums != v_original.checksums]
    best_variant = min(final, key=median)
    return Result(name, ", ".join(str(loop_depth(original.segments[k])) for k in original.loops),
                  tried, median(v_original), median(v_pyaffine), median(best_variant),
                  best_variant.label, decision, best_variant is v_pyaffine, not bad, sorted(set(bad)),
                  [{"label": v.label, "screen": v.screen_times, "final": v.times if v in final else []}
                   for v in dict.fromkeys(parts + final)])


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
    x = range(len(results))
    width = 0.38
    fig, ax = plt.subplots(figsize=(max(8, 0.62 * len(results) + 2), 4.8))
    ax.bar([i - width / 2 for i in x], [r.original / r.pyaffine for r in results], width,
           label="pyaffine-opt -affine-loop-interchange", color="#2a6f97")
    ax.bar([i + width / 2 for i in x], [r.original / r.best for r in results], width,
           label="best legal order", color="#9cc5a1")
    for i, r in zip(x, results):
        if r.pyaffine / r.best > 1.02:
            ax.annotate(f"{r.pyaffine / r.best:.2f}x slower\nthan best", (i, r.original / r.best),
                        textcoords="offset points", xytext=(0, 4), ha="center", fontsize=7)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_ylabel("speed-up over the original order (log)")
    ax.set_xticks(list(x))
    ax.set_xticklabels([r.name for r in results], rotation=40, ha="right")
    ax.set_title(title, fontsize=10)
    ax.legend(loc="upper left")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def command_line(argv, script: str = "tools/bench_kernels.py") -> str:
    """The command as run, without the options that only save files."""
    shown, skip = [], False
    for arg in argv:
        if skip:
            skip = False
        elif arg in ("--json", "--keep"):
            skip = True
        elif not arg.startswith(("--json=", "--keep=")):
            shown.append(arg)
    return " ".join([f"python {script}"] + shown)


def run_meta(tools: Tools, argv, repeat: int, script: str = "tools/bench_kernels.py") -> dict:
    """What a report says about its run: when, where, with what."""
    return {"date": datetime.datetime.now().strftime("%Y-%m-%d %H:%M"), "machine": machine_note(),
            "repeat": repeat, "command": command_line(sys.argv[1:] if argv is None else argv, script),
            "tools": tool_version(tools)}


def tool_version(tools: Tools) -> str:
    text = subprocess.run([tools.mlir_opt, "--version"], capture_output=True, text=True).stdout
    match = re.search(r"LLVM version (\S+)", text)
    return f"mlir-opt and mlir-runner of LLVM {match.group(1) if match else '(unknown version)'}"


def machine_note() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    caches = []
    for index in sorted(glob.glob("/sys/devices/system/cpu/cpu0/cache/index*")):
        try:
            level = Path(index, "level").read_text().strip()
            kind = Path(index, "type").read_text().strip()
            size = Path(index, "size").read_text().strip()
        except OSError:
            continue
        if kind != "Instruction":
            caches.append(f"L{level} {size}")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{cpu}, {os.cpu_count()} cores" + (f" ({', '.join(caches)})" if caches else "") +
            f", {platform.system()} {platform.release()}, load average {load:.2f} at the start")


NOTES_MARKER = "<!-- Everything below this line is kept when the file is regenerated. -->"


def kernel_summary(name: str) -> str:
    """The opening comment of a kernel file, as one line."""
    lines = []
    for line in (KERNEL_DIR / f"{name}.mlir").read_text().splitlines():
        if not line.startswith("//"):
            break
        lines.append(line[2:].strip())
    return " ".join(lines)


def write_markdown(results: list, path: Path, chart_name: str | None, meta: dict) -> None:
    ratios = [r.pyaffine / r.best for r in results]
    worst = max(results, key=lambda r: r.pyaffine / r.best)
    checks = ("Every variant reproduced the original's checksums bit for bit."
              if all(r.checksum_ok for r in results) else
              "CHECKSUMS DIFFERED for: " + ", ".join(r.name for r in results if not r.checksum_ok) + ".")
    text = [
        "# Kernel benchmark: what -affine-loop-interchange buys",
        "",
        f"Measured on {meta['date']} on {meta['machine']}; {meta['tools']}.  "
        f"`{meta['command']}` took {meta['elapsed']:.0f} s (load average {meta['load_end']:.2f} "
        "at the end).",
        "",
        "Each kernel of `tools/kernels/` is timed as written (\"original\"), as "
        "`pyaffine-opt -affine-loop-interchange` rewrites it, and in every legal order of each of "
        "its nests, found with `-test-loop-permutation=\"permutation-map=... check-validity=true\"`; "
        "\"best legal\" is the fastest of those (the docstring of `tools/bench_kernels.py` says how "
        "kernels with several nests are searched).  Compiled with `mlir-opt -lower-affine "
        "-convert-scf-to-cf -convert-to-llvm -reconcile-unrealized-casts` and run by "
        f"`mlir-runner -O3`; times are seconds per call, medians of {meta['repeat']} interleaved "
        "samples (kernels under 100 ms are called several times per sample).  " + checks,
        "",
        "Orders are written as pyaffine-opt's remarks write them: the original positions of "
        "the loops, outermost first.",
        "",
        table(results),
        "",
        f"Geometric mean of pyaffine-opt / best legal: **{geomean(ratios):.3f}**; largest: "
        f"{worst.pyaffine / worst.best:.3f} ({worst.name}).  Geometric-mean speed-up of "
        f"pyaffine-opt over the original: {geomean(r.original / r.pyaffine for r in results):.2f}x.",
        "",
    ]
    if chart_name:
        text += [f"![time of each kernel relative to its best legal order]({chart_name})", ""]
    text += ["## Kernels", ""]
    text += [f"- **{r.name}**: {kernel_summary(r.name)}" for r in results]
    text += [""]
    kept = ""
    if path.exists():
        old = path.read_text()
        if NOTES_MARKER in old:
            kept = old.split(NOTES_MARKER, 1)[1].lstrip("\n")
    text += [NOTES_MARKER, "", kept.rstrip("\n")] if kept else [NOTES_MARKER, ""]
    path.write_text("\n".join(text).rstrip("\n") + "\n")


# ------------------------------------------------------------------ main
def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description="Time the kernels of tools/kernels/ as written, as "
                                     "pyaffine-opt -affine-loop-interchange rewrites them, and in "
                                     "every legal loop order (details: the module docstring).",
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kernels", nargs="+", help="kernel names (default: all of tools/kernels)")
    parser.add_argument("--repeat", type=int, default=9, help="timed samples per finalist (median)")
    parser.add_argument("--screen", type=int, default=3,
                        help="timed samples per nest order close to the fastest when screening")
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
    meta = run_meta(tools, argv, 1 if args.quick else args.repeat)
    results = []
    with tempfile.TemporaryDirectory(prefix="bench-kernels-") as scratch:
        workdir = args.keep or Path(scratch)
        workdir.mkdir(parents=True, exist_ok=True)
        for path in paths:
            try:
                results.append(bench_kernel(tools, path, args.repeat, args.screen, workdir, args.quick, log))
            except (RunError, PyaffineError, ValueError, subprocess.TimeoutExpired) as error:
                print(f"bench_kernels: {path.stem}: {error}", file=sys.stderr)
                return 1
    meta["elapsed"] = time.time() - started
    meta["load_end"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
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
