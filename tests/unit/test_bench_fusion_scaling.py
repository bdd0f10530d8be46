"""tools/bench_fusion_scaling.py: its generated chains are programs the pass
decides legally and keeps the meaning of, and both timed decisions run.
Never timings."""

from __future__ import annotations

import sys

import numpy as np
import pytest

from support import REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools"))

import bench_fusion_scaling as scaling  # noqa: E402

# Whole benchmark runs with the live mlir-opt and mlir-runner: the full run.
pytestmark = [pytest.mark.slow, pytest.mark.oracle]


def test_a_chain_is_fused_legally_and_keeps_its_meaning():
    from mlir_affine_py.interpreter import random_arguments, run_function
    from mlir_affine_py.parse.parser import parse_source
    from mlir_affine_py.printer.printer import Printer
    from mlir_affine_py.transforms.permute_and_fuse import AffinePermuteAndFuse
    text = scaling.chain_program(8).replace(str(scaling.N), "12")
    module = parse_source(text)
    AffinePermuteAndFuse().run_on_operation(module)
    out = Printer().print_module(module)
    assert out.count("affine.for") < text.count("affine.for")     # some nests fused
    results = []
    for program in (text, out):
        m = parse_source(program)
        func = next(op for op in m.walk() if op.op_name == "func.func")
        args = random_arguments(func, 3)
        run_function(m, "chain", args)
        results.append([a.tobytes() for a in args if isinstance(a, np.ndarray)])
    assert results[0] == results[1]


def test_both_decisions_run_in_a_child():
    for target in (scaling._time_pass, scaling._time_isl):
        seconds, note = scaling.measure(target, 6, 120)
        assert seconds is not None and seconds > 0, note
