"""Number and string literal helpers shared by the parser and the printer.

Everything here reproduces what upstream ``mlir-opt`` 22 does, byte for byte:

* Floats are handled as *bit patterns* (``int``) of their MLIR type, never as
  Python floats, so NaN payloads, signalling NaNs and ``-0.0`` survive
  untouched and a ``FloatAttr`` can store ``bits`` exactly.  Ports:
    - llvm/lib/Support/APFloat.cpp: the ``fltSemantics`` table, IEEE
      rounding (``normalize``/``handleOverflow``, round-to-nearest-even),
      ``IEEEFloat::toString`` / ``toStringImpl`` / ``AdjustToPrecision``;
    - mlir/lib/IR/AsmPrinter.cpp: ``printFloatValue``;
    - mlir/lib/AsmParser/Parser.cpp: ``parseFloatFromLiteral`` (decimal
      literal -> ``double`` via ``StringRef::getAsDouble`` -> the type with
      ``APFloat::convert(rmNearestTiesToEven)``) and
      ``parseFloatFromIntegerLiteral`` (hex literal = raw bits).
* Integers: mlir/lib/AsmParser/AttributeParser.cpp ``buildAttributeAPInt``
  and the ``IntegerAttr`` branch of ``AsmPrinter::Impl::printAttributeImpl``.
* Strings: llvm/lib/Support/StringExtras.cpp ``printEscapedString`` and
  mlir/lib/AsmParser/Lexer.cpp ``lexString`` / Token.cpp ``getStringValue``.
"""

from __future__ import annotations

import math
import struct
from functools import lru_cache
from typing import NamedTuple

# --- Float semantics ---------------------------------------------------------

# How non-finite values are encoded (APFloat's fltNonfiniteBehavior plus
# fltNanEncoding, folded into one tag).
IEEE = "ieee"              # exponent all ones: Inf (mantissa 0) or NaN
NAN_ALL_ONES = "allones"   # no Inf; NaN = exponent and mantissa all ones
NAN_NEG_ZERO = "negzero"   # no Inf, no -0; NaN = the -0 encoding (0x80..)
FINITE_ONLY = "finite"     # no Inf, no NaN; overflow saturates
X87 = "x87"                # IEEE-like, but the integer bit is stored (f80)


class FloatSemantics(NamedTuple):
    name: str
    width: int      # bits in the encoding
    precision: int  # significand bits, including the implicit integer bit
    emax: int       # largest unbiased exponent of a finite value
    emin: int       # unbiased exponent of the smallest normal
    kind: str = IEEE

    @property
    def bias(self) -> int:
        return 1 - self.emin


# Values copied from the fltSemantics table in APFloat.cpp.  f8E8M0FNU (no
# zero, no sign) and the PPC double-double are not supported: asking for
# them raises ValueError.
_SEMANTICS = {s.name: s for s in (
    FloatSemantics("f16", 16, 11, 15, -14),
    FloatSemantics("bf16", 16, 8, 127, -126),
    FloatSemantics("f32", 32, 24, 127, -126),
    FloatSemantics("f64", 64, 53, 1023, -1022),
    FloatSemantics("f128", 128, 113, 16383, -16382),
    FloatSemantics("f80", 80, 64, 16383, -16382, X87),
    FloatSemantics("tf32", 19, 11, 127, -126),
    FloatSemantics("f8E5M2", 8, 3, 15, -14),
    FloatSemantics("f8E4M3", 8, 4, 7, -6),
    FloatSemantics("f8E3M4", 8, 5, 3, -2),
    FloatSemantics("f8E4M3FN", 8, 4, 8, -6, NAN_ALL_ONES),
    FloatSemantics("f8E5M2FNUZ", 8, 3, 15, -15, NAN_NEG_ZERO),
    FloatSemantics("f8E4M3FNUZ", 8, 4, 7, -7, NAN_NEG_ZERO),
    FloatSemantics("f8E4M3B11FNUZ", 8, 4, 4, -10, NAN_NEG_ZERO),
    FloatSemantics("f6E3M2FN", 6, 3, 4, -2, FINITE_ONLY),
    FloatSemantics("f6E2M3FN", 6, 4, 2, 0, FINITE_ONLY),
    FloatSemantics("f4E2M1FN", 4, 2, 2, 0, FINITE_ONLY),
)}

SUPPORTED_FLOAT_TYPES = frozenset(_SEMANTICS)


def float_semantics(type_name: str) -> FloatSemantics:
    try:
        return _SEMANTICS[type_name]
    except KeyError:
        raise ValueError(f"unsupported float type: {type_name}") from None


# --- Decoding / encoding bit patterns ----------------------------------------

class _Decoded(NamedTuple):
    category: str   # "zero" | "normal" | "inf" | "nan"
    negative: bool
    exp: int        # value = significand * 2**exp (exp of the LSB)
    significand: int


def _decode(bits: int, sem: FloatSemantics) -> _Decoded:
    if not 0 <= bits < (1 << sem.width):
        raise ValueError(f"bit pattern {bits:#x} does not fit in {sem.name}")
    if sem.kind == X87:
        return _decode_x87(bits, sem)
    mbits = sem.precision - 1
    ebits = sem.width - sem.precision
    neg = bool(bits >> (sem.width - 1))
    biased = (bits >> mbits) & ((1 << ebits) - 1)
    mant = bits & ((1 << mbits) - 1)
    all_ones = (1 << ebits) - 1
    if sem.kind == IEEE and biased == all_ones:
        return _Decoded("nan" if mant else "inf", neg, 0, mant)
    if sem.kind == NAN_ALL_ONES and biased == all_ones and mant == (1 << mbits) - 1:
        return _Decoded("nan", neg, 0, mant)
    if sem.kind == NAN_NEG_ZERO and neg and biased == 0 and mant == 0:
        return _Decoded("nan", True, 0, 0)
    if biased == 0:
        if mant == 0:
            return _Decoded("zero", neg, 0, 0)
        return _Decoded("normal", neg, sem.emin - mbits, mant)  # denormal
    return _Decoded("normal", neg, biased - sem.bias - mbits, mant | (1 << mbits))


def _decode_x87(bits: int, sem: FloatSemantics) -> _Decoded:
    """x87 extended precision: the significand holds its integer bit.  As in
    APFloat, a pattern whose integer bit contradicts its exponent (a
    pseudo-infinity, pseudo-NaN or "unnormal") is a NaN, and a
    pseudo-denormal is the normal number it spells."""
    p = sem.precision
    neg = bool(bits >> (sem.width - 1))
    biased = (bits >> p) & 0x7FFF
    significand = bits & ((1 << p) - 1)
    integer_bit = significand >> (p - 1)
    if biased == 0x7FFF:
        inf = significand == 1 << (p - 1)
        return _Decoded("inf" if inf else "nan", neg, 0, significand & ((1 << (p - 1)) - 1))
    if significand == 0 and biased == 0:
        return _Decoded("zero", neg, 0, 0)
    if biased and not integer_bit:
        return _Decoded("nan", neg, 0, significand)
    return _Decoded("normal", neg, max(biased - sem.bias, sem.emin) - (p - 1), significand)


def _inf_bits(sem: FloatSemantics, negative: bool) -> int:
    sign = int(negative) << (sem.width - 1)
    if sem.kind == X87:
        return sign | (0x7FFF << sem.precision) | (1 << (sem.precision - 1))
    return sign | (((1 << (sem.width - sem.precision)) - 1) << (sem.precision - 1))


def _nan_bits(sem: FloatSemantics, negative: bool, payload: int) -> int:
    """A NaN of ``sem``; ``payload`` is only used by IEEE-style NaNs."""
    sign = int(negative) << (sem.width - 1)
    if sem.kind == X87:
        return _inf_bits(sem, negative) | (payload or 1 << (sem.precision - 2))
    if sem.kind == NAN_ALL_ONES:
        return sign | ((1 << (sem.width - 1)) - 1)
    if sem.kind == NAN_NEG_ZERO:
        return 1 << (sem.width - 1)  # the single NaN; it carries the sign bit
    if sem.kind == FINITE_ONLY:
        raise ValueError(f"{sem.name} has no NaN")
    exp_all_ones = ((1 << (sem.width - sem.precision)) - 1) << (sem.precision - 1)
    if not payload:
        payload = 1 << (sem.precision - 2)  # keep it a NaN: set the quiet bit
    return sign | exp_all_ones | payload


def _round_ratio(negative: bool, num: int, den: int, sem: FloatSemantics) -> int:
    """Bits of ``±num/den`` rounded to nearest-even in ``sem``.

    Exact rational arithmetic, so this is the correctly rounded result that
    APFloat's ``convertFromString`` / ``convert`` produce (including gradual
    underflow, overflow to Inf, and the non-IEEE overflow rules).
    """
    sign = int(negative) << (sem.width - 1)
    if num == 0:
        return 0 if sem.kind == NAN_NEG_ZERO else sign
    p = sem.precision
    # e = floor(log2(num/den)), then clamp to the denormal exponent.
    e = num.bit_length() - den.bit_length()
    if (num << max(0, -e)) < (den << max(0, e)):
        e -= 1
    e = max(e, sem.emin)
    shift = p - 1 - e
    if shift >= 0:
        num <<= shift
    else:
        den <<= -shift
    q, r = divmod(num, den)
    if 2 * r > den or (2 * r == den and q & 1):
        q += 1
    if q == 1 << p:  # rounding carried into a new binade
        q >>= 1
        e += 1
    if q == 0:  # underflow to zero
        return 0 if sem.kind == NAN_NEG_ZERO else sign
    overflow = e > sem.emax or (
        sem.kind == NAN_ALL_ONES and e == sem.emax and q == (1 << p) - 1)
    if overflow:
        if sem.kind in (IEEE, X87):
            return _inf_bits(sem, negative)
        if sem.kind == FINITE_ONLY:  # saturate to the largest finite value
            return sign | ((1 << (sem.width - 1)) - 1)
        return _nan_bits(sem, negative, 0)
    mbits = p - 1
    if q < (1 << mbits):  # denormal: biased exponent 0
        return sign | q
    if sem.kind == X87:   # the integer bit is stored
        return sign | ((e + sem.bias) << p) | q
    return sign | ((e + sem.bias) << mbits) | (q - (1 << mbits))


# --- Python float <-> bits ---------------------------------------------------

def _f64_bits(x: float) -> int:
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def _bits_f64(bits: int) -> float:
    return struct.unpack("<d", struct.pack("<Q", bits))[0]


def float_to_bits(x: float, type_name: str) -> int:
    """Bits of ``x`` converted to ``type_name`` with round-to-nearest-even.

    This is ``APFloat(double).convert(sem, rmNearestTiesToEven)``, i.e. what
    the parser does with a decimal float literal (NaNs: see ``_convert``).
    """
    if type_name == "f32" and -_F32_MAX < x < _F32_MAX:
        return int.from_bytes(_F32_BITS.pack(x), "little")
    return _float_to_bits(_f64_bits(float(x)), type_name)


# A finite double below f32's largest finite value in magnitude converts to
# f32 as the machine's conversion does it, rounding to nearest even as
# APFloat::convert does (`_convert`, the reference, for every other value:
# tests/unit/test_numbers.py checks that the two agree).
_F32_MAX = 3.4028234663852886e38
_F32_BITS = struct.Struct("<f")


def _shift(x: int, n: int) -> int:
    return x << n if n >= 0 else x >> -n


def _convert(d: _Decoded, src: FloatSemantics, dst: FloatSemantics) -> int:
    """Bits of a decoded ``src`` value converted to ``dst`` (APFloat::convert).

    NaN: the payload keeps its top bits (shifted like APFloat does), the quiet
    bit is set only if nothing is left -- unlike APFloat an sNaN is not
    quieted, so float_from_bits/float_to_bits round-trip every bit pattern.
    """
    if d.category == "nan":
        return _nan_bits(dst, d.negative, _shift(d.significand, dst.precision - src.precision))
    if d.category == "inf":
        if dst.kind == FINITE_ONLY:
            # Upstream keeps an "Inf" APFloat whose bitcast masks the Inf
            # exponent away, leaving only the sign bit (and prints it in hex,
            # e.g. `0x0 : f6E3M2FN`, which bits alone cannot reproduce).
            return int(d.negative) << (dst.width - 1)
        return _round_ratio(d.negative, 1 << (dst.emax + 2), 1, dst)  # overflows
    m, e = d.significand, d.exp
    return _round_ratio(d.negative, m << max(e, 0), 1 << max(-e, 0), dst)


_F64 = _SEMANTICS["f64"]
_F32 = _SEMANTICS["f32"]


@lru_cache(maxsize=1 << 16)
def _float_to_bits(dbits: int, type_name: str) -> int:
    sem = float_semantics(type_name)
    return dbits if sem is _F64 else _convert(_decode(dbits, _F64), _F64, sem)


def float_from_bits(bits: int, type_name: str) -> float:
    """The value of a bit pattern as a Python float.

    Exact for every supported type but f128 (rounded to nearest double).  A
    NaN keeps its sign and its payload, shifted into the double's mantissa.
    """
    sem = float_semantics(type_name)
    if sem is _F64:
        return _bits_f64(bits)
    if sem is _F32 and 0 <= bits < 1 << 32 and bits & 0x7F800000 != 0x7F800000:
        return _F32_BITS.unpack(bits.to_bytes(4, "little"))[0]    # not a NaN or an infinity
    d = _decode(bits, sem)
    if d.category == "normal" and sem.precision <= 53 and sem.emin >= _F64.emin:
        value = math.ldexp(d.significand, d.exp)  # exact: fits a double
        return -value if d.negative else value
    if d.category == "zero":
        return -0.0 if d.negative else 0.0
    return _bits_f64(_convert(d, sem, _F64))


def round_to_type(x: float, type_name: str) -> float:
    """``x`` rounded (nearest-even) to ``type_name``, back as a Python float."""
    return float_from_bits(float_to_bits(x, type_name), type_name)


def parse_float_literal(spelling: str, type_name: str, negative: bool = False) -> int:
    """Bits of a decimal float-literal token (``1.5``, ``2.0e-3``) of a type.

    Upstream goes through ``double`` first (Token::getFloatingPointValue),
    so e.g. an f128 literal only gets double precision.  Python's ``float()``
    is correctly rounded, like ``StringRef::getAsDouble``; out-of-range
    literals become Inf / 0 as upstream.
    """
    value = float(spelling)
    return float_to_bits(-value if negative else value, type_name)


def hex_float_literal_to_bits(value: int, type_name: str, negative: bool = False) -> int:
    """Check a hex integer literal used as a float (``0x7FC00000 : f32``)."""
    sem = float_semantics(type_name)
    if negative:
        raise ValueError("hexadecimal float literal should not have a leading minus")
    if value.bit_length() > sem.width:
        raise ValueError("hexadecimal float constant out of range for type")
    return value


def _parse_decimal(text: str, sem: FloatSemantics) -> int:
    """Correctly rounded ``APFloat(sem, text)`` for toString's own output
    (``[-]d.ddd[e[+-]dd]``), read as an exact ratio of integers."""
    neg = text.startswith("-")
    mantissa, _, exponent = text.lstrip("+-").lower().partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits, scale = int(whole + fraction), int(exponent or 0) - len(fraction)
    if scale >= 0:
        return _round_ratio(neg, digits * 10 ** scale, 1, sem)
    return _round_ratio(neg, digits, 10 ** -scale, sem)


# --- APFloat::toString and printFloatValue -----------------------------------

def apfloat_to_string(bits: int, type_name: str, format_precision: int = 0,
                      format_max_padding: int = 3, truncate_zero: bool = True) -> str:
    """``APFloat::toString`` with the same parameters and defaults.

    The defaults give APFloat's "default form": ``2 + precision*59/196``
    significant digits (9 for f32, 17 for f64 -- *not* shortest round-trip),
    upper-case ``E`` exponents, plain notation when it needs at most
    ``format_max_padding`` zeros.
    """
    sem = float_semantics(type_name)
    d = _decode(bits, sem)
    if d.category == "inf":
        return "-Inf" if d.negative else "+Inf"
    if d.category == "nan":
        return "NaN"
    out = "-" if d.negative else ""
    if d.category == "zero":
        if format_max_padding:
            return out + "0"
        if truncate_zero:
            return out + "0.0E+0"
        return out + "0.0" + "0" * max(format_precision - 1, 0) + "e+00"

    if not format_precision:
        # Steele & White: enough digits to round-trip any value of the type.
        format_precision = 2 + sem.precision * 59 // 196
    sig, exp = d.significand, d.exp
    tz = (sig & -sig).bit_length() - 1  # ignore trailing binary zeros
    sig >>= tz
    exp += tz
    # Change the exponent from 2^exp to 10^exp: N * 2^-e == N * 5^e * 10^-e.
    if exp > 0:
        sig <<= exp
        exp = 0
    elif exp < 0:
        sig *= 5 ** -exp

    # AdjustToPrecision(APInt): drop whole decimal digits by *truncating*
    # division when there are clearly more bits than the precision needs.
    # 196/59 slightly overestimates log2(10); the exact integer formulas
    # matter because the digits dropped here are truncated, not rounded.
    bits_required = (format_precision * 196 + 58) // 59
    active = sig.bit_length()
    if active > bits_required:
        tens = (active - bits_required) * 59 // 196
        if tens:
            exp += tens
            sig //= 10 ** tens

    digits = str(sig)
    stripped = digits.rstrip("0")
    exp += len(digits) - len(stripped)
    digits = stripped

    # AdjustToPrecision(buffer): round half *up* on the first dropped digit.
    n = len(digits)
    if n > format_precision:
        head = digits[:format_precision]
        if digits[format_precision] < "5":
            digits = head.rstrip("0")
            exp += n - len(digits)
        else:
            digits = head.rstrip("9")
            if digits:
                digits = digits[:-1] + chr(ord(digits[-1]) + 1)
                exp += n - len(digits)
            else:  # the carry ran through every digit: 999 -> 1e3
                digits = "1"
                exp += n
    nd = len(digits)

    if not format_max_padding:
        scientific = True
    elif exp >= 0:
        # 765e3 -> 765000, unless that would look more precise than it is.
        scientific = exp > format_max_padding or nd + exp > format_precision
    else:
        msd = exp + nd - 1  # power of ten of the most significant digit
        scientific = msd < 0 and -msd > format_max_padding

    if scientific:
        exp += nd - 1
        out += digits[0] + "."
        if nd == 1 and truncate_zero:
            out += "0"
        else:
            out += digits[1:]
        if not truncate_zero and format_precision > nd - 1:
            out += "0" * (format_precision - nd + 1)
        out += "E" if truncate_zero else "e"
        out += "+" if exp >= 0 else "-"
        e = str(abs(exp))
        if not truncate_zero and len(e) < 2:
            e = "0" + e
        return out + e
    if exp >= 0:
        return out + digits + "0" * exp
    whole = exp + nd  # digits left of the decimal point
    if whole > 0:
        return out + digits[:whole] + "." + digits[whole:]
    return out + "0." + "0" * -whole + digits


def _hex_literal(bits: int) -> str:
    # APInt::toString(Radix=16, Signed=false, formatAsCLiteral=true):
    # "0x" prefix, upper-case digits, no zero padding.
    return f"0x{bits:X}"


@lru_cache(maxsize=1 << 16)
def format_float_bits(bits: int, type_name: str) -> str:
    """Print a float attribute value exactly like AsmPrinter's printFloatValue.

    1. ``toString(6, 0, false)`` -- ``1.000000e+00`` -- if it parses back to
       the very same bits;
    2. else APFloat's default ``toString()`` if it contains a '.' (the lexer
       needs one to see a float literal), e.g. ``0.30000000000000004``,
       ``9.99999968E-21``;
    3. else (Inf, NaN, or e.g. ``123456789``) the raw bits in hex.
    """
    sem = float_semantics(type_name)
    d = _decode(bits, sem)
    if d.category not in ("inf", "nan"):
        text = apfloat_to_string(bits, type_name, 6, 0, False)
        # APFloat::bitwiseIsEqual compares values, not encodings (an f80
        # pseudo-denormal equals the normal number it spells).
        if _decode(_parse_decimal(text, sem), sem) == d:
            return text
        text = apfloat_to_string(bits, type_name)
        if "." in text:
            return text
    if sem.kind == X87 and d.category == "nan":
        # APFloat keeps a NaN as sign and significand and rebuilds the bits
        # with the all-ones exponent (an unnormal's exponent is lost).
        bits |= 0x7FFF << sem.precision
    return _hex_literal(bits)


def format_float(x: float, type_name: str) -> str:
    """Convenience: round ``x`` to the type, then print as MLIR does."""
    return format_float_bits(float_to_bits(x, type_name), type_name)


# --- Integers ----------------------------------------------------------------

INDEX_WIDTH = 64  # IndexType::kInternalStorageBitWidth


def integer_attr_bits(magnitude: int, negative: bool, width: int,
                      signedness: str = "signless", is_index: bool = False) -> int:
    """Validate an integer literal for an integer type; return its bits.

    ``magnitude`` is the literal's (non-negative) value, ``negative`` whether
    a ``-`` preceded it; ``signedness`` is ``"signless"``, ``"signed"`` or
    ``"unsigned"``.  Ports parseDecOrHexAttr + buildAttributeAPInt: a signless
    value may use either the signed or the unsigned range (``255 : i8`` is
    ``-1``), ``-0`` is rejected (upstream quirk), and errors carry upstream's
    messages.
    """
    if negative and signedness == "unsigned" and not is_index:
        raise ValueError("negative integer literal not valid for unsigned integer type")
    if is_index:
        width = INDEX_WIDTH
    out_of_range = ValueError("integer constant out of range for attribute")
    if magnitude.bit_length() > width:
        raise out_of_range
    if width == 0:  # i0 holds only 0, and cannot be negated
        if negative:
            raise out_of_range
        return 0
    sign_bit = 1 << (width - 1)
    if negative:
        value = -magnitude & ((1 << width) - 1)
        if not value & sign_bit:  # also rejects -0
            raise out_of_range
        return value
    if (signedness == "signed" or is_index) and magnitude & sign_bit:
        raise out_of_range
    return magnitude


def integer_value(bits: int, width: int, signedness: str = "signless") -> int:
    """The numeric value MLIR prints for ``bits``: signed unless unsigned."""
    if signedness == "unsigned" or width == 0:
        return bits
    return bits - (1 << width) if bits >> (width - 1) & 1 else bits


def format_integer_bits(bits: int, width: int, signedness: str = "signless") -> str:
    """Print an IntegerAttr value (without the ``: type`` suffix).

    Signless ``i1`` prints ``true``/``false`` (and upstream then always elides
    the type); everything else prints in decimal, as unsigned only for
    ``ui*`` types (``APInt::print(os, isSigned)``).  Widths beyond 64 bits are
    fine: Python ints are unbounded like APInt.
    """
    if width == 1 and signedness == "signless":
        return "true" if bits & 1 else "false"
    return str(integer_value(bits, width, signedness))


# --- Strings -----------------------------------------------------------------

# printEscapedString: backslash doubles, printable ASCII (0x20-0x7E) except
# '"' is kept, every other byte (including '"', '\n', UTF-8 bytes) is \XX.
_ESCAPE_TABLE = tuple(
    "\\\\" if b == 0x5C else chr(b) if 0x20 <= b <= 0x7E and b != 0x22 else f"\\{b:02X}"
    for b in range(256))


def escape_string(data: bytes | str) -> str:
    """The body (no quotes) of a string literal, as upstream prints it."""
    if isinstance(data, str):
        # Bytes that are not UTF-8 (`"\\FF"` in a name) are kept as surrogate escapes.
        data = data.encode("utf-8", "surrogateescape")
    return "".join([_ESCAPE_TABLE[b] for b in data])


_HEX = "0123456789abcdefABCDEF"
_SIMPLE_ESCAPES = {'"': b'"', "\\": b"\\", "n": b"\n", "t": b"\t"}


def unescape_string(literal_body: str) -> bytes:
    """Decode the text between the quotes of a string token into bytes.

    Accepts what Lexer::lexString accepts: ``\\"``, ``\\\\``, ``\\n``,
    ``\\t`` and ``\\XX`` (two hex digits, either case); raw newline, \\v and
    \\f end the literal upstream, so they are errors here.  Non-ASCII text is
    UTF-8 encoded, as the source file is.
    """
    if any(c in literal_body for c in "\n\v\f"):
        raise ValueError("expected '\"' in string literal")
    if "\\" not in literal_body:
        return literal_body.encode("utf-8", "surrogateescape")
    out = bytearray()
    i, n = 0, len(literal_body)
    while i < n:
        j = literal_body.find("\\", i)
        if j < 0:
            j = n
        out += literal_body[i:j].encode("utf-8", "surrogateescape")
        if j == n:
            break
        esc = literal_body[j + 1:j + 3]
        if esc[:1] in _SIMPLE_ESCAPES:
            out += _SIMPLE_ESCAPES[esc[:1]]
            i = j + 2
        elif len(esc) == 2 and esc[0] in _HEX and esc[1] in _HEX:
            out.append(int(esc, 16))
            i = j + 3
        else:
            raise ValueError("unknown escape in string literal")
    return bytes(out)


def fit_unsigned(literal: str, negative: bool, bits: int) -> int | None:
    """MLIR's parseInteger into an unsigned `bits`-wide integer: the literal
    is read into an APInt four bits per digit wide (one more when its top
    bit is set), negated when `negative`, then sign-extended or truncated
    to `bits`; it is too large (None) when that loses information."""
    hexadecimal = literal.startswith("0x")
    digits = literal[2:] if hexadecimal else literal
    value = int(digits, 16 if hexadecimal else 10)
    significant = digits.lstrip("0")
    width = 4 * len(significant) if significant else 64
    if value >> (width - 1):
        width += 1
    if negative:
        value = -value % (1 << width)
    mask = (1 << bits) - 1
    if width >= bits:
        result = value & mask
    else:
        signed = value - (1 << width) if value >> (width - 1) else value
        result = signed & mask
    return result if result & ((1 << width) - 1) == value else None
