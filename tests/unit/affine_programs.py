"""Random affine programs of the shapes the polyhedral core handles, and
the checks that a loop transformation keeps their meaning; shared by
tests/unit/test_fuzz_programs.py (short, seeded) and tools/fuzz_passes.py
(the long mode).

A program is `func.func @f(%A, %B: memref<SxSxf64>, %C: memref<Sxf64>,
%n: index)` holding one to three loop nests that share the arrays, with
statements between the nests.  Two profiles:

- "rectangular": constant and symbolic bounds, steps, imperfect bodies
  (statements before, between and after inner loops, several inner loops),
  subscripts `iv + c`.  Today's -affine-loop-interchange already reorders
  such nests, so the test asks that it changes some of them.
- "general": also triangular bounds (an outer iv as a bound), `max`/`min`
  of outer ivs and the symbol, `floordiv` in bounds, `affine.if`/`else`
  inside nests (with `mod` and equality constraints), subscripts with two
  ivs, `mod`, `floordiv` and the symbol, and a scalar kept in a
  `memref.alloca` across a nest.

Every iv stays in [0, N) when %n = N, so every subscript stays in [0, S - 1);
the last element of %C receives the scalar at the end.  Checks:

- `interpreter_outcome`: the reference interpreter's arrays after a run on
  seeded random inputs, compared bit for bit before and after the pass (a
  legal reordering keeps the order of the updates to every element, and no
  floating-point operation is reassociated);
- `mlir_opt_reprints`: mlir-opt accepts each output and prints it back
  identically (one `-split-input-file` run for many outputs);
- `runner_checksums`: a program compiled with mlir-opt and run by
  mlir-runner before and after, through the kernel benchmark's harness;
- `runner_arrays`: many programs compiled into one module and run by one
  mlir-runner process on the interpreter's seeded random inputs, every
  array's bits printed, so that they compare bit for bit with each other
  and with `interpreter_outcome`.
"""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np

from support import REPO_ROOT

N = 6                 # the value of %n, and the bound of every iv
S = 4 * N + 4         # every memref dimension
MATRIX = f"memref<{S}x{S}xf64>"
VECTOR = f"memref<{S}xf64>"
SEPARATOR = "// -----"


class ProgramGenerator:
    """One random program per `program()` call, drawn from `rng`."""

    def __init__(self, rng: random.Random, profile: str):
        assert profile in ("rectangular", "general")
        self.rng = rng
        self.general = profile == "general"
        self.names = iter(range(1_000_000))
        self.scalar = False

    # ----------------------------------------------------------- pieces
    def name(self, prefix: str) -> str:
        return f"%{prefix}{next(self.names)}"

    def lower_bound(self, ivs: list) -> str:
        r = self.rng
        choice = r.random()
        if self.general and ivs and choice < 0.25:
            return f"affine_map<(d0) -> (d0)>({r.choice(ivs)})"      # triangular
        if self.general and ivs and choice < 0.4:
            a, b = r.choice(ivs), r.choice(ivs)
            return f"max affine_map<(d0, d1) -> (d0, d1 - 2)>({a}, {b})"
        if self.general and ivs and choice < 0.5:
            return f"affine_map<(d0) -> (d0 floordiv 2)>({r.choice(ivs)})"
        if self.general and choice < 0.6:
            return "max affine_map<()[s0] -> (0, s0 - 4)>()[%n]"
        return str(r.choice((0, 0, 1, 2)))

    def upper_bound(self, ivs: list, lower: str) -> str:
        r = self.rng
        choice = r.random()
        if self.general and ivs and choice < 0.25:
            return f"affine_map<(d0) -> (d0 + 1)>({r.choice(ivs)})"  # triangular
        if self.general and ivs and choice < 0.45:
            return f"min affine_map<(d0)[s0] -> (d0 + 3, s0)>({r.choice(ivs)})[%n]"
        if choice < 0.7:
            return "%n"
        low = int(lower) if lower.isdigit() else 0
        return str(r.randint(low + 1, N))

    def subscript(self, ivs: list) -> str:
        """An affine expression of the ivs in [0, S - 1)."""
        r = self.rng
        if not ivs:
            return str(r.randint(0, 3))
        iv = r.choice(ivs)
        if not self.general or r.random() < 0.5:
            offset = r.choice((0, 0, 0, 1, 2))
            return f"{iv} + {offset}" if offset else iv
        kind = r.choice(("sum", "double", "mod", "floordiv", "symbol"))
        if kind == "sum":
            return f"{iv} + {r.choice(ivs)} + {r.randint(0, 2)}"
        if kind == "double":
            return f"{iv} * 2 + {r.randint(0, 1)}"
        if kind == "mod":
            return f"({iv} + {r.choice(ivs)}) mod {r.randint(2, 5)}"
        if kind == "floordiv":
            return f"({iv} + {r.randint(0, 3)}) floordiv {r.randint(2, 3)}"
        return f"symbol(%n) - {iv}"

    def access(self, ivs: list) -> str:
        r = self.rng
        array = r.choice(("%A", "%B", "%C"))
        if array == "%C":
            return f"%C[{self.subscript(ivs)}] : {VECTOR}"
        rows, cols = self.subscript(ivs), self.subscript(ivs)
        if len(ivs) >= 2 and r.random() < 0.4:
            # A column walk (the inner iv indexes rows): worth an interchange.
            rows, cols = ivs[-1], ivs[r.randrange(len(ivs) - 1)]
        return f"{array}[{rows}, {cols}] : {MATRIX}"

    def statement(self, ivs: list, pad: str) -> list:
        r = self.rng
        a, b, c = self.name("v"), self.name("w"), self.name("x")
        out = [f"{pad}{a} = affine.load {self.access(ivs)}"]
        if r.random() < 0.5:
            out += [f"{pad}{c} = affine.load {self.access(ivs)}",
                    f"{pad}{b} = arith.mulf {a}, {c} : f64"]
        else:
            out.append(f"{pad}{b} = arith.addf {a}, %cst : f64")
        if self.scalar and r.random() < 0.3:
            s, t = self.name("s"), self.name("t")
            out += [f"{pad}{s} = affine.load %acc[] : memref<f64>",
                    f"{pad}{t} = arith.addf {s}, {b} : f64",
                    f"{pad}affine.store {t}, %acc[] : memref<f64>"]
        else:
            out.append(f"{pad}affine.store {b}, {self.access(ivs)}")
        return out

    def condition(self, ivs: list) -> str:
        r = self.rng
        a, b = r.choice(ivs), r.choice(ivs)
        sets = ["affine_set<(d0, d1) : (d0 - d1 >= 0)>",
                "affine_set<(d0, d1)[s0] : (d0 - 1 >= 0, s0 - d1 - 2 >= 0)>",
                "affine_set<(d0, d1)[s0] : (d0 + d1 - s0 >= 0)>",
                "affine_set<(d0, d1) : ((d0 + d1) mod 2 == 0)>",
                "affine_set<(d0, d1) : (d0 - 2 == 0)>"]
        chosen = r.choice(sets)
        symbols = "[%n]" if "s0" in chosen else ""
        return f"affine.if {chosen}({a}, {b}){symbols}"

    # ----------------------------------------------------------- nests
    def loop(self, ivs: list, depth: int, pad: str) -> list:
        r = self.rng
        iv = self.name("i")
        lower = self.lower_bound(ivs)
        upper = self.upper_bound(ivs, lower)
        step = r.choice((1, 1, 1, 2, 3))
        out = [f"{pad}affine.for {iv} = {lower} to {upper}" + (f" step {step}" if step > 1 else "") + " {"]
        inner = ivs + [iv]
        body = pad + "  "
        if depth == 1:
            for _ in range(r.randint(1, 2)):
                out += self.guarded(inner, body) if self.general and r.random() < 0.25 else \
                    self.statement(inner, body)
        else:
            if r.random() < 0.35:
                out += self.statement(inner, body)            # before the inner loop
            out += self.loop(inner, depth - 1, body)
            if r.random() < 0.2:
                out += self.loop(inner, r.randint(1, depth - 1), body)   # a sibling loop
            if r.random() < 0.25:
                out += self.statement(inner, body)            # after it
            if self.general and r.random() < 0.15:
                out += self.guarded(inner, body, depth - 1)
        out.append(pad + "}")
        return out

    def guarded(self, ivs: list, pad: str, depth: int = 0) -> list:
        r = self.rng
        out = [f"{pad}{self.condition(ivs)} {{"]
        out += self.loop(ivs, depth, pad + "  ") if depth else self.statement(ivs, pad + "  ")
        if r.random() < 0.5:
            out.append(f"{pad}}} else {{")
            out += self.statement(ivs, pad + "  ")
        out.append(pad + "}")
        return out

    def program(self) -> str:
        r = self.rng
        self.scalar = self.general and r.random() < 0.3 or r.random() < 0.1
        lines = [f"func.func @f(%A: {MATRIX}, %B: {MATRIX}, %C: {VECTOR}, %n: index) {{",
                 "  %cst = arith.constant 1.250000e+00 : f64",
                 "  %zero = arith.constant 0.000000e+00 : f64"]
        if self.scalar:
            lines += ["  %acc = memref.alloca() : memref<f64>",
                      "  affine.store %zero, %acc[] : memref<f64>"]
        for k in range(r.choice((1, 1, 2, 2, 3))):
            if k and r.random() < 0.5:
                lines += self.statement([], "  ")
            lines += self.loop([], r.choice((2, 2, 3, 3, 4)), "  ")
        if self.scalar:
            lines += ["  %final = affine.load %acc[] : memref<f64>",
                      f"  affine.store %final, %C[{S - 1}] : {VECTOR}"]
        lines += ["  return", "}"]
        return "\n".join(lines) + "\n"


# ----------------------------------------------------------------- checks
def interpreter_outcome(text, seed: int, dma: str = "at-start") -> list:
    """The bytes of every array after running @f on seeded random inputs
    (`dma`: when DMA transfers happen, see interpreter.Interpreter).  `text`
    is the program, or its module already parsed (running does not change
    it)."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text) if isinstance(text, str) else text
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed, index_value=N)
    run_function(module, "f", args, max_iterations=1_000_000, dma=dma)
    return [a.tobytes() for a in args if isinstance(a, np.ndarray)]


def mlir_opt_reprints(mlir_opt: str, outputs: list, run=subprocess.run) -> list:
    """[(index, what differs)] for the outputs that mlir-opt rejects or
    prints differently (all in one -split-input-file run)."""
    joined = f"\n{SEPARATOR}\n".join(outputs)
    done = run([mlir_opt, "-split-input-file", "-"], input=joined, capture_output=True,
                          text=True, timeout=300)
    if done.returncode != 0:
        # Find the culprits one by one.
        problems = []
        for k, text in enumerate(outputs):
            one = run([mlir_opt, "-"], input=text, capture_output=True, text=True, timeout=60)
            if one.returncode != 0:
                problems.append((k, f"mlir-opt rejects it: {one.stderr.strip()[:500]}"))
            elif one.stdout != text:
                problems.append((k, f"mlir-opt prints it differently:\n{one.stdout}"))
        return problems or [(-1, f"mlir-opt failed: {done.stderr.strip()[:500]}")]
    printed = done.stdout.split(f"{SEPARATOR}\n")
    if len(printed) != len(outputs):
        return [(-1, f"mlir-opt printed {len(printed)} chunks for {len(outputs)}")]
    return [(k, f"mlir-opt prints it differently:\n{mine}")
            for k, (mine, theirs) in enumerate(zip(outputs, printed)) if mine != theirs.lstrip("\n")
            and mine.rstrip("\n") != theirs.strip("\n")]


def assert_mlir_opt_reprints(mlir_opt: str, outputs: list, run=subprocess.run) -> None:
    """mlir_opt_reprints finds no problem (the first three shown if it does)."""
    problems = mlir_opt_reprints(mlir_opt, outputs, run)
    assert not problems, "\n\n".join(f"output {k}: {what}\n{outputs[k] if k >= 0 else ''}"
                                     for k, what in problems[:3])


def load_bench_kernels():
    """tools/bench_kernels.py, whose harness compiles and runs kernels."""
    if str(REPO_ROOT / "tools") not in sys.path:
        sys.path.append(str(REPO_ROOT / "tools"))
    import bench_kernels
    return bench_kernels


def runner_checksums(tools, before: str, after: str, workdir, name: str,
                     threads: int | None = None) -> tuple:
    """(checksums before, checksums after) of @f compiled and run once each,
    with %n = N and the harness's deterministic inputs; with `threads`,
    affine.parallel runs on that many OpenMP threads (lowered as
    tools/bench_optimize.py lowers it), else as sequential loops."""
    bench = load_bench_kernels()
    variants = [bench.Variant("before", bench.canonical(before)),
                bench.Variant("after", bench.canonical(after))]
    header, _ = bench.function_parts(variants[0].text)
    arg_types = bench.header_arg_types(header)
    # %n is argument 3; float scalars (constants made arguments, as
    # test_loop_passes.py's unroll-and-jam programs have them) get values of
    # their own.
    scalars = {k: f"{0.25 * (k + 1)} : {type_text}" for k, type_text in enumerate(arg_types)
               if type_text in ("f32", "f64")}
    signature = bench.Signature.of(arg_types, scalars={**scalars, 3: f"{N} : index"})
    running = {}
    if threads:
        import bench_optimize
        running = dict(lowering=bench_optimize.OPENMP_LOWERING,
                       libraries=(bench_optimize.openmp_library(tools),),
                       env={"OMP_NUM_THREADS": str(threads)})
    bench.measure(tools, variants, signature, 1, workdir, name, **running)
    return variants[0].checksums, variants[1].checksums


# How runner_arrays prints an element's bits: the integer type of its width
# and whether it is widened to i64 (unsigned) first.
_BITS = {"f32": ("i32", True), "f64": ("i64", False), "i32": ("i32", True), "i64": ("i64", False)}
_UNSIGNED = {"i32": np.uint32, "i64": np.int64}


def interpreted_arrays(text: str, seed: int = 0, dynamic_size: int = 16) -> list:
    """The bytes of every memref argument of the first function of `text`
    after the reference interpreter ran it on random arguments."""
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed, dynamic_size=dynamic_size)
    run_function(module, func.sym_name, args, max_iterations=5_000_000)
    return [a.tobytes() for a in args if isinstance(a, np.ndarray)]


def runner_arrays(tools, texts: list, seed: int, workdir, name: str) -> list:
    """For each of `texts` (a module whose @f takes memrefs of static shape
    and f32/f64/i32/i64 elements, and index scalars), the bytes of every
    memref argument after @f ran under mlir-runner on the interpreter's
    seeded random inputs (`random_arguments(seed)`, index scalars N), as
    interpreter_outcome gives them.  All programs run in one module (see
    `_runner_module`), by one mlir-runner process."""
    text, sizes, counts = _runner_module(texts, seed)
    source, lowered = workdir / f"{name}.mlir", workdir / f"{name}.llvm.mlir"
    source.write_text(text)
    done = subprocess.run([tools.mlir_opt, str(source), *load_bench_kernels().LOWERING,
                           "-o", str(lowered)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"mlir-opt failed on {source}:\n{done.stderr[-3000:]}"
    done = subprocess.run([tools.mlir_runner, "-e", "main", "-entry-point-result=void",
                           f"-shared-libs={tools.runner_lib}", str(lowered)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"mlir-runner failed on {lowered}:\n{done.stderr[-3000:]}"
    values = [int(word) for word in done.stdout.split()]
    assert len(values) == sum(size for _, size in sizes), "mlir-runner printed other arrays"
    arrays, at = [], 0
    for element, size in sizes:
        arrays.append(np.array(values[at:at + size], dtype=_UNSIGNED[_BITS[element][0]]).tobytes())
        at += size
    per_program, at = [], 0
    for count in counts:
        per_program.append(arrays[at:at + count])
        at += count
    return per_program


def _runner_module(texts: list, seed: int) -> tuple:
    """(module text, [(element type, size)] of every memref argument in
    order, the number of memref arguments of each program): the functions
    of program k with their symbols prefixed by `p{k}_`, a memref.global
    holding the bits of each random input, and a @main calling each @f and
    printing every element's bits (one integer a line)."""
    from mlir_affine_py import api
    from mlir_affine_py.dialects.func import CallOp
    from mlir_affine_py.interpreter import random_arguments
    from mlir_affine_py.ir import attributes as attrs
    from mlir_affine_py.ir import types as T
    merged = api.parse("module {\n}\n")
    body = merged.regions[0].blocks[0]
    globals_, main, sizes, counts = [], [], [], []
    for k, text in enumerate(texts):
        module = api.parse(text)
        for op in module.walk():
            if op.op_name == "func.func":
                op.sym_name = f"p{k}_{op.sym_name}"
            elif isinstance(op, CallOp):
                callee = f"p{k}_{op.properties['callee'].root}"
                op.properties["callee"] = attrs.SymbolRefAttr([callee])
        functions = list(module.regions[0].blocks[0].ops)
        for op in functions:
            op.parent.ops.remove(op)
            body.append(op)
        func = next(op for op in functions if op.sym_name == f"p{k}_f")
        inputs = func.function_type.inputs
        operands, prints = [], []
        for j, (value, type) in enumerate(zip(random_arguments(func, seed, index_value=N), inputs)):
            operand = f"%p{k}_a{j}"
            operands.append(operand)
            if isinstance(type, T.IndexType):
                main.append(f"    {operand} = arith.constant {value} : index")
                continue
            data = np.ascontiguousarray(value).tobytes().hex().upper()
            globals_.append(f'  memref.global "private" @p{k}_in{j} : {type} = dense<"0x{data}">')
            main.append(f"    {operand} = memref.get_global @p{k}_in{j} : {type}")
            sizes.append((str(type.element_type), value.size))
            prints += _print_elements(operand, type, f"p{k}_{j}")
        counts.append(sum(not isinstance(type, T.IndexType) for type in inputs))
        main += [f"    call @p{k}_f({', '.join(operands)}) : "
                 f"({', '.join(str(t) for t in inputs)}) -> ()", *prints]
    text = api.to_string(merged).rstrip("\n")
    assert text.endswith("}")
    harness = ["  func.func private @printI64(i64)", "  func.func private @printNewline()",
               *globals_, "  func.func @main() {", *main, "    return", "  }", "}"]
    return text[:-1] + "\n".join(harness) + "\n", sizes, counts


def _print_elements(memref: str, type, prefix: str) -> list:
    """The lines printing every element of `memref` as the integer of its
    bits, one per line, in row-major order."""
    bits, widen = _BITS[str(type.element_type)]
    ivs = [f"%{prefix}_i{d}" for d in range(len(type.shape))]
    out, pad = [], "    "
    for iv, size in zip(ivs, type.shape):
        out.append(f"{pad}affine.for {iv} = 0 to {size} {{")
        pad += "  "
    out.append(f"{pad}%{prefix}_v = affine.load {memref}[{', '.join(ivs)}] : {type}")
    value = f"%{prefix}_v"
    if str(type.element_type) != bits:
        out.append(f"{pad}%{prefix}_b = arith.bitcast {value} : {type.element_type} to {bits}")
        value = f"%{prefix}_b"
    if widen:
        out.append(f"{pad}%{prefix}_w = arith.extui {value} : {bits} to i64")
        value = f"%{prefix}_w"
    out += [f"{pad}func.call @printI64({value}) : (i64) -> ()",
            f"{pad}func.call @printNewline() : () -> ()"]
    for _ in ivs:
        pad = pad[:-2]
        out.append(f"{pad}}}")
    return out


def assert_compiled_programs_agree(sample, tmp_path) -> None:
    """mlir-runner runs each (profile, input, output, changed) of `sample`
    as written and as the pass left it: the harness's checksums agree
    (skips where the MLIR tools or the runner library are missing)."""
    import pytest
    tools, why = load_bench_kernels().find_tools()
    if tools is None:
        pytest.skip(why)
    for k, (profile, text, out, _) in enumerate(sample):
        before, after = runner_checksums(tools, text, out, tmp_path, f"program{k}")
        assert before and before == after, f"checksums differ ({profile})\ninput:\n{text}\noutput:\n{out}"


def profile_of(index: int) -> str:
    """The profile of the index-th random program: one in three rectangular."""
    return "rectangular" if index % 3 == 0 else "general"


def run_random_programs(runner, flags: list, seed: int, count: int, profile=profile_of,
                        reprint: bool = True, rewrite=None) -> list:
    """`count` seeded random programs (profile(k) of the k-th) through
    `flags` in `runner`, each checked by `check_program`:
    [(profile, input, output, whether the pass changed it)].  A count, not a
    time budget: the outputs decide the questions the tests ask mlir-opt,
    whose answers are recorded (oracle.py).  `rewrite`, given, changes each
    program's text first; `reprint` is check_program's."""
    import random
    rng = random.Random(seed)
    done = []
    for index in range(count):
        kind = profile(index)
        text = ProgramGenerator(rng, kind).program()
        if rewrite is not None:
            text = rewrite(text)
        out, changed, problem = check_program(runner, text, flags, reprint=reprint)
        assert problem is None, f"{problem}\ninput:\n{text}\noutput:\n{out}"
        done.append((kind, text, out, changed))
    return done


def check_program(runner, text: str, flags: list, seeds=(0, 1), reprint: bool = True) -> tuple:
    """Run `flags` (a pass) on `text` in `runner` (a fuzzing.Runner) and
    compare the interpreter's results before and after: (output, whether
    the pass changed the program, None or what went wrong).  With
    `reprint`, the output must also print back the same (not so where the
    pass, as mlir-opt's, leaves a map whose dims share an operand, which
    reads back as another map of the same value)."""
    import fuzzing
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.printer.printer import Printer
    code, out, err, seconds, path = runner.run(flags, text.encode())
    problem = fuzzing.judge(code, out, err, seconds, path, limit=runner.limit)
    if problem is None and code != 0:
        problem = f"the pass rejected a valid program: {err.strip()[:500]}"
    if problem:
        return out, False, problem
    # Each program is parsed once: printing and the interpreter's runs
    # leave a module as it was.
    original = parse_source(text)
    plain = Printer().print_module(original) + "\n"
    try:
        result = parse_source(out)
        reprinted = Printer().print_module(result) + "\n"
    except Exception as error:  # noqa: BLE001 - reported as a failure
        return out, True, f"the output does not parse again: {error}"
    if reprint and reprinted != out:
        return out, True, "the output does not print back the same"
    for seed in seeds:
        try:
            before = interpreter_outcome(original, seed)
        except Exception as error:  # noqa: BLE001 - a generator bug, reported as such
            return out, out != plain, f"the generated program does not run: {error}"
        try:
            after = interpreter_outcome(result, seed)
        except Exception as error:  # noqa: BLE001 - reported as a failure
            return out, True, f"the output does not run (seed {seed}): {error}"
        if before != after:
            return out, True, f"results differ (seed {seed})"
    return out, out != plain, None
