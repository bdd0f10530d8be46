"""Elements attributes: `dense<...>` (complex elements, hex data), `sparse<...>`
and `dense_resource<...>` and the `{-# dialect_resources / external_resources #-}`
dictionary that holds the resources' blobs, read and printed as mlir-opt 22
does (mlir/lib/AsmParser/AttributeParser.cpp, TopLevelOperationParser's
file metadata, AsmPrinter's elements and resource printing),
with the errors of Parser::parseDenseElementsAttr, TensorLiteralParser,
parseSparseElementsAttr, parseDenseResourceElementsAttr and
SparseElementsAttr::verify at their places.  Each attribute stands as the
value of `a` in `"foo"() {a = ...} : () -> ()`; where mlir-opt is installed
its report and output are compared as well."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT

# attribute -> "line:column: message" of the first diagnostic.
ERRORS = {
    'dense_resource<1>':
        "1:29: expected identifier key for 'resource' entry",
    'dense_resource<>':
        "1:29: expected identifier key for 'resource' entry",
    'dense_resource<a b>':
        "1:30: expected '>'",
    'dense_resource<a>':
        "1:31: expected ':'",
    'dense_resource<a> : i32':
        '1:32: `dense_resource` expected a shaped type',
    'sparse<>':
        "1:22: expected ':'",
    'sparse<1>':
        "1:22: expected ','",
    'sparse<1,>':
        '1:23: expected element literal of primitive type',
    'sparse<1,2':
        "1:24: expected '>'",
    'sparse<1,2> : i32':
        '1:14: elements literal must be a shaped type',
    'sparse<"0x01", 1> : tensor<2xi32>':
        '1:21: integer constant out of range for type',
    'sparse<[[0,0],[1,1]], [1,2,3]> : tensor<2x2xi32>':
        '1:14: expected shape ([2, 2]); inferred shape of indices literal ([2, 2]); inferred shape of values literal ([3])',
    'sparse<[[0,0],[1,1]], [[1,2]]> : tensor<2x2xi32>':
        '1:14: expected 1-d tensor for sparse element values',
    'sparse<[0,1], 5> : tensor<2x2xi32>':
        '1:14: expected shape ([2, 2]); inferred shape of indices literal ([2]); inferred shape of values literal ([2])',
    'sparse<[[0],[1]], 5> : tensor<2x2xi32>':
        '1:14: expected shape ([2, 2]); inferred shape of indices literal ([2, 1]); inferred shape of values literal ([2])',
    'sparse<[[-1,0]], 5> : tensor<2x2xi32>':
        "1:14: sparse index #0 is not contained within the value shape, with index=[18446744073709551615, 0], and type='tensor<2x2xi32>'",
    'sparse<[[0,5]], 5> : tensor<2x2xi32>':
        "1:14: sparse index #0 is not contained within the value shape, with index=[0, 5], and type='tensor<2x2xi32>'",
    'sparse<1.5, 5> : tensor<2xi32>':
        '1:21: expected integer elements, but parsed floating-point',
    'sparse sparse':
        "1:20: Expected '<' after 'sparse'",
    'dense<(1,2)> : tensor<2xf32>':
        '1:21: unexpected decimal integer literal for a floating point value',
    'dense<[1,2]> : tensor<2xcomplex<f32>>':
        "1:14: parsed 2 elements, but type ('tensor<2xcomplex<f32>>') expected 4 elements",
    'dense<[(1,2)]> : tensor<2xcomplex<f32>>':
        '1:14: inferred shape of elements literal ([1]) does not match type ([2])',
    'dense<5> : tensor<2xcomplex<f32>>':
        "1:14: parsed 1 elements, but type ('complex<f32>') expected 2 elements",
    'dense<((1,2),3)> : tensor<complex<i32>>':
        "1:14: parsed 3 elements, but type ('complex<i32>') expected 2 elements",
    'dense<(1.5,2)> : tensor<complex<i32>>':
        '1:21: expected integer elements, but parsed floating-point',
    'dense<"0x01"> : tensor<complex<i32>>':
        "1:14: elements hex data size is invalid for provided type: 'tensor<complex<i32>>'",
    'dense<-(1,2)> : tensor<complex<i32>>':
        '1:21: expected integer or floating point literal',
    'dense<[1, -]> : tensor<2xi32>':
        '1:25: expected integer or floating point literal',
    'dense<1':
        "1:21: expected '>'",
    'dense':
        "1:19: expected '<' after 'dense'",
    'dense<[1 2]> : tensor<2xi32>':
        "1:22: expected ']'",
    'dense<[1,2] : tensor<2xi32>':
        "1:25: expected '>'",
    'dense<(1,2] : tensor<2xi32>':
        "1:24: expected ')' after complex elements",
    'dense<tensor<2xi32> : [1, 2]>':
        '1:20: expected element literal of primitive type',
    'dense<["a", 1]> : tensor<2x!foo.t>':
        '1:14: expected string token, got 1',
    'dense<"a"> : tensor<2xi32>':
        '1:20: expected string containing hex digits starting with `0x`',
    'dense<(1, "a")> : tensor<complex<i32>>':
        '1:24: integer constant out of range for type',
    'dense<[[1],2]> : tensor<2xi32>':
        '1:26: tensor literal is invalid; ranks are not consistent between elements',
    'dense<[]> : tensor<0x2xi32>':
        '1:14: inferred shape of elements literal ([0]) does not match type ([0, 2])',
    'dense<true> : tensor<complex<i1>>':
        "1:14: parsed 1 elements, but type ('complex<i1>') expected 2 elements",
    'dense<-true> : tensor<i1>':
        '1:21: expected integer or floating point literal',
    'sparse<[[]], [1]> : tensor<2xi32>':
        '1:14: expected shape ([2]); inferred shape of indices literal ([1, 0]); inferred shape of values literal ([1])',
    'sparse<0, "a"> : tensor<2xi32>':
        '1:24: expected string containing hex digits starting with `0x`',
    'dense<1> : tensor<2xcomplex<f32>>':
        "1:14: parsed 1 elements, but type ('complex<f32>') expected 2 elements",
    'dense<[[1],2, ]> : tensor<2xi32>':
        '1:26: tensor literal is invalid; ranks are not consistent between elements',
    'dense<[[1],[2,3]]> : tensor<2xi32>':
        '1:30: tensor literal is invalid; ranks are not consistent between elements',
    'dense<[1,[2]]> : tensor<2xi32>':
        '1:26: tensor literal is invalid; ranks are not consistent between elements',
    'dense<(1.0,2.0)> : vector<2xcomplex<f64>>':
        "1:33: failed to verify 'elementType': VectorElementTypeInterface instance",
    'dense<[(1,2)], > : tensor<1xcomplex<i8>>':
        "1:27: expected '>'",
    'sparse<[0], [1]> : tensor<i32>':
        '1:14: expected shape ([]); inferred shape of indices literal ([1]); inferred shape of values literal ([1])',
    'sparse<[], []> : tensor<i32>':
        '1:14: expected shape ([]); inferred shape of indices literal ([0]); inferred shape of values literal ([0])',
    'sparse<[[1, 1], [0, 0]], [1, 2]> : tensor<2x?xi32>':
        '1:14: elements literal type must have static shape',
    'sparse<[[1, 1], [0, 0]] [1, 2]> : tensor<2x2xi32>':
        "1:37: expected ','",
    'sparse<[[1, 1], [0, 0]], [1, 2] : tensor<2x2xi32>':
        "1:45: expected '>'",
    'sparse<[[1, 1], [0, 0]], [1, 2]>':
        "1:46: expected ':'",
    'sparse<[[1, 1], [0, 0]], [1, 2]> tensor<2x2xi32>':
        "1:46: expected ':'",
    'sparse<[[1.0, 1], [0, 0]], [1, 2]> : tensor<2x2xi32>':
        '1:23: expected integer elements, but parsed floating-point',
    'sparse<[[1, 1], [0, 0]], [1, 2.5]> : tensor<2x2xi32>':
        '1:43: expected integer elements, but parsed floating-point',
    'sparse<[[1, 1], [0, 0]], [1, 300]> : tensor<2x2xi8>':
        '1:43: integer constant out of range for type',
    'dense_resource':
        "1:28: expected '<' after 'dense_resource'",
    'dense_resource<a':
        "1:30: expected '>'",
    'dense<':
        '1:20: expected element literal of primitive type',
    'dense<[':
        '1:21: expected element literal of primitive type',
    'dense<[1,':
        '1:23: expected element literal of primitive type',
    'dense<(':
        '1:21: expected element literal of primitive type',
    'dense<(1':
        "1:22: expected ',' between complex elements",
    'dense<(1,':
        '1:23: expected element literal of primitive type',
    'dense<(1,2':
        "1:24: expected ')' after complex elements",
    'dense<"0x01':
        '1:37: expected \'"\' in string literal',
    'sparse<[1], ':
        '1:26: expected element literal of primitive type',
    'sparse<[1], [':
        '1:27: expected element literal of primitive type',
    'dense<[1, -2]> : tensor<2xui8>':
        '1:25: expected unsigned integer elements, but parsed negative value',
    'dense<[1, 2]> : tensor<2x!foo.bar>':
        '1:14: expected string token, got 1',
    'dense<["a", "b"]> : tensor<2xi32>':
        '1:21: integer constant out of range for type',
    'dense<["0x01", "0x02"]> : tensor<2xi8>':
        '1:21: integer constant out of range for type',
    'dense<[1,':
        '1:23: expected element literal of primitive type',
    'dense<[[1],2, ]> : tensor<2xi32>':
        '1:26: tensor literal is invalid; ranks are not consistent between elements',
    'dense<[1, 2]] : tensor<2xi32>':
        "1:26: expected '>'",
    'sparse<[1] // c':
        "1:41: expected ','",
    'dense<// c':
        '1:36: expected element literal of primitive type',
}

PRINTED = {
    'dense_resource<a> : tensor<?xi32>':
        '"foo"() {a = dense_resource<a> : tensor<?xi32>} : () -> ()',
    'dense_resource<a> : tensor<*xi32>':
        '"foo"() {a = dense_resource<a> : tensor<*xi32>} : () -> ()',
    'dense_resource<"x y"> : tensor<2xi8>':
        '"foo"() {a = dense_resource<"x y"> : tensor<2xi8>} : () -> ()',
    'sparse<1,"0x01000000"> : tensor<2xi32>':
        '"foo"() {a = sparse<1, 1> : tensor<2xi32>} : () -> ()',
    'dense<(1,2)> : tensor<i32>':
        '"foo"() {a = dense<1> : tensor<i32>} : () -> ()',
    'dense<[(1,2),(3,4)]> : tensor<2xi32>':
        '"foo"() {a = dense<[1, 2]> : tensor<2xi32>} : () -> ()',
    'dense<(1,2)> : tensor<0xcomplex<i32>>':
        '"foo"() {a = dense<(1,2)> : tensor<0xcomplex<i32>>} : () -> ()',
    'dense<[]> : tensor<0xcomplex<i32>>':
        '"foo"() {a = dense<> : tensor<0xcomplex<i32>>} : () -> ()',
    'dense<"a"> : tensor<2x!foo.t>':
        '"foo"() {a = dense<"a"> : tensor<2x!foo.t>} : () -> ()',
    'dense<[[]]> : tensor<1x0xi32>':
        '"foo"() {a = dense<> : tensor<1x0xi32>} : () -> ()',
    'sparse<[], []> : tensor<2xi32>':
        '"foo"() {a = sparse<> : tensor<2xi32>} : () -> ()',
    'dense_resource<a> : tensor<2xcomplex<f32>>':
        '"foo"() {a = dense_resource<a> : tensor<2xcomplex<f32>>} : () -> ()',
    'dense<[(1,2),(3,4)]> : tensor<2xcomplex<i8>>':
        '"foo"() {a = dense<[(1,2), (3,4)]> : tensor<2xcomplex<i8>>} : () -> ()',
    'dense<"0x0102030405060708"> : tensor<2xcomplex<i16>>':
        '"foo"() {a = dense<[(513,1027), (1541,2055)]> : tensor<2xcomplex<i16>>} : () -> ()',
    'dense<"0x01020304"> : tensor<complex<i16>>':
        '"foo"() {a = dense<(513,1027)> : tensor<complex<i16>>} : () -> ()',
    'dense<"0x0000803F00000040"> : tensor<2xcomplex<f32>>':
        '"foo"() {a = dense<(1.000000e+00,2.000000e+00)> : tensor<2xcomplex<f32>>} : () -> ()',
    'dense<[(true,false)]> : tensor<1xcomplex<i1>>':
        '"foo"() {a = dense<(true,false)> : tensor<1xcomplex<i1>>} : () -> ()',
    'dense<["a", "b"]> : tensor<2x!foo.t>':
        '"foo"() {a = dense<["a", "b"]> : tensor<2x!foo.t>} : () -> ()',
    'dense<[["a"], ["b"]]> : tensor<2x1x!foo.t>':
        '"foo"() {a = dense<[["a"], ["b"]]> : tensor<2x1x!foo.t>} : () -> ()',
    'dense<"0x00"> : tensor<2x!foo.t>':
        '"foo"() {a = dense<"0x00"> : tensor<2x!foo.t>} : () -> ()',
    'sparse<[[0, 1]], ["a"]> : tensor<2x2x!foo.t>':
        '"foo"() {a = sparse<[[0, 1]], "a"> : tensor<2x2x!foo.t>} : () -> ()',
    'sparse<[[0, 1]], [(1, 2)]> : tensor<2x2xcomplex<i32>>':
        '"foo"() {a = sparse<[[0, 1]], (1,2)> : tensor<2x2xcomplex<i32>>} : () -> ()',
    'sparse<[[0, 1]], "0x0100000002000000"> : tensor<2x2xcomplex<i32>>':
        '"foo"() {a = sparse<[[0, 1]], (1,2)> : tensor<2x2xcomplex<i32>>} : () -> ()',
    'sparse<0, 1> : tensor<i32>':
        '"foo"() {a = sparse<> : tensor<i32>} : () -> ()',
    'sparse<[[1, 1], [0, 0]], [1, 2]> : vector<2x2xi32>':
        '"foo"() {a = sparse<[[1, 1], [0, 0]], [1, 2]> : vector<2x2xi32>} : () -> ()',
    'sparse<[[1, 1], [0, 0]], [1, 2]> : memref<2x2xi32>':
        '"foo"() {a = sparse<[[1, 1], [0, 0]], [1, 2]> : memref<2x2xi32>} : () -> ()',
    'dense_resource<a> : tensor<2xi32>':
        '"foo"() {a = dense_resource<a> : tensor<2xi32>} : () -> ()',
    'dense_resource<dense> : tensor<2xi32>':
        '"foo"() {a = dense_resource<dense> : tensor<2xi32>} : () -> ()',
    'dense_resource<a.b$c> : tensor<2xi32>':
        '"foo"() {a = dense_resource<a.b$c> : tensor<2xi32>} : () -> ()',
    'dense_resource<a>: tensor<2xi32>':
        '"foo"() {a = dense_resource<a> : tensor<2xi32>} : () -> ()',
    'dense<[1, 2]> : tensor<2xui8>':
        '"foo"() {a = dense<[1, 2]> : tensor<2xui8>} : () -> ()',
    'dense<[1, 2]> : tensor<2xsi8>':
        '"foo"() {a = dense<[1, 2]> : tensor<2xsi8>} : () -> ()',
    'dense<["a", "b\\n"]> : tensor<2x!foo.bar>':
        '"foo"() {a = dense<["a", "b\\0A"]> : tensor<2x!foo.bar>} : () -> ()',
}


# A whole input -> the output, or "line:column: error: message" of the first
# diagnostic.
METADATA = {
    '{-# dialect_resources: { builtin: { b: "0x04000000" } } #-}\n':
        'module {\n}\n\n',
    '{-# dialect_resources: { builtin: { b: 1 } } #-}\n':
        "1:40: error: expected hex string blob for key 'b'",
    '{-# dialect_resources: { builtin: { b: "0x04" } } #-}\n':
        "1:40: error: expected hex string blob for key 'b' to encode alignment in first 4 bytes",
    '{-# dialect_resources: { builtin: { b: "abc" } } #-}\n':
        "1:40: error: expected hex string blob for key 'b'",
    '{-# dialect_resources: { foo: { b: "0x04000000" } } #-}\n':
        "1:26: error: dialect 'foo' is unknown",
    '{-# dialect_resources: { func: { b: "0x04000000" } } #-}\n':
        "1:34: error: unexpected 'resource' section for dialect 'func'",
    '{-# external_resources: { foo: { b: "0x04000000" } } #-}\n':
        'module {\n}\n\n{-#\n  external_resources: {\n    foo: {\n      b: "0x00000000"\n    }\n  }\n#-}\n\n',
    '{-# bogus: { } #-}\n':
        "1:5: error: unknown key 'bogus' in file metadata dictionary",
    '{-# dialect_resources: { builtin: { b: "0x04000000" } } #-}\n{-# dialect_resources: { builtin: { b: "0x04000000" } } #-}\n':
        'module {\n}\n\n',
    '{-# dialect_resources: { builtin: { b: "0x0400000001" , } } #-}\n':
        "1:57: error: expected identifier key for 'resource' entry",
    '{-# dialect_resources: { builtin: { b: "0x0400000001" } #-}\n':
        "1:56: error: expected ',' or '}'",
    '{-# #-}\n"foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n{-# dialect_resources: { builtin: { b: "0x0300000001000000" } } #-}\n':
        "3:40: error: expected hex string blob for key 'b' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3",
    '"foo"() {a = dense_resource<x> : tensor<0xi32>} : () -> ()\n{-# dialect_resources: { builtin: { x: "0x04000000" } }, external_resources: { g: { s: "a\\"b", t: false }, h: { "k k": "0x0800000001" } } #-}\n':
        'module {\n  "foo"() {a = dense_resource<x> : tensor<0xi32>} : () -> ()\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n      x: "0x00000000"\n    }\n  },\n  external_resources: {\n    g: {\n      s: "a\\22b",\n      t: false\n    },\n    h: {\n      "k k": "0x0800000001"\n    }\n  }\n#-}\n\n',
    '{-# external_resources: { g: { s: "0xZZ" } } #-}\n':
        "1:35: error: expected hex string blob for key 's'",
    '{-# external_resources: { g: { s: "0x03000000" } } #-}\n':
        "1:35: error: expected hex string blob for key 's' to encode alignment in first 4 bytes, but got non-power-of-2 value: 3",
    '{-# external_resources: { g: { s: "a", s: "b" } } #-}\n':
        'module {\n}\n\n{-#\n  external_resources: {\n    g: {\n      s: "a",\n      s: "b"\n    }\n  }\n#-}\n\n',
    '{-# external_resources: { foo: { b: 1 } } #-}\n':
        "1:37: error: expected string value for key 'b'",
    '{-# external_resources: { foo: { } } #-}\n':
        'module {\n}\n\n',
    '{-#\n':
        '1:4: error: expected identifier key in file metadata dictionary',
    '{-# dialect_resources\n':
        "1:22: error: expected ':'",
    '{-# dialect_resources: \n':
        "1:23: error: expected '{'",
    '{-# dialect_resources: {\n':
        "1:25: error: expected identifier key for 'resource' entry",
    '{-# dialect_resources: { builtin\n':
        "1:33: error: expected ':'",
    '{-# dialect_resources: { builtin: \n':
        "1:34: error: expected '{'",
    '{-# dialect_resources: { builtin: { b\n':
        "1:38: error: expected ':'",
    '{-# dialect_resources: { builtin: { b:\n':
        "2:1: error: expected hex string blob for key 'b'",
    '{-# dialect_resources: { builtin: { b: "0x04000000"\n':
        "1:52: error: expected ',' or '}'",
    '{-# dialect_resources: { builtin: { b: "0x04000000" }\n':
        "1:54: error: expected ',' or '}'",
    '{-# dialect_resources: { builtin: { b: "0x04000000" } }\n':
        "1:56: error: expected ',' or '#-}'",
    '{-# dialect_resources: { builtin: { b: "0x04000000" } } \n':
        "1:56: error: expected ',' or '#-}'",
    '"foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n{-# dialect_resources: { builtin: { 1: "0x04000000" } } #-}\n':
        "2:37: error: expected identifier key for 'resource' entry",
    '"foo"() : () -> (\n{-# dialect_resources: { builtin: { 1: "0x04000000" } } #-}\n':
        '1:18: error: expected non-function type',
    '"foo"() : () -> ()\n{-# dialect_resources: { builtin: { 1: "0x04000000" } } #-}\n"bar"() : () -> (\n':
        "2:37: error: expected identifier key for 'resource' entry",
    '"foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n// {-# comment\n"bar"() {s = "{-#"} : () -> ()\n':
        'module {\n  "foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n  "bar"() {s = "{-#"} : () -> ()\n}\n\n',
    'module {\n  "foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n}\n{-# dialect_resources: { builtin: { b: "0x0400000005000000" } } #-}\n':
        'module {\n  "foo"() {a = dense_resource<b> : tensor<1xi32>} : () -> ()\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n      b: "0x0400000005000000"\n    }\n  }\n#-}\n\n',
    '{-# dialect_resources: { builtin: { b: "0x04000000", c: "0x08000000" } } #-}\n"foo"() {a = dense_resource<c> : tensor<1xi32>} : () -> ()\n':
        'module {\n  "foo"() {a = dense_resource<c> : tensor<1xi32>} : () -> ()\n}\n\n{-#\n  dialect_resources: {\n    builtin: {\n      c: "0x00000000"\n    }\n  }\n#-}\n\n',
    '{-# dialect_resources: {} , external_resources: {} #-}\n':
        'module {\n}\n\n',
    '{-# dialect_resources: { builtin: {} } #-}\n':
        'module {\n}\n\n',
    '{-# dialect_resources, #-}\n':
        "1:22: error: expected ':'",
    '{-# external_resources: { g: { true: true } } #-}\n':
        'module {\n}\n\n{-#\n  external_resources: {\n    g: {\n      true: true\n    }\n  }\n#-}\n\n',
    '{-# external_resources: { g: { "": "" } } #-}\n':
        'module {\n}\n\n{-#\n  external_resources: {\n    g: {\n      "": ""\n    }\n  }\n#-}\n\n',
}


# Long literals that are not splats print as their raw storage in hex (more
# than 100 elements), but never the indices of a sparse literal.
def _long(type: str, element) -> str:
    return f"dense<[{', '.join(element(i) for i in range(101))}]> : tensor<101x{type}>"


LONG = [
    _long("i1", lambda i: "true" if i % 3 else "false"),
    _long("i3", lambda i: str(i % 4 - 2)),
    _long("i17", lambda i: str(-i)),
    _long("ui8", str),
    _long("index", str),
    _long("f16", lambda i: f"{i}.5"),
    _long("complex<f32>", lambda i: f"({i}.0, 1.0)"),
    _long("complex<i8>", lambda i: f"({i}, -1)"),
    f"sparse<[{', '.join(f'[{i}, 0]' for i in range(101))}], "
    f"[{', '.join(map(str, range(101)))}]> : tensor<200x2xi32>",
]


def _op(attribute: str) -> str:
    return f'"foo"() {{a = {attribute}}} : () -> ()\n'


def _first_diagnostic(err: str) -> str:
    head = err.split("\n")[0]
    _, line, column, rest = head.split(":", 3)
    return f"{line}:{column}:{rest.removeprefix(' error:')}"


def _run(path, capsys, *flags) -> tuple[int, str, str]:
    code = opt_main.main(["--allow-unregistered-dialect", *flags, str(path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _assert_reads_back(out: str, tmp_path, capsys) -> None:
    """The output, read again, prints the same."""
    again = tmp_path / "again.mlir"
    again.write_text(out)
    assert _run(again, capsys) == (0, out, "")


def _mlir_opt(path, *flags):
    mlir_opt = MLIR_OPT
    if mlir_opt is None:
        return None
    return oracle.run([mlir_opt, "--allow-unregistered-dialect", *flags, str(path)],
                          capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("attribute", list(ERRORS), ids=range(len(ERRORS)))
def test_elements_error(attribute, tmp_path, capsys):
    path = tmp_path / "input.mlir"
    path.write_text(_op(attribute))
    code, _, err = _run(path, capsys)
    assert code == 1
    assert _first_diagnostic(err) == ERRORS[attribute]
    theirs = _mlir_opt(path)
    if theirs is not None:
        assert _first_diagnostic(theirs.stderr) == ERRORS[attribute]


@pytest.mark.parametrize("attribute", list(PRINTED), ids=range(len(PRINTED)))
def test_elements_printed(attribute, tmp_path, capsys):
    path = tmp_path / "input.mlir"
    path.write_text(_op(attribute))
    code, out, err = _run(path, capsys)
    assert code == 0, err
    assert out.split("\n")[1].strip() == PRINTED[attribute]
    _assert_reads_back(out, tmp_path, capsys)
    for flags in ((), ("--mlir-print-op-generic",)):
        theirs = _mlir_opt(path, *flags)
        if theirs is not None:
            assert _run(path, capsys, *flags) == (0, theirs.stdout, "")


@pytest.mark.parametrize("attribute", LONG, ids=range(len(LONG)))
def test_long_literals_print_as_hex(attribute, tmp_path, capsys):
    path = tmp_path / "input.mlir"
    path.write_text(_op(attribute))
    code, out, err = _run(path, capsys)
    assert code == 0, err
    assert '"0x' in out
    _assert_reads_back(out, tmp_path, capsys)
    theirs = _mlir_opt(path)
    if theirs is not None:
        assert out == theirs.stdout


def test_wrong_bound_prefix_comes_before_the_map(tmp_path, capsys):
    """parseBound reads `max` only before a lower bound: before the upper
    one it is where an attribute should be, reported before the undeclared
    `N` inside the map after it."""
    path = tmp_path / "input.mlir"
    path.write_text("func.func @f() {\n  affine.for %i = 1 to max affine_map<(i)->(N, 100)> {\n"
                    "  }\n  return\n}\n")
    code, _, err = _run(path, capsys)
    assert code == 1
    assert _first_diagnostic(err) == "2:23: expected attribute value"
    theirs = _mlir_opt(path)
    if theirs is not None:
        assert _first_diagnostic(theirs.stderr) == "2:23: expected attribute value"


@pytest.mark.parametrize("text", list(METADATA), ids=range(len(METADATA)))
def test_file_metadata(text, tmp_path, capsys):
    path = tmp_path / "input.mlir"
    path.write_text(text)
    code, out, err = _run(path, capsys)
    expected = METADATA[text]
    if expected.split(":")[0].isdigit():
        assert code == 1
        assert _first_diagnostic(err) == expected.replace(" error:", "", 1)
    else:
        assert (code, out, err) == (0, expected, "")
        _assert_reads_back(out, tmp_path, capsys)
    for flags in ((), ("--mlir-print-op-generic",)):
        theirs = _mlir_opt(path, *flags)
        if theirs is not None:
            code, out, err = _run(path, capsys, *flags)
            assert code == theirs.returncode
            if code == 0:
                assert out == theirs.stdout
            else:
                assert _first_diagnostic(err) == _first_diagnostic(theirs.stderr)
