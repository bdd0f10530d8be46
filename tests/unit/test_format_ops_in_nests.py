"""-affine-loop-interchange with the ops declared by their assembly format
in its nests: a pure op (math.atan, math.expm1, ...) moves with the loads
and stores around it, and the reference interpreter computes the same
memrefs before and after; an op that reads or writes memory
(vector.transfer_read/write, memref.copy, bufferization.clone,
linalg.fill on a buffer) makes the pass leave its nest as it is, with a
remark naming the op.  Both follow from the ops' traits."""

from __future__ import annotations

import numpy as np
import pytest

from mlir_affine_py.interpreter import random_arguments, run_function
from mlir_affine_py.ir.traits import is_memory_effect_free
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.passes import drain_remarks
from mlir_affine_py.printer.printer import Printer
from mlir_affine_py.transforms.loop_interchange import run_affine_loop_interchange

PURE_NEST = """
func.func @pure(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {
  affine.for %i = 0 to 64 {
    affine.for %j = 0 to 64 {
      %v = affine.load %A[%j, %i] : memref<64x64xf32>
      %a = math.atan %v : f32
      %e = math.expm1 %a fastmath<fast> : f32
      %l = math.log1p %e : f32
      %r = arith.mulf %l, %e : f32
      affine.store %r, %B[%j, %i] : memref<64x64xf32>
    }
  }
  return
}
"""


def _interchanged(text: str):
    module = parse_source(text)
    run_affine_loop_interchange(module, {"remarks": "true"})
    return module, drain_remarks()


def test_pure_ops_of_new_dialects_move_with_their_nest():
    before = parse_source(PURE_NEST)
    after, remarks = _interchanged(PURE_NEST)
    assert any("chose order (1, 0)" in str(r) for r in remarks), remarks
    for seed in range(3):
        func = next(op for op in before.walk() if op.op_name == "func.func")
        args = random_arguments(func, seed)
        args_before = [a.copy() for a in args]
        args_after = [a.copy() for a in args]
        run_function(before, "pure", args_before)
        run_function(after, "pure", args_after)
        assert args_before[1].tobytes() == args_after[1].tobytes()
        assert not np.array_equal(args_before[1], np.zeros_like(args_before[1]))


_EFFECT_NESTS = {
    "vector.transfer_read": """
      %v = vector.transfer_read %A[%j, %i], %cst : memref<64x64xf32>, vector<4xf32>
      vector.transfer_write %v, %B[%j, %i] : vector<4xf32>, memref<64x64xf32>""",
    "vector.transfer_write": """
      %v = vector.broadcast %cst : f32 to vector<4xf32>
      vector.transfer_write %v, %B[%j, %i] : vector<4xf32>, memref<64x64xf32>""",
    "memref.copy": """
      memref.copy %A, %B : memref<64x64xf32> to memref<64x64xf32>""",
    "bufferization.clone": """
      %c = bufferization.clone %A : memref<64x64xf32> to memref<64x64xf32>""",
    "linalg.fill": """
      linalg.fill ins(%cst : f32) outs(%B : memref<64x64xf32>)""",
}


# What the remark says of each op: the effects it declares (linalg.fill's
# from its operands: it writes the buffer it fills and reads nothing).
_EFFECTS_SAID = {
    "vector.transfer_read": "reads memory the dependence analysis does not model",
    "vector.transfer_write": "writes memory the dependence analysis does not model",
    "memref.copy": "reads and writes memory the dependence analysis does not model",
    "bufferization.clone": "reads, writes and allocates memory the dependence analysis does not model",
    "linalg.fill": "writes memory the dependence analysis does not model",
}


@pytest.mark.parametrize("op_name", sorted(_EFFECT_NESTS))
def test_an_op_with_memory_effects_keeps_its_nest_as_it_is(op_name):
    text = f"""
func.func @f(%A: memref<64x64xf32>, %B: memref<64x64xf32>) {{
  %cst = arith.constant 0.0 : f32
  affine.for %i = 0 to 64 {{
    affine.for %j = 0 to 64 {{
      %x = affine.load %A[%j, %i] : memref<64x64xf32>
      affine.store %x, %B[%j, %i] : memref<64x64xf32>{_EFFECT_NESTS[op_name]}
    }}
  }}
  return
}}
"""
    original = Printer().print_module(parse_source(text))
    module, remarks = _interchanged(text)
    assert Printer().print_module(module) == original
    said = f"nest left as it is: op '{op_name}' {_EFFECTS_SAID[op_name]}"
    assert any(said in str(r) for r in remarks), remarks
    op = next(op for op in module.walk() if op.op_name == op_name)
    assert not is_memory_effect_free(op)


def test_the_pure_ops_of_the_new_dialects_say_so_by_their_traits():
    module = parse_source(PURE_NEST.replace("%r = arith.mulf %l, %e : f32", """%r = arith.mulf %l, %e : f32
      %s, %c = math.sincos %l : f32
      %k = index.add %i, %j
      %t = tensor.from_elements %r : tensor<1xf32>"""))
    for name in ("math.atan", "math.expm1", "math.sincos", "index.add", "tensor.from_elements"):
        op = next(op for op in module.walk() if op.op_name == name)
        assert is_memory_effect_free(op), name


# A store through a view of %A and a load of %A itself, one iteration of
# %i apart and one of %j back: distance (1, -1), so (j, i) is illegal,
# though the column-major accesses make it the cheaper order.
_VIEWED_NEST = """
func.func @f(%A: memref<64x64xf32>) {{
  {view}
  affine.for %i = 1 to 63 {{
    affine.for %j = 1 to 63 {{
      %v = affine.load %A[%j + 1, %i - 1] : memref<64x64xf32>
      affine.store %v, %W[%j, %i] : {view_type}
    }}
  }}
  return
}}
"""


@pytest.mark.parametrize("view, view_type", [
    ("%W = memref.distinct_objects %A : memref<64x64xf32>", "memref<64x64xf32>"),
    ("%W = memref.memory_space_cast %A : memref<64x64xf32> to memref<64x64xf32, 1>",
     "memref<64x64xf32, 1>"),
], ids=["distinct_objects", "memory_space_cast"])
def test_an_access_through_a_view_depends_on_the_viewed_memref(view, view_type):
    """memref.distinct_objects gives each operand back as its result, and
    memref.memory_space_cast is a view: the dependence analysis follows
    both to %A (`memref_root`), so the pass keeps the legal order."""
    text = _VIEWED_NEST.format(view=view, view_type=view_type)
    original = Printer().print_module(parse_source(text))
    module, remarks = _interchanged(text)
    assert Printer().print_module(module) == original, remarks
    assert not any("chose order (1, 0)" in str(r) for r in remarks), remarks
    # The same nest on two memrefs that do not alias is interchanged.
    apart, remarks = _interchanged(text.replace(view, view.replace("%A", "%B")).replace(
        "%A: memref<64x64xf32>", "%A: memref<64x64xf32>, %B: memref<64x64xf32>"))
    assert any("chose order (1, 0)" in str(r) for r in remarks), remarks
