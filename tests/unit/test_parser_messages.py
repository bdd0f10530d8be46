"""Syntax errors in the words and at the places of MLIR's parsers: affine
maps and sets (AffineParser), affine.for and func.func's custom forms,
locations, builtin types and attributes, generic ops, block labels and
result groups.  Each input gives the first diagnostic stated here; where
mlir-opt is installed, its whole report is compared as well."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT


def _map(results: str) -> str:
    return f"#m = affine_map<(i, j)[s0] -> {results}>\n"


def _in_func(line: str, args: str = "") -> str:
    return f"func.func @f({args}) {{\n  {line}\n  return\n}}\n"


# input -> "line:column: message" of the first diagnostic.
CASES = {
    _map("((), j)"): "1:33: no expression inside parentheses",
    _map("(+i, j)"): "1:32: missing left operand of binary operator",
    _map("(i, *j)"): "1:35: missing left operand of binary operator",
    _map("(floordiv i 2, j)"): "1:32: use of undeclared identifier",
    _map("(i, mod j + 5)"): "1:34: use of undeclared identifier",
    _map("(i, 3*d0 + )"): "1:37: use of undeclared identifier",
    _map("(-(), j)"): "1:34: no expression inside parentheses",
    _map("(i j)"): "1:33: expected ')' in affine map range",
    _map("(i, i*2 ceildiv j*5)"): "1:48: non-affine expression: right operand of ceildiv "
                                  "has to be either a constant or symbolic",
    _map("(i, i * j)"): "1:37: non-affine expression: at least one of the multiply operands "
                        "has to be either a constant or symbolic",
    "#m = affine_map<(i)[s0 s1] -> (i)>\n": "1:23: expected ']' in symbol list",
    "#m = affine_map<(i)>\n": "1:20: expected '->' or ':'",
    _in_func('"foo.op"() {a = 1 b = 2} : () -> ()'): "2:20: expected '}' in attribute dictionary",
    _in_func('"foo.op"() <{a = 1 b = 2}> : () -> ()'): "2:21: expected '}' in attribute dictionary",
    _in_func('"foo.op"() {a = {c = 1 d = 2}} : () -> ()'): "2:25: expected '}' in attribute "
                                                            "dictionary",
    _in_func('"foo.op"() {a b} : () -> ()'): "2:16: expected '}' in attribute dictionary",
    "#m = affine_set<(i) [s0] (i)>\n": "1:25: expected '->' or ':'",
    "#m = affine_set<(i)[s0] : (i >= 0 i)>\n": "1:34: expected ')' in integer set "
                                                "constraint list",
    "#m = affine_set<(i)[s0] : (i  0)>\n": "1:31: expected '== affine-expr' or "
                                           "'>= affine-expr' at end of affine constraint",
    "#map = affine_map<(d0) -> (%)>\n": "1:28: invalid SSA name",
    "func.func @1f()\n": "1:12: @ identifier expected to start with letter or '_'",
    _in_func("affine.for %i = 1 too 10 {\n  }"): "2:21: custom op 'affine.for' expected 'to' "
                                                "between bounds",
    _in_func("affine.for %i = 1 to 10 step -1 {\n  }"): "2:32: custom op 'affine.for' expected "
                                                      "step to be representable as a positive "
                                                      "signed integer",
    _in_func("affine.for %i = 1 to 10 step %a {\n  }", "%a: index"): "2:31: expected attribute "
                                                                    "value",
    _in_func("affine.for %i = 1 to 10 step - - 1 {\n  }"): "2:33: expected constant integer or "
                                                         "floating point value",
    _in_func("affine.for %n0#0 = 0 to 7 {\n  }"): "2:17: result number not allowed in "
                                                  "argument list",
    _in_func("affine.for %i = affine_map<()[s]->(0,s-1)>()[%a] to 10 {\n  }", "%a: index"):
        "2:19: custom op 'affine.for' lower loop bound affine map with multiple results "
        "requires 'max' prefix",
    _in_func("affine.for %i = 0 to affine_map<()[s]->(0,s-1)>()[%a] {\n  }", "%a: index"):
        "2:24: custom op 'affine.for' upper loop bound affine map with multiple results "
        "requires 'min' prefix",
    _in_func("affine.store %v, %A : memref<4xf32>", "%A: memref<4xf32>, %v: f32"):
        "2:22: expected '[' in affine map",
    "func.func @f(%a : i32,\n             f32) {\n  return\n}\n":
        "2:14: custom op 'func.func' expected SSA identifier",
    "func.func @f(f32, %a : i32) {\n  return\n}\n":
        "1:19: custom op 'func.func' expected type instead of SSA identifier",
    "func.func @f() attributes {sym_name = \"g\"} {\n  return\n}\n":
        "1:16: custom op 'func.func' 'sym_name' is an inferred attribute and should not be "
        "specified in the explicit attribute dictionary",
    _in_func("%r = arith.cmpi %a, %a : i32", "%a: i32"): (
        "2:19: custom op 'arith.cmpi' expected string or keyword containing one of the "
        "following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, "
        "ule, ugt, uge]"),
    _in_func("return loc(callsite( at ))"): "2:23: expected location instance",
    _in_func("return loc(callsite(\"a\" \"b\"))"): "2:26: expected 'at' in callsite location",
    _in_func("return loc(fused<\"m\">\"a\")"): "2:24: expected '[' in fused location",
    _in_func("return loc(\"foo\"(unknown])"): "2:27: expected ')' after child location of "
                                                "NameLoc",
    _in_func("return loc(#undefined)"): "2:14: operation location alias was never defined",
    "func.func private @f() -> memref<?x?xf32, strided<[1]>>\n":
        "1:27: expected the number of strides to match the rank",
    "func.func private @f() -> memref<?xf32, strided<[], offset>>\n":
        "1:59: expected ':' after 'offset'",
    "func.func private @f(tuple<i32)\n": "1:31: expected '>' in tuple type",
    "func.func private @f(tensor<tensor<i8>>)\n": "1:29: invalid tensor element type",
    "func.func private @f(memref<?xtensor<i8>>)\n": "1:31: invalid memref element type",
    "func.func private @f(complex<index>)\n": "1:30: invalid element type for complex",
    "func.func private @f(vector<1xvector<1xi32>>)\n": "1:22: failed to verify 'elementType': "
                                                       "VectorElementTypeInterface instance",
    "func.func private @f(vector<[4xf32>)\n": "1:31: missing ']' closing scalable dimension",
    "func.func private @f(memref<2x4xi8, 1, 2>)\n": "1:41: multiple memory spaces specified in "
                                                    "memref type",
    "func.func private @f(memref<2x4xi8, >)\n": "1:36: expected list element",
    "#a = array<i7>\n": "1:12: element type bitwidth must be a multiple of 8",
    "!a.b = i32\n": "1:1: type names with a '.' are reserved for dialect-defined names",
    _in_func("%0 = \"foo\"()"): "2:15: expected ':' followed by operation type",
    _in_func("\"region\"() ({},{} : () -> ()"): "2:20: expected ')' to end region list",
    _in_func("%0: = \"foo\"() : () -> (i32, i32)"): "2:6: expected integer number of results",
    _in_func("%0:0 = \"foo\"() : () -> (i32, i32)"): "2:6: expected named operation to have "
                                                    "at least 1 result",
    _in_func("%0, = \"foo\"() : () -> (i32, i32)"): "2:6: expected valid ssa identifier",
    _in_func("%0 = \"foo\"() : () -> ()"): "2:3: cannot name an operation with no results",
    _in_func("\"\"() : () -> ()"): "2:3: empty operation name is invalid",
    "\"t\"(){\"\"} : () -> ()\n": "1:7: expected valid attribute name",
    _in_func("%r = arith.cmpf oeq, %a, %a : i32", "%a: i32"):
        "2:8: custom op 'arith.cmpf' 'lhs' must be floating-point-like, but got 'i32'",
    "#m = affine_map<(d0) -> (d0)>\nfunc.func private @f(memref<4xf32, #m, 1, 2>)\n":
        "2:44: multiple memory spaces specified in memref type",
    "func.func @f() {\n^bb42 (i32):\n  return\n}\n": "2:8: expected SSA operand",
}


def _first_diagnostic(err: str) -> str:
    head = err.split("\n")[0]
    _, line, column, rest = head.split(":", 3)
    return f"{line}:{column}:{rest.removeprefix(' error:')}"


@pytest.mark.parametrize("text", list(CASES), ids=range(len(CASES)))
def test_parser_message(text, tmp_path, capsys):
    path = tmp_path / "input.mlir"
    path.write_text(text)
    code = opt_main.main(["--allow-unregistered-dialect", str(path)])
    captured = capsys.readouterr()
    assert code == 1
    assert _first_diagnostic(captured.err) == CASES[text]
    if MLIR_OPT is not None:
        theirs = oracle.run([MLIR_OPT, "--allow-unregistered-dialect", str(path)],
                            capture_output=True, text=True, timeout=60)
        assert _first_diagnostic(theirs.stderr) == CASES[text]
