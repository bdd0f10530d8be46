"""Tests for mlir_affine_py.printer.numbers.

Two layers:
* fixed expectations (recorded from upstream mlir-opt 22), always run;
* oracle comparisons that batch thousands of literals into one mlir-opt
  run, skipped when mlir-opt is not installed.
"""

from __future__ import annotations

import math
import os
import random
import struct
import tempfile

import pytest

import oracle
from mlir_affine_py.printer.numbers import (
    SUPPORTED_FLOAT_TYPES,
    apfloat_to_string,
    escape_string,
    float_from_bits,
    float_semantics,
    float_to_bits,
    format_float,
    format_float_bits,
    format_integer_bits,
    hex_float_literal_to_bits,
    integer_attr_bits,
    parse_float_literal,
    round_to_type,
    unescape_string,
)
from support import MLIR_OPT, find_mlir_tool, marked

# ---------------------------------------------------------------------------
# Fixed expectations (no mlir-opt needed)
# ---------------------------------------------------------------------------

# (literal as written in the input, type, what mlir-opt 22 prints)
PRINTED = [
    ("0.1", "f32", "1.000000e-01"),
    ("1.0e-5", "f64", "1.000000e-05"),
    ("0x7FC00000", "f32", "0x7FC00000"),
    ("123456789.0", "f64", "0x419D6F3454000000"),
    ("1.5", "bf16", "1.500000e+00"),
    ("0.1", "f64", "1.000000e-01"),
    ("1.0e20", "f64", "1.000000e+20"),
    ("1.0e-20", "f32", "9.99999968E-21"),
    ("0x7FF0000000000000", "f64", "0x7FF0000000000000"),
    ("-0.0", "f16", "-0.000000e+00"),
    ("0.1", "f16", "9.997550e-02"),
    ("0.1", "bf16", "1.000980e-01"),
    ("65504.0", "f16", "6.550400e+04"),
    ("1.0e100", "f64", "1.000000e+100"),
    ("3.0e38", "f32", "3.000000e+38"),
    ("123456.7", "f32", "123456.703"),
    ("1234567.0", "f32", "0x4996B438"),
    ("0.0001234", "f64", "1.234000e-04"),
    ("12345678.0", "f64", "0x41678C29C0000000"),
    ("1.0e7", "f64", "1.000000e+07"),
    ("100.0", "f64", "1.000000e+02"),
    ("0x03F800000", "f32", "1.000000e+00"),
    ("1.0e400", "f64", "0x7FF0000000000000"),
    ("1.0e-400", "f64", "0.000000e+00"),
    ("1.0e39", "f32", "0x7F800000"),
    ("-1.0e39", "f32", "0xFF800000"),
    ("0x0001", "f16", "5.960460e-08"),
    ("0x7C01", "f16", "0x7C01"),
    ("0xFFFF", "bf16", "0xFFFF"),
    ("0x0001", "f32", "1.401300e-45"),
    ("0x1", "f64", "4.940660e-324"),
    ("65520.0", "f16", "0x7C00"),
    ("65519.0", "f16", "6.550400e+04"),
    ("0x0", "f32", "0.000000e+00"),
    ("0x80000000", "f32", "-0.000000e+00"),
    ("0.7e-45", "f32", "0.000000e+00"),
    ("0.71e-45", "f32", "1.401300e-45"),
    ("0.0", "f32", "0.000000e+00"),
    ("-0.0", "f64", "-0.000000e+00"),
    ("1.", "f32", "1.000000e+00"),
    ("1.5E3", "f32", "1.500000e+03"),
    ("4.9e-324", "f64", "4.940660e-324"),
    ("2.2250738585072014e-308", "f64", "2.2250738585072014E-308"),
    ("1.7976931348623157e308", "f64", "1.7976931348623157E+308"),
    ("3.4028235e38", "f32", "3.40282347E+38"),
    ("1.17549435e-38", "f32", "1.17549435E-38"),
    ("9.2e-41", "bf16", "9.183550e-41"),
    ("0.3", "f64", "3.000000e-01"),
    ("0.30000000000000004", "f64", "0.30000000000000004"),
    ("1.0e16", "f64", "1.000000e+16"),
    ("2049.0", "f16", "2.048000e+03"),
    ("16777217.0", "f32", "0x4B800000"),
    ("1234567.5", "f32", "1234567.5"),
    ("1.0", "f128", "1.000000e+00"),
    ("0.1", "f128", "0.100000000000000005551115123125782702"),
    ("0.1", "tf32", "9.997550e-02"),
    ("0.1", "f8E5M2", "9.375000e-02"),
    ("0.1", "f8E4M3FN", "1.015630e-01"),
    ("1000.0", "f8E4M3FN", "0x7F"),
    ("-1000.0", "f8E4M3FN", "0xFF"),
    ("464.0", "f8E4M3FN", "4.480000e+02"),
    ("0.3", "f8E4M3", "3.125000e-01"),
    ("0.3", "f8E3M4", "2.968750e-01"),
    ("1000.0", "f8E5M2FNUZ", "1.024000e+03"),
    ("-0.0", "f8E5M2FNUZ", "0.000000e+00"),
    ("-1.0e-30", "f8E4M3FNUZ", "0.000000e+00"),
    ("1.0e10", "f8E4M3B11FNUZ", "0x80"),
    ("1000.0", "f6E3M2FN", "2.800000e+01"),
    ("-1000.0", "f4E2M1FN", "-6.000000e+00"),
]


def literal_to_bits(literal: str, type_name: str) -> int:
    """What the parser does with a float attribute literal."""
    negative = literal.startswith("-")
    body = literal.lstrip("-")
    if body.startswith("0x"):
        return hex_float_literal_to_bits(int(body, 16), type_name, negative)
    return parse_float_literal(body, type_name, negative)


@pytest.mark.parametrize("literal,type_name,expected", PRINTED)
def test_printed_float(literal, type_name, expected):
    assert format_float_bits(literal_to_bits(literal, type_name), type_name) == expected


def test_apfloat_to_string_forms():
    one = float_to_bits(1.0, "f64")
    assert apfloat_to_string(one, "f64", 6, 0, False) == "1.000000e+00"
    assert apfloat_to_string(one, "f64") == "1"
    assert apfloat_to_string(float_to_bits(-123.45, "f64"), "f64", 6, 0, False) == "-1.234500e+02"
    assert apfloat_to_string(float_to_bits(0.25, "f64"), "f64", 6, 0, False) == "2.500000e-01"
    assert apfloat_to_string(float_to_bits(0.0, "f32"), "f32", 6, 0, False) == "0.000000e+00"
    assert apfloat_to_string(float_to_bits(0.0, "f32"), "f32") == "0"
    assert apfloat_to_string(float_to_bits(0.1, "f64"), "f64") == "0.10000000000000001"
    assert apfloat_to_string(float_to_bits(1e-5, "f64"), "f64") == "1.0000000000000001E-5"
    assert apfloat_to_string(float_to_bits(0.001, "f64"), "f64") == "0.001"
    assert apfloat_to_string(float_to_bits(123456789.0, "f64"), "f64") == "123456789"
    assert apfloat_to_string(float_to_bits(1e20, "f64"), "f64") == "1.0E+20"
    assert apfloat_to_string(float_to_bits(-math.inf, "f32"), "f32") == "-Inf"
    assert apfloat_to_string(float_to_bits(math.nan, "f32"), "f32") == "NaN"
    # Upstream quirk kept on purpose: AdjustToPrecision first *truncates*
    # surplus digits, so 9.99999999 at 3 digits is 9.99, not 1.0E+1 ...
    assert apfloat_to_string(float_to_bits(9.99999999, "f64"), "f64", 3, 0, True) == "9.99E+0"
    # ... while a digit that survives truncation rounds half up, carrying.
    assert apfloat_to_string(float_to_bits(9999.5, "f64"), "f64", 4, 0, True) == "1.0E+4"


def test_nan_payloads_and_negative_zero_round_trip():
    for type_name, patterns in {
        "f32": [0x7FC00000, 0xFFC00001, 0x7F800001, 0xFFBFFFFF, 0x80000000],
        "f16": [0x7C01, 0xFE00, 0x7DFF, 0x8000],
        "bf16": [0x7F81, 0xFFC0, 0x8000],
        "f64": [0x7FF0000000000001, 0xFFF8000000000000, 0x7FF7FFFFFFFFFFFF,
                0x8000000000000000],
        "f128": [(0x7FFF << 112) | (1 << 100), 1 << 127],
        "f80": [0x7FFFC000000000000000, 0xFFFF8000000000000800, 1 << 79],
        "f8E4M3FN": [0x7F, 0xFF, 0x80],
        "f8E5M2FNUZ": [0x80],
    }.items():
        for bits in patterns:
            assert float_to_bits(float_from_bits(bits, type_name), type_name) == bits
    assert math.copysign(1.0, round_to_type(-0.0, "bf16")) == -1.0
    # Inf into a type without Inf/NaN: upstream's bitcast leaves the sign bit.
    assert float_to_bits(-math.inf, "f6E3M2FN") == 0x20
    assert float_to_bits(math.inf, "f4E2M1FN") == 0
    # FNUZ types have no -0: it becomes +0.
    assert float_to_bits(-0.0, "f8E4M3FNUZ") == 0


def test_round_to_type():
    assert round_to_type(0.1, "f32") == struct.unpack("<f", struct.pack("<f", 0.1))[0]
    assert round_to_type(0.1, "f16") == 0.0999755859375
    assert round_to_type(1.0e39, "f32") == math.inf
    assert round_to_type(-65520.0, "f16") == -math.inf
    assert round_to_type(65519.99, "f16") == 65504.0
    assert round_to_type(1e-50, "f32") == 0.0
    assert round_to_type(2.0 ** -25, "f16") == 0.0          # tie -> even (0)
    assert round_to_type(3 * 2.0 ** -25, "f16") == 2.0 ** -23  # tie -> even
    assert math.isnan(round_to_type(math.nan, "bf16"))
    assert round_to_type(1.0 + 2.0 ** -8, "bf16") == 1.0     # tie -> even
    assert round_to_type(1.0 + 3 * 2.0 ** -8, "bf16") == 1.0 + 2.0 ** -6
    assert round_to_type(12345.678, "f64") == 12345.678
    for x in (1.0, -2.5, 3.0e38, 1.0e-40, 0.0):
        assert round_to_type(x, "f32") == struct.unpack("<f", struct.pack("<f", x))[0]


def test_float_bits_helpers():
    assert float_to_bits(1.0, "f32") == 0x3F800000
    assert float_to_bits(-2.0, "f16") == 0xC000
    assert float_to_bits(1.0, "bf16") == 0x3F80
    assert float_to_bits(math.inf, "f16") == 0x7C00
    assert float_to_bits(1.0, "f128") == 0x3FFF << 112
    assert float_from_bits(0x3C00, "f16") == 1.0
    assert float_from_bits(0x0001, "f16") == 2.0 ** -24
    assert float_from_bits(0x4049, "bf16") == 3.140625
    assert float_from_bits(0xFC00, "f16") == -math.inf
    assert float_semantics("f32").precision == 24
    assert "f16" in SUPPORTED_FLOAT_TYPES
    assert float_to_bits(1.0, "f80") == 0x3FFF8000000000000000
    for bad in ("f8E8M0FNU", "i32", "f99"):
        with pytest.raises(ValueError):
            float_semantics(bad)
        with pytest.raises(ValueError):
            format_float(1.0, bad)
    with pytest.raises(ValueError):
        format_float_bits(1 << 16, "f16")


def test_hex_float_literal_checks():
    assert hex_float_literal_to_bits(0x03F800000, "f32") == 0x3F800000
    with pytest.raises(ValueError, match="out of range for type"):
        hex_float_literal_to_bits(0x13F800000, "f32")
    with pytest.raises(ValueError, match="leading minus"):
        hex_float_literal_to_bits(0x3F800000, "f32", negative=True)


def test_format_float_cache_is_consistent():
    assert format_float(1.0, "f32") == "1.000000e+00"
    assert format_float(1.0, "f32") == "1.000000e+00"
    assert format_float(-1.0, "f32") == "-1.000000e+00"
    assert format_float(0.0, "f64") != format_float(-0.0, "f64")


# Integers -------------------------------------------------------------------

INT_PRINTED = [
    # (negative, magnitude, width, signedness, printed)
    (False, 255, 8, "signless", "-1"),
    (False, 255, 8, "unsigned", "255"),
    (True, 128, 8, "signed", "-128"),
    (False, 1, 1, "signless", "true"),
    (True, 1, 1, "signless", "true"),
    (False, 0, 1, "signless", "false"),
    (False, 0x7F, 8, "signless", "127"),
    (False, 2 ** 64 - 1, 64, "signless", "-1"),
    (False, 2 ** 128 - 1, 128, "signless", "-1"),
    (False, 2 ** 128 - 1, 128, "unsigned", str(2 ** 128 - 1)),
    (False, 1, 1, "unsigned", "1"),
    (False, 0, 1, "signed", "0"),
    (True, 1, 1, "signed", "-1"),
    (True, 0x80, 8, "signless", "-128"),
    (False, 0x00FF, 8, "signless", "-1"),
]


@pytest.mark.parametrize("negative,magnitude,width,signedness,printed", INT_PRINTED)
def test_integer_printing(negative, magnitude, width, signedness, printed):
    bits = integer_attr_bits(magnitude, negative, width, signedness)
    assert format_integer_bits(bits, width, signedness) == printed


@pytest.mark.parametrize("negative,magnitude,width,signedness,is_index,message", [
    (True, 1, 8, "unsigned", False, "negative integer literal not valid"),
    (False, 256, 8, "signless", False, "out of range"),
    (False, 128, 8, "signed", False, "out of range"),
    (True, 129, 8, "signless", False, "out of range"),
    (False, 2, 1, "signless", False, "out of range"),
    (True, 0, 8, "signless", False, "out of range"),   # upstream rejects -0
    (True, 0, 8, "signed", False, "out of range"),
    (False, 0x80, 8, "signed", False, "out of range"),
    (False, 2 ** 63, 0, "signless", True, "out of range"),
])
def test_integer_errors(negative, magnitude, width, signedness, is_index, message):
    with pytest.raises(ValueError, match=message):
        integer_attr_bits(magnitude, negative, width, signedness, is_index)


def test_index_integers():
    bits = integer_attr_bits(1, True, 0, "signless", is_index=True)
    assert format_integer_bits(bits, 64) == "-1"
    assert integer_attr_bits(5, False, 0, is_index=True) == 5


# Strings --------------------------------------------------------------------

def test_escape_string():
    assert escape_string(b'a"b\\c\nd\te\x0af\x7f') == "a\\22b\\\\c\\0Ad\\09e\\0Af\\7F"
    assert escape_string("héllo ☃") == "h\\C3\\A9llo \\E2\\98\\83"
    assert escape_string(b"tab\x09x\xff~ ") == "tab\\09x\\FF~ "
    assert escape_string(b"") == ""
    assert escape_string(bytes(range(32, 127))).count("\\") == 3  # \22 and \\


def test_unescape_string():
    assert unescape_string('a\\"b\\\\c\\nd\\te\\0Af\\7f') == b'a"b\\c\nd\te\nf\x7f'
    assert unescape_string("héllo ☃") == "héllo ☃".encode()
    assert unescape_string("\\ff\\Ff\\00") == b"\xff\xff\x00"
    assert unescape_string("\\5c\\22") == b'\\"'
    assert unescape_string("") == b""
    assert unescape_string("a\rb\x00c") == b"a\rb\x00c"  # allowed raw
    for bad in ("\\x", "\\", "\\a", "\\0", "\\0g", "a\nb", "a\vb", "a\fb"):
        with pytest.raises(ValueError):
            unescape_string(bad)
    data = bytes(range(256))
    assert unescape_string(escape_string(data)) == data


# ---------------------------------------------------------------------------
# Oracle comparisons against mlir-opt
# ---------------------------------------------------------------------------

needs_mlir_opt = pytest.mark.skipif(MLIR_OPT is None, reason="mlir-opt not installed")
# The bit-pattern sweeps print hundreds of thousands of floats: their answers
# are not kept (oracle.py), the live mlir-opt gives them in the full run.
live_mlir_opt = marked(pytest.mark.oracle,
                       pytest.mark.skipif(find_mlir_tool("mlir-opt") is None,
                                          reason="mlir-opt not installed"))

_PREFIX = '"test.x"() {v = '
_SUFFIX = "} : () -> ()"


def mlir_print_attrs(values: list[str], recorded: bool = True) -> list[str]:
    """Round-trip each attribute text through mlir-opt, one op per value."""
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False,
                                     encoding="utf-8") as f:
        for v in values:
            f.write(f"{_PREFIX}{v}{_SUFFIX}\n")
        path = f.name
    try:
        proc = oracle.run([MLIR_OPT, "--allow-unregistered-dialect", path],
                          capture_output=True, timeout=600, recorded=recorded)
    finally:
        os.unlink(path)
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[:2000]
    out = []
    for line in proc.stdout.decode("utf-8").splitlines():
        line = line.strip()
        if line.startswith(_PREFIX):
            assert line.endswith(_SUFFIX)
            out.append(line[len(_PREFIX):-len(_SUFFIX)])
    assert len(out) == len(values)
    return out


def _compare(values: list[str], expected: list[str], recorded: bool = True) -> None:
    got = mlir_print_attrs(values, recorded)
    bad = [(v, g, e) for v, g, e in zip(values, got, expected) if g != e]
    assert not bad, f"{len(bad)} mismatches, first: {bad[:10]}"


def _check_bit_patterns(type_name: str, patterns) -> None:
    patterns = list(patterns)
    values = [f"0x{b:X} : {type_name}" for b in patterns]
    expected = [f"{format_float_bits(b, type_name)} : {type_name}" for b in patterns]
    _compare(values, expected, recorded=False)


@live_mlir_opt
@pytest.mark.parametrize("type_name", [
    "f16", "bf16", "f8E5M2", "f8E4M3", "f8E3M4", "f8E4M3FN", "f8E5M2FNUZ",
    "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f6E3M2FN", "f6E2M3FN", "f4E2M1FN"])
def test_oracle_every_bit_pattern(type_name):
    _check_bit_patterns(type_name, range(1 << float_semantics(type_name).width))


def _random_patterns(type_name: str, count: int, seed: int) -> list[int]:
    """Uniform bit patterns plus 'nice' values (short decimals, integers)."""
    rng = random.Random(seed)
    sem = float_semantics(type_name)
    out = [rng.getrandbits(sem.width) for _ in range(count)]
    # Denormals (and their neighbourhood), rare among uniform patterns.
    out += [rng.getrandbits(rng.randint(1, sem.precision)) | (rng.getrandbits(1) << (sem.width - 1))
            for _ in range(count // 4)]
    for _ in range(count // 2):
        nice = rng.choice([
            rng.randint(-10 ** 9, 10 ** 9) / 10 ** rng.randint(0, 12),
            rng.randint(1, 999) * 10.0 ** rng.randint(-40, 40),
            float(rng.randint(-2 ** 30, 2 ** 30)),
            rng.random() * 2.0 ** rng.randint(-1074, 1023),
        ])
        out.append(float_to_bits(nice, type_name))
    return out


@live_mlir_opt
@pytest.mark.parametrize("type_name,count", [
    ("f32", 20000), ("f64", 20000), ("tf32", 5000), ("f128", 800), ("f80", 2000)])
def test_oracle_random_bit_patterns(type_name, count):
    _check_bit_patterns(type_name, _random_patterns(type_name, count, seed=1234))


@needs_mlir_opt
@pytest.mark.parametrize("type_name", ["f16", "bf16", "f32", "f64", "f128", "f80", "tf32",
                                       "f8E4M3FN", "f8E5M2FNUZ", "f6E3M2FN"])
def test_oracle_decimal_literals(type_name):
    """Decimal literal -> double -> type rounding, then printing."""
    rng = random.Random(99)
    values, expected = [], []
    for _ in range(3000):
        int_part = str(rng.randint(0, 10 ** rng.randint(0, 12)))
        frac = str(rng.randint(0, 10 ** rng.randint(0, 20)))
        lit = f"{int_part}.{frac}"
        if rng.random() < 0.7:
            lit += f"e{rng.choice(['', '+', '-'])}{rng.randint(0, 330)}"
        if rng.random() < 0.5:
            lit = "-" + lit
        if math.isinf(float(lit)) and float_semantics(type_name).kind == "finite":
            continue  # known, documented mismatch: upstream prints 0x0 / 0x20
        values.append(f"{lit} : {type_name}")
        bits = literal_to_bits(lit, type_name)
        expected.append(f"{format_float_bits(bits, type_name)} : {type_name}")
    _compare(values, expected)


@needs_mlir_opt
def test_oracle_integers():
    rng = random.Random(7)
    values, expected = [], []
    for _ in range(3000):
        width = rng.choice([1, 2, 7, 8, 16, 31, 32, 33, 64, 65, 128, 200])
        signedness = rng.choice(["signless", "signed", "unsigned", "index"])
        is_index = signedness == "index"
        if is_index:
            type_name, width, signedness = "index", 64, "signless"
        else:
            type_name = {"signless": "i", "signed": "si", "unsigned": "ui"}[signedness]
            type_name += str(width)
        if signedness == "unsigned":
            negative, magnitude = False, rng.getrandbits(width)
        elif signedness == "signless" and not is_index and rng.random() < 0.3:
            negative, magnitude = False, rng.getrandbits(width)  # unsigned range
        else:
            value = rng.randint(-(1 << (width - 1)), (1 << (width - 1)) - 1)
            if value == 0:
                value = -1  # "-0" is rejected upstream; -1 fits every width
            negative, magnitude = value < 0, abs(value)
        spelling = hex(magnitude) if rng.random() < 0.3 else str(magnitude)
        values.append(f"{'-' if negative else ''}{spelling} : {type_name}")
        bits = integer_attr_bits(magnitude, negative, width, signedness, is_index)
        text = format_integer_bits(bits, width, signedness)
        expected.append(text if type_name == "i1" else f"{text} : {type_name}")
    _compare(values, expected)


def _helper_for(text: str) -> None:
    """Feed an ``<int literal> : <type>`` attribute to our helpers."""
    body, type_name = (part.strip() for part in text.split(":"))
    negative, magnitude = body.startswith("-"), int(body.lstrip("-"), 0)
    if type_name.startswith("f"):
        hex_float_literal_to_bits(magnitude, type_name, negative)
    elif type_name == "index":
        integer_attr_bits(magnitude, negative, 64, is_index=True)
    else:
        signedness = {"si": "signed", "ui": "unsigned"}.get(type_name[:2], "signless")
        integer_attr_bits(magnitude, negative, int(type_name.lstrip("siu")), signedness)


@needs_mlir_opt
@pytest.mark.parametrize("text,message", [
    ("-0 : i8", "integer constant out of range for attribute"),
    ("128 : si8", "integer constant out of range for attribute"),
    ("-1 : ui8", "negative integer literal not valid for unsigned integer type"),
    ("2 : i1", "integer constant out of range for attribute"),
    ("9223372036854775808 : index", "integer constant out of range for attribute"),
    ("-0x3F800000 : f32", "hexadecimal float literal should not have a leading minus"),
    ("0x13F800000 : f32", "hexadecimal float constant out of range for type"),
])
def test_oracle_errors_match(text, message):
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(f"{_PREFIX}{text}{_SUFFIX}\n")
        path = f.name
    try:
        proc = oracle.run([MLIR_OPT, "--allow-unregistered-dialect", path],
                              capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(path)
    assert proc.returncode != 0 and message in proc.stderr
    with pytest.raises(ValueError, match=message):
        _helper_for(text)


@needs_mlir_opt
def test_oracle_strings():
    rng = random.Random(5)
    alphabet = [chr(c) for c in range(32, 127)] + ["\t", "\r", "é", "☃", "\u0000", "\x7f"]
    escapes = ['\\"', "\\\\", "\\n", "\\t", "\\0a", "\\FF", "\\7f", "\\22"]
    bodies = []
    for _ in range(2000):
        parts = []
        for _ in range(rng.randint(0, 30)):
            if rng.random() < 0.1:
                byte = f"{rng.randrange(256):02x}"
                parts.append("\\" + (byte.upper() if rng.random() < 0.5 else byte))
            elif rng.random() < 0.3:
                parts.append(rng.choice(escapes))
            else:
                ch = rng.choice(alphabet)
                parts.append("\\\\" if ch == "\\" else '\\"' if ch == '"' else ch)
        bodies.append("".join(parts))
    values = [f'"{b}"' for b in bodies]
    expected = [f'"{escape_string(unescape_string(b))}"' for b in bodies]
    _compare(values, expected)


def test_f32_conversions_by_the_machine_agree_with_apfloat_s():
    """float_to_bits and float_from_bits convert most f32 values with
    struct (the machine's conversion); `_convert`, APFloat's, is the
    reference for every value."""
    from mlir_affine_py.printer import numbers
    f32, f64 = numbers._F32, numbers._F64
    rng = random.Random(7)
    doubles = [0.0, -0.0, 1.0, 2.0 ** -149, 2.0 ** -150, 2.0 ** -150 * (1 + 2 ** -20),
               1.1754942e-38, 3.4028234663852886e38, 3.4028235e38, 3.40282357e38, 1e39]
    for _ in range(50000):
        doubles += [rng.uniform(-1e3, 1e3), math.ldexp(rng.random(), rng.randint(-160, 130)),
                    struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0],
                    struct.unpack("<f", struct.pack("<I", rng.getrandbits(32)))[0]
                    * (1 + rng.choice([0, 2 ** -24, -2 ** -24, 3 * 2 ** -25]))]
    for value in doubles:
        if not math.isnan(value):
            reference = numbers._convert(numbers._decode(numbers._f64_bits(value), f64), f64, f32)
            assert float_to_bits(value, "f32") == reference, value
    for bits in [0, 1 << 31, 0x7F7FFFFF, 0x00000001, 0x80800000] + [
            rng.getrandbits(32) for _ in range(100000)]:
        value = float_from_bits(bits, "f32")
        reference = numbers._bits_f64(numbers._convert(numbers._decode(bits, f32), f32, f64))
        assert struct.pack("<d", value) == struct.pack("<d", reference), hex(bits)
