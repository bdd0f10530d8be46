"""Fuzzing -affine-loop-interchange through the driver.

Random valid affine functions (loop nests 1-5 deep with constant, symbolic
and min/max bounds, steps, affine subscripts with mod and floordiv,
iter_args reductions, affine.if guards, imperfect nests) go through
`pyaffine-opt -affine-loop-interchange` in a worker process.  The run must
succeed, its output must parse again (and print the same when parsed
again), and the reference interpreter must compute bit-identical memrefs
and results with the input and the output on the same random arguments.
Seeded and bounded (at most 20 s).
"""

from __future__ import annotations

import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import fuzzing
from mlir_affine_py.interpreter import random_arguments, run_function
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.printer.printer import Printer

SIZE = 24           # every memref dimension; subscripts stay below it
N = 4               # the value of the index argument %n


@st.composite
def functions(draw):
    """MLIR text of `@fuzz(%A, %B, %n) -> f64` with a random loop nest."""
    depth = draw(st.integers(1, 5))
    lines = [f"func.func @fuzz(%A: memref<{SIZE}x{SIZE}xf64>, %B: memref<{SIZE}xf64>, "
             "%n: index) -> f64 {",
             "  %zero = arith.constant 0.0 : f64",
             "  %c = arith.constant 1.25 : f64"]
    ivs: list[str] = []
    closers: list[str] = []
    carried = draw(st.integers(0, 3)) == 0
    names = iter(range(10_000))

    def subscript():
        """An affine expression of the ivs, in [0, SIZE)."""
        if ivs and draw(st.booleans()):
            return draw(st.sampled_from(ivs))    # plain ivs: the cost model's favourite case
        terms = []
        for iv in draw(st.lists(st.sampled_from(ivs), max_size=2)) if ivs else []:
            coefficient = draw(st.sampled_from([1, 1, 2]))
            terms.append(iv if coefficient == 1 else f"{iv} * {coefficient}")
        constant = draw(st.integers(0, 3))
        text = " + ".join(terms + [str(constant)])
        wrap = draw(st.sampled_from([None, None, "mod", "floordiv"]))
        if wrap == "mod":
            return f"({text}) mod {draw(st.integers(2, 7))}"
        if wrap == "floordiv":
            return f"({text}) floordiv {draw(st.integers(1, 3))}"
        return text     # at most 2 * 5 + 2 * 5 + 3 < SIZE

    def statements(pad: str) -> list[str]:
        out = []
        for _ in range(draw(st.integers(1, 2))):
            k = next(names)
            load = (f"%A[{subscript()}, {subscript()}] : memref<{SIZE}x{SIZE}xf64>"
                    if draw(st.booleans()) else f"%B[{subscript()}] : memref<{SIZE}xf64>")
            store = (f"%A[{subscript()}, {subscript()}] : memref<{SIZE}x{SIZE}xf64>"
                     if draw(st.booleans()) else f"%B[{subscript()}] : memref<{SIZE}xf64>")
            if len(ivs) >= 2 and draw(st.booleans()):
                # Column order (the inner iv indexes rows): interchange pays off.
                inner, outer = ivs[-1 - draw(st.integers(0, len(ivs) - 2))], ivs[0]
                load = store = f"%A[{inner}, {outer}] : memref<{SIZE}x{SIZE}xf64>"
            body = [f"%v{k} = affine.load {load}", f"%w{k} = arith.addf %v{k}, %c : f64",
                    f"affine.store %w{k}, {store}"]
            if ivs and draw(st.integers(0, 5)) == 0:
                a, b = draw(st.sampled_from(ivs)), draw(st.sampled_from(ivs))
                out.append(f"{pad}affine.if affine_set<(d0, d1)[s0] : (d0 - d1 >= 0, "
                           f"s0 - d0 - 1 >= 0)>({a}, {b})[%n] {{")
                out += [pad + "  " + line for line in body]
                out.append(pad + "}")
            else:
                out += [pad + line for line in body]
        return out

    for level in range(depth):
        pad = "  " * (level + 1)
        iv = f"%i{level}"
        lower = draw(st.integers(0, 2))
        # Symbolic bounds look long to the cost model (so loops do get
        # interchanged) but run N times.
        kind = draw(st.sampled_from(["symbol", "symbol", "symbol", "const", "min", "max"]))
        if kind == "const":
            bounds = f"{lower} to {lower + draw(st.integers(1, 3))}"
        elif kind == "symbol":
            bounds = f"{lower} to %n"
        elif kind == "min" and ivs:
            bounds = (f"{lower} to min affine_map<(d0)[s0] -> (d0 + 2, s0, 5)>"
                      f"({draw(st.sampled_from(ivs))})[%n]")
        else:
            bounds = f"max affine_map<()[s0] -> (0, s0 - 3)>()[%n] to {lower + 3}"
        step = draw(st.sampled_from([1, 1, 1, 2, 3]))
        step_text = f" step {step}" if step > 1 else ""
        if draw(st.integers(0, 5)) == 0 and level:
            lines += statements(pad)       # an imperfect nest
        if carried and level == 0:
            lines.append(f"{pad}%sum = affine.for {iv} = {bounds}{step_text} "
                         "iter_args(%acc = %zero) -> (f64) {")
        else:
            lines.append(f"{pad}affine.for {iv} = {bounds}{step_text} {{")
        ivs.append(iv)
        closers.append(pad + "}")
    pad = "  " * (depth + 1)
    lines += statements(pad)
    for level in reversed(range(depth)):
        if carried and level == 0:
            inner = "  " * (level + 2)
            lines.append(f"{inner}%x = affine.load %B[{ivs[0]} + 1] : memref<{SIZE}xf64>")
            lines.append(f"{inner}%next = arith.addf %acc, %x : f64")
            lines.append(f"{inner}affine.yield %next : f64")
        lines.append(closers[level])
    lines.append("  return " + ("%sum" if carried else "%zero") + " : f64")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _outcome(text: str, seed_value: int):
    module = parse_source(text)
    func = next(op for op in module.walk() if op.op_name == "func.func")
    args = random_arguments(func, seed_value, index_value=N)
    results = run_function(module, "fuzz", args)
    return [a.tobytes() if isinstance(a, np.ndarray) else a for a in args], list(results)


@pytest.mark.slow
def test_interchange_keeps_meaning(runner):
    started = time.monotonic()
    tried = []

    @seed(99)
    @settings(max_examples=120, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(functions(), st.sampled_from(["", "cache-line-size=8", "parallelism-weight=0"]))
    def run_one(text, options):
        if time.monotonic() - started > 20:
            return
        flag = "-affine-loop-interchange" + (f"={options}" if options else "")
        code, out, err, seconds, path = runner.run([flag], text.encode())
        assert code == 0, f"exit {code}: {err}\ninput:\n{text}"
        assert fuzzing.judge(code, out, err, seconds, path, limit=fuzzing.HANG_LIMIT) is None
        reparsed = Printer().print_module(parse_source(out)) + "\n"
        assert reparsed == out, f"output does not print back the same\ninput:\n{text}"
        for seed_value in (0, 1):
            before = _outcome(text, seed_value)
            after = _outcome(out, seed_value)
            assert before == after, f"results differ (seed {seed_value})\ninput:\n{text}\n" \
                                    f"output:\n{out}"
        plain = Printer().print_module(parse_source(text)) + "\n"
        tried.append(out != plain)

    run_one()
    assert len(tried) >= 20, f"only {len(tried)} functions tried"
    assert sum(tried) >= 5, f"the pass changed only {sum(tried)} of {len(tried)} functions"
