"""Inputs of the classes the long fuzz run (tools/fuzz.py --mlir-check 1.0)
found accepted, crashing or worded otherwise than by mlir-opt, each small:
the default dialect an unknown op name was tried in, a type list a format
reads with parseTypeList, integers read for an I64Attr, IndexAttr or
int64_t, the verifiers of linalg's named destination-style and relayout
ops and of its convolutions, dialect enum attributes (arith, gpu, spirv), a
missing '<' or '}', a '%' that starts no name, a generic op whose block
lacks the terminator its custom form would imply.
Each input gives the first diagnostic stated here (None: it is accepted);
where mlir-opt is installed, stdout, stderr and the exit status are
compared whole."""

from __future__ import annotations

import pytest

import oracle
from mlir_affine_py import opt_main
from support import MLIR_OPT


def _func(body: str, args: str = "", results: str = "") -> str:
    arrow = f" -> {results}" if results else ""
    return f"func.func @f({args}){arrow} {{\n  {body}\n}}\n"


def _attribute(value: str) -> str:
    return f"func.func @f() attributes {{x = {value}}} {{\n  return\n}}\n"


_T2 = "tensor<2x16x32xf32>"


def _softmax(dimension: str, output: str = _T2) -> str:
    return _func(f"%1 = linalg.softmax dimension({dimension}) ins(%a : {_T2}) outs(%b : {output})"
                 f" -> {output}\n  return %1 : {output}", f"%a: {_T2}, %b: {output}", output)


def _memref_op(op: str, source: str, dest: str, tail: str) -> str:
    return _func(f"{op} ins(%m : {source}) outs(%t : {dest}) {tail}\n  return",
                 f"%m: {source}, %t: {dest}")


def _reduce(dims: str, source: str = "memref<8x4xf32>", dest: str = "memref<8xf32>") -> str:
    return _memref_op("linalg.reduce", source, dest, f"dimensions = [{dims}]\n"
                      "    (%x: f32, %y: f32) { %s = arith.addf %x, %y : f32\n"
                      "      linalg.yield %s : f32 }")


def _pack(tail: str, source: str, dest: str, extra_args: str = "") -> str:
    return _func(f"%0 = linalg.pack %s {tail} into %d : {source} -> {dest}\n  return %0 : {dest}",
                 f"%s: {source}, %d: {dest}{extra_args}", dest)


def _unpack(tiles: str, source: str, dest: str) -> str:
    return _func(f"%0 = linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [{tiles}] into %d"
                 f" : {source} -> {dest}\n  return %0 : {dest}", f"%s: {source}, %d: {dest}", dest)


def _switch(value: str) -> str:
    return _func(f"scf.index_switch %i\n  case {value} {{\n    scf.yield\n  }}\n  default {{\n"
                 "  }\n  return", "%i: index")


def _shuffle(types: str) -> str:
    return _func(f"%1 = vector.shuffle %a, %a[0, 1, 0] : {types}\n  return",
                 "%a: vector<2xf32>")


# name -> (input, "line:column: message" of the first diagnostic, or None)
def _custom_location(line: str) -> str:
    return _func(f'test.attr_with_loc("x" loc(#test.custom_location<"foo.mlir"*{line}>))\n'
                 "  return")


CASES = {
    # The test dialect's location reads its line as an unsigned (parseInteger).
    "custom-location-line-too-large": (_custom_location("4294967296"),
                                       "2:63: integer value too large"),
    "custom-location-negative-line-too-large": (_custom_location("-4294967295"),
                                                "2:63: integer value too large"),
    "custom-location-line-minus-one": (_custom_location("-1"), None),
    "custom-location-line-in-hex": (_custom_location("0xFFFFFFFF"), None),
    # The default dialect of the op whose region holds an unknown name.
    "unknown-top-level": ("foo\n", "1:1: custom op 'foo' is unknown (tried 'builtin.foo' as "
                                   "well)"),
    "unknown-in-module": ("module {\n  foo\n}\n", "2:3: custom op 'foo' is unknown (tried "
                                                  "'builtin.foo' as well)"),
    "unknown-in-func": (_func("foo"), "2:3: custom op 'foo' is unknown (tried 'func.foo' as "
                                      "well)"),
    "unknown-in-loop": (_func("affine.for %i = 0 to 1 {\n    foo\n  }\n  return"),
                        "3:5: Dialect `' not found for custom op 'foo'  (tried '.foo' as well)"),
    "unknown-in-generic-op": (_func('"test.x"() ({\n    foo %x\n  }) : () -> ()'),
                              "3:5: custom op 'foo' is unknown (tried 'func.foo' as well)"),
    "return-in-loop": (_func("affine.for %i = 0 to 1 {\n    return\n  }\n  return"),
                       "3:5: Dialect `' not found for custom op 'return'  (tried '.return' as "
                       "well)"),
    "return-in-module": ("module {\n  return\n}\n", "2:3: custom op 'return' is unknown (tried "
                                                    "'builtin.return' as well)"),
    # Keywords and braces missing their brackets.
    "tensor-without-angle": ("func.func @f(%a: tensor) {\n  return\n}\n",
                             "1:24: expected '<' in tensor type"),
    "memref-without-angle": ("func.func @f(%a: memref f32) {\n  return\n}\n",
                             "1:24: expected '<' in memref type"),
    "memref-space-without-comma": ("func.func @f(%a: memref<4x?xf32 1>) {\n  return\n}\n",
                                   "1:32: expected ',' or '>' in memref type"),
    "dictionary-unclosed": ('"test.x"() {x = 1 2} : () -> ()\n',
                            "1:18: expected '}' in attribute dictionary"),
    # parseTypeList wants one type at least, as many as the operands.
    "shuffle-no-type": (_shuffle("vectorf32"), "2:40: expected non-function type"),
    "shuffle-too-few-types": (_shuffle("vector<2xf32>"), "2:23: custom op 'vector.shuffle' "
                              "number of operands and types do not match: got 2 operands and "
                              "1 types"),
    "softmax-arrow-without-type": (_func(f"%1 = linalg.softmax dimension(1) ins(%a : {_T2}) "
                                         f"outs(%a : {_T2}) -> declared<2x16xf32>\n  return",
                                         f"%a: {_T2}"), "2:99: expected non-function type"),
    # Integers read for an attribute of a type, or as int64_t.
    "index-constant-too-large": (_func("%0 = index.constant 9223372036854775808\n  return"),
                                 "2:23: integer constant out of range for attribute"),
    "index-constant-minus-zero": (_func("%0 = index.constant -0\n  return"),
                                  "2:24: integer constant out of range for attribute"),
    "softmax-dimension-too-small": (_softmax("-9223372036854775809"),
                                    "2:34: integer constant out of range for attribute"),
    "softmax-dimension-wraps": (_softmax("18446744073709551615"),
                                "2:8: 'linalg.softmax' op incorrect dimension specified"),
    "switch-case-too-large": (_switch("0x10000000000000000"),
                              "3:8: custom op 'scf.index_switch' integer value too large"),
    "switch-case-too-small": (_switch("-9223372036854775809"),
                              "3:8: custom op 'scf.index_switch' integer value too large"),
    "switch-case-largest": (_switch("9223372036854775807"), None),
    "alignment-leading-zeros": (_func("%0 = memref.assume_alignment %h, 00000000000000000008 : "
                                      "memref<4xf16>\n  return", "%h: memref<4xf16>"), None),
    "alignment-too-large": (_func("%0 = memref.assume_alignment %h, 4294967296 : memref<4xf16>"
                                  "\n  return", "%h: memref<4xf16>"),
                            "2:36: integer constant out of range for attribute"),
    "locality-leading-zeros": (_func("memref.prefetch %h[%i], read, locality<0003>, data : "
                                     "memref<4xf16>\n  return", "%h: memref<4xf16>, %i: index"),
                               None),
    "tile-too-large": (_unpack("99999999999999999999, 2", "tensor<2x8x8x2xf32>",
                               "tensor<16x16xf32>"),
                       "2:64: custom op 'linalg.unpack' integer value too large"),
    # The verifiers of linalg's ops.
    "softmax-incompatible": (_softmax("1", "tensor<2x16x31xf32>"),
                             "2:8: 'linalg.softmax' op incompatible output shape"),
    "softmax-dynamic-output": (_softmax("2", "tensor<2x?x32xf32>"), None),
    "transpose-not-a-permutation": (_memref_op("linalg.transpose", "memref<8x4xf32>",
                                               "memref<4x8xf32>", "permutation = [0, 0]"),
                                    "2:3: 'linalg.transpose' op permutation is not valid"),
    "transpose-wrong-dimension": (_memref_op("linalg.transpose", "memref<?x4xf32>",
                                             "memref<4x8xf32>", "permutation = [1, 0]"),
                                  "2:3: 'linalg.transpose' op dim(result, 1) = 8 doesn't match "
                                  "dim(input, permutation[1]) = -9223372036854775808"),
    "broadcast-out-of-range": (_memref_op("linalg.broadcast", "memref<8xf32>",
                                          "memref<8x4xf32>", "dimensions = [5]"),
                               "2:3: 'linalg.broadcast' op dimension 0 is out of range. "
                               "expected range: [0, 1], got: 5"),
    "broadcast-unsorted": (_memref_op("linalg.broadcast", "memref<8xf32>",
                                      "memref<8x4x2xf32>", "dimensions = [2, 1]"), None),
    "reduce-out-of-range": (_reduce("2"), "2:3: 'linalg.reduce' op dimensions for reduction "
                                          "should be in the range [0, 1]."),
    "reduce-not-increasing": (_reduce("1, 1"), "2:3: 'linalg.reduce' op attribute "
                              "'dimensions' failed to satisfy constraint: i64 dense array "
                              "attribute should be in increasing order"),
    "reduce-init-shape": (_reduce("1", dest="memref<4xf32>"), "2:3: 'linalg.reduce' op init "
                          "dimensions [4] doesn't match input dimensions after reduction [8]"),
    "pack-zero-tile": (_pack("inner_dims_pos = [0, 1] inner_tiles = [0, 2]",
                             "tensor<16x16xf32>", "tensor<2x8x8x2xf32>"),
                       "2:8: invalid zero tile factor"),
    "pack-domain": (_pack("padding_value(%p : f32) inner_dims_pos = [0, 1] inner_tiles = [8, 2]",
                          "tensor<13x15xf32>", "tensor<3x8x8x2xf32>", ", %p: f32"),
                    "2:8: expected 'tensor<2x8x8x2xf32>' for the packed domain value, got "
                    "'tensor<3x8x8x2xf32>'"),
    "pack-partial-tiles": (_pack("inner_dims_pos = [0, 1] inner_tiles = [8, 2]",
                                 "tensor<13x15xf32>", "tensor<2x8x8x2xf32>"),
                           "2:8: 'linalg.pack' op invalid tile factor or output size provided. "
                           "Only full tiles are supported when padding_value is not set"),
    "pack-outer-permutation": (_pack("outer_dims_perm = [1, 0] inner_dims_pos = [0] "
                                     "inner_tiles = [8]", "tensor<16x16xf32>",
                                     "tensor<16x2x8xf32>"), None),
    "unpack-tile-mismatch": (_unpack("256, 2", "tensor<2x8x8x2xf32>", "tensor<16x16xf32>"),
                             "2:8: mismatch in inner tile sizes specified and shaped of tiled "
                             "dimension in the packed type"),
    "unpack-too-many-tiles": (_unpack("8, 2, 3", "tensor<2x8x8x2xf32>", "tensor<16x16xf32>"),
                              "2:8: tiling factors must be less than or equal to the input "
                              "rank for pack or output rank for unpack"),
    "scatter-not-increasing": (_func(
        "%0 = tensor.scatter %s into %d[%i] scatter_dims([1, 0]) unique : (tensor<1x3x4x1x1xf32>,"
        " tensor<4x5x6xf32>, tensor<1x3x2xindex>) -> tensor<4x5x6xf32>\n  return",
        "%s: tensor<1x3x4x1x1xf32>, %d: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>"),
        "2:8: 'tensor.scatter' op scatter_dims values must be strictly increasing"),
    "gather-result-type": (_func(
        "%0 = tensor.gather %s[%i] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>)"
        " -> tensor<1x3x4x1x2xf32>\n  return", "%s: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>"),
        "2:8: 'tensor.gather' op result type mismatch: expected 'tensor<1x3x4x1x1xf32>' or its "
        "rank-reduced variant 'tensor<1x3x4xf32>' (got: 'tensor<1x3x4x1x2xf32>')"),
    "pad-type-mismatch": (_func(
        "%0 = tensor.pad %a low[1, 2] high[2, 0] {\n  ^bb0(%i: index, %j: index):\n    "
        "tensor.yield %v : f32\n  } : tensor<3x4xf32> to tensor<6x9xf32>\n  return",
        "%a: tensor<3x4xf32>, %v: f32"),
        "2:8: specified type 'tensor<6x9xf32>' does not match the inferred type "
        "'tensor<6x6xf32>'"),
    "gather-rank-reduced": (_func(
        "%0 = tensor.gather %s[%i] gather_dims([1, 2]) : (tensor<4x5x6xf32>, tensor<1x3x2xindex>)"
        " -> tensor<1x3x4xf32>\n  return", "%s: tensor<4x5x6xf32>, %i: tensor<1x3x2xindex>"),
        None),
    # Regions whose terminator is written, never implied.
    "execute-region-without-yield": (_func("scf.execute_region {\n    memref.store %v, %m[%i] : "
                                           "memref<4xf32>\n  }\n  return",
                                           "%m: memref<4xf32>, %v: f32, %i: index"),
                                     "3:5: block with no terminator, has \"memref.store\""),
    "generic-without-yield": (_func(
        "%0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>"
        "], iterator_types = [\"parallel\"]} ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {"
        "\n  ^bb0(%x: f32, %y: f32):\n    %s = arith.addf %x, %y : f32\n  } -> tensor<4xf32>\n"
        "  return", "%a: tensor<4xf32>, %b: tensor<4xf32>"), "4:10: block with no terminator"),
    "contract-not-a-permutation": (_func(
        "linalg.contract indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + 1, d2)>, "
        "affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%a, %b "
        ": memref<5x4xf32>, memref<4x4xf32>) outs(%c : memref<4x4xf32>)\n  return",
        "%a: memref<5x4xf32>, %b: memref<4x4xf32>, %c: memref<4x4xf32>"),
        "2:3: provided affine_map is not a projected permutation"),
    # func.func in generic form without its properties, or with others.
    "func-without-function-type": ('"func.func"() <{sym_name = "f"}> ({\n  "func.return"() : '
                                   '() -> ()\n}) : () -> ()\n',
                                   "1:1: 'func.func' op requires attribute 'function_type'"),
    "func-without-name": ('"func.func"() <{function_type = () -> ()}> ({\n  "func.return"() : '
                          '() -> ()\n}) : () -> ()\n',
                          "1:1: 'func.func' op requires attribute 'sym_name'"),
    "func-type-of-other-kind": ('"func.func"() <{function_type = 1, sym_name = "f"}> ({\n'
                                '  "func.return"() : () -> ()\n}) : () -> ()\n',
                                "1:1: invalid properties {function_type = 1 : i64, sym_name = "
                                "\"f\"} for op func.func: Invalid attribute `function_type` in "
                                "property conversion: 1 : i64"),
    "func-type-not-a-function": ('"func.func"() <{function_type = i32, sym_name = "f"}> ({\n'
                                 '  "func.return"() : () -> ()\n}) : () -> ()\n',
                                 "1:1: 'func.func' op attribute 'function_type' failed to "
                                 "satisfy constraint: type attribute of function type"),
    # Enum attributes of registered dialects.
    "fastmath-unknown-flag": (_attribute("#arith.fastmath<fastfast>"),
                              "1:48: expected ::mlir::arith::FastMathFlags to be one of: none, "
                              "reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"),
    "fastmath-canonical": (_attribute("#arith.fastmath<nnan, ninf, none>"), None),
    "fastmath-all": (_attribute("#arith.fastmath<reassoc,nnan,ninf,nsz,arcp,contract,afn>"),
                     None),
    "fastmath-two-words": (_attribute("#arith.fastmath<nnan ninf>"), "1:52: expected '>'"),
    "fastmath-empty": (_attribute("#arith.fastmath<>"), "1:48: expected valid keyword or "
                                                        "string"),
    "overflow-order": (_attribute("#arith.overflow<nuw,nsw>"), None),
    "arith-unknown-attribute": (_attribute("#arith.roundingmode<x>"),
                                "1:39: unknown attribute `roundingmode` in dialect `arith`"),
    "fastmath-in-payload": (_func("%0 = linalg.map { arith.mulf {fastmath = "
                                  "#arith.fastmath<fastfast>} } ins(%a, %a : tensor<4xf32>, "
                                  "tensor<4xf32>) outs(%a : tensor<4xf32>)\n  return",
                                  "%a: tensor<4xf32>"),
                            "2:60: expected ::mlir::arith::FastMathFlags to be one of: none, "
                            "reassoc, nnan, ninf, nsz, arcp, contract, afn, fast"),
    "address-space-twice": (_func("%b = memref.alloc() : memref<4xi8, "
                                  "#gpu.address_space<workgroup workgroup>>\n  return"),
                            "2:66: expected '>'"),
    "address-space-string": (_attribute('#gpu.address_space<"global">'), None),
    "storage-class-unknown": (_attribute("#spirv.storage_class<Foo>"),
                              "1:53: expected ::mlir::spirv::StorageClass to be one of: "),
    # A '%' that starts no SSA name, on a line of the same shape as one
    # before it with a name there (the shape of a line keys its parse).
    "percent-without-name": (_func("%1 = affine.load %A[0] : memref<4xf32>\n"
                                   "  %2 = affine.load %[0] : memref<4xf32>\n  return",
                                   "%A: memref<4xf32>"), "3:20: invalid SSA name"),
    # cf.switch reads its case values with parseInteger<int64_t>.
    "cf-switch-case-too-large": (_func("cf.switch %a : i32, [\n    default: ^bb1,\n"
                                    "    18446744073709551615: ^bb1\n  ]\n^bb1:\n  return",
                                    "%a: i32"),
                              "4:5: custom op 'cf.switch' integer value too large"),
    "switch-case-truncated": (_func("cf.switch %a : i32, [\n    default: ^bb1,\n"
                                    "    4294967296: ^bb1\n  ]\n^bb1:\n  return", "%a: i32"),
                              None),
    # index's attributes in their opaque form, read by its attribute parser.
    "index-predicate-missing": (_attribute("#index<cmp_predicate >"),
                                "1:53: expected valid keyword or string"),
    "index-predicate-unknown": (_attribute("#index<cmp_predicate foo>"),
                                "1:53: expected ::mlir::index::IndexCmpPredicate to be one of: "
                                "eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge"),
    "index-attribute-unknown": (_attribute("#index<foo eq>"),
                                "1:39: unknown attribute `foo` in dialect `index`"),
    "index-attribute-empty": (_attribute("#index<>"), "1:39: expected valid keyword"),
    "index-predicate-string": (_attribute('#index<cmp_predicate "ult" x>'), None),
    # A generic cf.switch without the segments of its case operands.
    "switch-without-segments": (
        '"func.func"() <{function_type = (i1) -> (), sym_name = "f"}> ({\n^bb0(%a: i1):\n'
        '  "cf.switch"(%a)[^bb1, ^bb1] <{case_values = dense<true> : vector<1xi1>, '
        'operandSegmentSizes = array<i32: 1, 0, 0>}> : (i1) -> ()\n^bb1:\n'
        '  "func.return"() : () -> ()\n}) : () -> ()\n',
        "3:3: 'cf.switch' op requires attribute 'case_operand_segments'"),
    # A region that ends with another op than the terminator the op's custom
    # form implies (SingleBlockImplicitTerminator's region trait).
    "for-ends-with-foreign-op": (_func(
        '"affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = '
        'array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({\n'
        '  ^bb0(%i: index):\n    "foo.bar"() : () -> ()\n  }) : () -> ()\n  return'),
        "2:3: 'affine.for' op expects regions to end with 'affine.yield', found 'foo.bar'"),
    "scf-for-ends-with-foreign-op": (_func(
        '"scf.for"(%x, %x, %x) ({\n  ^bb0(%i: index):\n    "foo.bar"() : () -> ()\n'
        '  }) : (index, index, index) -> ()\n  return', "%x: index"),
        "2:3: 'scf.for' op expects regions to end with 'scf.yield', found 'foo.bar'"),
    "generate-ends-with-foreign-op": (_func(
        '%0 = "tensor.generate"(%n) ({\n  ^bb0(%i: index):\n    %c = arith.constant 0.0 : f32'
        '\n    "foo.bar"(%c) : (f32) -> ()\n  }) : (index) -> tensor<?xf32>\n'
        '  return %0 : tensor<?xf32>', "%n: index", "tensor<?xf32>"),
        "2:8: 'tensor.generate' op expects regions to end with 'tensor.yield', found "
        "'foo.bar'"),
    # The file metadata dictionary stands at the top level alone.
    "metadata-in-region": (_func("%c = arith.constant 0 : index\n  {-# external_resources: {} #-}"
                                 "\n  return"), "2:32: expected operation name in quotes"),
    # A window op whose stride does not fit int64_t: read as getValues<int64_t>
    # reads it, its input map indexes below 0 (verifyStructuredOpInterface).
    "pooling-stride-wraps": (_func(
        "%0 = linalg.pooling_nwc_min {dilations = dense<1> : tensor<1xi64>, strides = "
        "dense<9223372036854775808> : tensor<1xi64>} ins(%i, %k : tensor<1x4x1xf32>, "
        "tensor<3xf32>) outs(%o : tensor<1x2x1xf32>) -> tensor<1x2x1xf32>\n"
        "  return %0 : tensor<1x2x1xf32>",
        "%i: tensor<1x4x1xf32>, %k: tensor<3xf32>, %o: tensor<1x2x1xf32>", "tensor<1x2x1xf32>"),
        "2:8: 'linalg.pooling_nwc_min' op unexpected result less than 0 at expression #1 in "
        "(d0, d1, d2, d3) -> (d0, d1 * -9223372036854775808 + d3, d2)"),
    # A string attribute of a format with a character that ends a string.
    "assert-message-vertical-tab": (_func('cf.assert %a, "Some \x0bmessage"\n  return', "%a: i1"),
                                    "2:23: expected '\"' in string literal"),
    # The test dialect's custom location read piece by piece as its format
    # reads it: a float where the line's unsigned stands, missing pieces.
    **{f"custom-location-{name}": (_func(f"return loc(#test.custom_location<{body}>)"),
                                   diagnostic) for name, body, diagnostic in (
        ("float-line", '"foo.mlir"*1.0e999', "2:47: expected integer value"),
        ("no-star", '"foo.mlir" 1', "2:46: expected '*'"),
        ("no-file", "foo * 1", "2:36: expected attribute value"),
        ("two-lines", '"foo.mlir" * 1 2', "2:50: expected '>'"),
        ("exponent", '"f" * 1e5', "2:43: expected '>'"),
        ("negative", '"foo.mlir" * -1', None))},
    # A generic op without the implicit terminator its custom form adds.
    "generic-for-without-yield": (_func(
        '"affine.for"() <{lowerBoundMap = affine_map<() -> (0)>, operandSegmentSizes = '
        'array<i32: 0, 0, 0>, step = 1 : index, upperBoundMap = affine_map<() -> (10)>}> ({\n'
        '  ^bb0(%i: index):\n  }) : () -> ()\n  return'),
        "2:3: 'affine.for' op expects a non-empty block"),
    # Convolutions whose strides or dilations of 0 leave a loop out of the
    # input map, or make its expression no sum (ConvolutionOpInterface).
    **{f"convolution-stride-{stride}-dilation-{dilation}": (_func(
        f"linalg.conv_1d_nwc_wcf {{dilations = dense<{dilation}> : tensor<1xi64>, strides = "
        f"dense<{stride}> : tensor<1xi64>}} ins(%i, %k : memref<1x8x3xf32>, memref<2x3x4xf32>) "
        "outs(%o : memref<1x4x4xf32>)\n  return",
        "%i: memref<1x8x3xf32>, %k: memref<2x3x4xf32>, %o: memref<1x4x4xf32>"),
        "2:3: " + message) for stride, dilation, message in (
            (0, 1, "unexpected loop dimension for convolution op"),
            (1, 0, "unexpected loop dimension for convolution op"),
            (2, 0, "unexpected input index map for convolutions"),
            (0, 2, "unexpected input index map for convolutions"))},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_fuzz_finding(name, tmp_path, capsys):
    text, diagnostic = CASES[name]
    path = tmp_path / f"{name}.mlir"
    path.write_text(text)
    code = opt_main.main(["--allow-unregistered-dialect", str(path)])
    out, err = capsys.readouterr()
    assert "internal error" not in err
    if diagnostic is None:
        assert (code, err) == (0, ""), err
    else:
        assert code == 1
        place, message = diagnostic.split(": ", 1)
        assert err.startswith(f"{path}:{place}: error: {message}"), err
    if MLIR_OPT is not None:
        theirs = oracle.run([MLIR_OPT, "--allow-unregistered-dialect", str(path)],
                            capture_output=True, timeout=60)
        assert (code, out, err) == (theirs.returncode, theirs.stdout.decode(),
                                    theirs.stderr.decode())
