"""The arith and math dialects (mlir/lib/Dialect/Arith/IR/ArithOps.cpp and
their ODS assembly formats): constants, element-wise binary and unary ops,
casts, comparisons and select."""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, offset_to_pos
from ..ir import attributes as A
from ..ir import elements_attributes as ElementsA
from ..ir import types as T
from ..ir.core import OP_CLASSES, register_op
from ..ir.matchers import range_excludes_zero_and_minus_one_signed, range_excludes_zero_unsigned
from ..ir.side_effects import NOT_SPECULATABLE, SPECULATABLE
from ..ir.attr_syntax import TypedAttr
from ..ir.op_definition import Operand, Property, Result
from ..ir.traits import (CastOpInterface, Commutative, ConditionallySpeculatable, ConstantLike,
                         Elementwise, NoMemoryEffect, Pure, SameOperandsAndResultShape,
                         SameOperandsAndResultType, SameTypeOperands)
from ..ir.type_constraints import (BitcastType, BoolLike, FloatLike, IndexCastType,
                                   SignlessFixedWidthIntegerLike, SignlessIntegerOrIndexLike,
                                   element_type_or_self, i1_same_shape, is_tensor,
                                   verify_compatible_shape)
from ..parse.syntax import TOKEN, parse_error, skip_trivia
from ..parse.op_syntax import names_terminal, parses
from ..printer.numbers import unescape_string
from .arith_folds import flags_attr  # noqa: F401 - re-exported for math and the enum attributes
from .arith_canonicalize import (ADDI_PATTERNS, MULI_PATTERNS, SUBI_PATTERNS, CMPI_PATTERNS, LOGIC_OF_EXT_PATTERNS, SELECT_PATTERNS,
                                 TRUNCI_PATTERNS, ext_si_of_ext_ui, index_cast_of_ext,
                                 truncf_of_sitofp)
from .arith_folds import (CMPI_PREDICATES, fold_binary, fold_cmpi, fold_extf, fold_int_cast,
                          fold_select, fold_truncf, fold_trunci,
                          materializable)
from .base import RegisteredOp, attrs_of, first_of, new_op, types_of


@register_op
class ConstantOp(RegisteredOp):
    name = "arith.constant"
    traits = (Pure, ConstantLike)
    ods_results = (Result("result"),)
    ods_properties = (Property("value", TypedAttr()),)
    required_properties = ("value",)
    ods_predicates = (("all of {value, result} have same type",
                       lambda op: getattr(op.value, "type", None) == op.results[0].type),)
    # The custom form gives the result the value's type, and refuses a
    # value without one.
    invariants_met_by_parser = True

    def attribute_constraint_error(self):
        value = self.properties.get("value")
        if value is not None and not A.is_typed_attr(value):
            return f"'arith.constant' op {_NOT_TYPED}"
        return None

    def verify(self):
        """arith::ConstantOp::verify."""
        type = self.results[0].type
        if isinstance(type, T.IntegerType) and not type.is_signless:
            return "'arith.constant' op integer return type must be signless"
        if not isinstance(self.value, (A.IntegerAttr, A.FloatAttr, A.DenseElementsAttr,
                                       ElementsA.SparseElementsAttr,
                                       ElementsA.DenseResourceElementsAttr)):
            return "'arith.constant' op value must be an integer, float, or elements attribute"
        return None

    # `{attrs}` is always the attribute dictionary (parseOptionalAttrDict
    # comes first), so the value is any attribute but a dictionary.
    syntax = r"""
        arith_constant: CONSTANT_NAME attr_dict? constant_value
        CONSTANT_NAME.2: /arith\.constant(?![\w$.])/
        ?constant_value: integer_attr | float_attr | string_attr | keyword_attr | array_attr
                       | type_attr | symbol_ref | affine_map_attr | affine_set_attr | dense_attr
                       | dense_array_attr | sparse_attr | dense_resource_attr | strided_attr
                       | hash_attr | dl_spec | location_attr
    """

    @classmethod
    def parse(cls, t, children):
        value, text = children[-1], t.text
        if not A.is_typed_attr(value):
            # The format's `$value` is a TypedAttr: parseAttribute, then the
            # cast that fails at the attribute (a string is typed, with the
            # none type: the verifier refuses it).
            raise MLIRError("custom op 'arith.constant' invalid kind of attribute specified",
                            offset_to_pos(text, _after_attr_dict(text, children[0].end_pos)))
        attrs = dict(attrs_of(children))
        if "value" in attrs and not A.is_typed_attr(attrs["value"]):
            # verifyInherentAttrs on the attribute dictionary, at its `{`.
            raise MLIRError(f"custom op 'arith.constant' 'arith.constant' op {_NOT_TYPED}",
                            offset_to_pos(text, skip_trivia(text, children[0].end_pos)))
        attrs["value"] = value
        return new_op(children[0].value, children[0], result_types=[value.type],
                      attributes=attrs)

    # A file's constants differ in their values: a line whose value is a
    # decimal literal shares the template of the lines of its shape with
    # another value (see RegisteredOp.syntax_literal).
    syntax_literal = r"% = arith\.constant (-?[0-9]+(?:\.[0-9]*(?:[eE][+-]?[0-9]+)?)?) : "

    @classmethod
    def with_literal(cls, op, literal: str, t):
        """`op`, parsed from a line of this shape, with the value `literal`
        (of the same kind: the same tokens), read by the transformer's
        callback of its rule; MLIRError where that refuses it."""
        negative = literal[0] == "-"
        digits = literal[negative:]
        kind = "FLOAT" if "." in digits else "INT"
        children = [t.new_token(kind, digits, 0, 0, 0, 0, 0, 0), op.result_types[0]]
        if negative:
            children.insert(0, t.new_token("MINUS", "-", 0, 0, 0, 0, 0, 0))
        value = t.float_attr(children) if kind == "FLOAT" else t.integer_attr(children)
        parsed = op.relocated(op.pos, op.results, op.operands)
        parsed.attributes = {**op.attributes, "value": value}
        parsed.result_types = [value.type]
        return parsed

    @property
    def value(self) -> A.Attribute:
        return self.properties["value"]

    def result_name_hints(self):
        value = self.value
        if isinstance(value, A.IntegerAttr):
            if value.type == T.I1:
                return ["true" if value.value else "false"]
            if isinstance(value.type, T.IntegerType):
                return [f"c{value.value}_{value.type.text}"]
            return [f"c{value.value}"]
        return ["cst"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" ")
        p.print_attribute(self.value, "never")

    @classmethod
    def build(cls, value, type=None):
        """arith::ConstantOp::build: `value` an Attribute, or an int or a
        float of `type` (an integer, index or float type)."""
        attr = value if isinstance(value, A.Attribute) else constant_attr(value, type)
        return cls.build_generic((), [attr.type], {"value": attr})


def materialize_constant(value, type):
    """arith's materializeConstant: an arith.constant of `value`, or None."""
    return ConstantOp.build(value) if materializable(value, type) else None


_NOT_TYPED = "attribute 'value' failed to satisfy constraint: TypedAttr instance"

# What an attribute dictionary's braces are counted past: strings and
# comments, whose braces do not count, and the braces.
_BRACES = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*|[{}]')


def _after_attr_dict(text: str, offset: int) -> int:
    """The offset of the next token after `offset`, past an attribute
    dictionary standing there (one the grammar read: its braces paired,
    its strings closed)."""
    offset = skip_trivia(text, offset)
    if not text.startswith("{", offset):
        return offset
    depth = 0
    for piece in _BRACES.finditer(text, offset):
        if piece.group() == "{":
            depth += 1
        elif piece.group() == "}":
            depth -= 1
            if depth == 0:
                return skip_trivia(text, piece.end())
    return len(text)


def constant_attr(value, type) -> A.Attribute:
    """The IntegerAttr or FloatAttr holding `value` in `type`."""
    if isinstance(type, T.FloatType):
        from ..printer.numbers import float_to_bits
        return A.FloatAttr(float_to_bits(float(value), type.text), type)
    if isinstance(type, (T.IntegerType, T.IndexType)) and not isinstance(value, float):
        return A.IntegerAttr(int(value), type)
    raise TypeError(f"no constant {value!r} of type {type}")


# arith::AtomicRMWKind in enum order: an attribute holding one stores its
# index (affine.parallel's reductions, memref.atomic_rmw's kind).
ATOMIC_RMW_KINDS = ("addf", "addi", "andi", "assign", "maximumf", "maxnumf", "maxs", "maxu",
                    "minimumf", "minnumf", "mins", "minu", "mulf", "muli", "ori", "xori")

FASTMATH_NONE = A.OpaqueAttr("#arith.fastmath<none>")
OVERFLOW_NONE = A.OpaqueAttr("#arith.overflow<none>")


def _print_flags(op, p) -> None:
    """` fastmath<fast>` / ` overflow<nsw>`, unless the flags are the default."""
    for flag_name, keyword in (("fastmath", "fastmath"), ("overflowFlags", "overflow")):
        flag = op.properties.get(flag_name)
        if flag is not None and flag != op.property_defaults.get(flag_name):
            p.write(f" {keyword}")
            p.write(flag.text[flag.text.index("<"):])


class ElementwiseOp(RegisteredOp):
    """`name %a, %b [flags] {attrs} : type` and `name %a [flags] : type`.

    `reduction_kind`: the arith::AtomicRMWKind an affine.parallel reduction
    combines by when this op combines a loop's iter_arg with its value
    (upstream's getSupportedReductions), or None."""

    __slots__ = ()
    reduction_kind: str | None = None
    materialize_constant = staticmethod(materialize_constant)
    ods_results = (Result("result"),)
    ods_properties = (Property("fastmath", A.OpaqueAttr), Property("overflowFlags", A.OpaqueAttr))

    def finish_parse(self) -> None:
        self.drop_default_properties()

    def print(self, p) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        _print_flags(self, p)
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)

    @classmethod
    def build(cls, *operands):
        """The binary (lhs, rhs) or unary (operand) op; the result has the
        operands' type."""
        return cls.build_generic(operands, [operands[0].type])


_BINARY = ["arith." + n for n in (
    "addf subf mulf divf remf maximumf minimumf maxnumf minnumf addi subi muli divsi divui "
    "ceildivsi ceildivui floordivsi remsi remui andi ori xori shli shrsi shrui maxsi maxui "
    "minsi minui").split()] + ["math.powf", "math.atan2", "math.copysign"]
_UNARY = ["arith.negf"] + ["math." + n for n in (
    "sqrt exp exp2 log log2 log10 sin cos tan tanh absf ceil floor rsqrt erf round trunc").split()]

# The ops with a `fastmath` or an `overflowFlags` property (default `none`).
_FASTMATH = {"arith." + n for n in (
    "addf subf mulf divf remf maximumf minimumf maxnumf minnumf negf").split()}
_OVERFLOW = {"arith.addi", "arith.subi", "arith.muli", "arith.shli"}


# The ops a parallel reduction may combine by, and their AtomicRMWKind.
_REDUCTION_KINDS = {"addf": "addf", "mulf": "mulf", "addi": "addi", "andi": "andi", "ori": "ori",
                    "muli": "muli", "minimumf": "minimumf", "maximumf": "maximumf",
                    "minsi": "mins", "maxsi": "maxs", "minui": "minu", "maxui": "maxu"}

# Integer division may trap: no memory effect, but not always speculatable.
_DIVISIONS = {"arith." + n
              for n in "divsi divui ceildivsi ceildivui floordivsi remsi remui".split()}


# The ops ODS declares Commutative.
_COMMUTATIVE = {"arith." + n for n in (
    "addf mulf maximumf minimumf maxnumf minnumf addi muli andi ori xori maxsi maxui minsi "
    "minui").split()}


def _unsigned_division_speculatability(op) -> str:
    """DivUIOp/CeilDivUIOp::getSpeculatability: not by zero."""
    return SPECULATABLE if range_excludes_zero_unsigned(op.operands[1]) else NOT_SPECULATABLE


def _signed_division_speculatability(op) -> str:
    """DivSIOp/CeilDivSIOp::getSpeculatability: not by zero, nor by -1
    (INT_MIN / -1 overflows)."""
    return (SPECULATABLE if range_excludes_zero_and_minus_one_signed(op.operands[1])
            else NOT_SPECULATABLE)


# The canonicalization patterns of the ops made in the loops below.
_PATTERNS = {"arith.andi": LOGIC_OF_EXT_PATTERNS, "arith.ori": LOGIC_OF_EXT_PATTERNS,
             "arith.addi": ADDI_PATTERNS, "arith.subi": SUBI_PATTERNS,
             "arith.muli": MULI_PATTERNS,
             "arith.extsi": (ext_si_of_ext_ui,),
             "arith.index_cast": (index_cast_of_ext("arith.extsi"),),
             "arith.index_castui": (index_cast_of_ext("arith.extui"),),
             "arith.truncf": (truncf_of_sitofp,)}

_SPECULATABILITY = {"arith.divui": _unsigned_division_speculatability,
                    "arith.ceildivui": _unsigned_division_speculatability,
                    "arith.divsi": _signed_division_speculatability,
                    "arith.ceildivsi": _signed_division_speculatability}


def _elementwise_traits(name: str) -> tuple:
    speculation = (NoMemoryEffect, ConditionallySpeculatable) if name in _DIVISIONS else (Pure,)
    commutative = (Commutative,) if name in _COMMUTATIVE else ()
    return speculation + commutative + (Elementwise, SameOperandsAndResultType)


def _elementwise_defaults(name: str) -> dict:
    if name in _FASTMATH or name.startswith("math."):
        return {"fastmath": FASTMATH_NONE}
    if name in _OVERFLOW:
        return {"overflowFlags": OVERFLOW_NONE}
    return {}


# The ops with the optional `isExact` unit property (their `exact` flag).
_EXACT = {"arith.divsi", "arith.divui", "arith.shrsi", "arith.shrui"}


def _elementwise_properties(name: str) -> tuple:
    return tuple(_elementwise_defaults(name)) + (("isExact",) if name in _EXACT else ())


class BinaryOp(ElementwiseOp):
    """The ops of `_BINARY`: `name %a, %b [flags] {attrs} : type`."""

    __slots__ = ()
    fold = fold_binary

    syntax = r"""
        arith_binary: BINARY_NAME VALUE_ID "," VALUE_ID op_flags? attr_dict? ":" type
        op_flags: FLAG_KEYWORD "<" name_id ("," name_id)* ">"
        FLAG_KEYWORD.2: /(fastmath|overflow)(?![\w$.])/
    """ + names_terminal("BINARY_NAME", _BINARY)
    syntax_terminal_texts = {"FLAG_KEYWORD": "'fastmath' or 'overflow'"}

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        attrs = dict(attrs_of(children))
        attrs.update(_flags(children, children[0].value))
        return new_op(children[0].value, children[0], children[1:3], [type, type], [type], attrs)

    @parses("op_flags")
    def parse_op_flags(t, children):
        return (children[0], [c.value for c in children[1:]])


class UnaryOp(ElementwiseOp):
    """The ops of `_UNARY`: `name %a [flags] {attrs} : type`."""

    __slots__ = ()

    syntax = r"""
        arith_unary: UNARY_NAME VALUE_ID op_flags? attr_dict? ":" type
    """ + names_terminal("UNARY_NAME", _UNARY)

    @classmethod
    def parse(cls, t, children):
        type = types_of(children)[0]
        attrs = dict(attrs_of(children))
        attrs.update(_flags(children, children[0].value))
        return new_op(children[0].value, children[0], children[1:2], [type], [type], attrs)


def _element_constraint(name: str):
    """The ODS type of the operands and result: arith's integer ops take
    SignlessIntegerOrIndexLike, its float ops and math's FloatLike."""
    if name in _FASTMATH or name.startswith("math."):
        return FloatLike
    return SignlessIntegerOrIndexLike


for _name in _BINARY + _UNARY:
    _type = _element_constraint(_name)
    _operands = ((Operand("lhs", _type), Operand("rhs", _type)) if _name in _BINARY
                 else (Operand("operand", _type),))
    register_op(type(_name.replace(".", "_"), (BinaryOp if _name in _BINARY else UnaryOp,),
                     {"name": _name, "traits": _elementwise_traits(_name), "__slots__": (),
                      "ods_operands": _operands, "ods_results": (Result("result", _type),),
                      "property_defaults": _elementwise_defaults(_name),
                      "inherent": _elementwise_properties(_name),
                      "reduction_kind": _REDUCTION_KINDS.get(_name.partition("arith.")[2]),
                      "canonicalization_patterns": _PATTERNS.get(_name, ()),
                      **({"speculatability": _SPECULATABILITY[_name]}
                         if _name in _SPECULATABILITY else {})}))


# The bit enums' spelling lives with the folds, which the canonicalization
# patterns also use (arith_folds.py).


# The integer ops whose custom form takes `overflow<...>` (ArithOps.td); the
# float ones (arith.*f, math.*) take `fastmath<...>`, the others neither.
_OVERFLOW_OPS = frozenset({"arith.addi", "arith.subi", "arith.muli", "arith.shli"})


def _flags(children, op_name: str) -> dict:
    flags = first_of(children, tuple)
    if flags is None:
        return {}
    keyword, words = flags
    if op_name in _OVERFLOW_OPS:
        allowed = "overflow"
    elif op_name.startswith("math.") or op_name.endswith("f"):
        allowed = "fastmath"
    else:
        allowed = None
    if keyword != allowed:
        # The op's parser does not look for this keyword: it wants the type.
        raise parse_error(keyword, "expected ':'")
    name = "fastmath" if keyword == "fastmath" else "overflowFlags"
    return {name: flags_attr(keyword, words)}


# ------------------------------------------------------------------ casts
def _underlying(type, memref: bool = False):
    """ArithOps.cpp's getTypeIfLike (getTypeIfLikeOrMemRef with `memref`):
    the element type of a vector or tensor (or memref), the type itself if
    scalar, None for another shaped type."""
    from ..ir.type_constraints import is_memref, is_shaped
    if is_shaped(type) and not (isinstance(type, T.VectorType) or is_tensor(type)
                                or memref and is_memref(type)):
        return None
    return element_type_or_self(type)


def _valid_cast(inputs, outputs) -> bool:
    """areValidCastInputsAndOutputs: one type each, the same tensor
    encoding, compatible shapes."""
    if len(inputs) != 1 or len(outputs) != 1:
        return False
    a, b = inputs[0], outputs[0]
    if isinstance(a, T.TensorType) and isinstance(b, T.TensorType) and a.encoding != b.encoding:
        return False
    return verify_compatible_shape(a, b)


def _width(type) -> int:
    return type.width


def width_change_cast(element_class, wider: bool):
    """checkWidthChangeCast: both sides `element_class`-like, the result's
    width greater (`wider`) or smaller than the operand's."""
    def compatible(inputs, outputs) -> bool:
        if not _valid_cast(inputs, outputs):
            return False
        src, dst = _underlying(inputs[0]), _underlying(outputs[0])
        if not isinstance(src, element_class) or not isinstance(dst, element_class):
            return False
        return _width(dst) > _width(src) if wider else _width(dst) < _width(src)
    return compatible


def int_float_cast(src_class, dst_class):
    """checkIntFloatCast: an integer-like to a float-like or back."""
    def compatible(inputs, outputs) -> bool:
        return (_valid_cast(inputs, outputs) and isinstance(_underlying(inputs[0]), src_class)
                and isinstance(_underlying(outputs[0]), dst_class))
    return compatible


def index_cast_compatible(inputs, outputs) -> bool:
    """areIndexCastCompatible: index to a signless integer or back, also
    as element types of vectors, tensors and memrefs."""
    if not _valid_cast(inputs, outputs):
        return False
    src, dst = _underlying(inputs[0], memref=True), _underlying(outputs[0], memref=True)
    def signless(type):
        return isinstance(type, T.IntegerType) and type.is_signless
    return (isinstance(src, T.IndexType) and signless(dst)
            or signless(src) and isinstance(dst, T.IndexType))


def bitcast_compatible(inputs, outputs) -> bool:
    """BitcastOp::areCastCompatible: integers or floats of one width."""
    if not _valid_cast(inputs, outputs):
        return False
    src, dst = _underlying(inputs[0], memref=True), _underlying(outputs[0], memref=True)
    kinds = (T.IntegerType, T.FloatType)
    return isinstance(src, kinds) and isinstance(dst, kinds) and _width(src) == _width(dst)


def _same_tensor_dims(op) -> bool:
    """SameInputOutputTensorDims: the tensor shapes of operand and result agree."""
    def dims(type):
        return type.shape if isinstance(type, T.TensorType) else ()
    return dims(op.operands[0].type) == dims(op.results[0].type)


_INT, _FLOAT, _INDEX_CAST = SignlessFixedWidthIntegerLike, FloatLike, IndexCastType
# name: (operand constraint, result constraint, areCastCompatible)
_CASTS = {
    "arith.index_cast": (_INDEX_CAST, _INDEX_CAST, index_cast_compatible),
    "arith.index_castui": (_INDEX_CAST, _INDEX_CAST, index_cast_compatible),
    "arith.extsi": (_INT, _INT, width_change_cast(T.IntegerType, wider=True)),
    "arith.extui": (_INT, _INT, width_change_cast(T.IntegerType, wider=True)),
    "arith.extf": (_FLOAT, _FLOAT, width_change_cast(T.FloatType, wider=True)),
    "arith.trunci": (_INT, _INT, width_change_cast(T.IntegerType, wider=False)),
    "arith.truncf": (_FLOAT, _FLOAT, width_change_cast(T.FloatType, wider=False)),
    "arith.sitofp": (_INT, _FLOAT, int_float_cast(T.IntegerType, T.FloatType)),
    "arith.uitofp": (_INT, _FLOAT, int_float_cast(T.IntegerType, T.FloatType)),
    "arith.fptosi": (_FLOAT, _INT, int_float_cast(T.FloatType, T.IntegerType)),
    "arith.fptoui": (_FLOAT, _INT, int_float_cast(T.FloatType, T.IntegerType)),
    "arith.bitcast": (BitcastType, BitcastType, bitcast_compatible),
}


_CAST_TRAITS = (Pure, SameOperandsAndResultShape, CastOpInterface, Elementwise)


class CastOp(RegisteredOp):
    """arith's casts (Arith_CastOp): `name %a {attrs} : type to type`.
    Each is a subclass stating its operand and result constraints and
    `are_cast_compatible`."""

    __slots__ = ()
    traits = _CAST_TRAITS
    ods_predicates = (("input and output have the same tensor dimensions", _same_tensor_dims),)
    materialize_constant = staticmethod(materialize_constant)
    ods_operands = (Operand("in"),)
    ods_results = (Result("out"),)

    syntax = r"""
        arith_cast: CAST_NAME VALUE_ID ROUNDING_MODE? op_flags? attr_dict? ":" type "to" type
        ROUNDING_MODE.2: /(to_nearest_even|downward|upward|toward_zero|to_nearest_away)(?![\w$.])/
    """ + names_terminal("CAST_NAME", _CASTS)
    syntax_terminal_texts = {"ROUNDING_MODE": "rounding mode"}

    @classmethod
    def parse(cls, t, children):
        source, result = types_of(children)
        attrs = dict(attrs_of(children))
        mode = next((c for c in children if isinstance(c, TOKEN) and c.type == "ROUNDING_MODE"),
                    None)
        if mode is not None:
            if "roundingmode" not in OP_CLASSES[children[0].value].inherent:
                raise parse_error(mode, "expected ':'")
            attrs["roundingmode"] = A.IntegerAttr(ROUNDING_MODES.index(mode.value), T.I32)
        attrs.update(_flags(children, children[0].value))
        return new_op(children[0].value, children[0], children[1:2], [source], [result], attrs)

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        mode = self.properties.get("roundingmode")
        if isinstance(mode, A.IntegerAttr) and 0 <= mode.value < len(ROUNDING_MODES):
            p.write(" " + ROUNDING_MODES[mode.value])
        _print_flags(self, p)
        self.attr_dict(p)
        self.print_types(p, [self.operands[0].type, self.results[0].type])

    @classmethod
    def build(cls, value, result_type):
        """`value` cast to `result_type` (arith.index_cast, arith.sitofp, ...)."""
        return cls.build_generic((value,), [result_type])


# The float casts' optional properties (no default: the generic form of a
# cast without them prints none).
# The integer casts whose constants fold.
_INT_CASTS = {"arith.index_cast", "arith.index_castui", "arith.extsi", "arith.extui"}

# arith::RoundingMode in enum order (truncf's optional `roundingmode`).
ROUNDING_MODES = ("to_nearest_even", "downward", "upward", "toward_zero", "to_nearest_away")

_CAST_PROPERTIES = {"arith.extf": ("fastmath",), "arith.truncf": ("fastmath", "roundingmode")}

_CAST_FOLDS = {**{name: fold_int_cast for name in _INT_CASTS},
               "arith.extf": fold_extf, "arith.truncf": fold_truncf}

for _name, (_from, _to, _compatible) in _CASTS.items():
    if _name != "arith.trunci":
        register_op(type(_name[6:], (CastOp,), {
            "name": _name, "__slots__": (), "traits": _CAST_TRAITS, "ods_operands": (Operand("in", _from),),
            "ods_results": (Result("out", _to),), "inherent": _CAST_PROPERTIES.get(_name, ()),
            "are_cast_compatible": staticmethod(_compatible),
            "canonicalization_patterns": _PATTERNS.get(_name, ()),
            "fold": _CAST_FOLDS.get(_name)}))


@register_op
class TruncIOp(CastOp):
    name = "arith.trunci"
    traits = _CAST_TRAITS
    inherent = ("overflowFlags",)
    property_defaults = {"overflowFlags": OVERFLOW_NONE}
    ods_operands = (Operand("in", _INT),)
    ods_results = (Result("out", _INT),)
    are_cast_compatible = staticmethod(_CASTS["arith.trunci"][2])
    fold = fold_trunci
    canonicalization_patterns = TRUNCI_PATTERNS

    def finish_parse(self) -> None:
        self.drop_default_properties()


CMPF_PREDICATES = ["false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq",
                   "ugt", "uge", "ult", "ule", "une", "uno", "true"]


def _i1_of_operand_shape(op) -> bool:
    return op.results[0].type == i1_same_shape(op.operands[0].type)


class CmpOp(RegisteredOp):
    """Arith_CompareOp: two operands of one type, a `BoolLike` result of
    their shape, the predicate an i64 enum case."""

    __slots__ = ()
    materialize_constant = staticmethod(materialize_constant)
    ods_results = (Result("result", BoolLike),)
    ods_properties = (Property("predicate", A.IntegerAttr), Property("fastmath", A.OpaqueAttr))
    required_properties = ("predicate",)
    ods_predicates = (("result type has i1 element type and same shape as operands",
                       _i1_of_operand_shape),)
    predicates: list = []

    def attribute_constraint_error(self):
        predicate = self.properties["predicate"]
        if not (isinstance(predicate, A.IntegerAttr) and predicate.type == T.I64
                and 0 <= predicate.value < len(self.predicates)):
            cases = ", ".join(map(str, range(len(self.predicates))))
            return (f"'{self.op_name}' op attribute 'predicate' failed to satisfy constraint: "
                    f"allowed 64-bit signless integer cases: {cases}")
        return None

    syntax = r"""
        // The predicate is a keyword or a string (the enum's parseOptionalKeywordOrString).
        arith_cmp: CMP_NAME (name_id | STRING) "," VALUE_ID "," VALUE_ID op_flags? attr_dict? ":" type
        CMP_NAME.2: /arith\.cmp[if](?![\w$.])/
    """

    @classmethod
    def syntax_error_before(cls, stack, text):
        if len(stack) != 1:
            return None
        # The predicate is missing: the enum's parser reports it at the token found.
        name = stack[0]
        offset = name.end_pos
        while offset < len(text) and text[offset] in " \t\r\n":
            offset += 1
        predicates = OP_CLASSES[name.value].predicates
        return MLIRError(f"custom op '{name.value}' expected string or keyword containing one "
                         f"of the following enum values for attribute 'predicate' "
                         f"[{', '.join(predicates)}]", offset_to_pos(text, offset))

    @classmethod
    def parse(cls, t, children):
        name, predicate = children[0], children[1]
        cls = OP_CLASSES[name.value]
        word = predicate.value
        if predicate.type == "STRING":
            word = unescape_string(word[1:-1]).decode("utf-8", "surrogateescape")
            if word not in cls.predicates:
                raise parse_error(predicate, f"custom op '{name.value}' invalid predicate "
                                             f"attribute specification: \"{word}\"")
        elif word not in cls.predicates:
            raise parse_error(predicate, f"custom op '{name.value}' expected string or keyword "
                                         "containing one of the following enum values for "
                                         f"attribute 'predicate' [{', '.join(cls.predicates)}]")
        type = types_of(children)[0]
        element = getattr(type, "element_type", type) if isinstance(
            type, (T.VectorType, T.TensorType, T.UnrankedTensorType)) else type
        if not cls.operand_kind[1](element):
            # The ODS type constraint of `lhs`, checked as the operands are resolved.
            raise parse_error(name, f"custom op '{name.value}' 'lhs' must be "
                                    f"{cls.operand_kind[0]}, but got '{type}'")
        attrs = dict(attrs_of(children))
        attrs["predicate"] = A.IntegerAttr(cls.predicates.index(word), T.I64)
        attrs.update(_flags(children, name.value))
        return new_op(name.value, name, children[2:4], [type, type], [_i1_like(type)], attrs)

    def finish_parse(self) -> None:
        self.drop_default_properties()

    @property
    def predicate(self) -> str:
        return self.predicates[self.properties["predicate"].value]

    def print(self, p) -> None:
        p.write(f" {self.predicate}, ")
        p.print_operands(self.operands)
        _print_flags(self, p)
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.operands[0].type)

    @classmethod
    def build(cls, predicate: str, lhs, rhs):
        """arith.cmpi/cmpf `predicate` (its keyword, `slt`, `oeq`, ...)."""
        if predicate not in cls.predicates:
            raise ValueError(f"{predicate} is not a valid predicate for {cls.name}")
        return cls.build_generic(
            (lhs, rhs), [_i1_like(lhs.type)],
            {"predicate": A.IntegerAttr(cls.predicates.index(predicate), T.I64)})


@register_op
class CmpIOp(CmpOp):
    name = "arith.cmpi"
    required_properties = ("predicate",)
    traits = (Pure, SameTypeOperands, Elementwise)
    ods_operands = (Operand("lhs", SignlessIntegerOrIndexLike),
                    Operand("rhs", SignlessIntegerOrIndexLike))
    predicates = CMPI_PREDICATES
    fold = fold_cmpi
    canonicalization_patterns = CMPI_PATTERNS
    # The operands' ODS constraint: its words, and a test of the element type.
    operand_kind = ("signless-integer-like",
                    lambda t: isinstance(t, T.IndexType) or isinstance(t, T.IntegerType)
                    and t.is_signless)


@register_op
class CmpFOp(CmpOp):
    name = "arith.cmpf"
    required_properties = ("predicate",)
    traits = (Pure, SameTypeOperands, Elementwise)
    ods_operands = (Operand("lhs", FloatLike), Operand("rhs", FloatLike))
    predicates = CMPF_PREDICATES
    operand_kind = ("floating-point-like", lambda t: isinstance(t, T.FloatType))
    property_defaults = {"fastmath": FASTMATH_NONE}


_i1_like = i1_same_shape


@register_op
class SelectOp(RegisteredOp):
    name = "arith.select"
    traits = (Pure, Elementwise)
    fold = fold_select
    canonicalization_patterns = SELECT_PATTERNS
    materialize_constant = staticmethod(materialize_constant)
    ods_operands = (Operand("condition", BoolLike), Operand("true_value"),
                    Operand("false_value"))
    ods_results = (Result("result"),)
    ods_predicates = (("all of {true_value, false_value, result} have same type",
                       lambda op: op.operands[1].type == op.operands[2].type
                       == op.results[0].type),
                      ("condition is signless i1 or has matching shape",
                       lambda op: op.operands[0].type == T.I1
                       or getattr(op.operands[0].type, "shape", None)
                       == getattr(op.results[0].type, "shape", ())))

    def verify(self):
        """arith::SelectOp::verify: an i1 condition, or one i1 per element."""
        condition, result = self.operands[0].type, self.results[0].type
        if condition == T.I1:
            return None
        if not (isinstance(result, T.VectorType) or is_tensor(result)):
            return ("'arith.select' op expected condition to be a signless i1, but got "
                    f"'{condition}'")
        expected = i1_same_shape(result)
        if condition != expected:
            return ("'arith.select' op expected condition type to have the same shape as the "
                    f"result type, expected '{expected}', but got '{condition}'")
        return None

    syntax = r"""
        arith_select: OP_ARITH_SELECT VALUE_ID "," VALUE_ID "," VALUE_ID attr_dict? ":" (type ",")? type
    """

    @classmethod
    def parse(cls, t, children):
        types = types_of(children)
        type = types[-1]
        condition = types[0] if len(types) == 2 else T.I1
        operands = [c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"]
        return new_op("arith.select", None, operands, [condition, type, type], [type],
                      dict(attrs_of(children)))

    def print(self, p) -> None:
        p.write(" ")
        p.print_operands(self.operands)
        self.attr_dict(p)
        p.write(" : ")
        if self.operands[0].type != T.I1:
            p.print_type(self.operands[0].type)
            p.write(", ")
        p.print_type(self.results[0].type)

    @classmethod
    def build(cls, condition, true_value, false_value):
        return cls.build_generic((condition, true_value, false_value), [true_value.type])




# ------------------------------------------------------------------------
# Ops declared by their ODS assembly format (ir/assembly_format.py).
def _all_types_match(op, results: int) -> bool:
    """AllTypesMatch over the operands and the first `results` results."""
    return len({v.type for v in op.operands} | {r.type for r in op.results[:results]}) == 1


@register_op
class AddUIExtendedOp(RegisteredOp):
    name = "arith.addui_extended"
    traits = (Pure, Elementwise)
    ods_operands = (Operand("lhs", SignlessIntegerOrIndexLike),
                    Operand("rhs", SignlessIntegerOrIndexLike))
    ods_results = (Result("sum", SignlessIntegerOrIndexLike), Result("overflow", BoolLike))
    ods_types = {"lhs": "sum", "rhs": "sum"}
    ods_predicates = (("all of {lhs, rhs, sum} have same type",
                       lambda op: _all_types_match(op, 1)),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)"

    def result_name_hints(self):
        return ["sum", "overflow"]


class MulExtendedOp(RegisteredOp):
    """`%low, %high = arith.mulsi_extended %a, %b : i32`."""

    __slots__ = ()
    ods_operands = (Operand("lhs", SignlessIntegerOrIndexLike),
                    Operand("rhs", SignlessIntegerOrIndexLike))
    ods_results = (Result("low", SignlessIntegerOrIndexLike),
                   Result("high", SignlessIntegerOrIndexLike))
    ods_types = {"rhs": "lhs", "low": "lhs", "high": "lhs"}
    ods_predicates = (("all of {lhs, rhs, low, high} have same type",
                       lambda op: _all_types_match(op, 2)),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs)"

    def result_name_hints(self):
        return ["low", "high"]


for _name in ("arith.mulsi_extended", "arith.mului_extended"):
    register_op(type(_name[6:], (MulExtendedOp,), {"name": _name, "__slots__": (),
                                                   "traits": (Pure, Elementwise)}))
