"""The builder's inline resolution of operands (`Builder._operands`: a name
defined before, of the type given with it, taken without a call) against
its reference path, `Builder._resolve` for every operand: the same IR, or
the same error at the same place, on every chunk of the corpus and the lit
inputs (the invalid ones included: forward references, redefinitions,
result numbers out of range, types that disagree)."""

from __future__ import annotations

import pytest

from fuzzing import MARKER, seed_files
from mlir_affine_py.diagnostics import MLIRError
from mlir_affine_py.parse.builder import Builder
from mlir_affine_py.parse.parser import parse_source
from mlir_affine_py.printer.printer import op_to_string
from support import read_source


def _chunks() -> list[str]:
    return [chunk for path in seed_files() for chunk in read_source(path).split(MARKER)]


def _outcome(text: str):
    """The module in generic form (every operand spelt by its value), or
    the error with its place and notes."""
    try:
        return "ok", op_to_string(parse_source(text, allow_unregistered=True), generic=True)
    except MLIRError as error:
        return "error", str(error), error.pos, error.notes
    except RecursionError:
        return ("recursion",)


def _reference_operands(self, p, scope) -> list:
    return [self._resolve(scope, token, expected)
            for token, expected in zip(p.operands, p.operand_types)]


@pytest.mark.slow
def test_inline_operands_agree_with_resolve(monkeypatch):
    chunks = _chunks()
    fast = [_outcome(text) for text in chunks]
    monkeypatch.setattr(Builder, "_operands", _reference_operands)
    reference = [_outcome(text) for text in chunks]
    errors = 0
    for text, found, expected in zip(chunks, fast, reference):
        assert found == expected, text[:300]
        errors += expected[0] == "error"
    assert len(chunks) > 500 and errors > 50, (len(chunks), errors)


@pytest.mark.parametrize("text, message", [
    ("func.func @f() {\n  %0 = arith.constant 0 : index\n  %1 = arith.addi %0#1, %0 : index\n"
     "  return\n}\n", "reference to invalid result number"),
    ("func.func @f(%a: i32) {\n  %1 = arith.addi %a, %a : i64\n  return\n}\n",
     "use of value '%a' expects different type than prior uses: 'i64' vs 'i32'"),
    ("func.func @f() {\n  %1 = arith.addi %x, %x : i64\n  return\n}\n",
     "use of undeclared SSA value name"),
])
def test_operands_the_inline_case_leaves_to_resolve(text, message):
    with pytest.raises(MLIRError) as raised:
        parse_source(text)
    assert raised.value.message == message
