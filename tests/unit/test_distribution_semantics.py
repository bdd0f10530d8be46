"""Distribution by dependence components, inner bands and exact mod
dependences keep the meaning of a nest.

Random loop trees (a loop holds one to three parts: runs of statements or
further loops, up to three levels deep) read and write two shared arrays
through subscripts shifted by small constants, some through `mod`, so that
some parts depend on each other in one direction, some in both (a cycle
that must stay in one loop) and some not at all.  Each function runs in the
reference interpreter before and after -affine-loop-interchange on the same
random inputs; the memrefs must end bit-identical.  Where mlir-opt is
installed, it must accept the output.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import oracle
from mlir_affine_py.interpreter import random_arguments, run_function
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.passes import drain_remarks
from mlir_affine_py.printer.printer import Printer
from mlir_affine_py.transforms.loop_interchange import run_affine_loop_interchange
from support import MLIR_OPT

SIZE = 12
TYPE_A = f"memref<{SIZE}x{SIZE}xf64>"
TYPE_B = f"memref<{SIZE}xf64>"


@st.composite
def loop_trees(draw):
    names = iter(range(1000))
    lines = [f"func.func @tree(%A: {TYPE_A}, %B: {TYPE_B}) {{",
             "  %c = arith.constant 1.5 : f64"]

    def subscript(ivs):
        iv = draw(st.sampled_from(ivs))
        shift = draw(st.integers(-1, 1))
        text = f"{iv} + {shift + 1}" if shift else f"{iv} + 1"
        if draw(st.integers(0, 4)) == 0:
            return f"({text}) mod 3"
        return text

    def access(ivs):
        if draw(st.booleans()):
            return f"%A[{subscript(ivs)}, {subscript(ivs)}] : {TYPE_A}"
        return f"%B[{subscript(ivs)}] : {TYPE_B}"

    def statements(pad, ivs):
        out = []
        for _ in range(draw(st.integers(1, 2))):
            k = next(names)
            out += [f"{pad}%v{k} = affine.load {access(ivs)}",
                    f"{pad}%w{k} = arith.addf %v{k}, %c : f64",
                    f"{pad}affine.store %w{k}, {access(ivs)}"]
        return out

    def loop(level, ivs, pad):
        iv = f"%i{next(names)}"
        trip = draw(st.integers(2, SIZE - 2))
        out = [f"{pad}affine.for {iv} = 0 to {trip} {{"]
        inner = ivs + [iv]
        parts = draw(st.integers(1, 3)) if level < 2 else 1
        for _ in range(parts):
            if level < 2 and draw(st.booleans()):
                out += loop(level + 1, inner, pad + "  ")
            else:
                out += statements(pad + "  ", inner)
        out.append(pad + "}")
        return out

    lines += loop(0, [], "  ")
    lines += ["  return", "}"]
    return "\n".join(lines) + "\n"


def _outcomes(text: str):
    before = parse_source(text)
    after = parse_source(text)
    run_affine_loop_interchange(after, {"remarks": "true"})
    drain_remarks()
    args = random_arguments(next(op for op in before.walk() if op.op_name == "func.func"), 0)
    before_args = [a.copy() for a in args]
    after_args = [a.copy() for a in args]
    run_function(before, "tree", before_args)
    run_function(after, "tree", after_args)
    return before_args, after_args, Printer().print_module(after)


@pytest.mark.slow
@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(loop_trees())
def test_random_loop_trees_keep_their_meaning(text):
    before, after, printed = _outcomes(text)
    for index, (b, a) in enumerate(zip(before, after)):
        assert b.tobytes() == a.tobytes(), f"argument {index} differs after the pass:\n{text}\n{printed}"
    if MLIR_OPT is not None:
        checked = oracle.run([MLIR_OPT, "-"], input=printed, capture_output=True, text=True,
                                 timeout=60)
        assert checked.returncode == 0, checked.stderr


def test_the_generator_reaches_partial_distribution():
    """The behaviours this file guards, on one tree: a loop split in part
    only (a cycle between its first two parts, carried through B), and a
    band with mod subscripts split off and interchanged."""
    text = f"""func.func @tree(%A: {TYPE_A}, %B: {TYPE_B}, %C: memref<3x12xf64>) {{
  %c = arith.constant 1.5 : f64
  affine.for %i0 = 0 to 10 {{
    affine.for %i1 = 0 to 10 {{
      %v0 = affine.load %B[%i0 + 0] : {TYPE_B}
      %w0 = arith.addf %v0, %c : f64
      affine.store %w0, %A[%i1 + 1, %i0 + 1] : {TYPE_A}
    }}
    %v1 = affine.load %A[%i0 + 1, %i0 + 1] : {TYPE_A}
    %w1 = arith.addf %v1, %c : f64
    affine.store %w1, %B[%i0 + 1] : {TYPE_B}
    affine.for %i2 = 0 to 10 {{
      affine.for %i3 = 0 to 10 {{
        %v2 = affine.load %C[(%i3 + 1) mod 3, %i2 + 1] : memref<3x12xf64>
        %w2 = arith.addf %v2, %c : f64
        affine.store %w2, %C[(%i3 + 1) mod 3, %i2 + 1] : memref<3x12xf64>
      }}
    }}
  }}
  return
}}
"""
    module = parse_source(text)
    run_affine_loop_interchange(module, {"remarks": "true"})
    messages = [r.message for r in drain_remarks()]
    assert any("is distributed in part only" in m for m in messages), messages
    assert any(m.startswith("affine-loop-interchange: distributed an imperfect nest into 2 nests")
               for m in messages), messages
    assert any("chose order" in m for m in messages), messages
    before, after, printed = _outcomes(text)
    for b, a in zip(before, after):
        assert b.tobytes() == a.tobytes(), printed


def test_components_and_their_order():
    from mlir_affine_py.transforms.loop_distribution import (
        strongly_connected_components,
        topological_order,
    )
    # 0 -> 1 -> 2 -> 1 (a cycle), 3 -> 0, 4 alone.
    edges = {0: {1}, 1: {2}, 2: {1}, 3: {0}, 4: set()}
    components = strongly_connected_components(5, edges)
    assert sorted(components) == [[0], [1, 2], [3], [4]]
    # 3 must precede 0, which precedes the cycle; among the components ready
    # to go, the one holding the earliest written part goes first.
    assert topological_order(components, edges) == [[3], [0], [1, 2], [4]]
    # Independent parts keep their written order.
    free = {0: set(), 1: set(), 2: set()}
    assert topological_order(strongly_connected_components(3, free), free) == [[0], [1], [2]]
