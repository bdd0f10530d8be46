"""Traits are declared by every registered op and asked of the op: the
declarations, what they imply, the memory effects they give, and that no
pass, analysis, verifier or interpreter code keeps lists of op names."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import mlir_affine_py
from mlir_affine_py.analysis.affine_access import is_recomputable
from mlir_affine_py.ir import traits as tr
from mlir_affine_py.ir.core import OP_CLASSES, Operation
from mlir_affine_py.parse.parser import parse_source

PACKAGE = Path(mlir_affine_py.__file__).parent


@pytest.mark.parametrize("name", sorted(OP_CLASSES))
def test_every_registered_op_declares_its_traits(name):
    cls = OP_CLASSES[name]
    assert cls.declares_traits, f"{name} does not declare its traits"
    for trait in cls.traits:
        # A trait is a Trait class, or an instance of one that carries
        # parameters (MemoryEffects' effects, HasParent's parents, the
        # terminator SingleBlockImplicitTerminator names).
        assert isinstance(trait, tr.Trait) or (
            isinstance(trait, type) and issubclass(trait, tr.Trait)), (name, trait)


def test_traits_are_not_inherited_silently():
    class Base(Operation):
        traits = (tr.Pure,)

    class Derived(Base):
        pass

    assert Base.has_trait(tr.Pure) and not Derived.has_trait(tr.Pure)
    assert Base.declares_traits and not Derived.declares_traits
    assert not Operation.has_trait(tr.Pure)


def test_implied_traits_and_derived_flags():
    assert OP_CLASSES["arith.addi"].has_trait(tr.NoMemoryEffect)
    assert OP_CLASSES["arith.addi"].has_trait(tr.AlwaysSpeculatable)
    assert not OP_CLASSES["arith.divsi"].has_trait(tr.AlwaysSpeculatable)
    assert OP_CLASSES["affine.for"].has_trait(tr.SingleBlock)
    assert OP_CLASSES["func.func"].has_trait(tr.Symbol)
    terminators = {name for name, cls in OP_CLASSES.items() if cls.is_terminator}
    assert terminators == {name for name, cls in OP_CLASSES.items()
                           if cls.has_trait(tr.Terminator)}
    assert {"affine.yield", "func.return", "scf.yield", "scf.condition"} <= terminators
    assert OP_CLASSES["func.func"].isolated_from_above
    assert not OP_CLASSES["affine.for"].isolated_from_above


TEXT = """
func.func @f(%A: memref<8xf32>, %n: index) {
  %m = memref.alloc() : memref<8xf32>
  affine.for %i = 0 to 8 {
    %v = affine.load %A[%i] : memref<8xf32>
    %w = arith.mulf %v, %v : f32
    affine.store %w, %m[%i] : memref<8xf32>
  }
  affine.for %i = 0 to 8 {
    "test.unknown"() : () -> ()
  }
  memref.dealloc %m : memref<8xf32>
  return
}
"""


def _ops():
    module = parse_source(TEXT, allow_unregistered=True)
    func = module.regions[0].blocks[0].ops[0]
    return func, func.regions[0].blocks[0].ops


def _kinds(effects):
    return [(e.kind, e.value) for e in effects]


def test_memory_effects_on_operands_and_results():
    func, (alloc, loop, unknown_loop, dealloc, ret) = _ops()
    A = func.regions[0].blocks[0].args[0]
    load, mulf, store, _ = loop.body.ops
    assert _kinds(tr.memory_effects(alloc)) == [(tr.ALLOCATE, alloc.results[0])]
    assert _kinds(tr.memory_effects(load)) == [(tr.READ, A)]
    assert _kinds(tr.memory_effects(store)) == [(tr.WRITE, alloc.results[0])]
    assert _kinds(tr.memory_effects(dealloc)) == [(tr.FREE, alloc.results[0])]
    assert tr.memory_effects(mulf) == [] and tr.is_memory_effect_free(ret)
    # affine.for: the effects of its body.
    assert _kinds(tr.memory_effects(loop)) == [(tr.READ, A), (tr.WRITE, alloc.results[0])]
    # An unregistered op may do anything, and so may a loop holding one.
    assert tr.memory_effects(unknown_loop.body.ops[0]) is None
    assert tr.memory_effects(unknown_loop) is None
    assert is_recomputable(mulf)
    assert not is_recomputable(load) and not is_recomputable(alloc)
    assert not is_recomputable(unknown_loop.body.ops[0])


LINALG_ON_BUFFERS = """
func.func @f(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>,
             %t: tensor<4x16xf32>, %x: f32) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.fill ins(%x : f32) outs(%c : memref<4x16xf32>)
  %r = linalg.fill ins(%x : f32) outs(%t : tensor<4x16xf32>) -> tensor<4x16xf32>
  linalg.add ins(%c, %c : memref<4x16xf32>, memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.map { math.absf } ins(%c : memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  linalg.softmax dimension(1) ins(%c : memref<4x16xf32>) outs(%c : memref<4x16xf32>)
  return
}
"""


def test_linalg_ops_read_and_write_the_buffers_they_are_given():
    """getGenericEffectsImpl: inputs that are buffers read; inits that are
    buffers written, and read when the body uses their element; tensors
    have no effects."""
    func = parse_source(LINALG_ON_BUFFERS).body.ops[0]
    a, b, c, _, x = func.regions[0].blocks[0].args
    matmul, fill, fill_tensor, add, map_, softmax, _ = func.regions[0].blocks[0].ops
    assert _kinds(tr.memory_effects(matmul)) == [(tr.READ, a), (tr.READ, b), (tr.READ, c),
                                                 (tr.WRITE, c)]
    assert _kinds(tr.memory_effects(fill)) == [(tr.WRITE, c)]
    assert tr.is_memory_effect_free(fill_tensor)
    assert _kinds(tr.memory_effects(add)) == [(tr.READ, c), (tr.READ, c), (tr.WRITE, c)]
    assert _kinds(tr.memory_effects(map_)) == [(tr.READ, c), (tr.WRITE, c)]
    assert _kinds(tr.memory_effects(softmax)) == [(tr.READ, c), (tr.READ, c), (tr.WRITE, c)]


# Op-name tests and lists: `op_name in (...)`, `op_name == "..."`,
# `.startswith("dialect.")`, or a set/tuple/dict of two or more op names.
_NAME_TEST = re.compile(r"""(op_name|\.name)\s*(==|!=|in\b|not in\b)|"""
                        r"""\.startswith\(\s*\(?\s*["'][a-z][a-z_]*\.""")
_NAME_LIST = re.compile(r"""[\[{(]\s*["'][a-z][a-z_]*\.[a-z_.]+["']\s*(:[^,]*)?,"""
                        r"""\s*["'][a-z][a-z_]*\.""")
CHECKED = ["transforms", "analysis", "ir/verifier.py", "interpreter"]
# The interpreter's emitters are registered by op name, as a lowering
# pattern is by op: their registrations name several ops, but no emitter
# tests an op's name.
REGISTRIES = {"emitters.py"}


def _sources():
    for entry in CHECKED:
        path = PACKAGE / entry
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


@pytest.mark.parametrize("path", list(_sources()), ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_op_name_lists(path):
    lists = path.name not in REGISTRIES
    found = [f"{path.name}:{number}: {line.strip()}"
             for number, line in enumerate(path.read_text().splitlines(), 1)
             if _NAME_TEST.search(line) or (lists and _NAME_LIST.search(line))]
    assert found == []
