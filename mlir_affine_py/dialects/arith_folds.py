"""The folds of arith's ops (mlir/lib/Dialect/Arith/IR/ArithOps.cpp), the
bodies of the `fold` methods of the op classes in dialects/arith.py, which
pass the op and the constant attribute of each operand (None where it is
not a constant).  A fold answers None (nothing), [] (the op changed in
place) or a list with one Value or Attribute per result.

Integers are folded at their type's width in two's complement (index as
64 bits), floats in their IEEE format with round-to-nearest-even (f16, f32,
f64).  A vector or tensor constant (a DenseElementsAttr) folds element by
element, as upstream's constFoldBinaryOp does; the identities that ask
for one constant (`x * 1`) take a splat.
"""

from __future__ import annotations

import math
import struct

from ..ir import attributes as A
from ..ir import types as T
from ..ir.type_constraints import element_type_or_self

CMPI_PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]


def width_of(type) -> int | None:
    """The bit width integer folding works at: index is 64 bits."""
    if isinstance(type, T.IndexType):
        return 64
    if isinstance(type, T.IntegerType):
        return type.width
    return None


def signed(value: int, width: int) -> int:
    value &= (1 << width) - 1
    return value - (1 << width) if width and value >> (width - 1) else value


def unsigned(value: int, width: int) -> int:
    return value & ((1 << width) - 1)


def _int(attr, width):
    """The signed value of an integer constant of a scalar type, or None."""
    if isinstance(attr, A.IntegerAttr) and width is not None:
        return signed(attr.value, width)
    return None


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def _floor_div(a: int, b: int) -> int:
    return a // b


def _ceil_div(a: int, b: int) -> int:
    return -((-a) // b)


def _unsigned_args(fn):
    def apply(a, b, w):
        return fn(unsigned(a, w), unsigned(b, w), w)
    return apply


def _divides(fn, signed_overflow=True):
    """A division: none by zero, nor (signed) of the minimum by -1."""
    def apply(a, b, w):
        if b == 0 or (signed_overflow and b == -1 and a == -(1 << (w - 1))):
            return None
        return fn(a, b)
    return apply


def _shift(fn):
    def apply(a, b, w):
        amount = unsigned(b, w)
        return fn(a, amount, w) if amount < w else None
    return apply


# op name -> f(lhs, rhs, width) on signed values: the result, or None.
INTEGER_BINARY = {
    "arith.addi": lambda a, b, w: a + b,
    "arith.subi": lambda a, b, w: a - b,
    "arith.muli": lambda a, b, w: a * b,
    "arith.andi": lambda a, b, w: a & b,
    "arith.ori": lambda a, b, w: a | b,
    "arith.xori": lambda a, b, w: a ^ b,
    "arith.maxsi": lambda a, b, w: max(a, b),
    "arith.minsi": lambda a, b, w: min(a, b),
    "arith.maxui": _unsigned_args(lambda a, b, w: max(a, b)),
    "arith.minui": _unsigned_args(lambda a, b, w: min(a, b)),
    "arith.divsi": _divides(_trunc_div),
    "arith.ceildivsi": _divides(_ceil_div),
    "arith.floordivsi": _divides(_floor_div),
    "arith.remsi": _divides(lambda a, b: a - b * _trunc_div(a, b), signed_overflow=False),
    "arith.divui": _unsigned_args(_divides(_floor_div, signed_overflow=False)),
    "arith.ceildivui": _unsigned_args(_divides(_ceil_div, signed_overflow=False)),
    "arith.remui": _unsigned_args(_divides(lambda a, b: a % b, signed_overflow=False)),
    "arith.shli": _shift(lambda a, b, w: a << b),
    "arith.shrsi": _shift(lambda a, b, w: a >> b),
    "arith.shrui": _shift(lambda a, b, w: unsigned(a, w) >> b),
}

# Float formats: struct code and bit width.  An operation on two values of
# a format is exact in double precision before its one rounding to the
# format (f16 and f32 have at most half of double's mantissa), so Python's
# floats compute them.
_FLOAT_FORMATS = {"f16": ("e", "H"), "f32": ("f", "I"), "f64": ("d", "Q")}

FLOAT_BINARY = {
    "arith.addf": lambda a, b: a + b,
    "arith.subf": lambda a, b: a - b,
    "arith.mulf": lambda a, b: a * b,
    "arith.divf": lambda a, b: a / b,
}


# llvm::maximum, minimum, maxnum, minnum: (whether a NaN operand is the
# result, whether the larger operand is).
FLOAT_MIN_MAX = {"arith.maximumf": (True, True), "arith.minimumf": (True, False),
                 "arith.maxnumf": (False, True), "arith.minnumf": (False, False)}
_QUIET_BIT = {"f16": 1 << 9, "f32": 1 << 22, "f64": 1 << 51}


def _float_min_max(name, lhs, rhs, type, a: float, b: float):
    """APFloat's maximum/minimum (a NaN wins, quieted) and maxnum/minnum (a
    quiet NaN gives way, a signaling one wins quieted); -0 is below +0."""
    propagate, larger = FLOAT_MIN_MAX[name]
    quiet_bit = _QUIET_BIT[type.text]

    def quiet(attr):
        return A.FloatAttr(attr.bits | quiet_bit, type)

    for attr, value in ((lhs, a), (rhs, b)):
        if value != value and (propagate or not attr.bits & quiet_bit):
            return quiet(attr)
    if a != a or b != b:
        return rhs if a != a else lhs
    if a == 0 and b == 0:
        a_negative = lhs.bits >> (type.width - 1) == 1
        return lhs if a_negative != larger else rhs
    if larger:
        return rhs if a < b else lhs
    return rhs if b < a else lhs


def _float_fold(name, lhs, rhs, type):
    """IEEE arithmetic on two constants as APFloat does it: a division by
    zero gives an infinity (the NaN dividend, or the default NaN for 0 / 0),
    a result past the format's range an infinity."""
    formats = _FLOAT_FORMATS.get(getattr(type, "text", None))
    fn = FLOAT_BINARY.get(name)
    if formats is None or (fn is None and name not in FLOAT_MIN_MAX):
        return None
    real, bits = formats
    a = struct.unpack(real, struct.pack(bits, lhs.bits))[0]
    b = struct.unpack(real, struct.pack(bits, rhs.bits))[0]
    if fn is None:
        return _float_min_max(name, lhs, rhs, type, a, b)
    try:
        value = fn(a, b)
    except ZeroDivisionError:
        if a != a:
            return A.FloatAttr(lhs.bits | _QUIET_BIT[type.text], type)
        negative = math.copysign(1.0, a) != math.copysign(1.0, b)
        value = float("nan") if a == 0 else float("-inf") if negative else float("inf")
    if value != value and a == a and b == b:
        # An invalid operation (0 / 0, inf - inf): APFloat's default NaN,
        # positive and quiet (the machine's may be negative).
        infinity = struct.unpack(bits, struct.pack(real, float("inf")))[0]
        return A.FloatAttr(infinity | _QUIET_BIT[type.text], type)
    try:
        return A.FloatAttr(struct.unpack(bits, struct.pack(real, value))[0], type)
    except OverflowError:       # rounds past the format's largest: an infinity
        return A.FloatAttr(struct.unpack(bits, struct.pack(real, value * float("inf")))[0],
                           type)


def _is_int(attr, value: int, width) -> bool:
    return _int(attr, width) == value


def _float_is(attr, value: float, negative_zero: bool = False) -> bool:
    if not isinstance(attr, A.FloatAttr):
        return False
    if value == 0.0:
        sign = attr.bits >> (attr.type.width - 1) if hasattr(attr.type, "width") else 0
        return attr.value == 0.0 and bool(sign) == negative_zero
    return attr.value == value


def _operand_of(value, name: str, index: int):
    """The operand `index` of the op named `name` defining `value`, or None."""
    op = value.defining_op
    return op.operands[index] if op is not None and op.op_name == name else None


def _cancelled(value, name: str, index: int, other):
    """When `value` is `name`(a, b) whose operand `index` is `other`, the
    other operand of the two; else None."""
    if _operand_of(value, name, index) is other:
        return _operand_of(value, name, 1 - index)
    return None


def _binary_identity(op, lhs, rhs, width):
    """The folds of arith's binary ops that need not both constants."""
    name, (x, y) = op.op_name, op.operands
    zero = A.IntegerAttr(0, element_type_or_self(op.results[0].type)) if width is not None else None
    if name == "arith.addi":
        if _is_int(rhs, 0, width):
            return x
        return _cancelled(x, "arith.subi", 1, y) or _cancelled(y, "arith.subi", 1, x)
    elif name == "arith.subi":
        if x is y and zero is not None:
            return zero
        if _is_int(rhs, 0, width):
            return x
        return _cancelled(x, "arith.addi", 1, y) or _cancelled(x, "arith.addi", 0, y)
    elif name == "arith.muli":
        if _is_int(rhs, 0, width):
            return y
        if _is_int(rhs, 1, width):
            return x
    elif name in ("arith.divui", "arith.divsi", "arith.ceildivui", "arith.ceildivsi",
                  "arith.floordivsi"):
        if _is_int(rhs, 1, width):
            return x
    elif name in ("arith.remui", "arith.remsi"):
        if _is_int(rhs, 1, width) and zero is not None:
            return zero
    elif name == "arith.andi":
        if _is_int(rhs, 0, width):
            return y
        if _is_int(rhs, -1, width) or x is y:
            return x
    elif name == "arith.ori":
        if _is_int(rhs, 0, width) or x is y:
            return x
        if _is_int(rhs, -1, width):
            return rhs      # the attribute (adaptor.getRhs()): a new constant
    elif name == "arith.xori":
        if _is_int(rhs, 0, width):
            return x
        if x is y and zero is not None:
            return zero
    elif name in ("arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"):
        if x is y:
            return x
    elif name in ("arith.shli", "arith.shrsi", "arith.shrui"):
        if _is_int(rhs, 0, width):
            return x
    elif name == "arith.addf":
        if _float_is(rhs, 0.0, negative_zero=True):
            return x
    elif name == "arith.subf":
        if _float_is(rhs, 0.0):
            return x
    elif name in ("arith.mulf", "arith.divf"):
        if _float_is(rhs, 1.0):
            return x
    elif name in FLOAT_MIN_MAX:
        propagate, larger = FLOAT_MIN_MAX[name]
        if x is y:
            return x
        # maximumf(x, -inf), minimumf(x, +inf), maxnumf/minnumf(x, NaN).
        value = rhs.value if isinstance(rhs, A.FloatAttr) else None
        if value is not None and (value != value if not propagate
                                  else value == (float("-inf") if larger else float("inf"))):
            return x
    return None


def element_attrs(attr, type):
    """The elements of a constant of `type` as scalar attributes of its
    element type: [attr] for a scalar, one per element of a dense vector or
    tensor (one for a splat); None for anything else."""
    if isinstance(attr, (A.IntegerAttr, A.FloatAttr)):
        # A constant of another type than the operand's (a test.constant
        # holding an i64 for an i32) is no constant of it.
        return [attr] if attr.type == type else None
    element = element_type_or_self(type)
    if not isinstance(attr, A.DenseElementsAttr) or attr.type != type:
        return None
    if isinstance(element, T.FloatType):
        return [A.FloatAttr(bits, element) for bits in attr.values]
    if isinstance(element, (T.IntegerType, T.IndexType)):
        return [A.IntegerAttr(value, element) for value in attr.values]
    return None


def pack(scalars, type):
    """The constant of `type` whose elements are `scalars` (scalar
    attributes), the inverse of `element_attrs`; None for a shaped type
    of unknown extents, which no dense constant has."""
    if element_type_or_self(type) is type:
        return scalars[0]
    if not isinstance(type, (T.VectorType, T.TensorType)) or None in type.shape:
        return None
    return A.DenseElementsAttr(type, [s.bits if isinstance(s, A.FloatAttr) else s.value
                                      for s in scalars])


def splat_of(attr, type):
    """The scalar a splat (or scalar) constant of `type` holds, or None."""
    elements = element_attrs(attr, type)
    return elements[0] if elements is not None and len(elements) == 1 else None


def _fold_scalars(name, lhs, rhs, element):
    """Two scalar constants of `element` folded, or None."""
    width = width_of(element)
    compute = INTEGER_BINARY.get(name)
    a, b = _int(lhs, width), _int(rhs, width)
    if compute is not None and a is not None and b is not None:
        result = compute(a, b, width)
        # Wrapped at the width (index too: 64 bits).
        return None if result is None else A.IntegerAttr(signed(result, width), element)
    if isinstance(lhs, A.FloatAttr) and isinstance(rhs, A.FloatAttr):
        return _float_fold(name, lhs, rhs, element)
    return None


def fold_elementwise(type, operands, fold_scalar, operand_types=None):
    """constFoldBinaryOp / constFoldUnaryOp: `fold_scalar` applied to each
    element of the constant `operands` (splats broadcast), packed as a
    constant of `type`; None when an operand is not a constant (of its
    type in `operand_types`, by default `type`) or an element does not fold."""
    if operand_types is None:
        operand_types = [type] * len(operands)
    lists = [element_attrs(attr, t) for attr, t in zip(operands, operand_types)]
    if any(elements is None for elements in lists):
        return None
    count = max(len(elements) for elements in lists)
    results = []
    for index in range(count):
        result = fold_scalar(*[elements[index if len(elements) > 1 else 0] for elements in lists])
        if result is None:
            return None
        results.append(result)
    return pack(results, type)


def fold_binary(op, constants):
    type = op.results[0].type
    element = element_type_or_self(type)
    # The identities come before the constants' fold upstream: `x / 1` is
    # x itself, not a new constant of its value (which would be placed
    # anew), and maxnumf(NaN, sNaN) is the first NaN as it is.
    lhs, rhs = (splat_of(c, type) for c in constants)
    found = _binary_identity(op, lhs, rhs, width_of(element))
    if isinstance(found, A.Attribute):
        found = pack([found], type)
    if found is not None:
        return [found]
    folded = fold_elementwise(type, constants,
                              lambda a, b: _fold_scalars(op.op_name, a, b, element))
    return None if folded is None else [folded]


# -------------------------------------------------------------- comparisons
_SWAPPED = {"slt": "sgt", "sgt": "slt", "sle": "sge", "sge": "sle", "ult": "ugt", "ugt": "ult",
            "ule": "uge", "uge": "ule", "eq": "eq", "ne": "ne"}


def apply_cmpi(predicate: str, a: int, b: int, width: int) -> bool:
    if predicate[0] == "u":
        a, b = unsigned(a, width), unsigned(b, width)
    test = predicate[-2:] if predicate not in ("eq", "ne") else predicate
    return {"eq": a == b, "ne": a != b, "lt": a < b, "le": a <= b, "gt": a > b,
            "ge": a >= b}[test]


def fold_cmpi(op, constants):
    lhs, rhs = constants
    predicate = CMPI_PREDICATES[op.properties["predicate"].value]
    x, y = op.operands
    result_type = op.results[0].type
    if x is y:
        same = pack([A.IntegerAttr(int(predicate in ("eq", "sle", "sge", "ule", "uge")), T.I1)],
                    result_type)
        return None if same is None else [same]
    element = element_type_or_self(x.type)
    width = width_of(element)
    right = splat_of(rhs, x.type)
    if _is_int(right, 0, width):
        for ext in ("arith.extsi", "arith.extui"):
            inner = _operand_of(x, ext, 0)
            if (inner is not None and width_of(element_type_or_self(inner.type)) == 1
                    and predicate == "ne"):
                return [inner]
        if width == 1 and predicate == "ne":
            return [x]
    if width == 1 and _int(right, width) is not None and right.value == 1 and predicate == "eq":
        return [x]
    if lhs is not None and rhs is None:
        op.properties["predicate"] = A.IntegerAttr(CMPI_PREDICATES.index(_SWAPPED[predicate]),
                                                   T.I64)
        op.set_operand(0, y)
        op.set_operand(1, x)
        return []
    if width is None:
        return None
    folded = fold_elementwise(result_type, constants, lambda a, b: A.IntegerAttr(
        int(apply_cmpi(predicate, _int(a, width), _int(b, width), width)), T.I1),
        [x.type, y.type])
    return None if folded is None else [folded]


def fold_select(op, constants):
    condition, true_value, false_value = op.operands
    if true_value is false_value:
        return [true_value]
    cond = splat_of(constants[0], condition.type)
    if isinstance(cond, A.IntegerAttr):
        return [true_value if cond.value else false_value]
    if isinstance(constants[0], A.DenseElementsAttr):
        # A condition per element: the constants' elements chosen one by one.
        chosen = fold_elementwise(op.results[0].type, constants,
                                  lambda c, a, b: a if c.value else b,
                                  [v.type for v in op.operands])
        if chosen is not None:
            return [chosen]
    type = op.results[0].type
    if (width_of(type) == 1 and isinstance(type, T.IntegerType) and type.is_signless
            and _int(constants[1], 1) == -1 and _int(constants[2], 1) == 0):
        return [condition]
    compare = condition.defining_op
    if compare is not None and compare.op_name == "arith.cmpi":
        predicate = CMPI_PREDICATES[compare.properties["predicate"].value]
        a, b = compare.operands
        if predicate in ("eq", "ne") and {a, b} == {true_value, false_value} and a is not b:
            return [true_value if predicate == "ne" else false_value]
    return None


# ------------------------------------------------------------------- casts
def fold_int_cast(op, constants):
    """index_cast, index_castui, extsi, extui, trunci of a constant (each
    element of a vector or tensor one)."""
    source, target = op.operands[0].type, op.results[0].type
    wide = width_of(element_type_or_self(source))
    element = element_type_or_self(target)
    zero_extends = op.op_name in ("arith.extui", "arith.index_castui")
    def cast(attr):
        if not isinstance(attr, A.IntegerAttr) or wide is None or width_of(element) is None:
            return None
        value = unsigned(attr.value, wide) if zero_extends else signed(attr.value, wide)
        return A.IntegerAttr(value, element)
    folded = fold_elementwise(target, constants, cast, [source])
    if folded is not None:
        return [folded]
    inner = op.operands[0].defining_op
    if inner is None or inner.op_name != op.op_name:
        return None
    if op.op_name == "arith.index_cast" and inner.operands[0].type == target:
        return [inner.operands[0]]
    if op.op_name in ("arith.extsi", "arith.extui"):
        # ext(ext(x)) of one kind is one ext of x, changed in place.
        op.set_operand(0, inner.operands[0])
        return []
    return None


def fold_trunci(op, constants):
    """TruncIOp::fold: trunci(ext(a)) is a when of the result's type, or
    trunci(a) (in place) when a is wider; trunci(trunci(a)) is trunci(a);
    then constants."""
    inner = op.operands[0].defining_op
    if inner is not None and inner.op_name in ("arith.extui", "arith.extsi"):
        source = inner.operands[0]
        narrow = width_of(element_type_or_self(source.type))
        if narrow > width_of(element_type_or_self(op.results[0].type)):
            op.set_operand(0, source)
            return []
        if source.type == op.results[0].type:
            return [source]
    if inner is not None and inner.op_name == "arith.trunci":
        op.set_operand(0, inner.operands[0])
        return []
    return fold_int_cast(op, constants)


def materializable(attr, type) -> bool:
    """arith's materializeConstant takes integer, float and dense
    constants of the result's type."""
    return isinstance(attr, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr)) and attr.type == type


# ------------------------------------------------------------ float casts
def _exact_float_cast(element):
    """convertFloatValue to `element`: an element converted only when no
    information is lost (a NaN or infinity keeps its kind)."""
    from ..printer.numbers import float_from_bits, float_to_bits
    def cast(attr):
        if not isinstance(attr, A.FloatAttr):
            return None
        value = float_from_bits(attr.bits, attr.type.text)
        bits = float_to_bits(value, element.text)
        back = float_from_bits(bits, element.text)
        if back != value and not (value != value and back != back):
            return None
        return A.FloatAttr(bits, element)
    return cast


def representable_by(narrow, wide) -> bool:
    """APFloatBase::isRepresentableBy: every value of `narrow` is one of `wide`."""
    from ..printer.numbers import float_semantics
    a, b = float_semantics(narrow.text), float_semantics(wide.text)
    return a.precision <= b.precision and a.emax <= b.emax and a.emin >= b.emin


def fold_extf(op, constants):
    """ExtFOp::fold: extf(truncf(a)) is a when both contract; a constant
    converts exactly."""
    inner = op.operands[0].defining_op
    if (inner is not None and inner.op_name == "arith.truncf"
            and inner.operands[0].type == op.results[0].type
            and all("contract" in getattr(o.properties.get("fastmath"), "text", "")
                    or "fast>" in getattr(o.properties.get("fastmath"), "text", "")
                    for o in (inner, op))):
        return [inner.operands[0]]
    target = op.results[0].type
    folded = fold_elementwise(target, constants, _exact_float_cast(element_type_or_self(target)),
                              [op.operands[0].type])
    return None if folded is None else [folded]


def fold_truncf(op, constants):
    """TruncFOp::fold: truncf(extf(a)) is a of the result's type, or
    truncf(a) (in place) of a wider a; a constant converts exactly."""
    target = op.results[0].type
    element = element_type_or_self(target)
    inner = op.operands[0].defining_op
    if inner is not None and inner.op_name == "arith.extf":
        source = inner.operands[0]
        narrow = element_type_or_self(source.type)
        if representable_by(narrow, element_type_or_self(inner.results[0].type)):
            if narrow.width > element.width:
                op.set_operand(0, source)
                return []
            if narrow == element:
                return [source]
    folded = fold_elementwise(target, constants, _exact_float_cast(element),
                              [op.operands[0].type])
    return None if folded is None else [folded]


_FASTMATH_BITS = ["reassoc", "nnan", "ninf", "nsz", "arcp", "contract", "afn"]
_OVERFLOW_BITS = ["nsw", "nuw"]


def flags_attr(keyword: str, words) -> A.OpaqueAttr:
    """`#arith.fastmath<...>` / `#arith.overflow<...>` as MLIR prints the bit
    enum: flags in bit order (`fast` for all fastmath flags, `none` for no
    flag), fastmath's joined by `,`, overflow's by `, `."""
    words = set(words)
    if keyword == "fastmath":
        bits = _FASTMATH_BITS
        if "fast" in words or words.issuperset(bits):
            return A.OpaqueAttr("#arith.fastmath<fast>")
        set_bits = [b for b in bits if b in words]
        return A.OpaqueAttr(f"#arith.fastmath<{','.join(set_bits) or 'none'}>")
    set_bits = [b for b in _OVERFLOW_BITS if b in words]
    return A.OpaqueAttr(f"#arith.overflow<{', '.join(set_bits) or 'none'}>")
