"""A PolyBench kernel of the corpus written in C, with the benchmark's
harness, for `clang -O3 -mllvm -polly` (tools/bench_optimize.py).

Why C: Polly is used on C, where clang's front end gives it `restrict`-free
but plainly indexed arrays; a kernel lowered by MLIR reaches LLVM through
memref descriptors, which is not how anyone runs Polly.  So the original
kernel (the corpus file, scaled) is translated op by op into one C
function, and the harness of tools/bench_kernels.py (fill, timed calls,
weighted checksums) is written again in C with the same arithmetic, so that
the C kernel's checksums equal the MLIR original's bit for bit: the proof
that the translation is the same program.  Floating-point contraction is
off (`-ffp-contract=off`): MLIR's arith ops carry no `contract` flag.

The translation covers the ops PolyBench's kernels use (affine.for with
`max`/`min` bounds, affine.if, affine.load/store, memref.alloca, the arith
and math ops of the kernels); any other op stops it with its name.
Memref arguments become pointers to arrays of their inner sizes
(`double (*restrict)[800]`), so that subscripts stay affine for Polly.
"""

from __future__ import annotations

import struct
import subprocess
from pathlib import Path

from mlir_affine_py import parse
from mlir_affine_py.ir import attributes as A
from mlir_affine_py.ir.affine_expr import (
    AffineBinaryOpExpr,
    AffineConstantExpr,
    AffineDimExpr,
    AffineSymbolExpr,
)


class Untranslatable(ValueError):
    pass


C_TYPES = {"f64": "double", "f32": "float", "i64": "long", "i32": "int", "i8": "signed char",
           "i1": "int", "index": "long"}

HELPERS = """\
static inline long floordiv_l(long a, long b) {
  long q = a / b; return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q; }
static inline long ceildiv_l(long a, long b) { return -floordiv_l(-a, b); }
static inline long mod_l(long a, long b) { long r = a % b; return r < 0 ? r + b : r; }
static inline long max_l(long a, long b) { return a > b ? a : b; }
static inline long min_l(long a, long b) { return a < b ? a : b; }
"""

CMPF = {"oeq": "{a} == {b}", "ogt": "{a} > {b}", "oge": "{a} >= {b}", "olt": "{a} < {b}",
        "ole": "{a} <= {b}", "one": "({a} < {b} || {a} > {b})", "une": "{a} != {b}",
        "ult": "!({a} >= {b})", "ule": "!({a} > {b})", "ugt": "!({a} <= {b})",
        "uge": "!({a} < {b})", "ueq": "!({a} < {b} || {a} > {b})"}
CMPI = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">="}
BINARY = {"arith.addf": "+", "arith.subf": "-", "arith.mulf": "*", "arith.divf": "/",
          "arith.addi": "+", "arith.subi": "-", "arith.muli": "*"}
MATH = {"math.sqrt": "sqrt", "math.exp": "exp", "math.powf": "pow"}


def c_type(type) -> str:
    text = str(type)
    if text not in C_TYPES:
        raise Untranslatable(f"no C type for {text}")
    return C_TYPES[text]


def memref_parts(type) -> tuple[str, list]:
    """(element C type, the sizes as written, '?' for dynamic)."""
    text = str(type)
    inside = text[len("memref<"):-1]
    *dims, element = inside.split("x")
    return C_TYPES[element], dims


def float_literal(attr, type) -> str:
    if str(type) == "f64":
        value = struct.unpack("<d", struct.pack("<Q", attr.bits))[0]
        return value.hex() if value == value and abs(value) != float("inf") else f"(double){value!r}"
    value = struct.unpack("<f", struct.pack("<I", attr.bits))[0]
    return value.hex() + "f"


class KernelWriter:
    """One func.func as a C function; values become C locals."""

    def __init__(self, func):
        self.func = func
        self.names = {}
        self.lines = []
        self.counter = 0

    def name(self, value, hint="v") -> str:
        if value not in self.names:
            self.counter += 1
            self.names[value] = f"{hint}{self.counter}"
        return self.names[value]

    def emit(self, depth, text):
        self.lines.append("  " * depth + text)

    def expr(self, e, dims, syms) -> str:
        if isinstance(e, AffineDimExpr):
            return dims[e.position]
        if isinstance(e, AffineSymbolExpr):
            return syms[e.position]
        if isinstance(e, AffineConstantExpr):
            return f"{e.value}L"
        assert isinstance(e, AffineBinaryOpExpr)
        lhs, rhs = self.expr(e.lhs, dims, syms), self.expr(e.rhs, dims, syms)
        if e.kind == "add":
            return f"({lhs} + {rhs})"
        if e.kind == "mul":
            return f"({lhs} * {rhs})"
        return {"mod": "mod_l", "floordiv": "floordiv_l", "ceildiv": "ceildiv_l"}[e.kind] + f"({lhs}, {rhs})"

    def map_results(self, map, operands) -> list:
        names = [self.names[v] for v in operands]
        dims, syms = names[:map.num_dims], names[map.num_dims:]
        return [self.expr(e, dims, syms) for e in map.results]

    @staticmethod
    def combined(values, how) -> str:
        text = values[0]
        for v in values[1:]:
            text = f"{how}_l({text}, {v})"
        return text

    def subscripts(self, op) -> str:
        return "".join(f"[{s}]" for s in self.map_results(op.map, op.map_operands))

    def signature(self) -> str:
        params = []
        for arg in self.func.regions[0].blocks[0].args:
            if str(arg.type).startswith("memref<"):
                element, dims = memref_parts(arg.type)
                name = self.name(arg, "A")
                inner = "".join(f"[{d}]" for d in dims[1:])
                params.append(f"{element} (*restrict {name}){inner}" if inner else
                              f"{element} *restrict {name}")
            else:
                params.append(f"{c_type(arg.type)} {self.name(arg, 's')}")
        return f"void kernel({', '.join(params)})"

    def block(self, block, depth):
        for op in block.ops:
            self.op(op, depth)

    def op(self, op, depth):
        name = op.name
        res = op.results[0] if op.results else None
        if name in ("affine.yield", "func.return"):
            return
        if name == "affine.for":
            lb = self.combined(self.map_results(op.lower_bound_map, op.lower_bound_operands), "max")
            ub = self.combined(self.map_results(op.upper_bound_map, op.upper_bound_operands), "min")
            body = op.regions[0].blocks[0]
            iv = self.name(body.args[0], "i")
            self.emit(depth, f"for (long {iv} = {lb}; {iv} < {ub}; {iv} += {op.step}) {{")
            self.block(body, depth + 1)
            self.emit(depth, "}")
        elif name == "affine.if":
            s = op.integer_set
            names = [self.names[v] for v in op.operands]
            dims, syms = names[:s.num_dims], names[s.num_dims:]
            conds = [f"{self.expr(c, dims, syms)} {'==' if eq else '>='} 0"
                     for c, eq in zip(s.constraints, s.eq_flags)]
            self.emit(depth, f"if ({' && '.join(conds) or '1'}) {{")
            self.block(op.then_block, depth + 1)
            if op.else_block is not None and op.else_block.ops:
                self.emit(depth, "} else {")
                self.block(op.else_block, depth + 1)
            self.emit(depth, "}")
        elif name == "affine.load":
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = "
                             f"{self.names[op.memref]}{self.subscripts(op)};")
        elif name == "affine.store":
            self.emit(depth, f"{self.names[op.memref]}{self.subscripts(op)} = "
                             f"{self.names[op.value_to_store]};")
        elif name == "memref.alloca":
            element, dims = memref_parts(res.type)
            dims = [d for d in dims if d]
            local = self.name(res, "m")
            self.emit(depth, f"{element} {local}{''.join(f'[{d}]' for d in dims) or '[1]'};")
            if not dims:
                self.names[res] = f"{local}[0]"   # a rank-0 memref: its one element
        elif name == "arith.constant":
            value = op.properties["value"]
            text = (float_literal(value, res.type) if isinstance(value, A.FloatAttr)
                    else f"{value.value}")
            self.emit(depth, f"const {c_type(res.type)} {self.name(res, 'c')} = {text};")
        elif name == "llvm.mlir.undef":
            # Undefined: any value is a refinement; the kernels overwrite it.
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = 0;")
        elif name in BINARY:
            a, b = (self.names[v] for v in op.operands)
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = {a} {BINARY[name]} {b};")
        elif name == "arith.negf":
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = -{self.names[op.operands[0]]};")
        elif name in MATH:
            function = MATH[name] + ("f" if str(res.type) == "f32" else "")
            args = ", ".join(self.names[v] for v in op.operands)
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = {function}({args});")
        elif name == "arith.cmpf":
            a, b = (self.names[v] for v in op.operands)
            self.emit(depth, f"int {self.name(res)} = {CMPF[str(op.predicate)].format(a=a, b=b)};")
        elif name == "arith.cmpi":
            a, b = (self.names[v] for v in op.operands)
            self.emit(depth, f"int {self.name(res)} = {a} {CMPI[str(op.predicate)]} {b};")
        elif name == "arith.select":
            cond, a, b = (self.names[v] for v in op.operands)
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = {cond} ? {a} : {b};")
        elif name in ("arith.extui", "arith.index_cast", "arith.sitofp", "arith.extf",
                      "arith.truncf", "arith.extsi"):
            self.emit(depth, f"{c_type(res.type)} {self.name(res)} = "
                             f"({c_type(res.type)}){self.names[op.operands[0]]};")
        else:
            raise Untranslatable(f"no C for {name}")

    def function(self) -> str:
        header = self.signature()
        self.block(self.func.regions[0].blocks[0], 1)
        return "__attribute__((noinline))\n" + header + " {\n" + "\n".join(self.lines) + "\n}\n"


def kernel_function(text: str) -> str:
    """The C function `kernel` of the module's one func.func."""
    module = parse(text)
    funcs = [op for op in module.walk() if op.name == "func.func"]
    if len(funcs) != 1:
        raise Untranslatable(f"{len(funcs)} functions")
    return KernelWriter(funcs[0]).function()


def harness(kernel_c: str, sig, rounds: int) -> str:
    """The C program: bench_kernels' @fill, timed calls and @check, with
    the same arithmetic, printing the same lines (variant number 0)."""
    out = ["#include <math.h>", "#include <stdio.h>", "#include <stdlib.h>", "#include <string.h>",
           "#include <time.h>", HELPERS, kernel_c]
    memrefs = sig.memrefs
    out.append("static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); "
               "return t.tv_sec + 1e-9 * t.tv_nsec; }")
    out.append("static void print_bits(double d) { long b; if (d != d) b = 0x7FF8000000000000L; "
               "else memcpy(&b, &d, 8); printf(\"%ld\", b); }")
    out.append("int main(void) {")
    for k in memrefs:
        element = memref_parts(sig.arg_types[k])[0]
        total = 1
        for size in sig.shapes[k]:
            total *= size
        out.append(f"  {element} *b{k} = aligned_alloc(64, ({total}L * sizeof({element}) + 63) / 64 * 64);")
    calls = []
    for k, type_text in enumerate(sig.arg_types):
        if sig.shapes[k] is None:
            value = sig.scalars[k].split(":")[0].strip()
            calls.append(value)
        else:
            element, _ = memref_parts(type_text)
            inner = "".join(f"[{d}]" for d in sig.shapes[k][1:])
            calls.append(f"({element} (*){inner})b{k}" if inner else f"b{k}")
    call = f"kernel({', '.join(calls)});"
    out.append(f"  for (int round = 0; round < {rounds}; round++) {{")
    for k in memrefs:
        out += fill_lines(k, sig)
    out += ["    double t0 = now();", f"    {call}", "    double t1 = now();",
            "    printf(\"0, 0, %d, %.9e\\n\", round, t1 - t0);", "    if (round == 0) {"]
    for k in memrefs:
        out += check_lines(k, sig)
    out += ["    }", "  }", "  return 0;", "}"]
    return "\n".join(out) + "\n"


def fill_lines(k, sig) -> list:
    element, _ = memref_parts(sig.arg_types[k])
    shape = sig.shapes[k]
    lines = [f"    for (long l = 0; l < {_product(shape)}L; l++) {{",
             f"      unsigned long r = ((unsigned long)l * 1103UL + {97 * (k + 1)}UL) % 1009UL;"]
    if element in ("double", "float"):
        lines.append("      double v = (double)r * 9.9108027750247768e-04;")
        if sig.diagonal and len(shape) >= 2:
            inner = _product(shape[1:])
            lines.append(f"      if (l / {inner}L == (l / {_product(shape[2:])}L) % {shape[1]}L) "
                         f"v = v + {float(sig.diagonal)!r};")
        lines.append(f"      b{k}[l] = ({element})v;")
    else:
        lines.append(f"      b{k}[l] = ({element})r;")
    return lines + ["    }"]


def check_lines(k, sig) -> list:
    element, _ = memref_parts(sig.arg_types[k])
    return [f"      double s{k} = 0.0, q{k} = 0.0;",
            f"      for (long l = 0; l < {_product(sig.shapes[k])}L; l++) {{",
            "        double w = (double)(l % 7 + 1);",
            f"        double x = (double)b{k}[l];",
            "        double wx = w * x; double wxx = wx * x;",
            f"        s{k} = s{k} + wx; q{k} = q{k} + wxx;",
            "      }",
            f"      printf(\"1, 0, {k}, \"); print_bits(s{k});",
            f"      printf(\", \"); print_bits(q{k}); printf(\"\\n\");"]


def _product(values) -> int:
    total = 1
    for v in values:
        total *= v
    return total


def compile_and_run(source: str, workdir: Path, name: str, flags: list, clang: str,
                    timeout: float = 1800) -> tuple[list, list]:
    """(seconds per round, checksums [(sum bits, squares bits)] per memref)."""
    path = workdir / f"{name}.c"
    binary = workdir / name
    path.write_text(source)
    proc = subprocess.run([clang, *flags, str(path), "-o", str(binary), "-lm"],
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{clang} failed on {path}:\n{proc.stderr[-3000:]}")
    proc = subprocess.run([str(binary)], capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"{binary} failed:\n{proc.stderr[-3000:]}")
    times, checks = [], []
    for line in proc.stdout.splitlines():
        fields = [f.strip() for f in line.split(",")]
        if fields[0] == "0":
            times.append(float(fields[3]))
        elif fields[0] == "1":
            checks.append((int(fields[3]), int(fields[4])))
    return times, checks
