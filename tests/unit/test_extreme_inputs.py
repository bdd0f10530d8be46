"""Inputs at the extremes: integer literals longer than Python's default
limit for converting digit strings (4300 digits) in every place a literal
may stand, widths beyond IntegerType's, long names, strings and labels,
huge ranks, sums and argument lists, deep nesting of parentheses and of
regions, odd bytes (NUL, a byte-order mark, invalid UTF-8, lone carriage
returns, form feeds).  Each gives mlir-opt's diagnostic or mlir-opt's
output, and never an internal error; where mlir-opt is installed, its
stdout, stderr and exit status are compared whole."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT

BIG = "9" * 5000
# name -> (text, the diagnostic mlir-opt 22 gives, None when it accepts it)
CASES = {
    "constant-i64": (f"func.func @f() -> i64 {{\n  %0 = arith.constant {BIG} : i64\n"
                     "  return %0 : i64\n}\n", "2:23: error: integer constant out of range "
                                               "for attribute"),
    "constant-index": (f"func.func @f() -> index {{\n  %0 = arith.constant {BIG} : index\n"
                       "  return %0 : index\n}\n", "2:23: error: integer constant out of range"),
    "constant-negative": (f"func.func @f() -> i32 {{\n  %0 = arith.constant -{BIG} : i32\n"
                          "  return %0 : i32\n}\n", "2:24: error: integer constant out of range"),
    "constant-hex": (f"func.func @f() -> i32 {{\n  %0 = arith.constant 0x{'f' * 5000} : i32\n"
                     "  return %0 : i32\n}\n", "2:23: error: integer constant out of range"),
    "constant-float": (f"func.func @f() -> f32 {{\n  %0 = arith.constant {BIG}.0 : f32\n"
                       "  return %0 : f32\n}\n", None),
    "dense": (f"func.func @f() -> tensor<1xi32> {{\n  %0 = arith.constant dense<[{BIG}]> : "
              "tensor<1xi32>\n  return %0 : tensor<1xi32>\n}\n",
              "2:30: error: integer constant out of range for type"),
    "attribute": (f"func.func @f() attributes {{x = {BIG}}} {{\n  return\n}}\n",
                  "1:32: error: integer constant out of range for attribute"),
    "dense-array": (f"func.func @f() attributes {{x = array<i32: {BIG}>}} {{\n  return\n}}\n",
                    "error: integer constant out of range"),
    "affine-map": (f"#m = affine_map<(d0) -> (d0 + {BIG})>\nfunc.func @f(%a: index) -> index {{\n"
                   "  %0 = affine.apply #m(%a)\n  return %0 : index\n}\n",
                   "1:31: error: constant too large for index"),
    "subscript": (f"func.func @f(%A: memref<10xf32>, %i: index) -> f32 {{\n"
                  f"  %0 = affine.load %A[%i + {BIG}] : memref<10xf32>\n  return %0 : f32\n}}\n",
                  "2:28: error: constant too large for index"),
    "loop-bound": (f"func.func @f() {{\n  affine.for %i = 0 to {BIG} {{\n  }}\n  return\n}}\n",
                   "2:24: error: integer constant out of range for attribute"),
    "loop-step": (f"func.func @f() {{\n  affine.for %i = 0 to 10 step {BIG} {{\n  }}\n"
                  "  return\n}\n", "2:32: error: integer constant out of range for attribute"),
    "memref-dimension": (f"func.func @f(%A: memref<{BIG}xf32>) {{\n  return\n}}\n",
                         "1:25: error: invalid dimension"),
    "file-location": (f"func.func @f() {{\n  return loc(\"a\":{BIG}:1)\n}}\n",
                      "2:18: error: expected integer line number in FileLineColRange"),
    "integer-width": ("func.func @f(%a: i16777216) {\n  return\n}\n",
                      "1:18: error: integer bitwidth is limited to 16777215 bits"),
    "integer-width-overflow": (f"func.func @f(%a: i{BIG}) {{\n  return\n}}\n",
                               "1:18: error: invalid integer width"),
    "integer-width-largest": ("func.func @f(%a: i16777215) {\n  return\n}\n", None),
    "long-names": ("func.func @" + "f" * 100000 + "() {\n  %" + "v" * 100000
                   + " = arith.constant 1 : i32\n  return\n}\n", None),
    "huge-rank": ("func.func @f(%A: memref<" + "1x" * 20000 + "f32>) {\n  return\n}\n", None),
    "huge-sum": ("#m = affine_map<(d0) -> (" + " + ".join(["d0"] * 20000) + ")>\n"
                 "func.func @f(%a: index) -> index {\n  %0 = affine.apply #m(%a)\n"
                 "  return %0 : index\n}\n", None),
    "deep-parentheses": ("#m = affine_map<(d0) -> (" + "(" * 3000 + "d0" + ")" * 3000 + ")>\n"
                         "func.func @f(%a: index) -> index {\n  %0 = affine.apply #m(%a)\n"
                         "  return %0 : index\n}\n", None),
    "nul-bytes": ("func.func @f() attributes {x = \"a\0b\"} {\n  return\0\n}\n\0", None),
    "byte-order-mark": ("\ufefffunc.func @f() {\n  return\n}\n",
                        "1:1: error: unexpected character"),
    "lone-carriage-returns": ("func.func @f() {\r  return\r}\r", None),
    # A line end of MLIR's SourceMgr, not of its line count: no source line.
    "lone-carriage-return-error": ("func.func @f() {\r  %0 = arith.constant 1 : i32\r  foo\r}\r",
                                   "1:50: error: custom op 'foo' is unknown"),
    "carriage-return-after-error": ("foo\r  bar\nfunc.func @f() {\n  return\n}\n",
                                    "1:1: error: custom op 'foo' is unknown"),
    "crlf": ("func.func @f() {\r\n  foo\r\n}\r\n", "2:3: error: custom op 'foo' is unknown"),
    "form-feed": ("func.func @f() {\n\t\x0c  return\n}\n", "2:2: error: unexpected character"),
    "vertical-tab": ("func.func @f() {\n \x0b return\n}\n", "2:2: error: unexpected character"),
    "invalid-utf8-in-string": ("func.func @f() attributes {x = \"a\udcff\udcfeb\"} {\n"
                               "  return\n}\n", None),
    "invalid-utf8-in-comment": ("// \udcff\udcfe\udcc3(\nfunc.func @f() {\n  return\n}\n", None),
    "utf8-in-string": ("func.func @f() attributes {x = \"h\u00e9llo \u2603\"} {\n  return\n}\n",
                       None),
    "long-string": ("func.func @f() attributes {x = \"" + "a" * 200000 + "\"} {\n  return\n}\n",
                    None),
    "long-block-label": ("func.func @f() {\n  cf.br ^" + "b" * 50000 + "\n^" + "b" * 50000
                         + ":\n  return\n}\n", None),
    "many-arguments": ("func.func @f(" + ", ".join(f"%a{i}: i32" for i in range(5000))
                       + ") {\n  return\n}\n", None),
    "huge-vector-rank": ("func.func @f(%A: vector<" + "1x" * 5000 + "f32>) {\n  return\n}\n",
                         None),
    "deep-regions": ("func.func @f() {\n" + "".join(f"affine.for %i{d} = 0 to 1 {{\n"
                                                   for d in range(300))
                     + "}\n" * 300 + "  return\n}\n", None),
    "deep-regions-unknown-op": ("func.func @f() {\n" + "".join(f"affine.for %i{d} = 0 to 1 {{\n"
                                                              for d in range(300))
                                + "foo\n" + "}\n" * 300 + "  return\n}\n",
                                "302:1: error: Dialect `' not found for custom op 'foo'"),
}


def _run(path, capsys):
    code = opt_main.main([str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("name", sorted(CASES))
def test_extreme_input(name, tmp_path, capsys):
    text, diagnostic = CASES[name]
    path = tmp_path / f"{name}.mlir"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    code, out, err = _run(path, capsys)
    assert "internal error" not in err
    if diagnostic is None:
        assert (code, err) == (0, ""), err[:500]
    else:
        assert code == 1
        assert diagnostic in err.split("\n")[0], err[:500]
    mlir_opt = MLIR_OPT
    if mlir_opt is not None:
        theirs = oracle.run([mlir_opt, str(path)], capture_output=True, timeout=120)
        assert (code, out, err) == (theirs.returncode, theirs.stdout.decode(),
                                    theirs.stderr.decode())


def test_undecodable_bytes_are_a_diagnostic(tmp_path, capsys):
    path = tmp_path / "bytes.mlir"
    path.write_bytes(b"func.func @f() {\n  %0 = arith.constant 1 : i32 // \xff\xfe\n"
                     b"  return\n}\n\xc3\x28\n")
    code, _, err = _run(path, capsys)
    assert code == 1
    assert err.startswith(f"{path}:5:1: error: unexpected character\n")
