"""Op lines and heads taken whole (parse/engine/op_lines.py, parse/engine/op_heads.py)
parse as their tokens do: the same ops, at the same places, with the same
names; a text with an error is reported as its tokens report it."""

from __future__ import annotations

import pytest
from lark.exceptions import UnexpectedInput, VisitError

from fuzzing import MARKER, seed_files
from mlir_affine_py.diagnostics import MLIRError
from mlir_affine_py.parse.builder import Builder
from mlir_affine_py.parse.parser import _parse, _parser, parse_source
from mlir_affine_py.parse.syntax import ParsedOp, ParsedRegion
from mlir_affine_py.printer.printer import Printer
from support import read_source


def _chunks() -> list[tuple[str, str]]:
    chunks = []
    for path in seed_files():
        for index, chunk in enumerate(read_source(path).split(MARKER)):
            chunks.append((f"{path.name}#{index}", chunk))
    return chunks


def _tree(value):
    """The parse as plain values: every op with its position, its results'
    and operands' names (an op line keeps no places for these), and the
    rest of its parts."""
    if isinstance(value, ParsedOp):
        return ("op", value.name, value.pos, [(name, count) for name, count, _ in value.results],
                [getattr(t, "value", t) for t in value.operands],
                value.operand_types, value.result_types, value.attributes, value.properties,
                [_tree(region) for region in value.regions],
                [(t.value, t.line, t.column) for t in value.successors], value.generic)
    if isinstance(value, ParsedRegion):
        return ("region", value.pos, [(block.label and block.label.value,
                                       [(t and t.value, ty) for t, ty in block.args],
                                       [_tree(op) for op in block.ops])
                                      for block in value.blocks])
    if isinstance(value, list):
        return [_tree(item) for item in value]
    return value


def _outcome(text: str, shorthands: bool):
    """(parse tree, printed module) or the error, parsing with or without
    op lines and heads taken whole."""
    try:
        parsed = _parse(text, "<test>", 0, shorthands)
    except UnexpectedInput:
        # Worded from the parser's state (parse_source parses such a text
        # again token by token).
        return ("syntax error",)
    except (MLIRError, VisitError) as error:
        error = getattr(error, "orig_exc", error)
        return ("parse error", str(error), getattr(error, "pos", None))
    tree = _tree(parsed)
    try:
        module = Builder(True, text).build_module(parsed or [])
    except MLIRError as error:
        return ("error", tree, str(error), error.pos, error.notes)
    return ("ok", tree, Printer().print_module(module))


CHUNKS = _chunks()


@pytest.mark.parametrize("name,text", CHUNKS, ids=[name for name, _ in CHUNKS])
def test_whole_lines_parse_as_their_tokens(name, text):
    whole, tokens = _outcome(text, shorthands=True), _outcome(text, shorthands=False)
    # The same parse and output, or the same error (its place aside: a
    # text with an error is read again token by token).
    assert whole[:3] == tokens[:3]
    if tokens[0] == "error":
        with pytest.raises(MLIRError) as reported:
            parse_source(text, allow_unregistered=True)
        assert (str(reported.value), reported.value.pos, reported.value.notes) == tokens[2:]


@pytest.mark.slow
def test_every_input_takes_some_lines_whole():
    """The equivalence above is not vacuous: most inputs have op lines, and
    many have loop or condition heads on lines of their own."""
    engine = _parser()[0]
    lines = heads = 0
    for _, text in CHUNKS:
        try:
            _parse(text, "<test>", 0, shorthands=True)
        except (MLIRError, VisitError, UnexpectedInput):
            continue
        lines += sum(template is not None for template in engine.op_lines.templates.values())
        heads += sum(template is not None for template in engine.op_heads.templates.values())
    assert lines > len(CHUNKS)
    assert heads > len(CHUNKS) / 2


# Lines of one shape with names of other lengths, so that a later line is
# made from the template of the first; each input has one error on a later
# line, reported where its tokens put it.
RELOCATED = [
    # A loop head whose bound is undefined.
    "func.func @f(%n: index) {\n  affine.for %i = 0 to %n {\n  }\n"
    "  affine.for %jj = 0 to %undefined {\n  }\n  return\n}\n",
    # A loop head whose induction variable is a name in use.
    "func.func @f(%n: index) {\n  affine.for %i = 0 to %n {\n"
    "    affine.for %i = 0 to %n {\n    }\n  }\n  return\n}\n",
    # A condition head with an undefined symbol, after one with iteration
    # arguments and results.
    "#set = affine_set<(d0)[s0] : (d0 - s0 >= 0)>\n"
    "func.func @f(%n: index, %x: f32) {\n  affine.for %i = 0 to 8 {\n"
    "    %r = affine.if #set(%i)[%n] -> f32 {\n      affine.yield %x : f32\n"
    "    } else {\n      affine.yield %x : f32\n    }\n"
    "    %rr = affine.if #set(%i)[%nn] -> f32 {\n      affine.yield %x : f32\n"
    "    } else {\n      affine.yield %x : f32\n    }\n  }\n  return\n}\n",
    # A loop-carried value of the wrong type, on a later loop head of a shape.
    "func.func @f(%x: f32, %y: f64) {\n"
    "  %a = affine.for %i = 0 to 8 iter_args(%acc = %x) -> (f32) {\n"
    "    affine.yield %acc : f32\n  }\n"
    "  %bb = affine.for %ii = 0 to 8 iter_args(%accum = %y) -> (f32) {\n"
    "    affine.yield %accum : f32\n  }\n  return\n}\n",
    # An undefined operand.
    "func.func @f(%a: f32, %bb: f32) {\n  %x = arith.addf %a, %bb : f32\n"
    "  %long_name = arith.addf %bb, %undefined : f32\n  return\n}\n",
    # A result defined twice, the second time on a later line.
    "func.func @f(%a: f32) {\n  %x = arith.negf %a : f32\n  %x = arith.negf %a : f32\n"
    "  return\n}\n",
    # A type mismatch on a value used with its result number.
    "func.func @f(%a: f32) {\n  %p:2 = \"test.two\"() : () -> (f32, i32)\n"
    "  %q = arith.addf %a, %p#0 : f32\n  %rr = arith.addf %a, %p#1 : f32\n  return\n}\n",
    # An op error found by the verifier: a loop variable used as a symbol.
    "func.func @f(%A: memref<8xf32>, %n: index) {\n  affine.for %i = 0 to 8 {\n"
    "    %v = affine.load %A[symbol(%n)] : memref<8xf32>\n"
    "    %wide = affine.load %A[symbol(%i)] : memref<8xf32>\n  }\n  return\n}\n",
]


@pytest.mark.parametrize("text", RELOCATED)
def test_errors_on_later_lines_of_a_shape_are_placed_by_their_tokens(text):
    with pytest.raises(MLIRError) as whole:
        parse_source(text, allow_unregistered=True)
    outcome = _outcome(text, shorthands=False)
    assert outcome[0] == "error"
    assert (str(whole.value), whole.value.pos, whole.value.notes) == outcome[2:]


def _driver_tokens(text: str) -> list[tuple[str, str]]:
    """(type, value) of the tokens the driver gets for `text`, parsed with
    op lines (without parse_source's second try)."""
    engine = _parser()[0]
    seen = []
    lex = engine.lexer.tokens

    def recording(text, state, eof_error, within=None, ends=None):
        for token in lex(text, state, eof_error, within, ends):
            if within is None:
                seen.append((token.type, token.value))
            yield token
    engine.lexer.tokens = recording
    try:
        _parse(text, "<test>", 0, shorthands=True)
    finally:
        del engine.lexer.tokens
    return seen


@pytest.mark.parametrize("text", [
    "func.func @f(%a: f32) {\n  %x = arith.negf %a : f32\n"
    "  %y = arith.negf %a : f32\n    loc(unknown)\n  return\n}\n",
    # The subscripts' own parse (a new shape) within the line's.
    "func.func @f(%A: memref<8xf32>, %i: index) {\n  %x = affine.load %A[%i + 3] : memref<8xf32>\n"
    "    loc(unknown)\n  %y = affine.load %A[%i + 3] : memref<8xf32>\n  return\n}\n",
])
def test_a_line_the_next_line_continues_is_lexed_as_tokens(text):
    """`loc(...)` may follow an op on the next line: the op line before it
    is not one token (the parse would end the op at the line's end)."""
    seen = [kind for kind, _ in _driver_tokens(text)]
    assert seen.count("OP_LINES") == 1
    assert "LOC" in seen


def test_a_run_of_op_lines_is_one_token_that_ends_before_a_line_not_taken():
    """Consecutive op lines, blank lines and comments between them, are one
    token; the run ends before an op line that the next line continues, and
    the op lines after it start another."""
    text = ("func.func @f(%a: f32) {\n"
            "  %x = arith.negf %a : f32\n"
            "\n"
            "  // between\n"
            "  %y = arith.addf %x, %a : f32\n"
            "  %z = arith.negf %y : f32\n"
            "    loc(unknown)\n"
            "  %w = arith.negf %z : f32\n"
            "  %v = arith.mulf %w, %z : f32\n"
            "  return\n}\n")
    assert [value for kind, value in _driver_tokens(text) if kind == "OP_LINES"] == [
        "%x = arith.negf %a : f32\n\n  // between\n  %y = arith.addf %x, %a : f32",
        "%w = arith.negf %z : f32\n  %v = arith.mulf %w, %z : f32"]
    assert _outcome(text, shorthands=True) == _outcome(text, shorthands=False)


def test_an_op_line_after_a_top_level_op_is_read_by_its_tokens():
    # LALR merges the state after a top-level op with that after an op of a
    # region, where an op line may follow: the lexer must not take it.
    text = ("memref.global @a : memref<2xf32>\n\n"
            "memref.global @b : memref<2xf32> = uninitialized\n")
    assert _outcome(text, shorthands=True) == _outcome(text, shorthands=False)
    assert _outcome(text, shorthands=True)[0] == "ok"


def _constants(values: list) -> str:
    lines = [f"  %c{index} = arith.constant {value}" for index, value in enumerate(values)]
    return "func.func @f() {\n" + "\n".join(lines) + "\n  return\n}\n"


# Constants whose lines differ in their value alone (ConstantOp.syntax_literal):
# values of one kind after another, of every kind, and each with values its
# type refuses on a later line of its shape.
_LITERALS = ["0 : i32", "7 : i32", "-3 : i32", "-2147483648 : i32", "007 : i32",
             "255 : i8", "-128 : i8", "1 : i1", "0 : i1", "12 : index", "-1 : index",
             "18446744073709551615 : i64", "1.5 : f32", "-0.0 : f32", "3.4028235e38 : f32",
             "1.0e-45 : f32", "2.5 : f64", "-1.0e308 : f64", "0.1 : f16", "65504.0 : f16",
             "1.0 : bf16", "true", "false", "0x10 : i32", "1.0 : f80", "2147483648 : i32",
             "3.5e38 : f32", "1.0e309 : f64", "65520.0 : f16", "1.0e39 : f32"]
_REFUSED = ["4294967296 : i32", "-2147483649 : i32", "256 : i8", "-129 : i8", "2 : i1",
            "18446744073709551616 : i64", "5 : f32", "-1 : ui8", "1.5 : i32", "7 : ui8"]


@pytest.mark.parametrize("refused", [None] + _REFUSED)
def test_constants_of_a_shape_with_other_values_parse_as_their_tokens(refused):
    rng = __import__("random").Random(len(refused or ""))
    values = _LITERALS * 3
    rng.shuffle(values)
    if refused is not None:
        values.insert(len(values) - 5, refused)
        values.insert(0, refused.replace("2", "1").replace("5", "4").replace("9", "8"))
    text = _constants(values)
    whole, tokens = _outcome(text, shorthands=True), _outcome(text, shorthands=False)
    assert whole[:3] == tokens[:3]
    if refused is None:
        assert whole[0] == "ok"
        templates = _parser()[0].op_lines.templates
        assert sum(template is not None for template in templates.values()) < len(values) / 2
    else:
        assert whole[0] != "ok"
