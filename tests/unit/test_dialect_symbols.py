"""Dialect symbols and the syntax only the extended grammar holds: the
opaque form of a dialect type or attribute is printed as MLIR's
printDialectSymbol prints it, and a typed dialect attribute
(mlir_affine_py/grammar/extended.lark) leaves the affine-only grammar as it is."""

from __future__ import annotations

import pytest

from mlir_affine_py.parse.dialect_symbols import printed_symbol
from mlir_affine_py.parse.parser import _parser, parse_source, uses_extended_ops
from mlir_affine_py.printer.printer import Printer


@pytest.mark.parametrize("written, printed", [
    ("!bar<baz>", "!bar.baz"), ("!bar<>", "!bar<>"), ('#foo<"x y">', '#foo<"x y">'),
    ("#foo<bar<1>>", "#foo.bar<1>"), ("#foo<bar.baz>", "#foo.bar.baz"), ("#foo<9>", "#foo<9>"),
    ("#foo<_bar>", "#foo<_bar>"), ("#foo<bar$>", "#foo<bar$>"), ("#foo<bar >", "#foo<bar >"),
    ("!foo.bar<1>", "!foo.bar<1>"), ("#foo.bar", "#foo.bar"),
])
def test_opaque_form_printed_pretty_when_simple(written, printed):
    assert printed_symbol(written) == printed


def test_typed_dialect_attribute_only_in_the_extended_grammar():
    assert "typed_dialect_attr" in _parser(True)[0].prepared.grammar
    assert "typed_dialect_attr" not in _parser(False)[0].prepared.grammar


@pytest.mark.parametrize("text, extended", [
    ('"foo"() {a = #foo.attr : i32} : () -> ()', True),
    ('"foo"() {a = #foo<"x"> : i32} : () -> ()', True),
    ('"foo"() {a = #foo.a<b<c>> : i32} : () -> ()', True),
    # A data layout's entries hold typed attributes inside its body.
    ("module attributes {dlti.dl_spec = #dlti.dl_spec<#dlti.dl_entry<i64, dense<64> : "
     "vector<2xi64>>>} {}", False),
    ('"foo"() {a = #foo.attr, b = dense<1> : tensor<i32>} : () -> ()', False),
])
def test_texts_with_typed_dialect_attributes_use_the_extended_grammar(text, extended):
    assert uses_extended_ops(text) is extended


def test_typed_dialect_attribute_round_trips():
    text = '"foo"() {b = [#a.b : i32, #a<"x"> : i32], c = #foo.attr : !foo.t} : () -> ()\n'
    module = parse_source(text, allow_unregistered=True)
    assert ('"foo"() {b = [#a.b : i32, #a<"x"> : i32], c = #foo.attr : !foo.t} : () -> ()'
            in Printer().print_module(module))
