"""Pass options read as mlir-opt reads them (passes.py): the option text is
split at spaces outside quotes and braces, values parse as LLVM's `cl::opt`
parsers do, and errors name the option."""

from __future__ import annotations

import pytest

from mlir_affine_py.passes import (ListOption, Option, Pass, PassOptionError, parse_llvm_integer,
                                   split_option_text)


class Sample(Pass):
    argument = "sample"
    count = Option(4, "a count")
    offset = Option(0, "may be negative")
    label = Option("x", "a string")
    scale = Option(1.0, "a float")
    flag = Option(False, "a flag")
    sizes = ListOption(int, "sizes", unsigned=True)
    names = ListOption(str, "names")


def test_text_is_split_outside_quotes_and_braces():
    text = 'a=1 b="two words" c={x y} d=\'q r\' e'
    assert list(split_option_text(text)) == [("a", "1"), ("b", "two words"), ("c", "{x y}"),
                                             ("d", "q r"), ("e", "")]
    assert list(split_option_text("  ")) == []


@pytest.mark.parametrize("text, value", [("12", 12), ("-3", -3), ("0x1f", 31), ("0b101", 5),
                                         ("017", 15), ("0o17", 15), ("0", 0)])
def test_integers_as_llvm_reads_them(text, value):
    assert parse_llvm_integer(text) == value


@pytest.mark.parametrize("text", ["", "+1", "1.5", "x", "0x", "1e3", "--1"])
def test_not_integers(text):
    assert parse_llvm_integer(text) is None


def test_every_type_parses():
    sample = Sample.from_option_text('count=0x10 offset=-2 label="a b" scale=2.5 flag '
                                     'sizes={1,2,3} names=p,q')
    assert (sample.count, sample.offset, sample.label, sample.scale, sample.flag) == \
        (16, -2, "a b", 2.5, True)
    assert sample.sizes == [1, 2, 3] and sample.names == ["p", "q"]
    assert Sample().sizes == [] and Sample().count == 4
    assert sample.describe() == ("sample{count=16 flag=true label=a b names={p,q} offset=-2 "
                                 "scale=2.5 sizes={1,2,3}}")


def test_defaults_are_not_shared_between_instances():
    first, second = Sample(), Sample()
    first.sizes.append(1)
    assert Sample().sizes == [] and second.sizes == []


@pytest.mark.parametrize("text, detail", [
    ("flag=yes", "for the --flag option: 'yes' is invalid value for boolean argument! Try 0 or 1"),
    ("count=four", "for the --count option: 'four' value invalid for int argument!"),
    ("sizes=1,-2", "for the --sizes option: '-2' value invalid for uint argument!"),
    ("scale=big", "for the --scale option: 'big' value invalid for floating point argument!"),
])
def test_bad_values_name_the_option(text, detail):
    with pytest.raises(PassOptionError) as caught:
        Sample.from_option_text(text)
    assert caught.value.detail == detail
    assert caught.value.report().endswith(
        f"<unknown>:0: error: \nfailed to add `sample` with options `{text}`\n\n")


def test_unknown_option():
    with pytest.raises(PassOptionError) as caught:
        Sample.from_option_text("count=1 colour=red")
    assert caught.value.report() == ("<unknown>:0: error: <Pass-Options-Parser>: no such option "
                                     "colour\n\nfailed to add `sample` with options "
                                     "`count=1 colour=red`\n\n")


def test_keyword_construction():
    assert Sample(count=3, sizes=(1, 2)).sizes == [1, 2]
    with pytest.raises(PassOptionError, match="no such option colour"):
        Sample(colour="red")
