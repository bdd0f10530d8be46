"""The LLVM dialect's intrinsics (`llvm.intr.*`,
mlir/include/mlir/Dialect/LLVMIR/LLVMIntrinsicOps.td), declared by their
upstream assembly formats; those without one (`llvm.intr.vp.*`,
`vector.interleave2`, ...) print in the generic form."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import AttrSyntax, Enum, TypedInt
from ..ir.core import Operation, register_op
from ..ir.op_definition import Operand, Property, Result, Variadic
from ..ir.traits import Pure, SameOperandsAndResultType
from ..ir.type_constraints import TypeConstraint
from .base import RegisteredOp, attrs_of, first_of
from .llvm import FASTMATH_NONE, LLVMCompatible
from .llvm_ops import FloatLike, LLVMPointer, LLVMVector
from .llvm_calls import LLVMCallOp, _Bundles

PTR = T.OpaqueType("!llvm.ptr")


class _DialectAttr(AttrSyntax):
    grammar = "hash_attr"


def _intrinsic(name: str, base, traits=(), **namespace) -> type:
    cls = type("LLVMIntr" + name.title().replace(".", "").replace("_", ""), (base,),
               {"name": f"llvm.intr.{name}", "traits": traits, "__module__": __name__,
                **namespace})
    return register_op(cls)


# ------------------------------------------------------- float math, reductions
class _UnaryFloat(RegisteredOp):
    """`llvm.intr.sin(%x) {fastmathFlags = ...} : (f32) -> f32`."""

    ods_operands = (Operand("in"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("fastmathFlags", _DialectAttr(), FASTMATH_NONE),)
    assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)"


for _name in ("sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh", "exp",
              "exp2", "exp10", "log", "log2", "log10", "fabs", "sqrt", "ceil", "floor",
              "round", "roundeven", "trunc", "rint", "nearbyint"):
    _intrinsic(_name, _UnaryFloat, (Pure, SameOperandsAndResultType))


class _BinaryFloat(_UnaryFloat):
    ods_operands = (Operand("a", FloatLike), Operand("b", FloatLike))


for _name in ("pow", "copysign", "minnum", "maxnum", "minimum", "maximum", "atan2"):
    _intrinsic(_name, _BinaryFloat, (Pure, SameOperandsAndResultType))


class _Reduction(_UnaryFloat):
    """`llvm.intr.vector.reduce.fmin(%v) : (vector<2xf32>) -> f32`."""


for _name in ("fmin", "fmax", "fminimum", "fmaximum"):
    _intrinsic(f"vector.reduce.{_name}", _Reduction, (Pure,))


class _IntReduction(RegisteredOp):
    ods_operands = (Operand("in"),)
    ods_results = (Result("res"),)
    assembly_format = "`(` operands `)` attr-dict `:` functional-type(operands, results)"


for _name in ("add", "mul", "and", "or", "xor", "smax", "smin", "umax", "umin"):
    _intrinsic(f"vector.reduce.{_name}", _IntReduction, (Pure,))


# ------------------------------------------------------------------- vectors
def _vector_bits(type) -> int:
    """getVectorBitWidth: the element's bits times the (minimum) number of
    elements."""
    if not isinstance(type, T.VectorType):
        return 0
    element = type.element_type
    bits = element.width if isinstance(element, (T.IntegerType, T.FloatType)) else 64
    for size in type.shape:
        bits *= size
    return bits


def _scalable(type) -> bool:
    return isinstance(type, T.VectorType) and type.scalable is not None


_BIT_LIMIT = ("vectors are not bigger than 2^17 bits.",
              lambda op: all(_vector_bits(v.type) <= 131072 for v in (*op.operands, *op.results)))


@register_op
class LLVMVectorInsertOp(RegisteredOp):
    name = "llvm.intr.vector.insert"
    traits = (Pure,)
    ods_predicates = (_BIT_LIMIT, (
        "it is not inserting scalable into fixed-length vectors.",
        lambda op: not _scalable(op.operands[1].type) or _scalable(op.operands[0].type)))
    ods_operands = (Operand("dstvec"), Operand("srcvec"))
    ods_results = (Result("res"),)
    ods_properties = (Property("pos", TypedInt(T.I64)),)
    required_properties = ("pos",)
    ods_types = {"dstvec": "res"}
    assembly_format = ("$srcvec `,` $dstvec `[` $pos `]` attr-dict `:` type($srcvec) `into` "
                       "type($res)")


@register_op
class LLVMVectorExtractOp(RegisteredOp):
    name = "llvm.intr.vector.extract"
    traits = (Pure,)
    ods_predicates = (_BIT_LIMIT, (
        "it is not extracting scalable from fixed-length vectors.",
        lambda op: not _scalable(op.results[0].type) or _scalable(op.operands[0].type)))
    ods_operands = (Operand("srcvec"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("pos", TypedInt(T.I64)),)
    required_properties = ("pos",)
    assembly_format = "$srcvec `[` $pos `]` attr-dict `:` type($res) `from` type($srcvec)"


class _GenericOnly(RegisteredOp):
    """An intrinsic without a custom form: written and printed generic."""

    ods_operands = (Variadic("operands"),)
    ods_results = (Result("res"),)
    print = Operation.print


def _twice_as_many_elements(op) -> bool:
    """Twice the elements of `vec1` (fixed or scalable as it is), of its
    element type."""
    vec1, res = op.operands[0].type, op.results[0].type
    return (isinstance(res, T.VectorType) and res.num_elements == 2 * vec1.num_elements
            and _scalable(res) == _scalable(vec1) and res.element_type == vec1.element_type)


_intrinsic("vector.interleave2", _GenericOnly, (Pure,),
           ods_operands=(Operand("vec1", LLVMVector), Operand("vec2", LLVMVector)),
           ods_predicates=(("all of {vec1, vec2} have same type",
                            lambda op: op.operands[0].type == op.operands[1].type),
                           ("result has twice as many elements as 'vec1'",
                            _twice_as_many_elements)))
_intrinsic("vector.deinterleave2", _GenericOnly, (Pure,),
           ods_operands=(Operand("vec", LLVMVector),),
           ods_results=(Result("res", LLVMCompatible),))
# Vector-predicated ops (LLVM_VPBinaryBase and its kin): vectors of the
# element kind, a mask of i1 and the explicit vector length.
def _vector_of(description: str, predicate) -> TypeConstraint:
    return TypeConstraint(f"LLVM dialect-compatible vector of {description}",
                          lambda type: isinstance(type, T.VectorType)
                          and predicate(type.element_type))


_INTEGER_VECTOR = _vector_of("signless integer", lambda t: isinstance(t, T.IntegerType)
                             and not t.signedness)
_FLOAT_VECTOR = _vector_of("floating-point", lambda t: isinstance(t, T.FloatType))
_MASK = _vector_of("1-bit signless integer", lambda t: t == T.I1)


def _vp_operands(names: tuple, element: TypeConstraint) -> tuple:
    return tuple(Operand(name, element) for name in names) + (Operand("mask", _MASK),
                                                              Operand("evl"))


for _names, _ops, _element in (
        (("lhs", "rhs"), ("smax", "smin", "umax", "umin", "add", "sub", "mul", "sdiv", "udiv",
                          "srem", "urem", "ashr", "lshr", "shl", "or", "and", "xor"),
         _INTEGER_VECTOR),
        (("lhs", "rhs"), ("fadd", "fsub", "fmul", "fdiv", "frem"), _FLOAT_VECTOR),
        (("op",), ("fneg",), _FLOAT_VECTOR),
        (("op1", "op2", "op3"), ("fma",), _FLOAT_VECTOR)):
    for _name in _ops:
        _intrinsic(f"vp.{_name}", _GenericOnly, (Pure,),
                   ods_operands=_vp_operands(_names, _element))


# ------------------------------------------------------------------- memory
class _PointerOnly(RegisteredOp):
    ods_operands = (Operand("ptr"),)
    ods_results = ()
    assembly_format = "$ptr attr-dict `:` qualified(type($ptr))"


for _name in ("lifetime.start", "lifetime.end", "stackrestore"):
    _intrinsic(_name, _PointerOnly)


class _PointerToPointer(_PointerOnly):
    ods_results = (Result("res"),)
    ods_types = {"res": "ptr"}


for _name in ("launder.invariant.group", "strip.invariant.group"):
    _intrinsic(_name, _PointerToPointer)


@register_op
class LLVMInvariantStartOp(RegisteredOp):
    name = "llvm.intr.invariant.start"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("ptr"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("size", TypedInt(T.I64)),)
    required_properties = ("size",)
    ods_types = {"res": PTR}
    assembly_format = "$size `,` $ptr attr-dict `:` qualified(type($ptr))"


@register_op
class LLVMInvariantEndOp(RegisteredOp):
    name = "llvm.intr.invariant.end"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("start"), Operand("ptr"))
    ods_properties = (Property("size", TypedInt(T.I64)),)
    required_properties = ("size",)
    ods_types = {"start": PTR}
    assembly_format = "$start `,` $size `,` $ptr attr-dict `:` qualified(type($ptr))"


@register_op
class LLVMStackSaveOp(RegisteredOp):
    name = "llvm.intr.stacksave"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_results = (Result("res"),)
    assembly_format = "attr-dict `:` qualified(type($res))"


# ------------------------------------------------------------------ varargs
class _VaList(RegisteredOp):
    ods_operands = (Operand("arg_list"),)
    assembly_format = "$arg_list attr-dict `:` qualified(type($arg_list))"


for _name in ("vastart", "vaend"):
    _intrinsic(_name, _VaList)


@register_op
class LLVMVaCopyOp(RegisteredOp):
    name = "llvm.intr.vacopy"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("dest_list", LLVMPointer), Operand("src_list", LLVMPointer))
    assembly_format = "$src_list `to` $dest_list attr-dict `:` type(operands)"


# ------------------------------------------------------------- exceptions, misc
@register_op
class LLVMEhTypeidForOp(RegisteredOp):
    name = "llvm.intr.eh.typeid.for"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("type_info"),)
    ods_results = (Result("res"),)
    assembly_format = "$type_info attr-dict `:` functional-type(operands, results)"


@register_op
class LLVMNoAliasScopeDeclOp(RegisteredOp):
    name = "llvm.intr.experimental.noalias.scope.decl"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_properties = (Property("scope", _DialectAttr()),)
    required_properties = ("scope",)
    assembly_format = "$scope attr-dict"


ROUNDING_MODE = Enum(("towardzero", "tonearest", "upward", "downward", "tonearestaway",
                      "dynamic", "invalid"), values=(0, 1, 2, 3, 4, 7, -1),
                     cpp_name="::llvm::RoundingMode")
FP_EXCEPTION_BEHAVIOR = Enum(("ignore", "maytrap", "strict"),
                             cpp_name="::mlir::LLVM::FPExceptionBehavior")


class RoundingAndExceptions:
    """`$roundingmode $fpExceptionBehavior` as one piece: two attributes in
    a row are ambiguous to the LALR table as two pieces that may be absent.
    `upward` and `downward` are lexed as arith's rounding modes."""

    grammar = "(BARE_ID | ROUNDING_MODE) BARE_ID"
    optional = False

    def parse(self, state, children, args):
        for word, arg, enum in zip(children, args, (ROUNDING_MODE, FP_EXCEPTION_BEHAVIOR)):
            state.attributes[arg.name] = enum.parse([word], state.op_name)

    def print(self, p, view, args):
        p.write(" ".join(enum.case_of(view.op.properties[arg.name]) for arg, enum in
                         zip(args, (ROUNDING_MODE, FP_EXCEPTION_BEHAVIOR))))


@register_op
class LLVMConstrainedFPTruncOp(RegisteredOp):
    name = "llvm.intr.experimental.constrained.fptrunc"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("arg_0"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("roundingmode", ROUNDING_MODE),
                      Property("fpExceptionBehavior", FP_EXCEPTION_BEHAVIOR))
    required_properties = ("fpExceptionBehavior", "roundingmode")
    custom_RoundingAndExceptions = RoundingAndExceptions()
    assembly_format = ("$arg_0 custom<RoundingAndExceptions>($roundingmode, "
                       "$fpExceptionBehavior) attr-dict `:` type($arg_0) `to` type(results)")


@register_op
class LLVMAssumeOp(RegisteredOp):
    """`llvm.intr.assume %c ["tag"(%x : i32)] : i1`; the op bundles are read
    by llvm.call's rules."""

    name = "llvm.intr.assume"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("cond"), Variadic("op_bundle_operands"))
    ods_properties = (Property("op_bundle_sizes", A.DenseArrayAttr),
                      Property("op_bundle_tags", A.ArrayAttr))
    required_properties = ("op_bundle_sizes",)
    syntax_extended = True
    syntax = r"""
        llvm_assume: OP_LLVM_INTR_ASSUME VALUE_ID llvm_bundles? ":" type attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        from ..parse.syntax import new_op
        bundles = first_of(children, _Bundles) or _Bundles()
        attrs = dict(attrs_of(children))
        LLVMCallOp._bundle_attrs(attrs, bundles)
        cond_type = next(c for c in children if isinstance(c, T.Type))
        return new_op(cls.name, None, [children[0]] + bundles.operands,
                      [cond_type] + bundles.types, [], attrs)

    def print(self, p) -> None:
        p.write(" ")
        p.print_operand(self.operands[0])
        LLVMCallOp.print_bundles(self, p, self.operands[1:])
        p.write(" : ")
        p.print_type(self.operands[0].type)
        p.print_optional_attr_dict(self, ("op_bundle_sizes", "op_bundle_tags"))


