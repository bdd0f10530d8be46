"""Per-op translation to Python source for the reference interpreter.

`EMITTERS` maps an op name to `emit(compiler, op)`, which appends the lines
computing the op's results (see `compiler.FunctionCompiler`).  Semantics
follow the MLIR dialect documentation (arith, math, memref, affine, scf,
func); `runtime.py` describes the value representation.
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ..dialects import scf
from ..dialects.affine import AffineMinOp, AffineYieldOp
from ..dialects.affine_dma import memory_space_of
from ..dialects.arith import ATOMIC_RMW_KINDS
from ..dialects.memref import AllocaScopeReturnOp
from ..ir import attributes as A
from ..ir import types as T
from . import runtime as R
from .runtime import InterpreterError, describe, float_kind, int_literal, int_width, literal_value

EMITTERS: dict = {}


def emitter(*names, **options):
    """Register `fn` as the emitter of the ops `names`; `options`, given,
    are passed to it (the variant of an op family that op is)."""
    def register(fn):
        bound = functools.partial(fn, **options) if options else fn
        for name in names:
            EMITTERS[name] = bound
        return fn
    return register


# Names that generated code may use; every function namespace starts with these.
BASE_NAMESPACE = {
    "_np": np,
    "_f16": np.float16, "_f32": np.float32, "_f64": np.float64,
    "_bf16": R.bf16_round, "_bf16a": R.bf16_array,
    "_oob": R.out_of_bounds, "_alloc": R.alloc, "_cast_check": R.cast_check,
    "_copy": R.copy, "_dma_copy": R.dma_copy, "_dma_post": R.dma_post,
    "_dma_complete": R.dma_complete, "_dim": R.dim, "_scf_step": R.scf_step, "_wrap": R.wrap,
    "_divsi": R.divsi, "_divui": R.divui, "_remsi": R.remsi, "_remui": R.remui,
    "_floordivsi": R.floordivsi, "_ceildivsi": R.ceildivsi, "_ceildivui": R.ceildivui,
    "_shli": R.shli, "_shrsi": R.shrsi, "_shrui": R.shrui, "_fptoi": R.fptoi,
    "_absi": R.absi, "_ctpop": R.ctpop, "_ctlz": R.ctlz, "_cttz": R.cttz,
    "_i2f_bits": R.int_to_float_bits, "_i2f": R.int_to_float, "_f2i_bits": R.float_to_int_bits,
    "_maximumf": R.maximumf, "_minimumf": R.minimumf, "_maxnumf": R.maxnumf,
    "_minnumf": R.minnumf, "_round": R.round_half_away, "_fma": R.fma,
    "_delinearize": R.delinearize,
    "_affine_floordiv": R.affine_floordiv, "_affine_ceildiv": R.affine_ceildiv,
    "_affine_mod": R.affine_mod,
    "_fmod": np.fmod, "_power": np.power, "_arctan2": np.arctan2, "_copysign": np.copysign,
}

# Scalar math functions go through libm in double precision (as compiled code
# calls libm), the exact ones (sqrt, floor, ...) through numpy; vectors use
# numpy ufuncs throughout.
_LIBM = {
    "exp": (math.exp, np.exp), "exp2": (lambda x: 2.0 ** x, np.exp2),
    "expm1": (math.expm1, np.expm1), "log": (math.log, np.log), "log2": (math.log2, np.log2),
    "log10": (math.log10, np.log10), "log1p": (math.log1p, np.log1p),
    "sin": (math.sin, np.sin), "cos": (math.cos, np.cos), "tan": (math.tan, np.tan),
    "tanh": (math.tanh, np.tanh), "sinh": (math.sinh, np.sinh), "cosh": (math.cosh, np.cosh),
    "asin": (math.asin, np.arcsin), "acos": (math.acos, np.arccos),
    "atan": (math.atan, np.arctan), "asinh": (math.asinh, np.arcsinh),
    "acosh": (math.acosh, np.arccosh), "atanh": (math.atanh, np.arctanh),
    "cbrt": (getattr(math, "cbrt", None) or np.cbrt, np.cbrt),
    "erf": (math.erf, None), "erfc": (math.erfc, None),
}
for _name, (_fn, _fallback) in _LIBM.items():
    BASE_NAMESPACE[f"_libm_{_name}"] = R.via_libm(_fn, _fallback)
BASE_NAMESPACE["_libm_powf"] = R.via_libm(math.pow, np.power)
BASE_NAMESPACE["_libm_atan2"] = R.via_libm(math.atan2, np.arctan2)

_UNARY_MATH = {f"math.{name}": f"_libm_{name}" for name in _LIBM}
_UNARY_MATH.update({
    "math.sqrt": "_np.sqrt", "math.absf": "_np.fabs", "math.ceil": "_np.ceil",
    "math.floor": "_np.floor", "math.trunc": "_np.trunc", "math.roundeven": "_np.rint",
    "math.round": "_round",
})
_VECTOR_MATH = {f"math.{name}": f"_np.{fallback.__name__}"
                for name, (_, fallback) in _LIBM.items() if fallback is not None}
_VECTOR_MATH.update({name: source for name, source in _UNARY_MATH.items()
                     if source.startswith("_np.")})

_FLOAT_BINARY = {
    "arith.addf": "{a} + {b}", "arith.subf": "{a} - {b}", "arith.mulf": "{a} * {b}",
    "arith.divf": "{a} / {b}", "arith.remf": "_fmod({a}, {b})",
    "arith.maximumf": "_maximumf({a}, {b})", "arith.minimumf": "_minimumf({a}, {b})",
    "arith.maxnumf": "_maxnumf({a}, {b})", "arith.minnumf": "_minnumf({a}, {b})",
    "math.powf": "_libm_powf({a}, {b})", "math.atan2": "_libm_atan2({a}, {b})",
    "math.copysign": "_copysign({a}, {b})",
}
_VECTOR_FLOAT_BINARY = {
    "arith.addf": "{a} + {b}", "arith.subf": "{a} - {b}", "arith.mulf": "{a} * {b}",
    "arith.divf": "{a} / {b}", "arith.remf": "_fmod({a}, {b})",
    "arith.maximumf": "_np.maximum({a}, {b})", "arith.minimumf": "_np.minimum({a}, {b})",
    "arith.maxnumf": "_np.fmax({a}, {b})", "arith.minnumf": "_np.fmin({a}, {b})",
    "math.powf": "_power({a}, {b})", "math.atan2": "_arctan2({a}, {b})",
    "math.copysign": "_copysign({a}, {b})",
}
_INT_WRAPPING = {"arith.addi": "+", "arith.subi": "-", "arith.muli": "*"}
_INT_BITWISE = {"arith.andi": "&", "arith.ori": "|", "arith.xori": "^"}
_INT_HELPER = {
    "arith.divsi": "_divsi", "arith.divui": "_divui", "arith.remsi": "_remsi",
    "arith.remui": "_remui", "arith.floordivsi": "_floordivsi",
    "arith.ceildivsi": "_ceildivsi", "arith.ceildivui": "_ceildivui",
    "arith.shli": "_shli", "arith.shrsi": "_shrsi", "arith.shrui": "_shrui",
}
_INT_MINMAX = {"arith.maxsi": (">=", True), "arith.minsi": ("<=", True),
               "arith.maxui": (">=", False), "arith.minui": ("<=", False)}
_INT64 = (-(1 << 63), (1 << 63) - 1)


def unsupported(op, why: str = ""):
    return InterpreterError(f"unsupported op {describe(op)}" + (f": {why}" if why else ""))


def rounded(kind: str, source: str, vector: bool = False) -> str:
    """`source` computed in the storage precision, rounded to `kind`."""
    if kind == "bf16":
        return f"_bf16a({source})" if vector else f"_bf16({source})"
    return source


def signed_src(source: str, width: int) -> str:
    return f"(-{source})" if width == 1 else source


def unsigned_src(source: str, width: int) -> str:
    return f"({source} & {(1 << width) - 1})"


def emit_wrapped(c, target: str, expr: str, width: int) -> None:
    """`target = expr` wrapped to `width` bits."""
    if width == 1:
        c.emit(f"{target} = ({expr}) & 1")
        return
    half = 1 << (width - 1)
    c.emit(f"{target} = {expr}")
    c.emit(f"if not {-half} <= {target} < {half}: "
           f"{target} = (({target} + {half}) & {(1 << width) - 1}) - {half}")


# ------------------------------------------------------------ constants
def constant_value(attr, type, op):
    """(source kind, python value) of a constant attribute."""
    if isinstance(attr, A.IntegerAttr):
        width = int_width(type)
        if width is None:
            raise unsupported(op, f"constant of type '{type}'")
        return R.wrap(attr.value, width)
    if isinstance(attr, A.FloatAttr):
        return R.float_from_bits(attr.bits, R.float_kind(type))
    if isinstance(attr, A.DenseElementsAttr) and isinstance(type, T.VectorType):
        return R.array_from_dense(attr, tuple(type.shape), type.element_type)
    raise unsupported(op, f"constant {attr} of type '{type}'")


def set_constant(c, value, type, result) -> None:
    if isinstance(value, int) and not isinstance(value, np.generic):
        if int_width(type) == 1:
            c.set_source(result, "True" if value else "False", (value, value))
        else:
            c.set_source(result, int_literal(value), (value, value))
    else:
        c.set_source(result, c.ref(value, "c"))


@emitter("arith.constant", "llvm.mlir.constant")
def emit_constant(c, op):
    result = op.results[0]
    attr = op.properties.get("value", op.attributes.get("value"))
    set_constant(c, constant_value(attr, result.type, op), result.type, result)


@emitter("index.constant")
def emit_index_constant(c, op):
    value = op.properties["value"].value
    c.set_source(op.results[0], int_literal(value), (value, value))


@emitter("ub.poison", "llvm.mlir.undef", "llvm.mlir.poison")
def emit_poison(c, op):
    result = op.results[0]
    set_constant(c, R.zero_of(result.type), result.type, result)


# ------------------------------------------------------ binary ops
def emit_binary(c, name, type, a, b, target, op) -> None:
    """`target = a <name> b` for values of `type`."""
    if isinstance(type, T.VectorType):
        emit_vector_binary(c, name, type, a, b, target, op)
        return
    kind = float_kind(type)
    if kind is not None:
        pattern = _FLOAT_BINARY.get(name)
        if pattern is None:
            raise unsupported(op, f"on '{type}'")
        c.emit(f"{target} = {rounded(kind, pattern.format(a=a, b=b))}")
        return
    width = int_width(type)
    if width is None:
        raise unsupported(op, f"on '{type}'")
    if name in _INT_WRAPPING:
        emit_wrapped(c, target, f"{a} {_INT_WRAPPING[name]} {b}", width)
    elif name in _INT_BITWISE:
        c.emit(f"{target} = {a} {_INT_BITWISE[name]} {b}")
    elif name in _INT_HELPER:
        c.emit(f"{target} = {_INT_HELPER[name]}({a}, {b}, {width}, {c.op_ref(op)})")
    elif name in _INT_MINMAX:
        compare, is_signed = _INT_MINMAX[name]
        if is_signed:
            left, right = signed_src(a, width), signed_src(b, width)
        else:
            left, right = unsigned_src(a, width), unsigned_src(b, width)
        c.emit(f"{target} = {a} if {left} {compare} {right} else {b}")
    else:
        raise unsupported(op, f"on '{type}'")


def emit_vector_binary(c, name, type, a, b, target, op) -> None:
    kind = float_kind(type.element_type)
    if kind is not None:
        pattern = _VECTOR_FLOAT_BINARY.get(name)
        if pattern is not None:
            c.emit(f"{target} = {rounded(kind, pattern.format(a=a, b=b), True)}")
            return
    else:
        width = int_width(type.element_type)
        if width is not None and width > 1 and name in _INT_WRAPPING:
            c.emit(f"{target} = {a} {_INT_WRAPPING[name]} {b}")
            return
        if width is not None and name in _INT_BITWISE:
            c.emit(f"{target} = {a} {_INT_BITWISE[name]} {b}")
            return
    raise unsupported(op, f"on '{type}'")


def _binary_range(c, op):
    """Interval of an index add/sub/mul whose operands have intervals."""
    if int_width(op.results[0].type) != 64:
        return None
    lhs, rhs = (c.ranges.get(v) for v in op.operands[:2])
    if lhs is None or rhs is None:
        return None
    name = op.op_name
    if name == "arith.addi":
        result = (lhs[0] + rhs[0], lhs[1] + rhs[1])
    elif name == "arith.subi":
        result = (lhs[0] - rhs[1], lhs[1] - rhs[0])
    elif name == "arith.muli":
        products = (lhs[0] * rhs[0], lhs[0] * rhs[1], lhs[1] * rhs[0], lhs[1] * rhs[1])
        result = (min(products), max(products))
    else:
        return None
    return result if _INT64[0] <= result[0] and result[1] <= _INT64[1] else None


@emitter(*(list(_FLOAT_BINARY) + list(_INT_WRAPPING) + list(_INT_BITWISE)
           + list(_INT_HELPER) + list(_INT_MINMAX)))
def emit_binary_op(c, op):
    if len(op.operands) != 2:
        raise unsupported(op, "expected two operands")
    a, b = (c.src(v) for v in op.operands)
    result = op.results[0]
    target = c.define(result)
    emit_binary(c, op.op_name, result.type, a, b, target, op)
    value_range = _binary_range(c, op)
    if value_range is not None:
        c.ranges[result] = value_range


# ------------------------------------------------------- unary ops
@emitter("arith.negf", negate=True)
@emitter(*_UNARY_MATH)
def emit_unary(c, op, negate=False):
    a = c.src(op.operands[0])
    result = op.results[0]
    type = result.type
    vector = isinstance(type, T.VectorType)
    kind = float_kind(type.element_type if vector else type)
    if kind is None:
        raise unsupported(op, f"on '{type}'")
    if negate:
        expr = f"-{a}"
    elif vector:
        function = _VECTOR_MATH.get(op.op_name)
        if function is None:
            raise unsupported(op, f"on '{type}'")
        expr = f"{function}({a})"
    else:
        expr = f"{_UNARY_MATH[op.op_name]}({a})"
    c.emit(f"{c.define(result)} = {rounded(kind, expr, vector)}")


@emitter("math.rsqrt")
def emit_rsqrt(c, op):
    a = c.src(op.operands[0])
    type = op.results[0].type
    kind = float_kind(type)
    if kind is None:
        raise unsupported(op, f"on '{type}'")
    one = c.ref(R.FLOAT_SCALAR[kind](1), "c")
    c.emit(f"{c.define(op.results[0])} = {rounded(kind, f'{one} / _np.sqrt({a})')}")


@emitter("math.fma")
def emit_fma(c, op):
    a, b, d = (c.src(v) for v in op.operands)
    type = op.results[0].type
    kind = float_kind(type)
    if kind is None:
        raise unsupported(op, f"on '{type}'")
    c.emit(f"{c.define(op.results[0])} = {rounded(kind, f'_fma({a}, {b}, {d})')}")


@emitter("math.absi", "math.ctpop", "math.ctlz", "math.cttz")
def emit_int_unary(c, op):
    width = int_width(op.results[0].type)
    if width is None:
        raise unsupported(op, f"on '{op.results[0].type}'")
    helper = "_" + op.op_name.split(".")[1]
    c.emit(f"{c.define(op.results[0])} = {helper}({c.src(op.operands[0])}, {width})")


# ----------------------------------------------------- comparisons
_CMPI = {"eq": "==", "ne": "!=", "slt": "<", "sle": "<=", "sgt": ">", "sge": ">=",
         "ult": "<", "ule": "<=", "ugt": ">", "uge": ">="}
_CMPF = {
    "false": "False", "true": "True",
    "oeq": "bool({a} == {b})", "ogt": "bool({a} > {b})", "oge": "bool({a} >= {b})",
    "olt": "bool({a} < {b})", "ole": "bool({a} <= {b})",
    "one": "bool({a} < {b} or {a} > {b})", "ord": "bool({a} == {a} and {b} == {b})",
    "ueq": "not ({a} < {b} or {a} > {b})", "ugt": "not ({a} <= {b})",
    "uge": "not ({a} < {b})", "ult": "not ({a} >= {b})", "ule": "not ({a} > {b})",
    "une": "bool({a} != {b})", "uno": "bool({a} != {a} or {b} != {b})",
}


@emitter("arith.cmpi")
def emit_cmpi(c, op):
    a, b = (c.src(v) for v in op.operands)
    type = op.operands[0].type
    width = int_width(type)
    if width is None:
        raise unsupported(op, f"on '{type}'")
    predicate = op.predicate
    compare = _CMPI[predicate]
    if predicate[0] == "s":
        a, b = signed_src(a, width), signed_src(b, width)
    elif predicate[0] == "u":
        a, b = unsigned_src(a, width), unsigned_src(b, width)
    c.emit(f"{c.define(op.results[0])} = {a} {compare} {b}")


@emitter("arith.cmpf")
def emit_cmpf(c, op):
    a, b = (c.src(v) for v in op.operands)
    type = op.operands[0].type
    if float_kind(type) is None:
        raise unsupported(op, f"on '{type}'")
    c.emit(f"{c.define(op.results[0])} = {_CMPF[op.predicate].format(a=a, b=b)}")


@emitter("arith.select")
def emit_select(c, op):
    if isinstance(op.operands[0].type, T.VectorType):
        raise unsupported(op, "with a vector condition")
    cond, a, b = (c.src(v) for v in op.operands)
    c.emit(f"{c.define(op.results[0])} = {a} if {cond} else {b}")


# ------------------------------------------------------------ casts
@emitter("arith.index_castui", "arith.extui", zero_extend=True)
@emitter("arith.index_cast", "arith.extsi", "arith.trunci")
def emit_int_cast(c, op, zero_extend=False):
    source, result = op.operands[0], op.results[0]
    src_width, dst_width = int_width(source.type), int_width(result.type)
    if src_width is None or dst_width is None:
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    a = c.src(source)
    if dst_width < src_width:
        emit_wrapped(c, c.define(result), a, dst_width)
        return
    if dst_width == src_width:
        c.set_source(result, a, c.ranges.get(source))
        return
    if zero_extend:
        expr = f"{a} & {(1 << src_width) - 1}"
    else:
        expr = f"-{a}" if src_width == 1 else a
    if _is_simple(expr):
        c.set_source(result, expr, c.ranges.get(source))
    else:
        c.emit(f"{c.define(result)} = {expr}")


def _is_simple(source: str) -> bool:
    return source.isidentifier() or literal_value(source) is not None


@emitter("arith.sitofp", signed=True)
@emitter("arith.uitofp", signed=False)
def emit_int_to_float(c, op, signed):
    source, result = op.operands[0], op.results[0]
    width, kind = int_width(source.type), float_kind(result.type)
    if width is None or kind is None:
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    a = c.src(source)
    value = signed_src(a, width) if signed else unsigned_src(a, width)
    c.emit(f"{c.define(result)} = _i2f({value}, '{kind}')")


@emitter("arith.fptosi", is_signed=True)
@emitter("arith.fptoui", is_signed=False)
def emit_float_to_int(c, op, is_signed):
    source, result = op.operands[0], op.results[0]
    width = int_width(result.type)
    if width is None or float_kind(source.type) is None:
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    c.emit(f"{c.define(result)} = _fptoi({c.src(source)}, {width}, {is_signed}, {c.op_ref(op)})")


@emitter("arith.extf", "arith.truncf")
def emit_float_cast(c, op):
    source, result = op.operands[0], op.results[0]
    src_kind, dst_kind = float_kind(source.type), float_kind(result.type)
    if src_kind is None or dst_kind is None:
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    a = c.src(source)
    if dst_kind == "bf16":
        c.emit(f"{c.define(result)} = _bf16({a})")
    elif src_kind == "bf16" and dst_kind == "f32":
        c.set_source(result, a)
    else:
        c.emit(f"{c.define(result)} = _{dst_kind}({a})")


@emitter("arith.bitcast")
def emit_bitcast(c, op):
    source, result = op.operands[0], op.results[0]
    a = c.src(source)
    src_kind, dst_kind = float_kind(source.type), float_kind(result.type)
    src_width, dst_width = int_width(source.type), int_width(result.type)
    target = None
    if src_width is not None and dst_kind is not None and src_width in (16, 32, 64):
        target = f"_i2f_bits({a}, {src_width}, '{dst_kind}')"
    elif src_kind is not None and dst_width is not None and dst_width in (16, 32, 64):
        target = f"_f2i_bits({a}, {dst_width}, '{src_kind}')"
    elif src_width is not None and src_width == dst_width:
        c.set_source(result, a)
        return
    elif src_kind is not None and src_kind == dst_kind:
        c.set_source(result, a)
        return
    if target is None:
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    c.emit(f"{c.define(result)} = {target}")


# ------------------------------------------------------------ affine maps
def define_index(c, result, source, value_range) -> None:
    """`result` is `source`: a literal or name directly, else a new local."""
    literal = literal_value(source)
    if literal is not None:
        c.set_source(result, int_literal(literal), (literal, literal))
        return
    c.emit(f"{c.define(result)} = {source}")
    if value_range is not None:
        c.ranges[result] = value_range


@emitter("affine.apply")
def emit_apply(c, op):
    results = c.map_results(op.map, op.operands)
    if len(results) != 1:
        raise unsupported(op, "map with several results")
    define_index(c, op.results[0], *results[0])


@emitter("affine.min", "affine.max")
def emit_min_max(c, op):
    keyword = "min" if isinstance(op, AffineMinOp) else "max"
    define_index(c, op.results[0], *c.combined(c.map_results(op.map, op.operands), keyword))


@emitter("affine.delinearize_index")
def emit_delinearize(c, op):
    from ..dialects.memref import DYNAMIC
    static = list(op.properties["static_basis"].value)
    dynamic = iter(c.src(v) for v in op.operands[1:])
    basis = [next(dynamic) if v == DYNAMIC else str(v) for v in static]
    has_outer = len(op.results) == len(static)
    names = [c.define(r) for r in op.results]
    c.emit(f"{', '.join(names)}, = _delinearize({c.src(op.operands[0])}, "
           f"({''.join(b + ', ' for b in basis)}), {has_outer}, {c.op_ref(op)})")


# ------------------------------------------------------------- memory
def _index_text(indices) -> str:
    return ", ".join(indices) if indices else "()"


def load_source(c, memref, indices) -> str:
    """The expression reading one element (numpy scalar for floats, Python
    int/bool for integers)."""
    m = c.src(memref)
    if float_kind(memref.type.element_type) is not None:
        return f"{m}[{_index_text(indices)}]"
    return f"{m}.item({', '.join(indices)})"


def _memref_type(op, value):
    if not isinstance(value.type, T.MemRefType):
        raise unsupported(op, f"on '{value.type}'")
    R.dtype_of(value.type.element_type)
    return value.type


def _affine_indices(c, op):
    results = c.map_results(op.map, op.map_operands)
    return [c.simple(s, "i") for s, _ in results], [r for _, r in results]


@emitter("affine.load")
def emit_affine_load(c, op):
    memref = op.memref
    _memref_type(op, memref)
    indices, ranges = _affine_indices(c, op)
    c.emit_bounds_check(op, memref, indices, ranges)
    c.emit(f"{c.define(op.results[0])} = {load_source(c, memref, indices)}")


@emitter("affine.store")
def emit_affine_store(c, op):
    memref = op.memref
    _memref_type(op, memref)
    indices, ranges = _affine_indices(c, op)
    c.emit_bounds_check(op, memref, indices, ranges)
    c.emit(f"{c.src(memref)}[{_index_text(indices)}] = {c.src(op.value_to_store)}")


@emitter("memref.load")
def emit_memref_load(c, op):
    memref = op.operands[0]
    _memref_type(op, memref)
    indices = [c.src(v) for v in op.operands[1:]]
    c.emit_bounds_check(op, memref, indices, [c.ranges.get(v) for v in op.operands[1:]])
    c.emit(f"{c.define(op.results[0])} = {load_source(c, memref, indices)}")


@emitter("memref.store")
def emit_memref_store(c, op):
    memref = op.operands[1]
    _memref_type(op, memref)
    indices = [c.src(v) for v in op.operands[2:]]
    c.emit_bounds_check(op, memref, indices, [c.ranges.get(v) for v in op.operands[2:]])
    c.emit(f"{c.src(memref)}[{_index_text(indices)}] = {c.src(op.operands[0])}")


def _vector_slices(op, memref, indices, vector_type):
    shape = tuple(vector_type.shape)
    if len(shape) > len(indices) or vector_type.scalable:
        raise unsupported(op, f"vector '{vector_type}' on '{memref.type}'")
    if vector_type.element_type != memref.type.element_type:
        raise unsupported(op, f"vector '{vector_type}' on '{memref.type}'")
    lead = len(indices) - len(shape)
    parts = list(indices[:lead])
    parts += [f"{i}:{i} + {n}" for i, n in zip(indices[lead:], shape)]
    return shape, ", ".join(parts)


@emitter("affine.vector_load")
def emit_vector_load(c, op):
    memref = op.memref
    _memref_type(op, memref)
    indices, ranges = _affine_indices(c, op)
    shape, parts = _vector_slices(op, memref, indices, op.results[0].type)
    c.emit_bounds_check(op, memref, indices, ranges, shape)
    c.emit(f"{c.define(op.results[0])} = {c.src(memref)}[{parts}].copy()")


@emitter("affine.vector_store")
def emit_vector_store(c, op):
    memref = op.memref
    _memref_type(op, memref)
    indices, ranges = _affine_indices(c, op)
    shape, parts = _vector_slices(op, memref, indices, op.value_to_store.type)
    c.emit_bounds_check(op, memref, indices, ranges, shape)
    c.emit(f"{c.src(memref)}[{parts}] = {c.src(op.value_to_store)}")


@emitter("memref.alloc", "memref.alloca")
def emit_alloc(c, op):
    result = op.results[0]
    type = _memref_type(op, result)
    segments = op.properties.get("operandSegmentSizes")
    n_dynamic = segments.value[0] if segments is not None else len(op.operands)
    dynamic = [c.src(v) for v in op.operands[:n_dynamic]]
    sizes = iter(dynamic)
    shape = [str(d) if d is not None else next(sizes) for d in type.shape]
    shape_text = "(" + "".join(s + ", " for s in shape) + ")"
    dtype = R.dtype_of(type.element_type)
    fill = c.interpreter.alloc_fill if float_kind(type.element_type) is not None else 0
    name = c.define(result)
    if not dynamic and fill == 0:
        c.emit(f"{name} = _np.zeros({shape_text}, {c.ref(dtype, 'dtype')})")
    else:
        c.emit(f"{name} = _alloc({shape_text}, {c.ref(dtype, 'dtype')}, "
               f"{c.ref(fill, 'fill')}, {c.op_ref(op)})")
    c.record_shape(result, dynamic)


@emitter("memref.dealloc", "affine.prefetch")
def emit_nothing(c, op):
    pass


def _dma_indices(c, op, memref, map_name, indices) -> tuple:
    _memref_type(op, memref)
    results = c.map_results(op.attributes[map_name].value, indices)
    return [c.simple(s, "i") for s, _ in results], [r for _, r in results]


@emitter("affine.dma_start")
def emit_dma_start(c, op):
    """With the interpreter's `dma` "at-start", the transfer is done when it
    starts (the tag is only checked to lie in its memref), so a dma_wait
    has nothing left to do; with "at-wait", it is done by the first
    dma_wait on the same tag element."""
    parts, count, stride = op.parts()
    strided = ""
    if stride:
        # The stride applies to the slower memory (the lower memory space).
        spaces = [memory_space_of(memref) for memref, _, _ in parts[:2]]
        if spaces[0] == spaces[1]:
            raise unsupported(op, "a strided transfer within one memory space")
        strided = (f", ({int(spaces[1] < spaces[0])}, {c.src(stride[0])}, "
                   f"{c.src(stride[1])})")
    starts = []
    for memref, map_name, indices in parts:
        at, ranges = _dma_indices(c, op, memref, map_name, indices)
        starts.append("(" + "".join(i + ", " for i in at) + ")")
        if map_name == "tag_map":
            c.emit_bounds_check(op, memref, at, ranges)
    (src, _, _), (dst, _, _), (tag, _, _) = parts
    transfer = (f"{c.src(src)}, {starts[0]}, {c.src(dst)}, {starts[1]}, {c.src(count)}, "
                f"{c.op_ref(op)}{strided}")
    if c.interpreter.dma == "at-start":
        c.emit(f"_dma_copy({transfer})")
    else:
        c.emit(f"_dma_post({c.ref(c.interpreter.pending_transfers, 'pending')}, "
               f"{c.src(tag)}, {starts[2]}, ({transfer}))")


@emitter("affine.dma_wait")
def emit_dma_wait(c, op):
    at, ranges = _dma_indices(c, op, op.tag_memref, "tag_map", op.tag_indices)
    c.emit_bounds_check(op, op.tag_memref, at, ranges)
    if c.interpreter.dma == "at-wait":
        position = "(" + "".join(i + ", " for i in at) + ")"
        c.emit(f"_dma_complete({c.ref(c.interpreter.pending_transfers, 'pending')}, "
               f"{c.src(op.tag_memref)}, {position})")


@emitter("memref.dim")
def emit_dim(c, op):
    memref, index = op.operands
    if not isinstance(memref.type, T.MemRefType):
        raise unsupported(op, f"on '{memref.type}'")
    literal = literal_value(c.src(index))
    if literal is not None and 0 <= literal < len(memref.type.shape):
        size = c.size_source(memref, literal)
        value = literal_value(size)
        c.set_source(op.results[0], size, (value, value) if value is not None else None)
        return
    c.emit(f"{c.define(op.results[0])} = _dim({c.src(memref)}, {c.src(index)}, {c.op_ref(op)})")


@emitter("memref.cast")
def emit_cast(c, op):
    source, result = op.operands[0], op.results[0]
    memrefs = (T.MemRefType, T.UnrankedMemRefType)
    if not isinstance(source.type, memrefs) or not isinstance(result.type, memrefs):
        raise unsupported(op, f"from '{source.type}' to '{result.type}'")
    a = c.src(source)
    if isinstance(result.type, T.UnrankedMemRefType):
        c.set_source(result, a)
        return
    if isinstance(source.type, T.UnrankedMemRefType):
        shape = tuple(result.type.shape)
        c.emit(f"_cast_check({a}, {shape!r}, {c.op_ref(op)})")
        c.set_source(result, a)
        c.record_shape(result)
        return
    needs_check = [d for d, (s, r) in enumerate(zip(source.type.shape, result.type.shape))
                   if s is None and r is not None]
    if needs_check:
        shape = tuple(result.type.shape)
        c.emit(f"_cast_check({a}, {shape!r}, {c.op_ref(op)})")
    c.set_source(result, a)
    c.record_shape(result, [c.size_source(source, d)
                            for d, size in enumerate(result.type.shape) if size is None])


@emitter("memref.copy")
def emit_copy(c, op):
    source, target = op.operands
    c.emit(f"_copy({c.src(source)}, {c.src(target)}, {c.op_ref(op)})")


@emitter("memref.get_global")
def emit_get_global(c, op):
    array = c.interpreter.global_array(op)
    c.set_source(op.results[0], c.ref(array, "global"))
    c.record_shape(op.results[0], [])


# ---------------------------------------------------------- func dialect
@emitter("func.call")
def emit_call(c, op):
    callee = op.properties.get("callee", op.attributes.get("callee"))
    if not isinstance(callee, A.SymbolRefAttr) or len(callee.parts) != 1:
        raise unsupported(op, f"callee {callee}")
    function = c.ref(c.interpreter.callable(callee.root, op), "fn")
    c.interpreter.prepare(callee.root)
    call = f"{function}({', '.join(c.src(v) for v in op.operands)})"
    names = [c.define(r) for r in op.results]
    if names:
        c.emit(f"{', '.join(names)}, = {call}")
    else:
        c.emit(call)
    for result in op.results:
        c.record_shape(result)


# --------------------------------------------------------------- loops
def charge_iterations(c, op, lb: str, ub: str, step: str) -> None:
    """With an iteration budget, count the loop's trips as it starts."""
    if c.interpreter.max_iterations is not None:
        c.emit(f"_charge(len(range({lb}, {ub}, {step})), {c.op_ref(op)})")


def _loop_header(iv: str, lb: str, ub: str, step: str) -> str:
    if step == "1":
        return f"for {iv} in range({lb}, {ub}):"
    return f"for {iv} in range({lb}, {ub}, {step}):"


def _iv_range(lb_range, ub_range):
    if lb_range is None or ub_range is None:
        return None
    return (lb_range[0], ub_range[1] - 1)


@emitter("affine.for")
def emit_affine_for(c, op):
    lb, lb_range = c.combined(c.map_results(op.lower_bound_map, op.lower_bound_operands), "max")
    ub, ub_range = c.combined(c.map_results(op.upper_bound_map, op.upper_bound_operands), "min")
    lb, ub = c.simple(lb, "lb"), c.simple(ub, "ub")
    body = c.single_block(op.regions[0], op)
    iv = c.define(body.args[0], "i")
    iv_range = _iv_range(lb_range, ub_range)
    if iv_range is not None:
        c.ranges[body.args[0]] = iv_range
    carried = [c.define(arg) for arg in body.args[1:]]
    c.assign(carried, [c.src(v) for v in op.inits])
    charge_iterations(c, op, lb, ub, str(op.step))
    c.emit_region(_loop_header(iv, lb, ub, str(op.step)), body, (AffineYieldOp,), carried,
                  op, loop=True)
    c.assign([c.define(r) for r in op.results], carried)


@emitter("scf.for")
def emit_scf_for(c, op):
    lb, ub, step = (c.src(v) for v in op.operands[:3])
    body = c.single_block(op.regions[0], op)
    iv_value = body.args[0]
    width = int_width(iv_value.type)
    if width is None:
        raise unsupported(op, f"induction variable of type '{iv_value.type}'")
    step_value = literal_value(step)
    if step_value is None or step_value <= 0:
        step = f"_scf_step({step}, {c.op_ref(op)})"
    iv = c.define(iv_value, "i")
    carried = [c.define(arg) for arg in body.args[1:]]
    c.assign(carried, [c.src(v) for v in op.operands[3:]])
    if "unsignedCmp" in op.properties:
        mask = (1 << width) - 1
        raw = c.fresh("u")
        charge_iterations(c, op, f"{lb} & {mask}", f"{ub} & {mask}", f"{step} & {mask}")
        header = _loop_header(raw, f"{lb} & {mask}", f"{ub} & {mask}", f"{step} & {mask}")
        c.open_block(header, loop=True)
        start = len(c.lines)
        c.emit(f"{iv} = _wrap({raw}, {width})")
        terminator = c.expect_terminator(c.emit_ops(body), (scf.YieldOp,), op)
        c.assign(carried, [c.src(v) for v in terminator.operands])
        c.close_block(start, loop=True)
    else:
        iv_range = _iv_range(*(c.ranges.get(v) for v in op.operands[:2]))
        if iv_range is not None:
            c.ranges[iv_value] = iv_range
        charge_iterations(c, op, lb, ub, step)
        c.emit_region(_loop_header(iv, lb, ub, step), body, (scf.YieldOp,), carried, op, loop=True)
    c.assign([c.define(r) for r in op.results], carried)


_REDUCTION_OPS = {
    "addf": "arith.addf", "mulf": "arith.mulf", "maximumf": "arith.maximumf",
    "minimumf": "arith.minimumf", "maxnumf": "arith.maxnumf", "minnumf": "arith.minnumf",
    "addi": "arith.addi", "muli": "arith.muli", "andi": "arith.andi", "ori": "arith.ori",
    "xori": "arith.xori", "maxs": "arith.maxsi", "mins": "arith.minsi",
    "maxu": "arith.maxui", "minu": "arith.minui",
}


def reduction_identity(kind: str, type, op):
    """arith::getIdentityValue for an affine.parallel reduction."""
    fkind = float_kind(type)
    if fkind is not None:
        value = {"addf": 0.0, "mulf": 1.0, "maximumf": -np.inf, "minimumf": np.inf,
                 "maxnumf": np.nan, "minnumf": np.nan}.get(kind)
        if value is not None:
            return R.to_float(value, fkind)
    width = int_width(type)
    if width is not None:
        low, high = (-1, 0) if width == 1 else (-(1 << (width - 1)), (1 << (width - 1)) - 1)
        value = {"addi": 0, "muli": 1, "andi": -1, "ori": 0, "xori": 0, "maxs": low,
                 "mins": high, "maxu": 0, "minu": -1}.get(kind)
        if value is not None:
            return R.wrap(value, width)
    raise unsupported(op, f"reduction '{kind}' on '{type}'")




def _reduction_kind(attr) -> str:
    if isinstance(attr, A.IntegerAttr):
        return ATOMIC_RMW_KINDS[attr.value]
    if isinstance(attr, A.StringAttr):
        return attr.text
    text = str(attr)
    return text[text.find("<") + 1:text.rfind(">")] if "<" in text else text


@emitter("affine.parallel")
def emit_affine_parallel(c, op):
    body = c.single_block(op.regions[0], op)
    props = op.properties
    lower_map = props["lowerBoundsMap"].value
    upper_map = props["upperBoundsMap"].value
    lower_operands = op.operands[:lower_map.num_dims + lower_map.num_symbols]
    upper_operands = op.operands[lower_map.num_dims + lower_map.num_symbols:]
    lower = c.map_results(lower_map, lower_operands)
    upper = c.map_results(upper_map, upper_operands)
    steps = [a.value for a in props["steps"].value]
    lb_groups, ub_groups = op.bound_groups("lower"), op.bound_groups("upper")
    if not (len(lb_groups) == len(ub_groups) == len(steps) == len(body.args)):
        raise unsupported(op, "malformed bounds")
    bounds = []
    lb_at = ub_at = 0
    for n_lb, n_ub in zip(lb_groups, ub_groups):
        lb, lb_range = c.combined(lower[lb_at:lb_at + n_lb], "max")
        ub, ub_range = c.combined(upper[ub_at:ub_at + n_ub], "min")
        lb_at += n_lb
        ub_at += n_ub
        bounds.append((c.simple(lb, "lb"), c.simple(ub, "ub"), _iv_range(lb_range, ub_range)))
    reductions = [_reduction_kind(a) for a in props["reductions"].value]
    accumulators = []
    for kind, result in zip(reductions, op.results):
        identity = reduction_identity(kind, result.type, op)
        name = c.fresh("acc")
        value = identity
        if isinstance(value, int) and int_width(result.type) is not None:
            c.emit(f"{name} = {int_literal(value)}")
        else:
            c.emit(f"{name} = {c.ref(value, 'c')}")
        accumulators.append(name)
    starts = []
    for arg, (lb, ub, iv_range), step in zip(body.args, bounds, steps):
        iv = c.define(arg, "i")
        if iv_range is not None:
            c.ranges[arg] = iv_range
        charge_iterations(c, op, lb, ub, str(step))
        c.open_block(_loop_header(iv, lb, ub, str(step)), loop=True)
        starts.append(len(c.lines))
    terminator = c.expect_terminator(c.emit_ops(body), (AffineYieldOp,), op)
    if len(terminator.operands) != len(accumulators):
        raise unsupported(op, "yield does not match the reductions")
    for kind, acc, value, result in zip(reductions, accumulators, terminator.operands,
                                        op.results):
        if kind not in _REDUCTION_OPS:
            raise unsupported(op, f"reduction '{kind}'")
        emit_binary(c, _REDUCTION_OPS[kind], result.type, acc, c.src(value), acc, op)
    for start in reversed(starts):
        c.close_block(start, loop=True)
    c.assign([c.define(r) for r in op.results], accumulators)


# --------------------------------------------------------- conditionals
def _integer_set_condition(c, op) -> str:
    integer_set = op.integer_set
    dims, syms, _, _ = c.map_inputs(integer_set, op.operands)
    parts = []
    for expr, is_eq in zip(integer_set.constraints, integer_set.eq_flags):
        source = c.expr_source(expr, dims, syms)
        parts.append(f"{source} == 0" if is_eq else f"{source} >= 0")
    return " and ".join(parts) if parts else "True"


def _emit_if(c, op, condition, terminator):
    results = [c.define(r) for r in op.results]
    then_block = c.single_block(op.regions[0], op)
    c.emit_region(f"if {condition}:", then_block, (terminator,), results, op)
    if op.regions[1].blocks:
        else_block = c.single_block(op.regions[1], op)
        c.emit_region("else:", else_block, (terminator,), results, op)
    elif results:
        raise unsupported(op, "results without an else region")


@emitter("affine.if")
def emit_affine_if(c, op):
    _emit_if(c, op, _integer_set_condition(c, op), AffineYieldOp)


@emitter("scf.if")
def emit_scf_if(c, op):
    _emit_if(c, op, c.src(op.operands[0]), scf.YieldOp)


@emitter("scf.while")
def emit_scf_while(c, op):
    before = c.single_block(op.regions[0], op)
    after = c.single_block(op.regions[1], op)
    before_args = [c.define(arg) for arg in before.args]
    c.assign(before_args, [c.src(v) for v in op.operands])
    results = [c.define(r) for r in op.results]
    c.open_block("while True:", loop=True)
    start = len(c.lines)
    if c.interpreter.max_iterations is not None:
        c.emit(f"_charge(1, {c.op_ref(op)})")
    condition = c.expect_terminator(c.emit_ops(before), (scf.ConditionOp,), op)
    forwarded = [c.src(v) for v in condition.operands[1:]]
    c.emit(f"if not {c.src(condition.operands[0])}:")
    c.depth += 1
    c.assign(results, forwarded)
    c.emit("break")
    c.depth -= 1
    after_args = [c.define(arg) for arg in after.args]
    c.assign(after_args, forwarded)
    terminator = c.expect_terminator(c.emit_ops(after), (scf.YieldOp,), op)
    c.assign(before_args, [c.src(v) for v in terminator.operands])
    c.close_block(start, loop=True)


@emitter("memref.alloca_scope", "scf.execute_region")
def emit_inline_region(c, op):
    """A single-block region run once in place; its terminator's operands
    are the op's results."""
    block = c.single_block(op.regions[0], op)
    results = [c.define(r) for r in op.results]
    terminator = c.emit_ops(block)
    if terminator is None and not results:
        return
    terminator = c.expect_terminator(terminator, (AllocaScopeReturnOp, scf.YieldOp), op)
    c.assign(results, [c.src(v) for v in terminator.operands])
