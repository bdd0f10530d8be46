"""Run-time support of the reference interpreter: the error type, how MLIR
types map to Python/numpy values, and the helpers that generated code calls
for the less common operations.

Value representation (chosen so that results are exactly reproducible):

* ``index`` and ``iN``: Python ints in two's complement canonical form,
  signed for widths above 1 (``i8`` holds -128..127, ``index`` is 64-bit) and
  0/1 (or False/True) for ``i1``.  Every operation wraps its result to the
  width of its type, as the arith dialect specifies.
* ``f16``/``f32``/``f64``: numpy scalars of that precision, so every operation
  rounds to the type after each step.  ``bf16`` values are float32 scalars
  rounded to bfloat16 after each operation.
* ``memref``: numpy arrays of the element dtype (``i1`` as bool, ``index`` as
  int64, ``bf16`` as float32), indexed logically (layouts are ignored).
* ``vector``: numpy arrays.

Undefined behaviour in the arith semantics (division by zero, signed
division overflow, over-wide shifts, float-to-int conversion out of range)
raises :class:`InterpreterError` instead of producing an arbitrary value.
"""

from __future__ import annotations

import math
import re

import numpy as np

from ..ir import types as T


class InterpreterError(Exception):
    """The interpreter cannot run the IR: an unsupported op or type, an
    out-of-bounds memref access, undefined behaviour, bad arguments."""


def describe(op) -> str:
    """`'affine.load' (line 7, column 12)` for messages, or `(kernel.c:7:15)`
    for an op with a location of its own (`loc(...)`)."""
    text = f"'{op.op_name}'"
    pos = getattr(op, "pos", None)
    if pos.__class__ is tuple:
        text += f" (line {pos[0]}, column {pos[1]})"
    elif pos is not None and pos.file_position() is not None:
        name, line, column = pos.file_position()
        text += f" ({name}:{line}:{column})"
    return text


# ------------------------------------------------------------------ types
def int_width(type) -> int | None:
    """Bit width of an integer-like type (index is 64 bits), else None."""
    if isinstance(type, T.IndexType):
        return 64
    if isinstance(type, T.IntegerType):
        return type.width
    return None


FLOAT_SCALAR = {"f16": np.float16, "f32": np.float32, "f64": np.float64, "bf16": np.float32}
FLOAT_DTYPE: dict[str, np.dtype] = {"f16": np.dtype(np.float16), "f32": np.dtype(np.float32),
               "f64": np.dtype(np.float64), "bf16": np.dtype(np.float32)}
_INT_DTYPE: dict[int, np.dtype] = {1: np.dtype(np.bool_), 8: np.dtype(np.int8), 16: np.dtype(np.int16),
              32: np.dtype(np.int32), 64: np.dtype(np.int64)}


def float_kind(type) -> str | None:
    if isinstance(type, T.FloatType):
        if type.text not in FLOAT_SCALAR:
            raise InterpreterError(f"float type '{type.text}' is not supported")
        return type.text
    return None


def dtype_of(type) -> np.dtype:
    """The numpy dtype that stores elements of `type`."""
    kind = float_kind(type)
    if kind is not None:
        return FLOAT_DTYPE[kind]
    width = int_width(type)
    if width in _INT_DTYPE:
        return _INT_DTYPE[width]
    raise InterpreterError(f"element type '{type}' is not supported")


def wrap(value: int, width: int) -> int:
    """`value` modulo 2^width in canonical form (signed; 0/1 for i1)."""
    if width == 1:
        return value & 1
    half = 1 << (width - 1)
    return ((value + half) & ((1 << width) - 1)) - half


def signed(value: int, width: int) -> int:
    return -(value & 1) if width == 1 else value


def unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def bf16_round(x):
    """Round a float32/float64 scalar to bfloat16 (nearest, ties to even),
    returned as a float32 scalar.  A float64 is first narrowed to float32 with
    round-to-odd so that the double rounding is exact."""
    if not isinstance(x, np.float32):
        d = np.float64(x)
        f = np.float32(d)
        if np.isfinite(f) and np.float64(f) != d:
            if abs(np.float64(f)) > abs(d):
                f = np.nextafter(f, np.float32(0))
            f = np.uint32(int(f.view(np.uint32)) | 1).view(np.float32)
        x = f
    bits = int(x.view(np.uint32))
    if (bits & 0x7F800000) == 0x7F800000 and bits & 0x007FFFFF:
        return np.uint32((bits | 0x00400000) & 0xFFFF0000).view(np.float32)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return np.uint32(bits & 0xFFFFFFFF).view(np.float32)


def bf16_array(a):
    """Round every element of a float array to bfloat16 (as float32)."""
    bits = np.asarray(a, dtype=np.float32).view(np.uint32).astype(np.uint64)
    nan = ((bits & 0x7F800000) == 0x7F800000) & ((bits & 0x007FFFFF) != 0)
    rounded = ((bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000)
    rounded = np.where(nan, (bits | 0x00400000) & 0xFFFF0000, rounded)
    return rounded.astype(np.uint32).view(np.float32)


# Integers up to these magnitudes convert exactly; beyond, `int_to_float`
# rounds exactly to the nearest representable value (ties to even).
_EXACT_INT = {"f16": 1 << 11, "bf16": 1 << 8, "f32": 1 << 24}
# The smallest magnitude that rounds to infinity: max finite + half an ulp.
_OVERFLOW_INT = {"f16": 65520, "bf16": (1 << 128) - (1 << 119), "f32": (1 << 128) - (1 << 103)}


def int_to_float(x: int, kind: str):
    """arith.sitofp/uitofp: the integer `x` rounded once to float `kind`
    (going through float64 first could round twice)."""
    if kind == "f64":
        return np.float64(float(x))
    if -_EXACT_INT[kind] <= x <= _EXACT_INT[kind]:
        return np.float64(x).astype(FLOAT_DTYPE[kind]) if kind != "bf16" else bf16_round(np.float64(x))
    if abs(x) >= _OVERFLOW_INT[kind]:
        return FLOAT_SCALAR[kind](np.inf if x > 0 else -np.inf)
    approx = to_float(float(x), kind)
    candidates = [approx, np.nextafter(approx, approx.dtype.type(-np.inf)),
                  np.nextafter(approx, approx.dtype.type(np.inf))]
    if kind == "bf16":
        step = np.float32(2.0 ** (int(np.frexp(approx)[1]) - 8))
        candidates = [approx, approx - step, approx + step]
    best: tuple | None = None
    for candidate in candidates:
        if not np.isfinite(candidate):
            continue
        distance = abs(int(candidate) - x)
        bits = int(candidate.view(np.uint16 if kind == "f16" else np.uint32))
        if kind == "bf16":
            bits >>= 16
        key = (distance, bits & 1)
        if best is None or key < best[0]:
            best = (key, candidate)
    assert best is not None         # the approximation itself is finite
    return best[1]


def float_from_bits(bits: int, kind: str):
    if kind == "f32":
        return np.uint32(bits).view(np.float32)
    if kind == "f64":
        return np.uint64(bits).view(np.float64)
    if kind == "f16":
        return np.uint16(bits).view(np.float16)
    if kind == "bf16":
        return np.uint32(bits << 16).view(np.float32)
    raise InterpreterError(f"float type '{kind}' is not supported")


def to_float(value, kind: str):
    """A Python/numpy number as a scalar of float type `kind`."""
    if kind == "bf16":
        return bf16_round(np.float64(value) if not isinstance(value, np.floating) else value)
    return FLOAT_SCALAR[kind](value)


def array_from_dense(attr, shape, element_type) -> np.ndarray:
    """A numpy array holding a DenseElementsAttr's values."""
    dtype = dtype_of(element_type)
    kind = float_kind(element_type)
    values = list(attr.values)
    if kind is not None:
        values = [float_from_bits(v, kind) for v in values]
    else:
        width = int_width(element_type)
        assert width is not None, f"no integer elements in {element_type}"
        values = [wrap(int(v), width) for v in values]
    count = 1
    for d in shape:
        count *= d
    if len(values) == 1:
        return np.full(shape, values[0], dtype=dtype)
    if len(values) != count:
        raise InterpreterError(f"dense attribute with {len(values)} values for shape {shape}")
    return np.array(values, dtype=dtype).reshape(shape)


def convert_argument(value, type, what: str):
    """Check and convert one run_function argument to the internal form."""
    if isinstance(type, T.MemRefType):
        if not isinstance(value, np.ndarray):
            raise InterpreterError(f"{what}: expected a numpy array for '{type}'")
        dtype = dtype_of(type.element_type)
        if value.dtype != dtype:
            raise InterpreterError(f"{what}: expected dtype {dtype} for '{type}', got {value.dtype}")
        if value.ndim != len(type.shape) or any(
                d is not None and d != s for d, s in zip(type.shape, value.shape)):
            raise InterpreterError(f"{what}: array of shape {value.shape} does not fit '{type}'")
        return value
    if isinstance(type, T.UnrankedMemRefType):
        dtype = dtype_of(type.element_type)
        if not isinstance(value, np.ndarray) or value.dtype != dtype:
            raise InterpreterError(f"{what}: expected a numpy array of dtype {dtype} for '{type}'")
        return value
    if isinstance(type, T.VectorType):
        array = np.asarray(value, dtype=dtype_of(type.element_type))
        if array.shape != tuple(type.shape):
            raise InterpreterError(f"{what}: vector of shape {array.shape} does not fit '{type}'")
        return array.copy()
    kind = float_kind(type)
    if kind is not None:
        return to_float(value, kind)
    width = int_width(type)
    if width is not None:
        return wrap(int(value), width)
    raise InterpreterError(f"{what}: arguments of type '{type}' are not supported")


def convert_result(value, type):
    """Internal value -> what run_function returns."""
    if int_width(type) is not None and not isinstance(value, np.ndarray):
        return int(value)
    return value


def zero_of(type):
    """A deterministic value for poison/undef of `type`."""
    kind = float_kind(type)
    if kind is not None:
        return FLOAT_SCALAR[kind](0)
    if int_width(type) is not None:
        return 0
    if isinstance(type, T.VectorType):
        return np.zeros(type.shape, dtype=dtype_of(type.element_type))
    raise InterpreterError(f"no value for type '{type}'")


# ------------------------------------------------------- integer helpers
def _ub(op, message: str):
    return InterpreterError(f"{describe(op)}: {message} (undefined behaviour)")


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def divsi(a, b, width, op):
    a, b = signed(a, width), signed(b, width)
    if b == 0:
        raise _ub(op, "integer division by zero")
    q = _trunc_div(a, b)
    if signed(wrap(q, width), width) != q:
        raise _ub(op, "signed division overflow")
    return wrap(q, width)


def divui(a, b, width, op):
    a, b = unsigned(a, width), unsigned(b, width)
    if b == 0:
        raise _ub(op, "integer division by zero")
    return wrap(a // b, width)


def remsi(a, b, width, op):
    a, b = signed(a, width), signed(b, width)
    if b == 0:
        raise _ub(op, "integer remainder by zero")
    q = _trunc_div(a, b)
    if signed(wrap(q, width), width) != q:
        raise _ub(op, "signed remainder overflow")
    return wrap(a - b * q, width)


def remui(a, b, width, op):
    a, b = unsigned(a, width), unsigned(b, width)
    if b == 0:
        raise _ub(op, "integer remainder by zero")
    return wrap(a % b, width)


def floordivsi(a, b, width, op):
    a, b = signed(a, width), signed(b, width)
    if b == 0:
        raise _ub(op, "integer division by zero")
    q = a // b
    if signed(wrap(q, width), width) != q:
        raise _ub(op, "signed division overflow")
    return wrap(q, width)


def ceildivsi(a, b, width, op):
    a, b = signed(a, width), signed(b, width)
    if b == 0:
        raise _ub(op, "integer division by zero")
    q = -((-a) // b)
    if signed(wrap(q, width), width) != q:
        raise _ub(op, "signed division overflow")
    return wrap(q, width)


def ceildivui(a, b, width, op):
    a, b = unsigned(a, width), unsigned(b, width)
    if b == 0:
        raise _ub(op, "integer division by zero")
    return wrap(-((-a) // b), width)


def _shift_amount(b, width, op):
    amount = unsigned(b, width)
    if amount >= width:
        raise _ub(op, f"shift amount {amount} is not less than the bit width {width}")
    return amount


def shli(a, b, width, op):
    return wrap(a << _shift_amount(b, width, op), width)


def shrsi(a, b, width, op):
    return wrap(signed(a, width) >> _shift_amount(b, width, op), width)


def shrui(a, b, width, op):
    return wrap(unsigned(a, width) >> _shift_amount(b, width, op), width)


def fptoi(x, width, is_signed, op):
    """arith.fptosi / fptoui: truncation toward zero; out of range is poison."""
    if not np.isfinite(x):
        raise _ub(op, f"conversion of {x} to an integer")
    value = int(x)
    if is_signed:
        low, high = (-1, 0) if width == 1 else (-(1 << (width - 1)), (1 << (width - 1)) - 1)
    else:
        low, high = 0, (1 << width) - 1
    if not low <= value <= high:
        raise _ub(op, f"{x} does not fit the integer type")
    return wrap(value, width)


def absi(a, width):
    return wrap(abs(signed(a, width)), width)


def ctpop(a, width):
    return bin(unsigned(a, width)).count("1")


def ctlz(a, width):
    return width - unsigned(a, width).bit_length()


def cttz(a, width):
    u = unsigned(a, width)
    return width if u == 0 else (u & -u).bit_length() - 1


_UINT = {16: np.uint16, 32: np.uint32, 64: np.uint64}
_SINT = {16: np.int16, 32: np.int32, 64: np.int64}


def int_to_float_bits(a, width, kind):
    if kind == "bf16":
        return np.uint32(unsigned(a, width) << 16).view(np.float32)
    return _UINT[width](unsigned(a, width)).view(FLOAT_SCALAR[kind])


def float_to_int_bits(x, width, kind):
    if kind == "bf16":
        return wrap(int(x.view(np.uint32)) >> 16, width)
    return wrap(int(x.view(_SINT[width])), width)


# --------------------------------------------------------- float helpers
def maximumf(a, b):
    if a > b:
        return a
    if b > a:
        return b
    if a != a:
        return a
    if b != b:
        return b
    return b if np.signbit(a) else a


def minimumf(a, b):
    if a < b:
        return a
    if b < a:
        return b
    if a != a:
        return a
    if b != b:
        return b
    return a if np.signbit(a) else b


# maxnumf/minnumf leave the sign of equal zeros unspecified; like compiled
# code on x86-64 (checked with mlir-runner 22), they return the first operand.
def maxnumf(a, b):
    if a != a:
        return b
    if b != b:
        return a
    return b if b > a else a


def minnumf(a, b):
    if a != a:
        return b
    if b != b:
        return a
    return b if b < a else a


def round_half_away(x):
    """math.round: to nearest, ties away from zero."""
    t = np.trunc(x)
    if abs(x - t) >= 0.5:
        t = t + np.copysign(type(x)(1), x)
    return t


def via_libm(fn, fallback=None):
    """A scalar math function computed by the C library in double precision
    (Python's `math`, which calls libm as compiled code does) and rounded to
    the argument's type.  Where `math` raises on a domain error or an
    overflow, numpy's `fallback` gives the IEEE result (NaN, infinity)."""
    def apply(x, *rest):
        try:
            return type(x)(fn(float(x), *map(float, rest)))
        except (OverflowError, ValueError):
            if fallback is None:
                return type(x)(np.nan)
            return fallback(x, *rest)
    return apply


def fma(a, b, c):
    """math.fma: a*b+c rounded once to the type of `a`.  The exact value is
    rounded to float64 with round-to-odd, which makes the final rounding to a
    narrower type exact as well."""
    from fractions import Fraction
    kind = type(a)
    if not (np.isfinite(a) and np.isfinite(b) and np.isfinite(c)):
        return kind(np.float64(a) * np.float64(b) + np.float64(c))
    exact = Fraction(float(a)) * Fraction(float(b)) + Fraction(float(c))
    if exact == 0:
        # Exact zero: the signs follow IEEE addition of a*b (exact) and c.
        return kind(np.float64(a) * np.float64(b) + np.float64(c))
    try:
        nearest = float(exact)
    except OverflowError:
        return kind(np.inf if exact > 0 else -np.inf)
    if kind is np.float64 or Fraction(nearest) == exact or not math.isfinite(nearest):
        return kind(nearest)
    if abs(Fraction(nearest)) > abs(exact):
        nearest = float(np.nextafter(nearest, 0.0))
    bits = int(np.float64(nearest).view(np.uint64)) | 1
    return kind(np.uint64(bits).view(np.float64))


def delinearize(index, basis, has_outer, op):
    """affine.delinearize_index: results for `basis` (outer bound first,
    possibly omitted)."""
    results = []
    for size in reversed(basis[1:] if has_outer else basis):
        if size <= 0:
            raise InterpreterError(f"{describe(op)}: basis element {size} is not positive")
        results.append(index % size)
        index //= size
    results.append(index)
    return tuple(reversed(results))


# -------------------------------------------------------------- memory
def out_of_bounds(op, indices, array, sizes=None):
    shape = tuple(array.shape) if array is not None else ()
    if sizes is not None:
        return InterpreterError(
            f"{describe(op)}: out-of-bounds access at {list(indices)} (vector of shape "
            f"{list(sizes)}) into memref of shape {list(shape)}")
    return InterpreterError(f"{describe(op)}: out-of-bounds access at {list(indices)} "
                            f"into memref of shape {list(shape)}")


def alloc(shape, dtype, fill, op):
    for size in shape:
        if size < 0:
            raise InterpreterError(f"{describe(op)}: negative dynamic size {size}")
    if fill == 0:
        return np.zeros(shape, dtype=dtype)
    return np.full(shape, fill, dtype=dtype)


def cast_check(array, shape, op):
    if array.ndim != len(shape):
        raise InterpreterError(f"{describe(op)}: memref of rank {array.ndim} cast to rank "
                               f"{len(shape)}")
    for d, size in enumerate(shape):
        if size is not None and array.shape[d] != size:
            raise InterpreterError(f"{describe(op)}: memref of shape {list(array.shape)} "
                                   f"cast to a static size {size} in dimension {d}")
    return array


def copy(src, dst, op):
    if src.shape != dst.shape:
        raise InterpreterError(f"{describe(op)}: shapes {list(src.shape)} and "
                               f"{list(dst.shape)} differ")
    np.copyto(dst, src)


def dma_copy(src, src_at, dst, dst_at, count, op, stride=None):
    """An affine.dma_start's transfer: `count` elements from `src` starting
    at `src_at`, in row-major order, to `dst` starting at `dst_at`.  With
    `stride`, (side, stride, elements per stride): on that side (0 the
    source, 1 the destination: the slower memory), chunks of `elements per
    stride` elements every `stride` elements."""
    positions = []
    for side, (array, at) in enumerate(((src, src_at), (dst, dst_at))):
        if any(not 0 <= i < n for i, n in zip(at, array.shape)):
            raise out_of_bounds(op, at, array)
        start = int(np.ravel_multi_index(at, array.shape)) if at else 0
        position: slice | np.ndarray = slice(start, start + count)
        last = start + count - 1
        if stride is not None and side == stride[0] and count > 0:
            _, step, chunk = stride
            if chunk <= 0 or count % chunk:
                raise InterpreterError(f"{describe(op)}: {count} elements are no whole number "
                                       f"of chunks of {chunk}")
            element = np.arange(count)
            position = start + element // chunk * step + element % chunk
            if position.min() < 0:
                raise InterpreterError(f"{describe(op)}: a negative stride {step} leaves the "
                                       f"memref of shape {list(array.shape)}")
            last = int(position.max())
        if count < 0 or last >= array.size:
            raise InterpreterError(f"{describe(op)}: a transfer of {count} elements from "
                                   f"{list(at)} leaves the memref of shape {list(array.shape)}")
        positions.append(position)
    dst.flat[positions[1]] = src.flat[positions[0]]


def dma_post(pending, tag, tag_at, transfer):
    """affine.dma_start when transfers complete at their wait: the transfer
    (dma_copy's arguments) is remembered under its tag element."""
    pending.setdefault((id(tag), tuple(tag_at)), (tag, []))[1].append(transfer)


def dma_complete(pending, tag, tag_at):
    """affine.dma_wait when transfers complete at their wait: every transfer
    started on this tag element since its last wait is done now, in the
    order they started."""
    _, transfers = pending.pop((id(tag), tuple(tag_at)), (tag, []))
    for transfer in transfers:
        dma_copy(*transfer)


def dim(array, index, op):
    if not 0 <= index < array.ndim:
        raise InterpreterError(f"{describe(op)}: dimension {index} out of range for rank {array.ndim}")
    return array.shape[index]


def scf_step(step, op):
    if step <= 0:
        raise InterpreterError(f"{describe(op)}: non-positive step {step}")
    return step


# ------------------------------------------------- semi-affine division
def _divisor(rhs):
    if rhs <= 0:
        raise InterpreterError(f"affine division by the non-positive value {rhs}")
    return rhs


def affine_floordiv(lhs, rhs):
    return lhs // _divisor(rhs)


def affine_ceildiv(lhs, rhs):
    return -(-lhs // _divisor(rhs))


def affine_mod(lhs, rhs):
    return lhs % _divisor(rhs)


# ------------------------------------------------- literals in the source
# The generated code writes integer constants as Python literals (negative
# ones parenthesized) and the compiler reads them back when it folds.
_INT_LITERAL = re.compile(r"^(?:-?\d+|\(-\d+\))$")


def int_literal(value: int) -> str:
    return str(value) if value >= 0 else f"({value})"


def literal_value(src: str) -> int | None:
    if _INT_LITERAL.match(src):
        return int(src.strip("()"))
    return None
