"""The verifier's kept answers against the reference computations: ODS's
invariants kept per op signature (`verify_invariants`) against
`verify_invariants_uncached`, the ops read from a custom form the verifier
spares those invariants (`invariants_met_by_parser`) against the full
check, and the affine scopes and dim/symbol validities kept during a
verification (`validity_cached`) against `get_affine_scope`,
`is_valid_dim` and `is_valid_symbol` computed afresh.  Every op of the
upstream invalid-input files, of the lit tests and of a generated benchmark
file is checked, unverified (the inputs are read with the verifier switched
off, so invalid ops are checked too).  Last, the calls the verifier and the
builder leave out stand where there is nothing to do."""

from __future__ import annotations

import sys

import pytest

from mlir_affine_py.diagnostics import MLIRError
from mlir_affine_py.dialects import affine_validity as V
from mlir_affine_py.dialects.base import RegisteredOp
from mlir_affine_py.ir import verifier
from mlir_affine_py.parse import builder
from mlir_affine_py.parse.parser import parse_source, split_input
from support import CORPUS, REPO_ROOT

sys.path.insert(0, str(REPO_ROOT / "tools"))
from bench_roundtrip import generate  # noqa: E402


def _texts():
    """(name, chunk text) of the inputs."""
    files = sorted((REPO_ROOT / "tests" / "lit").rglob("*.mlir"))
    if CORPUS is not None and (CORPUS / "verify").is_dir():
        files += sorted((CORPUS / "verify").glob("*.mlir"))
    for path in files:
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        for index, chunk in enumerate(split_input(text)[0]):
            yield f"{path.name}#{index}", chunk.text
    yield "generated", generate(2000)
    yield "non-affine subscripts", NON_AFFINE


# Subscripts that are no valid dims or symbols: an scf.for variable, an
# affine.apply of it, a loaded index, each alone in a function.
NON_AFFINE = "".join(f"""func.func @f{index}(%m: memref<8xindex>, %k: index) {{
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  scf.for %s = %c0 to %c8 step %c1 {{
    %a = affine.apply affine_map<(d0) -> (d0 + 1)>(%s)
    %l = memref.load %m[%s] : memref<8xindex>
    %v = affine.load %m[{subscript}] : memref<8xindex>
  }}
  return
}}
""" for index, subscript in enumerate(["%s", "%a", "%l", "symbol(%a)", "symbol(%l)",
                                       "%k + symbol(%s)"]))


@pytest.fixture(scope="module")
def parsed():
    """(name, module, the ops of the classes trusted with their invariants
    that the builder does not spare) of the inputs that parse, unverified."""
    unspared = []
    saved = builder.verify_parsed
    builder.verify_parsed = lambda *args, **kwargs: unspared.append(kwargs["unspared_ops"])
    try:
        found = []
        for name, text in _texts():
            try:
                module = parse_source(text, allow_unregistered=True)
            except (MLIRError, RecursionError):
                continue
            found.append((name, module, unspared[-1]))
        return found
    finally:
        builder.verify_parsed = saved


@pytest.fixture(scope="module")
def modules(parsed):
    """The inputs that parse, unverified."""
    return [(name, module) for name, module, _ in parsed]


def _answer(call):
    """What `call()` gives, an exception's type and text included."""
    try:
        return "value", call()
    except Exception as error:  # noqa: BLE001 - a failure must fail alike
        return type(error).__name__, str(error)


def test_invariants_kept_per_signature_agree(modules):
    checked = rejected = 0
    for name, module in modules:
        for op in module.walk():
            if not isinstance(op, RegisteredOp):
                continue
            reference = _answer(op.verify_invariants_uncached)
            for _ in range(2):          # computed, then kept
                assert _answer(op.verify_invariants) == reference, (name, op.op_name)
            checked += 1
            rejected += reference[0] == "value" and reference[1] is not None
    assert checked > 5000 and rejected > 20, (checked, rejected)


def test_custom_forms_meet_the_invariants_they_are_spared(parsed):
    """Each op the verifier spares, of a class whose custom form claims to
    meet the ODS invariants (`invariants_met_by_parser`), meets them: those
    the builder read from that form and the implicit terminators it added.
    The others of those classes (read from the generic form) are left to
    the check."""
    spared = generic = implicit = 0
    for name, module, unspared in parsed:
        for op in module.walk():
            if not getattr(op, "invariants_met_by_parser", False):
                continue
            if op in unspared:
                generic += 1
                continue
            assert op.verify_invariants_uncached() is None, (name, op.op_name)
            spared += 1
            # An implicit terminator stands where its op does.
            implicit += op.parent_op is not None and op.pos is op.parent_op.pos
    assert spared > 1000 and generic > 10 and implicit > 100, (spared, generic, implicit)


# Generic forms of the classes whose custom form is trusted, each breaking
# an ODS rule (the messages are mlir-opt 22's).
BROKEN_GENERIC_FORMS = [
    ('%0 = "affine.load"(%x, %i) <{map = affine_map<(d0) -> (d0)>}> : (f32, index) -> f32',
     "'affine.load' op operand #0 must be memref of any type values, but got 'f32'"),
    ('"affine.store"(%x, %m, %x) <{map = affine_map<(d0) -> (d0)>}> '
     ": (f32, memref<4xf32>, f32) -> ()",
     "'affine.store' op operand #2 must be variadic of index, but got 'f32'"),
    ('%0 = "affine.apply"(%m) <{map = affine_map<(d0) -> (d0)>}> : (memref<4xf32>) -> index',
     "'affine.apply' op operand #0 must be variadic of index, but got 'memref<4xf32>'"),
    ('%0 = "affine.min"(%i) <{map = affine_map<(d0) -> (d0)>}> : (index) -> f32',
     "'affine.min' op result #0 must be index, but got 'f32'"),
    ('"affine.for"(%i) <{lowerBoundMap = affine_map<() -> (0)>, upperBoundMap = '
     "affine_map<()[s0] -> (s0)>, step = 1 : index, operandSegmentSizes = "
     'array<i32: 0, 0, 0>}> ({\n^bb0(%j: index):\n  "affine.yield"() : () -> ()\n}) '
     ": (index) -> ()",
     "'affine.for' op operand count (1) does not match with the total size (0) specified "
     "in attribute 'operandSegmentSizes'"),
]


@pytest.mark.parametrize("line, message", BROKEN_GENERIC_FORMS)
def test_generic_forms_of_trusted_classes_are_checked(line, message):
    text = ("func.func @f(%x: f32, %m: memref<4xf32>, %i: index) {\n"
            f"  {line}\n  return\n}}\n")
    with pytest.raises(MLIRError) as raised:
        parse_source(text)
    assert raised.value.message == message


def test_a_label_giving_arguments_takes_the_trust_away():
    """affine.if's custom form meets its invariants but for a block label
    that gives a region arguments (NoRegionArguments): mlir-opt 22's
    message, and the op is not spared the check."""
    text = """#s = affine_set<(d0) : (d0 >= 0)>
func.func @f(%i: index) {
  affine.if #s(%i) {
  ^bb0(%x: index):
    affine.yield
  }
  return
}
"""
    with pytest.raises(MLIRError) as raised:
        parse_source(text)
    assert raised.value.message == "'affine.if' op region #0 should have no arguments"
    assert raised.value.pos == (3, 3)


def test_kept_validities_agree(modules):
    checked = invalid = 0
    for name, module in modules:
        ops = list(module.walk())
        reference = [(_answer(lambda: V.get_affine_scope(op)),
                      [(_answer(lambda: V.is_valid_dim(v, V.get_affine_scope(op))),
                        _answer(lambda: V.is_valid_symbol(v, V.get_affine_scope(op))),
                        _answer(lambda: V.is_valid_dim(v)), _answer(lambda: V.is_valid_symbol(v)))
                       for v in op.operands],
                      _answer(op.verify)) for op in ops]
        with V.validity_cached():
            for _ in range(2):          # computed, then kept
                for op, (scope, operands, verified) in zip(ops, reference):
                    assert _answer(lambda: V.affine_scope(op)) == scope, (name, op.op_name)
                    for value, expected in zip(op.operands, operands):
                        found = (_answer(lambda: V.is_valid_dim(value, V.affine_scope(op))),
                                 _answer(lambda: V.is_valid_symbol(value, V.affine_scope(op))),
                                 _answer(lambda: V.is_valid_dim(value)),
                                 _answer(lambda: V.is_valid_symbol(value)))
                        assert found == expected, (name, op.op_name)
                        checked += 1
                        invalid += expected[0] == ("value", False)
                    assert _answer(op.verify) == verified, (name, op.op_name)
    assert checked > 5000 and invalid > 100, (checked, invalid)


def test_a_kept_signature_does_not_hide_another():
    """Two ops of one class, one valid and one not: the second is rejected
    after the first was verified (and in the other order)."""
    good = """func.func @f(%a: f32) {
  %0 = arith.addf %a, %a : f32
  return
}
"""
    bad = """func.func @f(%a: f32) {
  %0 = "arith.addf"(%a, %a) : (f32, f32) -> f64
  return
}
"""
    for first, second in ((good, bad), (bad, good)):
        for text in (first, second):
            outcome = _answer(lambda: parse_source(text))
            if text is bad:
                assert outcome[0] == "MLIRError"
                assert "requires the same type for all operands and results" in outcome[1]
            else:
                assert outcome[0] == "value"


def test_validities_are_kept_only_during_a_verification():
    module = parse_source("""func.func @f(%n: index) {
  affine.for %i = 0 to 8 {
    %0 = affine.apply affine_map<(d0)[s0] -> (d0 + s0)>(%i)[%n]
  }
  return
}
""")
    assert V._VALIDITY is None and V._SCOPES is None
    verifier.verify_operation(module)
    assert V._VALIDITY is None and V._SCOPES is None


def test_non_affine_subscripts_are_rejected_as_mlir_opt_rejects_them():
    """mlir-opt 22's messages for NON_AFFINE's functions, one by one (an
    affine.apply of valid dims is asked before the symbol rules: this is
    where that order could accept what MLIR's does not)."""
    expected = ["dimension id"] * 3 + ["symbol"] * 3
    for chunk, what in zip(NON_AFFINE.split("func.func")[1:], expected):
        with pytest.raises(MLIRError) as raised:
            parse_source("func.func" + chunk)
        assert raised.value.message == f"'affine.load' op operand cannot be used as a {what}"
        assert raised.value.pos == (8, 10)


def test_registered_ops_finish_parse_without_calling_a_base():
    """RegisteredOp.finish_parse does not call Operation's (which does
    nothing): no class may stand between them in an op's MRO with one of
    its own."""
    from mlir_affine_py.ir.core import OP_CLASSES, Operation
    for cls in OP_CLASSES.values():
        mro = cls.__mro__
        between = mro[mro.index(RegisteredOp) + 1:mro.index(Operation)]
        assert not any("finish_parse" in base.__dict__ for base in between), cls.name
