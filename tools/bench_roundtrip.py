#!/usr/bin/env python3
"""Parse + print throughput of pyaffine-opt (and mlir-opt, when present).

    python tools/bench_roundtrip.py [--lines 1000 10000 100000] [--repeat 3]
                                    [--kinds mixed constants memory apply]
                                    [--baseline OTHER_PYAFFINE_OPT]
                                    [--passes="-canonicalize -cse"]

Generates deterministic affine-dialect files of about N lines into a temporary
folder: functions with nested affine.for loops (constant, symbolic and `min`
bounds, iter_args), affine.load/affine.store with affine subscripts, arith
ops, constants, affine.apply with `#map` aliases and affine.if/else with
`#set` aliases; beside that mixed file, single-op-kind files of the same
sizes (`--kinds`): a function of `arith.constant` lines (integers, floats
and booleans of several types), `affine.load`/`affine.store` lines in loop
nests, and chains of `affine.apply` through `#map` aliases, so that the cost
of each kind of op is seen alone.  It first checks that pyaffine-opt prints each file exactly as
mlir-opt does, so the input is valid MLIR and both tools do the same work.
Then it times whole processes (`TOOL FILE -o OUT`, start-up included), the
tools taking turns, and reports the median wall time, the median CPU time,
lines/s, peak RSS and the time over mlir-opt's as a Markdown table (the
machine's load moves the times; the ratio moves less).  A 20-line file
measures start-up alone.

`--passes` runs passes on the way (`TOOL PASSES FILE -o OUT`, e.g.
`--passes="-canonicalize -cse"`): the outputs are checked to be the same
and the times are those of parse, passes and print.

Peak RSS is the child's own `ru_maxrss` from os.wait4, so every run is
measured on its own.

`--baseline` times a second pyaffine-opt (another checkout's console script)
in the same turns, to compare two versions under the same load; its rows
also give the CPU time over the baseline's.  `--instructions` also counts
the instructions of one whole run of each tool with valgrind's cachegrind:
a figure the machine's load does not move (times on a shared machine move
by 10% and more from run to run), with PYTHONHASHSEED fixed so that two
counts of one version agree.  The tools run with their
compiled bytecode, as an installed package does: PYTHONDONTWRITEBYTECODE is
dropped from their environment, so the first (unmeasured) run of each
writes its `__pycache__`, and start-up does not time the compiler.
"""

from __future__ import annotations

import argparse
import difflib
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The tool lookups the tests use.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "unit"))
from support import console_script, find_mlir_tool  # noqa: E402

DEFAULT_LINES = (1000, 10000, 100000)
STARTUP_LINES = 20

# Module-level aliases: mlir-opt keeps (and renames) only the ones in use, in
# first-use order.
ALIASES = [
    "#shift = affine_map<(d0) -> (d0 + 1)>",
    "#lin = affine_map<(d0, d1) -> (d0 * 2 + d1)>",
    "#blk = affine_map<(d0)[s0] -> (d0 + s0 floordiv 4)>",
    "#tri = affine_map<(d0) -> (d0)>",
    "#cap = affine_map<(d0)[s0] -> (s0, d0 + 16)>",
    "#inner = affine_set<(d0)[s0] : (d0 - 1 >= 0, s0 - d0 - 2 >= 0)>",
    "#even = affine_set<(d0, d1) : ((d0 + d1) mod 2 == 0)>",
]
SIZE = 64          # memref<64x64xf64>; loops run below 32 so subscripts stay in bounds
MEMREF = f"memref<{SIZE}x{SIZE}xf64>"


class FunctionWriter:
    """Writes one func.func of exactly `budget` lines (budget >= MIN_FUNC)."""

    def __init__(self, rng: random.Random, index: int):
        self.rng = rng
        self.index = index
        self.lines: list[str] = []
        self.counter = 0

    def fresh(self, stem: str) -> str:
        self.counter += 1
        return f"%{stem}{self.counter}"

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    def write(self, budget: int) -> list[str]:
        rng = self.rng
        self.emit(0, f"func.func @kernel_{self.index}(%A: {MEMREF}, %B: {MEMREF}, "
                     f"%C: {MEMREF}, %n: index) {{")
        self.emit(1, "%c0 = arith.constant 0 : index")
        self.emit(1, f"%alpha = arith.constant {rng.choice(['1.5', '2.0', '0.25', '-3.0'])} : f64")
        self.emit(1, f"%beta = arith.constant {rng.choice(['0.5', '1.0', '1.0e-3', '4.0'])} : f64")
        # header + 3 constants + "return" + "}" + blank line
        remaining = budget - 7
        while remaining > 0:
            size = remaining if remaining < 2 * MIN_NEST else min(remaining - MIN_NEST,
                                                                  rng.randint(MIN_NEST, 40))
            self.nest(size)
            remaining -= size
        self.emit(1, "return")
        self.emit(0, "}")
        self.emit(0, "")
        return self.lines

    def nest(self, size: int) -> None:
        """A loop nest of exactly `size` lines (size >= MIN_NEST)."""
        rng = self.rng
        depth = rng.choice([2, 2, 3, 3]) if size >= MIN_NEST + 2 else 2
        ivs = []
        reduce = depth == 2 and rng.random() < 0.3
        for level in range(depth):
            iv = self.fresh("i")
            ivs.append(iv)
            if level == depth - 1 and reduce:
                acc, result = self.fresh("acc"), self.fresh("sum")
                self.emit(1 + level, f"{result} = affine.for {iv} = 0 to 32 "
                                     f"iter_args({acc} = %beta) -> (f64) {{")
                continue
            if level == 0:
                bound = rng.choice(["0 to 32", "0 to 32 step 2", "1 to 31"])
            elif level == 1:
                bound = rng.choice(["0 to 16", f"0 to min #cap({ivs[0]})[%n]", f"0 to #tri({ivs[0]})"])
            else:
                bound = rng.choice(["0 to 16", "0 to 8 step 4"])
            self.emit(1 + level, f"affine.for {iv} = {bound} {{")
        body_depth = 1 + depth
        # an opening and a closing line per loop, plus yield and store for a reduction
        body = size - 2 * depth - (2 if reduce else 0)
        if reduce:
            self.reduction_body(body_depth, ivs, acc, body)
            self.emit(body_depth, f"affine.yield {self.last_f64} : f64")
            self.emit(body_depth - 1, "}")
            self.emit(body_depth - 1, f"affine.store {result}, %C[{ivs[0]}, 0] : {MEMREF}")
            depth_left = depth - 1
        else:
            self.body(body_depth, ivs, body)
            depth_left = depth
        for level in reversed(range(depth_left)):
            self.emit(1 + level, "}")

    def load(self, depth: int, ivs: list[str]) -> str:
        rng = self.rng
        i, j = ivs[0], ivs[-1]
        subscript = rng.choice([f"[{i}, {j}]", f"[{j}, {i}]", f"[{i} + 1, {j}]",
                                f"[{i}, {j} * 2 + 1]", f"[{i} floordiv 2, {j} + {i}]",
                                f"[symbol(%n) floordiv 8, {j}]"])
        value = self.fresh("v")
        self.emit(depth, f"{value} = affine.load %{rng.choice('ABC')}[{subscript[1:-1]}] : {MEMREF}")
        return value

    def reduction_body(self, depth: int, ivs: list[str], acc: str, lines: int) -> None:
        """Exactly `lines` lines folding loads into the iter_args value."""
        current = acc
        while lines >= 2:
            value = self.load(depth, ivs)
            out = self.fresh("r")
            op = self.rng.choice(["addf", "mulf", "maximumf"])
            self.emit(depth, f"{out} = arith.{op} {current}, {value} : f64")
            current = out
            lines -= 2
        if lines:
            self.emit(depth, f"affine.store {current}, %B[{ivs[0]}, {ivs[-1]}] : {MEMREF}")
        self.last_f64 = current

    def body(self, depth: int, ivs: list[str], lines: int) -> None:
        """Exactly `lines` lines of statements using the loop variables `ivs`."""
        rng = self.rng
        values = ["%alpha", "%beta"]
        while lines > 0:
            choice = rng.random()
            if lines >= 5 and choice < 0.15:
                # affine.if with else: 5 lines
                cond = (f"#inner({ivs[-1]})[%n]" if rng.random() < 0.5
                        else f"#even({ivs[0]}, {ivs[-1]})")
                value = rng.choice(values)
                self.emit(depth, f"affine.if {cond} {{")
                self.emit(depth + 1, f"affine.store {value}, %B[{ivs[0]}, {ivs[-1]}] : {MEMREF}")
                self.emit(depth, "} else {")
                self.emit(depth + 1, f"affine.store {value}, %C[{ivs[-1]}, {ivs[0]}] : {MEMREF}")
                self.emit(depth, "}")
                lines -= 5
            elif lines >= 2 and choice < 0.30:
                # affine.apply with an alias, then a load through it
                index = self.fresh("k")
                apply = rng.choice([f"#shift({ivs[-1]})", f"#lin({ivs[0]}, {ivs[-1]})",
                                    f"#blk({ivs[0]})[%n]"])
                self.emit(depth, f"{index} = affine.apply {apply}")
                value = self.fresh("v")
                self.emit(depth, f"{value} = affine.load %A[{index} floordiv 4, {ivs[0]}] : {MEMREF}")
                values.append(value)
                lines -= 2
            elif choice < 0.55:
                values.append(self.load(depth, ivs))
                lines -= 1
            elif choice < 0.85:
                op = rng.choice(["addf", "mulf", "subf", "divf", "maximumf"])
                out = self.fresh("t")
                self.emit(depth, f"{out} = arith.{op} {rng.choice(values)}, {rng.choice(values)} : f64")
                values.append(out)
                lines -= 1
            else:
                subscript = rng.choice([f"{ivs[0]}, {ivs[-1]}", f"{ivs[-1]} + 1, {ivs[0]}",
                                        f"{ivs[0]} * 2, {ivs[-1]}"])
                self.emit(depth, f"affine.store {rng.choice(values)}, %C[{subscript}] : {MEMREF}")
                lines -= 1


MIN_NEST = 2 * 3 + 2 + 4   # up to 3 loops (open + close) plus a few body lines
MIN_FUNC = 7 + MIN_NEST


def generate(lines: int, seed: int = 0) -> str:
    """A module of `lines` lines (at least MIN_FUNC + aliases)."""
    rng = random.Random(seed * 1_000_003 + lines)
    out = list(ALIASES) + [""]
    remaining = lines - len(out)
    index = 0
    while remaining > 0:
        if remaining < 2 * MIN_FUNC + 40:
            size = remaining
        else:
            size = rng.randint(MIN_FUNC + 10, min(120, remaining - MIN_FUNC))
        out.extend(FunctionWriter(rng, index).write(max(size, MIN_FUNC)))
        remaining -= max(size, MIN_FUNC)
        index += 1
    return "\n".join(out) + "\n"


def functions_of(lines: int, opening: list[str], line_of, closing: list[str],
                 prefix: tuple = ()) -> str:
    """A module of about `lines` lines: `prefix`, then functions, each its
    `opening` lines (`{index}`: the function's number), a body of up to
    2,000 lines `line_of(number)` (number 0 starts a body) and its
    `closing` lines."""
    out = list(prefix)
    index = 0
    while len(out) < lines:
        body = max(1, min(2000, lines - len(out) - len(opening) - len(closing)))
        out += [line.format(index=index) for line in opening]
        out += [line_of(number) for number in range(body)]
        out += closing
        index += 1
    return "\n".join(out) + "\n"


def generate_constants(lines: int, seed: int = 0) -> str:
    """Functions of `arith.constant` lines alone: integers of several widths
    and signs, indexes, floats (exact and rounded, with exponents) and
    booleans, in a fixed random mix."""
    rng = random.Random(seed * 1_000_003 + lines + 1)

    def constant(number: int) -> str:
        kind = rng.random()
        if kind < 0.3:
            value, type_ = str(rng.randint(-10**6, 10**6)), rng.choice(["i32", "i64"])
        elif kind < 0.5:
            value, type_ = str(rng.randint(0, 4096)), "index"
        elif kind < 0.6:
            value, type_ = str(rng.randint(-128, 127)), rng.choice(["i8", "i16"])
        elif kind < 0.9:
            value = rng.choice([f"{rng.randint(-4000, 4000) / 8}",
                                f"{rng.uniform(-1e3, 1e3):.6e}", f"{rng.random():.4f}"])
            type_ = rng.choice(["f32", "f64"])
        else:       # a boolean's type is implied (`arith.constant true`)
            return f"  %c{number} = arith.constant {rng.choice(['true', 'false'])}"
        return f"  %c{number} = arith.constant {value} : {type_}"
    return functions_of(lines, ["func.func @constants_{index}() {{"], constant,
                        ["  return", "}", ""])


def generate_memory(lines: int, seed: int = 0) -> str:
    """Loop nests whose bodies are `affine.load` and `affine.store` lines
    alone, with affine subscripts of the loops' variables."""
    rng = random.Random(seed * 1_000_003 + lines + 2)
    loaded: list[str] = []

    def access(number: int) -> str:
        if number == 0:
            loaded.clear()
        subscript = rng.choice(["%i, %j", "%j, %i", "%i + 1, %j", "%i, %j * 2 + 1",
                                "%i floordiv 2, %j + %i", "symbol(%n) floordiv 8, %j"])
        memref = rng.choice("AB")
        if loaded and rng.random() < 0.4:
            return f"      affine.store {rng.choice(loaded)}, %{memref}[{subscript}] : {MEMREF}"
        loaded.append(f"%v{number}")
        return f"      %v{number} = affine.load %{memref}[{subscript}] : {MEMREF}"
    return functions_of(lines, [f"func.func @memory_{{index}}(%A: {MEMREF}, %B: {MEMREF}, "
                                "%n: index) {{", "  affine.for %i = 0 to 32 {{",
                                "    affine.for %j = 0 to 16 {{"],
                        access, ["    }", "  }", "  return", "}", ""])


APPLY_ALIASES = [
    "#next = affine_map<(d0) -> (d0 + 1)>",
    "#mix = affine_map<(d0, d1) -> (d0 * 2 + d1)>",
    "#tile = affine_map<(d0)[s0] -> (d0 floordiv 4 + s0)>",
    "#wrap = affine_map<(d0, d1)[s0] -> ((d0 + d1) mod 64 + s0 * 3)>",
]


def generate_apply(lines: int, seed: int = 0) -> str:
    """Chains of `affine.apply` through `#map` aliases, each applying a map
    to the loop's variable and to results before it."""
    rng = random.Random(seed * 1_000_003 + lines + 3)
    values: list[str] = []

    def apply(number: int) -> str:
        if number == 0:
            values[:] = ["%i"]
        recent = values[-8:]
        a, b = rng.choice(recent), rng.choice(recent)
        applied = rng.choice([f"#next({a})", f"#mix({a}, {b})", f"#tile({a})[%n]",
                              f"#wrap({a}, {b})[%n]"])
        values.append(f"%k{number}")
        return f"    %k{number} = affine.apply {applied}"
    return functions_of(lines, ["func.func @apply_{index}(%n: index) {{",
                                "  affine.for %i = 0 to 32 {{"],
                        apply, ["  }", "  return", "}", ""], prefix=(*APPLY_ALIASES, ""))


# The files of `--kinds`: the mixed file and each kind of op alone.
GENERATORS = {"mixed": generate, "constants": generate_constants,
              "memory": generate_memory, "apply": generate_apply}


def find_pyaffine_opt() -> list[str]:
    """The console script installed with this interpreter: a PATH lookup may
    find a version manager's shim (pyenv's costs ~0.1 s per run), which would
    be timed as if it were start-up of the tool."""
    script = console_script("pyaffine-opt")
    return [script] if script else [sys.executable, "-m", "mlir_affine_py.opt_main"]


# The tools' environment: with their bytecode written and used.
CHILD_ENV = {name: value for name, value in os.environ.items()
             if name != "PYTHONDONTWRITEBYTECODE"}


def run_measured(command: list[str], workdir: Path) -> tuple[float, float, int, int, str]:
    """(wall seconds, CPU seconds, peak RSS in bytes, exit code, stderr) of
    one process."""
    err_path = workdir / "stderr.txt"
    with open(err_path, "wb") as err:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdin=subprocess.DEVNULL, env=CHILD_ENV,
                                   stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    # ru_maxrss is in KiB on Linux and in bytes on macOS.
    rss = usage.ru_maxrss if platform.system() == "Darwin" else usage.ru_maxrss * 1024
    cpu = usage.ru_utime + usage.ru_stime
    return elapsed, cpu, rss, process.returncode, err_path.read_text(errors="replace")


def count_instructions(command: list[str], valgrind: str) -> int:
    """The instructions one whole process executes, as cachegrind counts
    them (without its cache simulation, which the count does not need)."""
    done = subprocess.run([valgrind, "--tool=cachegrind", "--cache-sim=no",
                           "--cachegrind-out-file=/dev/null", *command],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True,
                          env=dict(CHILD_ENV, PYTHONHASHSEED="0"))
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or found is None:
        sys.exit(f"error: `{' '.join(command)}` under valgrind failed:\n{done.stderr[-3000:]}")
    return int(found.group(1).replace(",", ""))


def verify(path: Path, pyaffine: list[str], mlir_opt: str, workdir: Path,
           passes: tuple = ()) -> bool:
    """Whether both tools print `path` alike (after `passes`); without
    passes a difference is an error."""
    ours, theirs = workdir / "verify.py.mlir", workdir / "verify.ref.mlir"
    for command, out in ((pyaffine + [*passes, str(path), "-o", str(ours)], ours),
                         ([mlir_opt, *passes, str(path), "-o", str(theirs)], theirs)):
        done = subprocess.run(command, capture_output=True, text=True, env=CHILD_ENV)
        if done.returncode != 0:
            sys.exit(f"error: `{' '.join(command)}` failed on the generated input:\n"
                     f"{done.stderr[-3000:]}")
    a, b = theirs.read_text(), ours.read_text()
    if a != b:
        lines = list(difflib.unified_diff(a.splitlines(True), b.splitlines(True),
                                          "mlir-opt", "pyaffine-opt", n=1))
        diff = "".join(lines[:60])
        if not passes:
            sys.exit(f"error: pyaffine-opt and mlir-opt print {path.name} differently:\n{diff}")
        # The passes' outputs may differ in details (the order of constants);
        # the times still compare the same work, said with the figure.
        hunks = sum(line.startswith("@@") for line in lines)
        print(f"warning: after {' '.join(passes)}, {path.name} prints differently in "
              f"{hunks} places:\n{diff}", file=sys.stderr)
        return False
    return True


def measure(tools: list, arguments: list[str], repeat: int, workdir: Path) -> list[dict]:
    """One row per (name, command) of `tools`.  The tools take turns, so
    that a machine whose load changes during the runs weighs on each alike."""
    runs = {name: [] for name, _ in tools}
    for _ in range(repeat):
        for name, command in tools:
            elapsed, cpu, rss, code, err = run_measured(command + arguments, workdir)
            if code != 0:
                sys.exit(f"error: `{' '.join(command + arguments)}` exited with {code}:\n"
                         f"{err[-3000:]}")
            runs[name].append((elapsed, cpu, rss))
    return [{"tool": name, "median": statistics.median(r[0] for r in runs[name]),
             "min": min(r[0] for r in runs[name]),
             "cpu": statistics.median(r[1] for r in runs[name]),
             "rss": max(r[2] for r in runs[name])} for name, _ in tools]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, nargs="+", default=list(DEFAULT_LINES),
                        help="sizes of the generated files (default: %(default)s)")
    parser.add_argument("--repeat", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--seed", type=int, default=0, help="generator seed")
    parser.add_argument("--no-mlir-opt", action="store_true",
                        help="neither verify against nor time mlir-opt")
    parser.add_argument("--keep", metavar="DIR", help="write the generated files to DIR and keep them")
    parser.add_argument("--baseline", metavar="PYAFFINE_OPT",
                        help="another pyaffine-opt to time in the same turns (its rows: "
                             "'baseline'; pyaffine-opt's CPU time over its is reported)")
    parser.add_argument("--instructions", action="store_true",
                        help="also count each tool's instructions in one run (valgrind)")
    parser.add_argument("--kinds", nargs="+", choices=list(GENERATORS), default=list(GENERATORS),
                        help="the files of each size: the mixed one and single-op-kind ones "
                             "(default: %(default)s)")
    parser.add_argument("--passes", default="", metavar='"-PASS ..."',
                        help="passes both tools run between parse and print, "
                             "given as one argument: --passes=\"-canonicalize -cse\"")
    parser.add_argument("--pyaffine-opt", metavar="PYAFFINE_OPT", dest="tool",
                        help="the pyaffine-opt to time (default: the console script "
                             "installed with this interpreter)")
    args = parser.parse_args(argv)
    valgrind = shutil.which("valgrind") if args.instructions else None
    if args.instructions and valgrind is None:
        parser.error("--instructions needs valgrind on PATH")

    passes = tuple(args.passes.split())
    pyaffine = [args.tool] if args.tool else find_pyaffine_opt()
    mlir_opt = None if args.no_mlir_opt else find_mlir_tool("mlir-opt")
    tools = [("pyaffine-opt", pyaffine)] + ([("mlir-opt", [mlir_opt])] if mlir_opt else [])
    if args.baseline:
        tools.insert(1, ("baseline", [args.baseline]))
    if mlir_opt is None and not args.no_mlir_opt:
        print("note: mlir-opt not found; the generated input is not verified and only "
              "pyaffine-opt is timed", file=sys.stderr)

    with tempfile.TemporaryDirectory(prefix="pyaffine-bench-") as tmp:
        workdir = Path(tmp)
        inputs_dir = Path(args.keep) if args.keep else workdir
        inputs_dir.mkdir(parents=True, exist_ok=True)
        files = [("startup", STARTUP_LINES)] + [(kind, size) for kind in args.kinds
                                                 for size in sorted(set(args.lines))]
        rows = []
        for kind, size in files:
            stem = "" if kind == "mixed" else f"{kind}-"
            path = inputs_dir / f"bench-{stem}{size}.mlir"
            text = (generate_startup() if kind == "startup"
                    else GENERATORS[kind](size, args.seed))
            path.write_text(text)
            actual = text.count("\n")
            if mlir_opt:
                if all([verify(path, command, mlir_opt, workdir, passes)
                        for _, command in tools[:-1]]):
                    print(f"verified: {path.name} ({actual} lines) prints identically"
                          + (f" after {' '.join(passes)}" if passes else ""), file=sys.stderr)
            arguments = [*passes, str(path), "-o", str(workdir / "out.mlir")]
            for _, command in tools:            # bytecode written, caches warm
                run_measured(command + arguments, workdir)
            label = {"startup": "start-up", "mixed": f"{size} lines"}.get(
                kind, f"{kind} {size} lines")
            results = measure(tools, arguments, args.repeat, workdir)
            for result, (_, command) in zip(results, tools):
                result["instructions"] = (count_instructions(command + arguments, valgrind)
                                          if valgrind else None)
            for result in results:
                reference = [r for r in results if r["tool"] == "mlir-opt"]
                baseline = [r for r in results if r["tool"] == "baseline"]
                result.update(lines=actual, label=label,
                              reference=reference[0] if reference else None,
                              baseline=baseline[0] if baseline else None)
                rows.append(result)
                print(f"  {label:>14}  {result['tool']:<12} {result['median']:.3f} s",
                      file=sys.stderr)

    run = f"TOOL {' '.join(passes)} FILE -o OUT" if passes else "TOOL FILE -o OUT"
    print(f"\nMedian of {args.repeat} whole-process runs (`{run}`), the tools "
          f"taking turns; Python {platform.python_version()}, {platform.machine()}.  CPU is "
          f"user + system time; `x mlir-opt` is the median time over mlir-opt's (wall, "
          f"then CPU).\n")
    extra = " CPU x baseline |" if args.baseline else ""
    print("| input | lines | tool | median s | min s | CPU s | lines/s | peak RSS MiB "
          "| x mlir-opt | CPU x mlir-opt |" + extra)
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if extra else ""))
    for row in rows:
        rate = row["lines"] / row["median"]
        reference, baseline = row["reference"], row["baseline"]
        ratio = f"{row['median'] / reference['median']:.2f}" if reference else "-"
        cpu_ratio = f"{row['cpu'] / reference['cpu']:.2f}" if reference else "-"
        versus = (f" {row['cpu'] / baseline['cpu']:.3f} |" if baseline else " - |") if extra else ""
        print(f"| {row['label']} | {row['lines']} | {row['tool']} | {row['median']:.3f} | "
              f"{row['min']:.3f} | {row['cpu']:.3f} | {rate:,.0f} | {row['rss'] / 2**20:.1f} | "
              f"{ratio} | {cpu_ratio} |{versus}")
    if valgrind:
        print_instructions(rows, bool(args.baseline))
    return 0


def print_instructions(rows: list[dict], with_baseline: bool) -> None:
    """The instruction counts of `--instructions`, with their ratios."""
    print("\nInstructions of one whole run (valgrind --tool=cachegrind, PYTHONHASHSEED=0); "
          "`- start-up` subtracts the start-up run's count of the same tool.\n")
    extra = " x baseline | x baseline - start-up |" if with_baseline else ""
    print("| input | tool | instructions M | x mlir-opt |" + extra)
    print("|---|---|---:|---:|" + ("---:|---:|" if with_baseline else ""))
    startup = {row["tool"]: row["instructions"] for row in rows if row["label"] == "start-up"}
    for row in rows:
        count, reference, baseline = row["instructions"], row["reference"], row["baseline"]
        ratio = f"{count / reference['instructions']:.3f}" if reference else "-"
        versus = ""
        if with_baseline:
            versus = " - | - |"
            if baseline:
                net = "-"
                if row["label"] != "start-up":
                    net = ((count - startup[row["tool"]])
                           / (baseline["instructions"] - startup["baseline"]))
                    net = f"{net:.3f}"
                versus = f" {count / baseline['instructions']:.3f} | {net} |"
        print(f"| {row['label']} | {row['tool']} | {count / 1e6:,.1f} | {ratio} |{versus}")


def generate_startup() -> str:
    """A 20-line file: one small loop nest."""
    text = f"""#shift = affine_map<(d0) -> (d0 + 1)>
func.func @startup(%A: {MEMREF}, %B: {MEMREF}) {{
  %alpha = arith.constant 1.5 : f64
  affine.for %i = 0 to 32 {{
    affine.for %j = 0 to 16 {{
      %k = affine.apply #shift(%j)
      %a = affine.load %A[%i, %k] : {MEMREF}
      %b = affine.load %B[%k, %i] : {MEMREF}
      %m = arith.mulf %a, %alpha : f64
      %s = arith.addf %m, %b : f64
      affine.if affine_set<(d0) : (d0 - 1 >= 0)>(%j) {{
        affine.store %s, %B[%i, %j] : {MEMREF}
      }} else {{
        affine.store %m, %A[%i, %j] : {MEMREF}
      }}
    }}
  }}
  return
}}

"""
    assert text.count("\n") == STARTUP_LINES, text.count("\n")
    return text


if __name__ == "__main__":
    sys.exit(main())
