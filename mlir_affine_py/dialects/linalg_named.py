"""The opdsl-defined linalg named ops (upstream's LinalgNamedStructuredOps.yaml,
generated from core_named_ops.py, and RegionBuilderHelper in LinalgOps.cpp),
declared by one table each family rather than one class each op.

A contraction or window op is a line `name  loops | map ; map ; ... | body`:
`loops` names the op's loops in order, each map lists the loops indexing an
operand's dimensions (`-` for a scalar operand, indexed by nothing), and the
body names the scalar computation.  A window term `oh+kh` is the output
position scaled by the stride plus the kernel position scaled by the
dilation of the next spatial axis (`oh * SH + kh * DH`); the window ops
hold `strides` and `dilations` as properties, 1 along each axis when not
given.  Their maps are fixed for a given op, so they are memoized
(`linalg.memoized_indexing_maps`) as mlir-opt does.

An elementwise op is a line `name  inputs  body`: every operand is indexed
by the identity of the output's rank (rank-polymorphic, not memoized).

The bodies (region builders) build on the block of the element types:
`mac` out + cast(in0) * cast(in1); `mac_q` the same with each input less
its zero point (the two scalar operands); `sum`, `max`, `min` a pooling's
out combined with cast(in0) (`max_unsigned`, `min_unsigned`: the unsigned
op, after cast_unsigned), the kernel operand giving the window's shape
alone; `rng` fill_rng_2d's random numbers.  An elementwise row names its body's op on floats, on integers and
on i1 (`!`: refused, as RegionBuilderHelper refuses it)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import dim
from ..ir.affine_map import AffineMap
from ..ir.core import OP_CLASSES, register_op
from ..ir.traits import AttrSizedOperandSegments, MemoryEffectOpInterface
from .linalg import (StructuredOp, YieldOp, _append, _as_int64, _cast, _multiply_accumulate,
                     _shape, binary_fn_error, cast_op_name, casts_unsigned,
                     multiply_accumulate_error)
from .linalg_interfaces import convolution_interface_error

# ------------------------------------------------------------ the tables
CONTRACTIONS = """
dot                      k | k ; k ; - | mac
matvec                   m n | m n ; n ; m | mac
vecmat                   n m | m ; m n ; n | mac
mmt4d                    m n k m0 n0 k0 | m k m0 k0 ; n k n0 k0 ; m n m0 n0 | mac
batch_mmt4d              b m n k m0 n0 k0 | b m k m0 k0 ; b n k n0 k0 ; b m n m0 n0 | mac
batch_matvec             b m k | b m k ; b k ; b m | mac
batch_vecmat             b n k | b k ; b k n ; b n | mac
quantized_matmul         m n k | m k ; k n ; - ; - ; m n | mac_q
quantized_batch_matmul   b m n k | b m k ; b k n ; - ; - ; b m n | mac_q
conv_1d                  ow kw | ow+kw ; kw ; ow | mac
fill_rng_2d              m n | - ; - ; - ; m n | rng
conv_2d                  oh ow kh kw | oh+kh ow+kw ; kh kw ; oh ow | mac
conv_3d                  od oh ow kd kh kw | od+kd oh+kh ow+kw ; kd kh kw ; od oh ow | mac
"""

WINDOWS = """
conv_1d_nwc_wcf          n ow f kw c | n ow+kw c ; kw c f ; n ow f | mac
conv_1d_ncw_fcw          n f ow c kw | n c ow+kw ; f c kw ; n f ow | mac
conv_2d_nhwc_hwcf        n oh ow f kh kw c | n oh+kh ow+kw c ; kh kw c f ; n oh ow f | mac
conv_2d_nhwc_fhwc        n oh ow f kh kw c | n oh+kh ow+kw c ; f kh kw c ; n oh ow f | mac
conv_2d_nhwc_hwcf_q      n oh ow f kh kw c | n oh+kh ow+kw c ; kh kw c f ; - ; - ; n oh ow f | mac_q
conv_2d_nhwc_fhwc_q      n oh ow f kh kw c | n oh+kh ow+kw c ; f kh kw c ; - ; - ; n oh ow f | mac_q
conv_2d_nchw_fchw        n f oh ow c kh kw | n c oh+kh ow+kw ; f c kh kw ; n f oh ow | mac
conv_2d_nchw_fchw_q      n f oh ow c kh kw | n c oh+kh ow+kw ; f c kh kw ; - ; - ; n f oh ow | mac_q
conv_2d_ngchw_fgchw      n g fg oh ow c kh kw | n g c oh+kh ow+kw ; fg g c kh kw ; n g fg oh ow | mac
conv_2d_ngchw_gfchw      n g fg oh ow c kh kw | n g c oh+kh ow+kw ; g fg c kh kw ; n g fg oh ow | mac
conv_2d_ngchw_gfchw_q    n g fg oh ow c kh kw | n g c oh+kh ow+kw ; g fg c kh kw ; - ; - ; n g fg oh ow | mac_q
conv_2d_nhwgc_gfhwc      n oh ow g fg kh kw c | n oh+kh ow+kw g c ; g fg kh kw c ; n oh ow g fg | mac
conv_2d_nhwgc_gfhwc_q    n oh ow g fg kh kw c | n oh+kh ow+kw g c ; g fg kh kw c ; - ; - ; n oh ow g fg | mac_q
conv_3d_ndhwc_dhwcf      n od oh ow f kd kh kw c | n od+kd oh+kh ow+kw c ; kd kh kw c f ; n od oh ow f | mac
conv_3d_ndhwc_dhwcf_q    n od oh ow f kd kh kw c | n od+kd oh+kh ow+kw c ; kd kh kw c f ; - ; - ; n od oh ow f | mac_q
conv_3d_ncdhw_fcdhw      n f od oh ow c kd kh kw | n c od+kd oh+kh ow+kw ; f c kd kh kw ; n f od oh ow | mac
depthwise_conv_1d_nwc_wc     n ow ic kw | n ow+kw ic ; kw ic ; n ow ic | mac
depthwise_conv_1d_ncw_cw     n ow ic kw | n ic ow+kw ; ic kw ; n ic ow | mac
depthwise_conv_1d_nwc_wcm    n ow ic cm kw | n ow+kw ic ; kw ic cm ; n ow ic cm | mac
depthwise_conv_2d_nhwc_hwc   n oh ow ic kh kw | n oh+kh ow+kw ic ; kh kw ic ; n oh ow ic | mac
depthwise_conv_2d_nchw_chw   n oh ow ic kh kw | n ic oh+kh ow+kw ; ic kh kw ; n ic oh ow | mac
depthwise_conv_2d_nhwc_hwc_q n oh ow ic kh kw | n oh+kh ow+kw ic ; kh kw ic ; - ; - ; n oh ow ic | mac_q
depthwise_conv_2d_nhwc_hwcm  n oh ow ic cm kh kw | n oh+kh ow+kw ic ; kh kw ic cm ; n oh ow ic cm | mac
depthwise_conv_2d_nhwc_hwcm_q n oh ow ic cm kh kw | n oh+kh ow+kw ic ; kh kw ic cm ; - ; - ; n oh ow ic cm | mac_q
depthwise_conv_3d_ndhwc_dhwc  n od oh ow kd kh kw ic | n od+kd oh+kh ow+kw ic ; kd kh kw ic ; n od oh ow ic | mac
depthwise_conv_3d_ncdhw_cdhw  n od oh ow kd kh kw ic | n ic od+kd oh+kh ow+kw ; ic kd kh kw ; n ic od oh ow | mac
depthwise_conv_3d_ndhwc_dhwcm n od oh ow cm kd kh kw ic | n od+kd oh+kh ow+kw ic ; kd kh kw ic cm ; n od oh ow ic cm | mac
pooling_nhwc_sum         n oh ow c kh kw | n oh+kh ow+kw c ; kh kw ; n oh ow c | sum
pooling_nhwc_max         n oh ow c kh kw | n oh+kh ow+kw c ; kh kw ; n oh ow c | max
pooling_nhwc_min         n oh ow c kh kw | n oh+kh ow+kw c ; kh kw ; n oh ow c | min
pooling_nhwc_max_unsigned n oh ow c kh kw | n oh+kh ow+kw c ; kh kw ; n oh ow c | max_unsigned
pooling_nhwc_min_unsigned n oh ow c kh kw | n oh+kh ow+kw c ; kh kw ; n oh ow c | min_unsigned
pooling_nchw_sum         n c oh ow kh kw | n c oh+kh ow+kw ; kh kw ; n c oh ow | sum
pooling_nchw_max         n c oh ow kh kw | n c oh+kh ow+kw ; kh kw ; n c oh ow | max
pooling_nwc_sum          n ow c kw | n ow+kw c ; kw ; n ow c | sum
pooling_nwc_max          n ow c kw | n ow+kw c ; kw ; n ow c | max
pooling_nwc_min          n ow c kw | n ow+kw c ; kw ; n ow c | min
pooling_nwc_max_unsigned n ow c kw | n ow+kw c ; kw ; n ow c | max_unsigned
pooling_nwc_min_unsigned n ow c kw | n ow+kw c ; kw ; n ow c | min_unsigned
pooling_ncw_sum          n c ow kw | n c ow+kw ; kw ; n c ow | sum
pooling_ncw_max          n c ow kw | n c ow+kw ; kw ; n c ow | max
pooling_ndhwc_sum        n od oh ow c kd kh kw | n od+kd oh+kh ow+kw c ; kd kh kw ; n od oh ow c | sum
pooling_ndhwc_max        n od oh ow c kd kh kw | n od+kd oh+kh ow+kw c ; kd kh kw ; n od oh ow c | max
pooling_ndhwc_min        n od oh ow c kd kh kw | n od+kd oh+kh ow+kw c ; kd kh kw ; n od oh ow c | min
"""

ELEMENTWISE = """
copy         1  copy
exp          1  math.exp
log          1  math.log
abs          1  math.absf
ceil         1  math.ceil
floor        1  math.floor
negf         1  arith.negf
reciprocal   1  reciprocal
round        1  math.round
sqrt         1  math.sqrt
rsqrt        1  math.rsqrt
square       1  square
tanh         1  math.tanh
erf          1  math.erf
add          2  arith.addf      arith.addi   arith.ori
sub          2  arith.subf      arith.subi   !sub
mul          2  arith.mulf      arith.muli   arith.andi
div          2  arith.divf      arith.divsi  !div
div_unsigned 2  !udiv           arith.divui  !udiv
max          2  arith.maximumf  arith.maxsi  arith.maxsi
min          2  arith.minimumf  arith.minsi  arith.minsi
powf         2  math.powf       math.powf    math.powf
select       3  arith.select
"""
# An elementwise body's op on floats, integers and i1; `!` names what
# RegionBuilderHelper refuses to build, with these words.
REFUSED = {"!sub": "unsupported operation: sub with bools",
           "!div": "unsupported operation: div with bools",
           "!udiv": "unsupported operation: unsigned div not on uint"}

# A pooling's combination of its output with the input: float, integer op.
POOLING_FNS = {"sum": ("arith.addf", "arith.addi"), "max": ("arith.maximumf", "arith.maxsi"),
               "min": ("arith.minimumf", "arith.minsi"),
               "max_unsigned": ("arith.maximumf", "arith.maxui"),
               "min_unsigned": ("arith.minimumf", "arith.minui")}


def _rows(table: str):
    for line in table.strip().splitlines():
        name, _, rest = line.partition(" ")
        yield "linalg." + name, rest.strip()


def _parse_maps(loops: str, maps: str) -> tuple:
    """Each operand's terms: a loop's position, or (output loop, kernel
    loop, spatial axis) for a window term."""
    position = {name: index for index, name in enumerate(loops.split())}
    operands, axis = [], 0
    for text in maps.split(";"):
        terms = []
        for term in text.split():
            if term == "-":
                continue
            if "+" in term:
                out, kernel = term.split("+")
                terms.append((position[out], position[kernel], axis))
                axis += 1
            else:
                terms.append(position[term])
        operands.append(tuple(terms))
    return len(position), tuple(operands), axis


def _window_sizes(op, name: str, axes: int, windowed: bool) -> list:
    """`strides` or `dilations` (dense<...> : tensor<Nxi64>), 1 along each
    axis when not given."""
    attr = op.properties.get(name, op.attributes.get(name)) if windowed else None
    if isinstance(attr, A.DenseElementsAttr) and attr.values:
        # Read as getValues<int64_t> reads them.
        values = [_as_int64(int(v)) for v in attr.values]
        values = values * axes if len(values) == 1 else values
        if len(values) == axes:        # else refused by attribute_error
            return values
    return [1] * axes


# ----------------------------------------------------------- the ops
class TableStructuredOp(StructuredOp):
    """A contraction or window op of the tables: fixed maps (memoized) and
    one of the multiply-accumulate or pooling bodies."""

    __slots__ = ()
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface)
    memoizes_maps = True
    num_loops = 0
    operand_terms: tuple = ()
    window_axes = 0
    body = "mac"

    def interface_error(self):
        """A window op (a convolution or a pooling) implements
        ConvolutionOpInterface; its loops in the output are its parallel ones."""
        if not self.window_axes:
            return None
        maps = self.default_maps()
        parallel = {e.position for e in maps[-1].results}
        return convolution_interface_error(len(self.inputs()), len(self.outputs()), maps,
                                           parallel.__contains__)

    def default_maps(self) -> list:
        # A window op without strides (conv_2d) slides by 1.
        windowed = "strides" in self.inherent
        strides = _window_sizes(self, "strides", self.window_axes, windowed)
        dilations = _window_sizes(self, "dilations", self.window_axes, windowed)
        maps = []
        for terms in self.operand_terms:
            exprs = []
            for term in terms:
                if isinstance(term, tuple):
                    out, kernel, axis = term
                    exprs.append(dim(out) * strides[axis] + dim(kernel) * dilations[axis])
                else:
                    exprs.append(dim(term))
            maps.append(AffineMap(self.num_loops, 0, exprs))
        return maps

    @classmethod
    def attribute_error(cls, attrs: dict):
        if "strides" not in cls.inherent:
            return None
        for name in ("dilations", "strides"):
            attr = attrs.get(name)
            if attr is None:
                continue
            type = getattr(attr, "type", None)
            if not (isinstance(attr, A.DenseElementsAttr) and isinstance(type, T.ShapedType)
                    and type.element_type == T.I64 and list(type.shape) == [cls.window_axes]):
                return (f"attribute '{name}' failed to satisfy constraint: 64-bit signless int "
                        f"elements attribute of shape [{cls.window_axes}]")
        return None

    @classmethod
    def region_builder_error(cls, types):
        if cls.body.endswith("_unsigned") and not isinstance(types[-1], T.IntegerType):
            return f"unsupported operation: unsigned {cls.body[:3]} not on uint"
        if cls.body == "mac":
            return multiply_accumulate_error(types)
        if cls.body in POOLING_FNS:
            # fn(out, cast(in)): an element that cannot be cast stays as it is.
            image, out = types[0], types[-1]
            return binary_fn_error(out, image if cast_op_name(image, out) is None else out)
        return None

    def region_builder(self, block) -> None:
        if self.body == "mac":
            _multiply_accumulate(block)
        elif self.body == "mac_q":
            _quantized_multiply_accumulate(block)
        elif self.body == "rng":
            _random_number(block)
        else:
            _pool(block, POOLING_FNS[self.body], self.body.endswith("_unsigned"))


def _quantized_multiply_accumulate(block) -> None:
    """out + (cast(in) - cast(in_zp)) * (cast(kernel) - cast(kernel_zp))."""
    image, kernel, image_zp, kernel_zp, out = block.args
    to_type = out.type
    float_ = isinstance(to_type, T.FloatType)
    sub, mul, add = (("arith.subf", "arith.mulf", "arith.addf") if float_ else
                     ("arith.subi", "arith.muli", "arith.addi"))
    lhs = _append(block, sub, [_cast(block, image, to_type),
                               _cast(block, image_zp, to_type)], to_type)
    rhs = _append(block, sub, [_cast(block, kernel, to_type),
                               _cast(block, kernel_zp, to_type)], to_type)
    product = _append(block, mul, [lhs, rhs], to_type)
    block.append(YieldOp([_append(block, add, [out, product], to_type)]))


def _random_number(block) -> None:
    """fill_rng_2d's body: a linear congruential generator seeded by the
    seed and the element's indices, scaled into [min, max)."""
    low, high, seed, out = block.args
    i32, f64 = T.I32, T.F64

    def constant(value: int):
        op = OP_CLASSES["arith.constant"]([], [T.I64],
                                          properties={"value": A.IntegerAttr(value, T.I64)})
        block.append(op)
        return op.results[0]

    def index(dim_: int):
        op = OP_CLASSES["linalg.index"]([], [T.INDEX],
                                        properties={"dim": A.IntegerAttr(dim_, T.I64)})
        block.append(op)
        return _cast(block, op.results[0], i32)

    def step(value):
        """value * 1103515245 + 12345, wrapping in i32."""
        multiplier = _cast(block, constant(1103515245), i32)
        product = _append(block, "arith.muli", [value, multiplier], i32)
        return _append(block, "arith.addi", [product, _cast(block, constant(12345), i32)], i32)

    offset = _cast(block, constant(2147483647), f64)
    column = index(1)
    first = step(_append(block, "arith.addi", [index(0), seed], i32))
    second = step(_append(block, "arith.addi", [column, first], i32))
    value = _append(block, "arith.addf", [offset, _cast(block, second, f64)], f64)
    span = _append(block, "arith.subf", [high, low], f64)
    inverse = OP_CLASSES["arith.constant"](
        [], [f64], properties={"value": A.FloatAttr(_float_bits(2.3283064e-10, f64), f64)})
    block.append(inverse)
    scaling = _append(block, "arith.mulf", [span, inverse.results[0]], f64)
    scaled = _append(block, "arith.mulf", [value, scaling], f64)
    result = _append(block, "arith.addf", [scaled, low], f64)
    block.append(YieldOp([_cast(block, result, out.type)]))


def _pool(block, fns, unsigned: bool) -> None:
    """fn(out, cast(in)); the kernel's element is not used."""
    image, _, out = block.args
    to_type = out.type
    name = fns[0] if isinstance(to_type, T.FloatType) else fns[1]
    image = _cast(block, image, to_type, unsigned)
    block.append(YieldOp([_append(block, name, [out, image], to_type)]))


class ElementwiseOp(StructuredOp):
    """An elementwise op of the table: every operand indexed by the
    identity of the output's rank.  A unary body is built on floats alone,
    a binary one on two floats or two integers (buildUnaryFn,
    buildBinaryFn); the op's result is of its first operand's type."""

    __slots__ = ()
    traits = (AttrSizedOperandSegments, MemoryEffectOpInterface)
    scalar_fns: tuple = ()

    def interface_error(self):
        # The loops are the output's dimensions: without an output the op
        # has none to name (mlir-opt 22 fails on such an op, generic form).
        if not self.outputs():
            return f"'{self.name}' op expected at least 1 output"
        return None

    def default_maps(self) -> list:
        rank = len(_shape(self.outputs()[0].type)) if self.outputs() else 0
        identity = AffineMap(rank, 0, [dim(i) for i in range(rank)])
        return [identity] * len(self.operands)

    @classmethod
    def region_builder_error(cls, types):
        fn = cls._scalar_fn(types[:cls.num_inputs])
        if fn is None:
            return "unsupported non numeric type"
        if fn.startswith("Cannot"):
            return fn
        return REFUSED.get(fn)

    @classmethod
    def _scalar_fn(cls, types):
        """The body's op for operands of `types`, None when a unary op is
        given no float, or the words of the binary ops' refusal."""
        fns = cls.scalar_fns
        if fns[0] == "copy":
            return fns[0]
        if cls.num_inputs == 1:
            return fns[0] if isinstance(types[0], T.FloatType) else None
        if cls.num_inputs == 3:
            return fns[0]
        lhs, rhs = types
        if isinstance(lhs, T.FloatType) and isinstance(rhs, T.FloatType):
            return fns[0]
        if isinstance(lhs, T.IntegerType) and isinstance(rhs, T.IntegerType):
            return fns[2] if lhs.width == 1 and rhs.width == 1 else fns[1]
        return ("Cannot build binary Linalg operation: expects allComplex, allFloatingPoint, "
                f"or allInteger, got '{lhs}' and '{rhs}'")

    def region_builder(self, block) -> None:
        args = list(block.args[:-1])
        fn = self._scalar_fn([arg.type for arg in args])
        if fn is None or fn.startswith(("!", "Cannot")):
            return                # refused when parsed (region_builder_error)
        type = args[0].type if self.num_inputs < 3 else args[1].type
        if fn == "reciprocal":
            one = A.FloatAttr(_float_bits(1.0, type), type)
            constant = OP_CLASSES["arith.constant"]([], [type], properties={"value": one})
            block.append(constant)
            args, fn = [constant.results[0]] + args, "arith.divf"
        elif fn == "copy":
            out_type = block.args[-1].type
            block.append(YieldOp([_cast(block, args[0], out_type, casts_unsigned(self))]))
            return
        elif fn == "square":
            args, fn = [args[0], args[0]], "arith.mulf"
        block.append(YieldOp([_append(block, fn, args, type)]))


def _float_bits(value: float, type) -> int:
    from ..printer.numbers import float_to_bits
    return float_to_bits(value, type.text)


def _class_name(name: str) -> str:
    return "".join(part.capitalize() for part in name.partition(".")[2].split("_")) + "Op"


def _declare(base, name: str, namespace: dict):
    # A row's op has its base's traits, stated here as a class of its own would.
    namespace.update(__slots__=(), name=name, traits=base.traits, __module__=__name__,
                     __doc__=f"`{name}`, declared by its row of the table.")
    register_op(type(_class_name(name), (base,), namespace))


for _table, _windowed in ((CONTRACTIONS, False), (WINDOWS, True)):
    for _name, _row in _rows(_table):
        _loops, _maps, _body = (part.strip() for part in _row.split("|"))
        _num_loops, _terms, _axes = _parse_maps(_loops, _maps)
        _namespace = dict(num_loops=_num_loops, operand_terms=_terms, body=_body,
                          num_inputs=len(_terms) - 1, window_axes=_axes)
        if _windowed:
            _namespace["inherent"] = ("operandSegmentSizes", "strides", "dilations")
        _declare(TableStructuredOp, _name, _namespace)

for _name, _row in _rows(ELEMENTWISE):
    _count, *_fns = _row.split()
    _namespace = dict(num_inputs=int(_count), scalar_fns=tuple(_fns))
    if _fns == ["copy"]:         # the one with a type function
        _namespace["inherent"] = ("operandSegmentSizes", "cast")
    _declare(ElementwiseOp, _name, _namespace)
