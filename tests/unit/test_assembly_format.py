"""The declarative assembly-format engine (ir/assembly_format.py and
ir/assembly_format_run.py): the grammar and the spacing it derives from a
format, its errors on a format it cannot read, and ops declared by their
format printed as mlir-opt prints them, in custom and generic form."""

from __future__ import annotations

import subprocess

import pytest

import mlir_affine_py.dialects  # noqa: F401
import oracle
from mlir_affine_py.dialects.base import RegisteredOp
from mlir_affine_py.ir.assembly_format import FormatError, format_syntax, read_format
from mlir_affine_py.ir.core import OP_CLASSES
from mlir_affine_py.ir.op_definition import Operand, Result
from mlir_affine_py.printer.printer import Printer
from support import MLIR_OPT, console_script


def test_the_rule_of_a_format_reads_its_optional_groups_as_pieces():
    text, pieces = format_syntax(OP_CLASSES["cf.cond_br"])
    rule = text.splitlines()[0]
    assert rule.startswith("fmt_cf_cond_br: OP_CF_COND_BR VALUE_ID fmt_cf_cond_br__0? \",\"")
    assert 'fmt_cf_cond_br__0: "weights" "(" fmt_cf_cond_br__1? ")"' in text
    assert pieces["fmt_cf_cond_br__0"] == 0


def test_spaces_follow_the_format_as_opformatgen_decides_them():
    # $source `[` $indices `]` `gather_dims` `(` $gather_dims `)` ...
    spaces = [(e.kind, e.text or e.name, e.space_before)
              for e in read_format(OP_CLASSES["tensor.gather"])][:8]
    assert spaces == [("operand", "source", True), ("literal", "[", False),
                      ("operand", "indices", False), ("literal", "]", False),
                      ("literal", "gather_dims", True), ("literal", "(", False),
                      ("attribute", "gather_dims", False), ("literal", ")", False)]


def _op_class(format_text):
    return type("Probe", (RegisteredOp,), {
        "name": "test.probe", "ods_operands": (Operand("a"),), "ods_results": (Result("r"),),
        "assembly_format": format_text})


@pytest.mark.parametrize("format_text, message", [
    (r"$b attr-dict", r"format variable \$b is not declared"),
    ("($a)? attr-dict", "optional group without an anchor"),
    ("$a custom<Nowhere>($a)", "no custom_Nowhere"),
    ("$a ! attr-dict", "cannot read format"),
])
def test_a_format_the_engine_cannot_read_is_reported(format_text, message):
    with pytest.raises(FormatError, match=message):
        format_syntax(_op_class(format_text))


SAMPLE = """
func.func @f(%flag: i32, %b: i1, %x: index, %y: index, %t: tensor<?x4xf32>, %m: memref<?xf32>) {
  %0 = index.add %x, %y
  %1 = index.cmp ult(%x, %y)
  %2 = index.casts %flag : i32 to index
  %e = tensor.extract %t[%x, %y] : tensor<?x4xf32>
  %s = tensor.extract_slice %t[0, %x] [2, 2] [1, 1] : tensor<?x4xf32> to tensor<2x2xf32>
  %c = bufferization.clone %m : memref<?xf32> to memref<?xf32>
  %r = bufferization.to_tensor %c restrict : memref<?xf32> to tensor<?xf32>
  %a = math.atan %e fastmath<nnan> : f32
  %lo, %hi = arith.mulsi_extended %flag, %flag : i32
  cf.assert %b, "checked"
  cf.cond_br %b weights([3, 1]), ^bb1(%x : index), ^bb2
^bb1(%z: index):
  cf.switch %flag : i32, [
    default: ^bb2,
    7: ^bb1(%y : index)
  ]
^bb2:
  return
}
"""


@pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not installed")
@pytest.mark.parametrize("generic", [False, True], ids=["custom", "generic"])
def test_ops_declared_by_their_format_print_as_mlir_opt_does(tmp_path, generic):
    path = tmp_path / "sample.mlir"
    path.write_text(SAMPLE)
    flags = ["--mlir-print-op-generic"] if generic else []
    expected = oracle.run([MLIR_OPT, *flags, str(path)], capture_output=True, text=True,
                              check=True).stdout
    tool = console_script("pyaffine-opt")
    ours = subprocess.run([tool, *flags, str(path)], capture_output=True, text=True,
                          check=True).stdout
    assert ours == expected
    # What is printed reads back to the same text.
    path.write_text(ours)
    again = subprocess.run([tool, *flags, str(path)], capture_output=True, text=True,
                           check=True).stdout
    assert again == ours


def test_a_text_without_extended_ops_is_read_with_the_smaller_grammar():
    from mlir_affine_py.parse import parser
    affine = "func.func @f(%A: memref<4xf32>) {\n  %c = arith.constant 0 : index\n  return\n}\n"
    assert not parser.uses_extended_ops(affine)
    assert parser.uses_extended_ops(affine.replace("return", "cf.br ^bb1\n^bb1:\n  return"))
    assert parser.uses_extended_ops("%a = math.atan %x : f32")
    assert not parser.uses_extended_ops("%a = math.sqrt %x : f32")      # hand-written
    assert parser.uses_extended_ops("  %f = constant @g : () -> ()")   # func's short name
    module = parser.parse_source(affine)
    assert parser._EXTENDED is False
    small = parser._parser()[0].prepared
    parser.parse_source(SAMPLE)
    assert parser._EXTENDED is True
    large = parser._parser()[0].prepared
    assert len(small.states) < len(large.states)
    assert "fmt_cf_br" in large.grammar and "fmt_cf_br" not in small.grammar
    assert Printer().print_module(module) == Printer().print_module(
        parser.parse_source(affine + "// cf.br\n"))


def _probe(format_text, **declarations):
    namespace = {"name": "test.probe", "assembly_format": format_text, "__slots__": ()}
    namespace.update(declarations)
    return type("Probe", (RegisteredOp,), namespace)


def _printed_with(cls, operands, properties=None, result_types=()):
    """The line of an op of `cls` on the arguments of @f, as printed."""
    from mlir_affine_py.parse.parser import parse_source
    module = parse_source("func.func @f(%a: i32, %b: i32) {\n  return\n}\n")
    func = next(op for op in module.walk() if op.op_name == "func.func")
    block = func.regions[0].blocks[0]
    op = cls.build_generic([block.args[i] if isinstance(i, int) else [block.args[j] for j in i]
                            for i in operands], list(result_types), properties)
    block.ops[-1:-1] = [op]
    op.parent = block
    return Printer().print_module(module).splitlines()[2].strip()


def test_oilist_clauses_read_in_any_order_and_print_in_theirs():
    from mlir_affine_py.ir.op_definition import Optional
    from mlir_affine_py.ir.traits import AttrSizedOperandSegments
    cls = _probe("oilist(`lower` `(` $lo `)` | `upper` `(` $hi `)`) attr-dict",
                 traits=(AttrSizedOperandSegments,),
                 ods_operands=(Optional("lo"), Optional("hi")),
                 ods_types={"lo": None, "hi": None})
    text, pieces = format_syntax(cls)
    # A clause is a piece, and so is the optional operand inside it.
    assert "(fmt_test_probe__0 | fmt_test_probe__2)*" in text.splitlines()[0]
    assert 'fmt_test_probe__0: "lower" "(" fmt_test_probe__1? ")"' in text
    assert _printed_with(cls, [[1], [0]]) == "test.probe lower(%arg1) upper(%arg0)"
    assert _printed_with(cls, [[], [0]]) == "test.probe upper(%arg0)"


def test_prop_dict_and_else_groups():
    from mlir_affine_py.ir import attributes as A
    from mlir_affine_py.ir.attr_syntax import UnitAttr
    from mlir_affine_py.ir.op_definition import Property
    cls = _probe("$a prop-dict (`fast` $fast^) : (`slow`)? attr-dict",
                 ods_operands=(Operand("a"),),
                 ods_properties=(Property("fast", UnitAttr()), Property("n")))
    text, _ = format_syntax(cls)
    first = text.splitlines()[0]
    assert "properties?" in first and "(fmt_test_probe__0 | fmt_test_probe__1)" in first
    assert _printed_with(cls, [0], {"fast": A.UNIT, "n": A.IntegerAttr(3)}) == \
        "test.probe %arg0 <{n = 3 : i64}> fast"
    assert _printed_with(cls, [0]) == "test.probe %arg0  slow"


@pytest.mark.parametrize("name", ["func.constant", "constant"])
def test_an_op_with_a_short_name_reads_with_its_dialect_too(name):
    """`func.constant` and `constant` (in a func.func) are one op: the rule
    of the name gets the name's token in both spellings."""
    from mlir_affine_py.api import parse, to_string
    module = parse(
        "func.func @f(%a: i32) -> i32 {\n  return %a : i32\n}\n"
        f"func.func @g(%x: i32) {{\n  %0 = {name} @f : (i32) -> i32\n"
        "  %1 = func.call_indirect %0(%x) : (i32) -> i32\n  return\n}\n")
    text = to_string(module)
    assert "%f = constant @f : (i32) -> i32" in text
    assert "call_indirect %f(%arg0) : (i32) -> i32" in text


def test_the_architecture_notes_count_the_ops_as_declared():
    """docs/architecture.md says how many ops are declared by their format,
    by a row of a linalg table, and by hand-written syntax."""
    import re
    from pathlib import Path
    notes = (Path(__file__).resolve().parents[2] / "docs" / "architecture.md").read_text()
    classes = list(OP_CLASSES.values())
    by_format = sum(1 for cls in classes if getattr(cls, "assembly_format", None))
    by_row = sum(1 for cls in classes
                 if (cls.__doc__ or "").endswith("declared by its row of the table."))
    said = re.search(r"Of the (\d+) registered ops, (\d+) are declared by their format, (\d+) "
                     r"by a row.*?and (\d+) have hand-written syntax", notes, re.S)
    assert said is not None
    assert [int(n) for n in said.groups()] == [len(classes), by_format, by_row,
                                               len(classes) - by_format - by_row]
