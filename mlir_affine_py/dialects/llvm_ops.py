"""The LLVM dialect's instructions declared by their upstream assembly
formats (mlir/include/mlir/Dialect/LLVMIR/LLVMOps.td, with the custom
directives of mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp): integer and
float arithmetic, casts, memory access, aggregates and vectors, atomics,
the simple terminators.  The ops with hand-written parsers are in
llvm_structure.py (llvm.func, llvm.mlir.global), llvm_calls.py (llvm.call,
llvm.invoke, ...) and llvm_memory.py (llvm.alloca, llvm.icmp,
llvm.getelementptr, ...), the intrinsics in llvm_intrinsics.py; the types
and attributes in llvm.py."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import (AnyAttr, ArrayAttrSyntax, AttrSyntax, ConstrainedAttr, DenseArray,
                              Enum, StrAttr, SymbolRef, TypedInt, UnitAttr)
from ..ir.core import register_op
from ..ir.op_definition import (Operand, Optional, OptionalResult, Property, Result,
                                Successor, Variadic)
from ..ir.traits import (AttrSizedOperandSegments, Commutative, MemoryEffectOpInterface, Pure,
                         Read, ReturnLike, SameOperandsAndResultType, Terminator, Write)
from ..parse.syntax import pos_of, skip_trivia
from .base import RegisteredOp
from ..ir.type_constraints import TypeConstraint
from .llvm import (FASTMATH_NONE, element_types, is_compatible, supports_memory_ops,
                   top_level_offsets)


def _scalar_or_vector(predicate):
    """LLVM_ScalarOrVectorOf: the type, or a vector of it."""
    def check(type):
        return predicate(type.element_type if isinstance(type, T.VectorType) else type)
    return check


def _signless(type) -> bool:
    return isinstance(type, T.IntegerType) and not type.signedness


SignlessIntegerLike = TypeConstraint(
    "signless integer or LLVM dialect-compatible vector of signless integer",
    _scalar_or_vector(_signless))
FloatLike = TypeConstraint(
    "floating point LLVM type or LLVM dialect-compatible vector of floating point LLVM type",
    _scalar_or_vector(lambda type: isinstance(type, T.FloatType)))
SignlessInteger = TypeConstraint("signless integer", _signless)


def _pointer(type) -> bool:
    return isinstance(type, T.OpaqueType) and (type.text == "!llvm.ptr"
                                               or type.text.startswith("!llvm.ptr<"))


LLVMPointer = TypeConstraint("LLVM pointer type", _pointer)


def _aggregate(type) -> bool:
    return isinstance(type, T.OpaqueType) and type.text.startswith(("!llvm.struct<",
                                                                    "!llvm.array<"))


def _sized(type) -> bool:
    """LLVM_LoadableType's rule on the dialect's types: no void, function,
    label, metadata or token, and a target extension type only where it
    may be loaded and stored."""
    if not isinstance(type, T.OpaqueType):
        return True
    text = type.text
    if text.startswith("!llvm.target<"):
        return supports_memory_ops(type)
    return not text.startswith(("!llvm.void", "!llvm.func<", "!llvm.label", "!llvm.metadata",
                                "!llvm.token"))


LLVMVector = TypeConstraint("LLVM dialect-compatible vector type",
                            lambda type: isinstance(type, T.VectorType) and is_compatible(type))
NonAggregate = TypeConstraint("LLVM-compatible non-aggregate type",
                              lambda type: is_compatible(type) and not _aggregate(type))
Loadable = TypeConstraint("LLVM type with size", lambda type: is_compatible(type) and _sized(type))


def _access_effects(op, own) -> list:
    """A load's or store's effects: `own` on its address; a volatile access,
    or an atomic one at monotonic or stricter ordering, synchronizes, so it
    also reads and writes memory at large (LoadOp/StoreOp::getEffects)."""
    ordering = op.properties.get("ordering")
    if "volatile_" in op.properties or (ordering is not None and ordering.value > 1):
        return [own, Write(), Read()]
    return [own]


def _pointer_bits(type) -> int:
    """A pointer's size in bits: 64 (the default data layout's)."""
    return 64


def _atomic_type_allowed(type) -> bool:
    """isTypeCompatibleWithAtomicOp: an integer, pointer or float of a
    power-of-two size of at least 8 bits."""
    if isinstance(type, T.IntegerType):
        bits = type.width
    elif isinstance(type, T.FloatType):
        bits = type.width
    elif _pointer(type):
        bits = _pointer_bits(type)
    else:
        return False
    return bits >= 8 and bits & (bits - 1) == 0


def _atomic_ordering_error(op, loads: bool) -> str | None:
    """LoadOp/StoreOp::verify (verifyAtomicMemOp): an atomic access is of a
    type atomics allow, names an ordering it allows and has an alignment; a
    non-atomic one names no syncscope."""
    ordering = op.properties.get("ordering")
    if ordering is None or ordering.value == 0:
        if "syncscope" in op.properties:
            return f"'{op.name}' op expected syncscope to be null for non-atomic access"
        return None
    accessed = (op.results[0] if loads else op.operands[0]).type
    if not _atomic_type_allowed(accessed):
        return f"'{op.name}' op unsupported type '{accessed}' for atomic access"
    case = ORDERING.case_of(ordering)
    if case in (("release", "acq_rel") if loads else ("acquire", "acq_rel")):
        return f"'{op.name}' op unsupported ordering '{case}'"
    if "alignment" not in op.properties:
        return f"'{op.name}' op expected alignment for atomic access"
    return None

# ------------------------------------------------------------ enums and flags
ORDERING = Enum(("not_atomic", "unordered", "monotonic", "acquire", "release", "acq_rel",
                 "seq_cst"), values=(0, 1, 2, 4, 5, 6, 7),
                cpp_name="::mlir::LLVM::AtomicOrdering")
NOT_ATOMIC = A.IntegerAttr(0, T.I64)
# Read as a bare word: two orderings may follow each other (llvm.cmpxchg).
ORDERING.grammar = "BARE_ID"
ATOMIC_BIN_OPS = Enum(("xchg", "add", "sub", "_and", "nand", "_or", "_xor", "max", "min",
                       "umax", "umin", "fadd", "fsub", "fmax", "fmin", "uinc_wrap",
                       "udec_wrap", "usub_cond", "usub_sat", "fmaximum", "fminimum"),
                      cpp_name="::mlir::LLVM::AtomicBinOp")
# Not `volatile`, which may stand before it; `max` and `min` are the
# affine bounds' keyword.
ATOMIC_BIN_OPS.grammar = "(BARE_ID | MIN_MAX)"
OVERFLOW_BITS = ("nsw", "nuw")
NO_OVERFLOW = A.IntegerAttr(0, T.I32)
TAIL_CALL_NONE = A.OpaqueAttr("#llvm.tailcallkind<none>")


class TailCallKind(AttrSyntax):
    """A #llvm.tailcallkind written without its name (`<musttail>`), as a
    format that names the attribute's kind prints it, or whole: only a `<`
    or a `#` starts it, so a dictionary or a string may follow it."""

    grammar = '(hash_attr | "<" name_id ">")'
    # In the order of the enum's cases (LLVMEnums.td).
    cases = ("none", "notail", "musttail", "tail")

    def parse(self, children, op_name: str = "") -> A.Attribute:
        if isinstance(children[0], A.Attribute):
            return children[0]
        word = children[0]
        if word.value not in self.cases:
            # The enum's parser, then the attribute's at the token after.
            raise MLIRError(f"custom op '{op_name}' expected one of [{', '.join(self.cases)}] "
                            f"for Tail Call Kind, got: {word.value}", pos_of(word)).attach_note(
                f"custom op '{op_name}' failed to parse TailCallKindAttr parameter "
                "'tailCallKind' which is to be a `TailCallKind`",
                (word.line, word.column + len(word.value)), "error")
        return A.OpaqueAttr(f"#llvm.tailcallkind<{word.value}>")

    def holds(self, attr) -> bool:
        return str(attr).startswith("#llvm.tailcallkind<")

    def print(self, p, attr) -> None:
        p.write(str(attr)[len("#llvm.tailcallkind"):])


ASM_DIALECT = Enum(("att", "intel"), cpp_name="::mlir::LLVM::AsmDialect")


class OverflowFlags:
    """` overflow<nsw, nuw>` (parseOverflowFlags/printOverflowFlags): the
    IntegerOverflowFlags property, an i32 of bits; nothing when none."""

    grammar = 'FLAG_KEYWORD "<" name_id ("," name_id)* ">"'
    optional = True

    def parse(self, state, children, args):
        bits = 0
        if children:
            if children[0].value != "overflow":
                raise MLIRError("expected ':'", pos_of(children[0]))
            for word in children[1:]:
                if word.value not in OVERFLOW_BITS:
                    raise MLIRError(f"custom op '{state.op_name}' expected one of "
                                    "[none, nsw, nuw] for integer overflow flags, got: "
                                    f"{word.value}", pos_of(word))
                bits |= 1 << OVERFLOW_BITS.index(word.value)
        state.attributes[args[0].name] = A.IntegerAttr(bits, T.I32)

    def print(self, p, view, args):
        flags = view.op.properties.get(args[0].name)
        bits = flags.value if flags is not None else 0
        if bits:
            names = [name for i, name in enumerate(OVERFLOW_BITS) if bits >> i & 1]
            p.write(f" overflow<{', '.join(names)}>")


OVERFLOW_FLAGS = OverflowFlags()


def _element_type_i1(type):
    """getI1SameShape: i1, or a vector of i1 of the same shape."""
    if isinstance(type, T.VectorType):
        return T.VectorType(type.shape, T.I1, type.scalable)
    return T.I1


# ------------------------------------------------------------------ arithmetic
class _IntBinary(RegisteredOp):
    traits = (Pure, SameOperandsAndResultType)
    ods_operands = (Operand("lhs", SignlessIntegerLike), Operand("rhs", SignlessIntegerLike))
    ods_results = (Result("res", SignlessIntegerLike),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($res)"


class _OverflowBinary(_IntBinary):
    ods_properties = (Property("overflowFlags", TypedInt(T.I32), NO_OVERFLOW),)
    custom_OverflowFlags = OVERFLOW_FLAGS
    assembly_format = "$lhs `,` $rhs `` custom<OverflowFlags>($overflowFlags) attr-dict `:` type($res)"


class _ExactBinary(_IntBinary):
    ods_properties = (Property("isExact", UnitAttr()),)
    assembly_format = "(`exact` $isExact^)? $lhs `,` $rhs attr-dict `:` type($res)"


class _FloatBinary(_IntBinary):
    ods_operands = (Operand("lhs", FloatLike), Operand("rhs", FloatLike))
    ods_results = (Result("res", FloatLike),)
    ods_properties = (Property("fastmathFlags", AnyAttr(), FASTMATH_NONE),)


# ------------------------------------------------------------------------ casts
class _Cast(RegisteredOp):
    traits = (Pure,)
    ods_operands = (Operand("arg"),)
    ods_results = (Result("res"),)
    assembly_format = "$arg attr-dict `:` type($arg) `to` type($res)"



def _register(base, names: dict, **extra) -> None:
    """One op class a name, of `base`, with the traits of `base`'s kind
    (an op class states its traits: they are not inherited)."""
    kind = (Pure,) if issubclass(base, _Cast) else (Pure, SameOperandsAndResultType)
    for op_name, traits in names.items():
        register_op(type("LLVM" + op_name.title().replace("_", ""), (base,),
                         {"name": f"llvm.{op_name}", "traits": kind + traits,
                          "__module__": __name__, **extra}))


_register(_OverflowBinary, {"add": (Commutative,), "sub": (), "mul": (Commutative,),
                            "shl": ()})
_register(_ExactBinary, {"udiv": (), "sdiv": (), "lshr": (), "ashr": ()})
_register(_IntBinary, {"urem": (), "srem": (), "and": (), "xor": ()})
_register(_FloatBinary, {"fadd": (), "fsub": (), "fmul": (), "fdiv": (), "frem": ()})


@register_op
class LLVMOrOp(_IntBinary):
    name = "llvm.or"
    traits = (Pure, SameOperandsAndResultType)
    ods_properties = (Property("isDisjoint", UnitAttr()),)
    assembly_format = "(`disjoint` $isDisjoint^)? $lhs `,` $rhs attr-dict `:` type($res)"


@register_op
class LLVMFNegOp(RegisteredOp):
    name = "llvm.fneg"
    traits = (Pure, SameOperandsAndResultType)
    ods_operands = (Operand("operand", FloatLike),)
    ods_results = (Result("res", FloatLike),)
    ods_properties = (Property("fastmathFlags", AnyAttr(), FASTMATH_NONE),)
    assembly_format = "$operand attr-dict `:` type($res)"


class _NonNegCast(_Cast):
    ods_properties = (Property("nonNeg", UnitAttr()),)
    assembly_format = "(`nneg` $nonNeg^)? $arg attr-dict `:` type($arg) `to` type($res)"


def _pointer_space(type):
    """The address space of a pointer or of a vector's pointer elements,
    or None for another type."""
    if isinstance(type, T.VectorType):
        type = type.element_type
    if not _pointer(type):
        return None
    text = type.text
    return int(text[len("!llvm.ptr<"):-1]) if text != "!llvm.ptr" else 0


class _BitcastBase(_Cast):
    ods_operands = (Operand("arg", NonAggregate),)
    ods_results = (Result("res", NonAggregate),)

    def verify(self):
        """BitcastOp::verify: pointers only to and from pointers of the same
        address space, a vector of them only to and from a vector."""
        source, result = self.operands[0].type, self.results[0].type
        source_space, result_space = _pointer_space(source), _pointer_space(result)
        if (source_space is None) != (result_space is None):
            return "'llvm.bitcast' op can only cast pointers from and to pointers"
        if result_space is None:
            return None
        if isinstance(result, T.VectorType) and not isinstance(source, T.VectorType):
            return "'llvm.bitcast' op cannot cast pointer to vector of pointers"
        if isinstance(source, T.VectorType) and not isinstance(result, T.VectorType):
            return "'llvm.bitcast' op cannot cast vector of pointers to pointer"
        if source_space != result_space:
            return ("'llvm.bitcast' op cannot cast pointers of different address spaces, use "
                    "'llvm.addrspacecast' instead")
        return None


def _extension_error(op) -> str | None:
    """verifyExtOp of llvm.zext and llvm.sext (emitError: no op prefix): a
    wider integer, or a vector of as many wider integers."""
    source, result = op.operands[0].type, op.results[0].type
    if isinstance(source, T.VectorType):
        if not isinstance(result, T.VectorType):
            return "input type is a vector but output type is an integer"
        if source.shape != result.shape:
            return "input and output vectors are of incompatible shape"
        source, result = source.element_type, result.element_type
    elif isinstance(result, T.VectorType):
        return "input type is an integer but output type is a vector"
    if (isinstance(source, T.IntegerType) and isinstance(result, T.IntegerType)
            and result.width <= source.width):
        return ("integer width of the output type is smaller or equal to the integer width "
                "of the input type")
    return None


class _ExtensionBase(_Cast):
    verify = _extension_error


class _NonNegExtensionBase(_NonNegCast):
    verify = _extension_error


# In the order of the registry before the casts had verifiers of their own.
for _name in ("bitcast", "addrspacecast", "inttoptr", "ptrtoint", "sext", "fpext", "fptrunc",
              "fptosi", "fptoui", "sitofp"):
    _register({"bitcast": _BitcastBase, "sext": _ExtensionBase}.get(_name, _Cast), {_name: ()})
_register(_NonNegExtensionBase, {"zext": ()})
_register(_NonNegCast, {"uitofp": ()})


@register_op
class LLVMTruncOp(_Cast):
    name = "llvm.trunc"
    traits = (Pure,)
    ods_properties = (Property("overflowFlags", TypedInt(T.I32), NO_OVERFLOW),)
    custom_OverflowFlags = OVERFLOW_FLAGS
    assembly_format = ("$arg `` custom<OverflowFlags>($overflowFlags) attr-dict `:` "
                       "type($arg) `to` type($res)")


@register_op
class LLVMFreezeOp(RegisteredOp):
    name = "llvm.freeze"
    traits = (Pure, SameOperandsAndResultType)
    ods_operands = (Operand("val"),)
    ods_results = (Result("res"),)
    assembly_format = "$val attr-dict `:` type($val)"


@register_op
class LLVMSelectOp(RegisteredOp):
    name = "llvm.select"
    traits = (Pure,)
    ods_operands = (Operand("condition"), Operand("trueValue"), Operand("falseValue"))
    ods_results = (Result("res"),)
    ods_properties = (Property("fastmathFlags", AnyAttr(), FASTMATH_NONE),)
    ods_types = {"trueValue": "res", "falseValue": "res"}
    assembly_format = "operands attr-dict `:` type($condition) `,` type($res)"


# ------------------------------------------------------------ vectors, aggregates
def _trailing_type_offset(t, anchor) -> int:
    """Where the op's trailing `: type` starts, past the colon (the op's
    first operand `anchor` before it)."""
    return skip_trivia(t.text, next(top_level_offsets(t.text, ":", anchor.end_pos)) + 1)


def _position(t, index: int, anchor) -> tuple:
    text = t.text
    return (anchor.line + text.count("\n", anchor.start_pos, index),
            index - text.rfind("\n", 0, index))


class _VectorTyped:
    """An op whose format reads its `vector_operand`'s type as a builtin
    vector type (parseType<VectorType>): another type is reported where it
    stands, the op's trailing type."""

    vector_operand = "vector"

    @classmethod
    def check_parsed_types(cls, t, state) -> None:
        type = state.types[cls.vector_operand][0]
        if not isinstance(type, T.VectorType):
            anchor = state.operands[cls.vector_operand][0]
            raise MLIRError(f"custom op '{cls.name}' invalid kind of type specified: expected "
                            f"builtin.vector, but found '{type}'",
                            _position(t, _trailing_type_offset(t, anchor), anchor))


def _element_of(type):
    return type.element_type if isinstance(type, T.VectorType) else type


def _vector_element(state):
    vector = state.types["vector"][0]
    return [vector.element_type if isinstance(vector, T.VectorType) else vector]


@register_op
class LLVMExtractElementOp(_VectorTyped, RegisteredOp):
    name = "llvm.extractelement"
    traits = (Pure,)
    ods_operands = (Operand("vector", LLVMVector), Operand("position", SignlessInteger))
    ods_results = (Result("res"),)
    ods_types = {"res": _vector_element}
    ods_predicates = (("result type matches vector element type",
                       lambda op: op.results[0].type == _element_of(op.operands[0].type)),)
    assembly_format = ("$vector `[` $position `:` type($position) `]` attr-dict `:` "
                       "type($vector)")


@register_op
class LLVMInsertElementOp(_VectorTyped, RegisteredOp):
    name = "llvm.insertelement"
    traits = (Pure,)
    ods_operands = (Operand("vector"), Operand("value"), Operand("position"))
    ods_results = (Result("res"),)
    ods_types = {"value": _vector_element, "res": "vector"}
    ods_predicates = (("argument type matches vector element type",
                       lambda op: op.operands[1].type == _element_of(op.operands[0].type)),)
    assembly_format = ("$value `,` $vector `[` $position `:` type($position) `]` attr-dict "
                       "`:` type($vector)")


class ShuffleType:
    """custom<ShuffleType>: the result type, a vector of the mask's length
    with the operand's element type and scalability, printed as nothing."""

    grammar = ""
    optional = False

    def parse(self, state, children, args):
        v1 = state.types["v1"][0]
        mask = state.attributes["mask"].value
        if isinstance(v1, T.VectorType):
            state.types["res"] = [T.VectorType((len(mask),), v1.element_type, v1.scalable)]
        else:
            state.types["res"] = [v1]

    def print(self, p, view, args):
        return None


@register_op
class LLVMShuffleVectorOp(_VectorTyped, RegisteredOp):
    name = "llvm.shufflevector"
    vector_operand = "v1"
    traits = (Pure,)
    ods_operands = (Operand("v1"), Operand("v2"))
    ods_results = (Result("res"),)
    ods_properties = (Property("mask", DenseArray(T.I32)),)
    required_properties = ("mask",)
    ods_types = {"v2": "v1"}
    custom_ShuffleType = ShuffleType()
    assembly_format = ("$v1 `,` $v2 $mask attr-dict `:` type($v1) "
                       "custom<ShuffleType>(ref(type($v1)), type($res), ref($mask))")

    def verify(self):
        """ShuffleVectorOp::verify: a scalable vector is only splatted."""
        v1 = self.operands[0].type
        if isinstance(v1, T.VectorType) and v1.scalable and any(
                self.properties["mask"].value):
            return "'llvm.shufflevector' op expected a splat operation for scalable vectors"
        return None


def _element_at(container, position):
    """The type at `position` in nested LLVM aggregates
    (getInsertExtractValueElementType), or the message saying why there is
    none."""
    if not is_compatible(container):
        return None, f"expected LLVM IR Dialect type, got '{container}'"
    from .llvm import array_parts
    type = container
    for index in position:
        array = array_parts(type)
        fields = element_types(type) if array is None else None
        if array is None and fields is None:
            return None, f"expected LLVM IR structure/array type, got: '{type}'"
        count = array[0] if array is not None else len(fields)
        if not 0 <= index < count:
            return None, f"position out of bounds: {index}"
        type = array[1] if array is not None else fields[index]
    return type, None


def _after_trailing_type(t, anchor) -> tuple:
    """Where the token after the op's trailing `: type` stands (the op's
    first operand `anchor` before it): a directive that reads nothing
    reports there."""
    text = t.text
    index = _trailing_type_offset(t, anchor)
    depth = 0
    while index < len(text):
        char = text[index]
        if char == '"':            # a struct's name: to its closing quote
            index += 1
            while index < len(text) and text[index] != '"':
                index += 2 if text[index] == "\\" else 1
        elif char in "<([":
            depth += 1
        elif char in ">)]":
            depth -= 1
        elif depth == 0 and (char.isspace() or char in "{},"):
            break
        index += 1
    return _position(t, skip_trivia(text, index), anchor)


class InsertExtractValueElementType:
    """custom<InsertExtractValueElementType>: the type of the element at
    the op's position, printed as nothing."""

    grammar = ""
    optional = False

    def parse(self, state, children, args):
        container = state.types["container"][0]
        element, message = _element_at(container, state.attributes["position"].value)
        if element is None:
            raise MLIRError(f"custom op '{state.op_name}' {message}",
                            _after_trailing_type(state.transformer,
                                                 state.operands["container"][0]))
        state.types[args[0].args[0].name] = [element]

    def print(self, p, view, args):
        return None


_INSERT_EXTRACT = InsertExtractValueElementType()


@register_op
class LLVMExtractValueOp(RegisteredOp):
    name = "llvm.extractvalue"
    traits = (Pure,)
    ods_operands = (Operand("container"),)
    ods_results = (Result("res"),)
    ods_properties = (Property("position", DenseArray(T.I64)),)
    required_properties = ("position",)
    custom_InsertExtractValueElementType = _INSERT_EXTRACT
    assembly_format = ("$container `` $position attr-dict `:` type($container) "
                       "custom<InsertExtractValueElementType>(type($res), ref(type($container)), "
                       "ref($position))")

    def verify(self):
        """ExtractValueOp::verify: the result is the element at the position."""
        container = self.operands[0].type
        element, message = _element_at(container, self.properties["position"].value)
        if element is None:
            return f"'llvm.extractvalue' op {message}"
        if element != self.results[0].type:
            return (f"'llvm.extractvalue' op Type mismatch: extracting from '{container}' should "
                    f"produce '{element}' but this op returns '{self.results[0].type}'")
        return None


@register_op
class LLVMInsertValueOp(RegisteredOp):
    name = "llvm.insertvalue"
    traits = (Pure,)
    ods_operands = (Operand("container"), Operand("value"))
    ods_results = (Result("res"),)
    ods_properties = (Property("position", DenseArray(T.I64)),)
    required_properties = ("position",)
    ods_types = {"res": "container"}
    custom_InsertExtractValueElementType = _INSERT_EXTRACT
    assembly_format = ("$value `,` $container `` $position attr-dict `:` type($container) "
                       "custom<InsertExtractValueElementType>(type($value), "
                       "ref(type($container)), ref($position))")

    def verify(self):
        """InsertValueOp::verify: the value is of the element's type."""
        container, value = self.operands[0].type, self.operands[1].type
        element, message = _element_at(container, self.properties["position"].value)
        if element is None:
            return f"'llvm.insertvalue' op {message}"
        if element != value:
            return (f"'llvm.insertvalue' op Type mismatch: cannot insert '{value}' into "
                    f"'{container}'")
        return None


# ----------------------------------------------------------------------- memory
class TypePair:
    """custom<LoadType> (`!llvm.ptr -> f32`) and custom<StoreType>
    (`f32, !llvm.ptr`): two types with `separator` between them."""

    optional = False

    def __init__(self, separator: str):
        self.separator = separator
        self.grammar = f'type "{separator.strip()}" type'

    def parse(self, state, children, args):
        state.types[args[0].args[0].name] = [children[0]]
        state.types[args[1].args[0].name] = [children[1]]

    def print(self, p, view, args):
        p.print_type(view.values(args[0].args[0])[0].type)
        p.write(self.separator)
        p.print_type(view.values(args[1].args[0])[0].type)


def _array_of(mnemonic: str, description: str) -> ConstrainedAttr:
    """TypedArrayAttrBase of one LLVM attribute: an array of them only."""
    return ConstrainedAttr(description, lambda attr: isinstance(attr, A.ArrayAttr) and all(
        getattr(item, "alias_name", None) == mnemonic for item in attr.value), A.ArrayAttr)


_ALIAS_PROPERTIES = (
    Property("access_groups", _array_of("access_group",
                                        "LLVM dialect access group metadata array")),
    Property("alias_scopes", _array_of("alias_scope", "LLVM dialect alias scope array")),
    Property("noalias_scopes", _array_of("alias_scope", "LLVM dialect alias scope array")),
    Property("tbaa", _array_of("tbaa_tag", "LLVM dialect TBAA tag metadata array")))


@register_op
class LLVMLoadOp(RegisteredOp):
    name = "llvm.load"
    traits = (MemoryEffectOpInterface,)

    def get_effects(self) -> list:
        """LoadOp::getEffects: reads its address (see _access_effects)."""
        return _access_effects(self, Read(0))

    ods_operands = (Operand("addr", LLVMPointer),)
    ods_results = (Result("res", Loadable),)
    ods_properties = (Property("alignment", TypedInt(T.I64)), Property("volatile_", UnitAttr()),
                      Property("nontemporal", UnitAttr()), Property("invariant", UnitAttr()),
                      Property("invariantGroup", UnitAttr()),
                      Property("ordering", ORDERING, NOT_ATOMIC),
                      Property("syncscope", StrAttr())) + _ALIAS_PROPERTIES + (
                      Property("dereferenceable"), Property("nonnull", UnitAttr()),
                      Property("noundef", UnitAttr()))
    custom_LoadType = TypePair(" -> ")
    assembly_format = """
        (`volatile` $volatile_^)? $addr
        (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
        (`invariant` $invariant^)?
        (`invariant_group` $invariantGroup^)?
        attr-dict `:` custom<LoadType>(type($addr), type($res))
    """

    def verify(self):
        return _atomic_ordering_error(self, loads=True)


@register_op
class LLVMStoreOp(RegisteredOp):
    name = "llvm.store"
    traits = (MemoryEffectOpInterface,)

    def get_effects(self) -> list:
        """StoreOp::getEffects: writes its address (see _access_effects)."""
        return _access_effects(self, Write(1))

    ods_operands = (Operand("value", Loadable), Operand("addr", LLVMPointer))
    ods_results = ()
    ods_properties = (Property("alignment", TypedInt(T.I64)), Property("volatile_", UnitAttr()),
                      Property("nontemporal", UnitAttr()), Property("invariantGroup", UnitAttr()),
                      Property("ordering", ORDERING, NOT_ATOMIC),
                      Property("syncscope", StrAttr())) + _ALIAS_PROPERTIES
    custom_StoreType = TypePair(", ")
    assembly_format = """
        (`volatile` $volatile_^)? $value `,` $addr
        (`atomic` (`syncscope` `(` $syncscope^ `)`)? $ordering^)?
        (`invariant_group` $invariantGroup^)?
        attr-dict `:` custom<StoreType>(type($value), type($addr))
    """

    def verify(self):
        return _atomic_ordering_error(self, loads=False)


class Orderings:
    """`$success_ordering $failure_ordering` of llvm.cmpxchg's format, as one
    piece: two attributes in a row, each of which the engine would read as
    a piece that may be absent, are ambiguous to the LALR table."""

    grammar = "BARE_ID BARE_ID"
    optional = False

    def parse(self, state, children, args):
        for word, arg in zip(children, args):
            state.attributes[arg.name] = ORDERING.parse([word], state.op_name)

    def print(self, p, view, args):
        p.write(" ".join(ORDERING.case_of(view.op.properties[arg.name]) for arg in args))


def _cmpxchg_result_type(value):
    """The struct of a cmpxchg's value and its success flag."""
    return T.OpaqueType(f"!llvm.struct<({_nested(value)}, i1)>")


def _cmpxchg_result(state):
    return [_cmpxchg_result_type(state.types["val"][0])]


def _nested(type) -> str:
    from .llvm import nested_spelling
    return nested_spelling(type)


AtomicCmpXchgType = TypeConstraint("signless integer or LLVM pointer type",
                                   lambda type: _signless(type) or _pointer(type))
def _atomic_rmw_type(type) -> bool:
    if isinstance(type, T.VectorType):
        return not any(type.scalable or ()) and is_compatible(type)
    return isinstance(type, T.FloatType) or _signless(type) or _pointer(type)


AtomicRMWType = TypeConstraint(
    "floating point LLVM type or LLVM pointer type or signless integer or LLVM "
    "dialect-compatible fixed-length vector type", _atomic_rmw_type)


@register_op
class LLVMAtomicCmpXchgOp(RegisteredOp):
    name = "llvm.cmpxchg"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("ptr", LLVMPointer), Operand("cmp", AtomicCmpXchgType),
                    Operand("val", AtomicCmpXchgType))
    ods_results = (Result("res"),)
    ods_type_sources = ("val",)
    ods_properties = (Property("success_ordering", ORDERING),
                      Property("failure_ordering", ORDERING), Property("syncscope", StrAttr()),
                      Property("alignment", TypedInt(T.I64)), Property("weak", UnitAttr()),
                      Property("volatile_", UnitAttr())) + _ALIAS_PROPERTIES
    required_properties = ("failure_ordering", "success_ordering")
    ods_types = {"cmp": "val", "res": _cmpxchg_result}
    ods_predicates = (
        ("operand #1 and operand #2 have the same type",
         lambda op: op.operands[1].type == op.operands[2].type),
        ("result #0 has an LLVM struct type consisting of the type of operand #2 and a bool",
         lambda op: str(op.results[0].type) == str(_cmpxchg_result_type(op.operands[2].type))))
    custom_Orderings = Orderings()
    assembly_format = """
        (`weak` $weak^)? (`volatile` $volatile_^)? $ptr `,` $cmp `,` $val
        (`syncscope` `(` $syncscope^ `)`)? custom<Orderings>($success_ordering, $failure_ordering)
        attr-dict `:` qualified(type($ptr)) `,` type($val)
    """

    def verify(self):
        """AtomicCmpXchgOp::verify: a value of a type atomics allow, both
        orderings at least monotonic, the failure one neither release nor
        acq_rel."""
        if not _atomic_type_allowed(self.operands[2].type):
            return "'llvm.cmpxchg' op unexpected LLVM IR type"
        success = ORDERING.case_of(self.properties["success_ordering"])
        failure = ORDERING.case_of(self.properties["failure_ordering"])
        if success in ("not_atomic", "unordered") or failure in ("not_atomic", "unordered"):
            return "'llvm.cmpxchg' op ordering must be at least 'monotonic'"
        if failure in ("release", "acq_rel"):
            return "'llvm.cmpxchg' op failure ordering cannot be 'release' or 'acq_rel'"
        return None


@register_op
class LLVMAtomicRMWOp(RegisteredOp):
    name = "llvm.atomicrmw"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("ptr", LLVMPointer), Operand("val", AtomicRMWType))
    ods_results = (Result("res", AtomicRMWType),)
    ods_type_sources = ("val",)
    ods_properties = (Property("bin_op", ATOMIC_BIN_OPS), Property("ordering", ORDERING),
                      Property("syncscope", StrAttr()), Property("alignment", TypedInt(T.I64)),
                      Property("volatile_", UnitAttr())) + _ALIAS_PROPERTIES
    required_properties = ("bin_op", "ordering")
    ods_types = {"res": "val"}
    ods_predicates = (("result #0 and operand #1 have the same type",
                       lambda op: op.results[0].type == op.operands[1].type),)
    assembly_format = """
        (`volatile` $volatile_^)? $bin_op $ptr `,` $val
        (`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict `:`
        qualified(type($ptr)) `,` type($val)
    """

    def verify(self):
        """AtomicRMWOp::verify: the float operations take a float value (or
        a vector of floats), xchg a type atomics allow, the others an
        integer of 8, 16, 32 or 64 bits."""
        operation = ATOMIC_BIN_OPS.case_of(self.properties["bin_op"])
        value = self.operands[1].type
        if operation in ("fadd", "fsub", "fmax", "fmin", "fmaximum", "fminimum"):
            if isinstance(value, T.VectorType):
                if not isinstance(value.element_type, T.FloatType):
                    return ("'llvm.atomicrmw' op expected LLVM IR floating point type for "
                            "vector element")
            elif not isinstance(value, T.FloatType):
                return "'llvm.atomicrmw' op expected LLVM IR floating point type"
        elif operation == "xchg":
            if not _atomic_type_allowed(value):
                return "'llvm.atomicrmw' op unexpected LLVM IR type for 'xchg' bin_op"
        elif not (isinstance(value, T.IntegerType) and value.width in (8, 16, 32, 64)):
            return "'llvm.atomicrmw' op expected LLVM IR integer type"
        return None


@register_op
class LLVMFenceOp(RegisteredOp):
    name = "llvm.fence"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_properties = (Property("ordering", ORDERING), Property("syncscope", StrAttr()))
    required_properties = ("ordering",)
    assembly_format = "(`syncscope` `(` $syncscope^ `)`)? $ordering attr-dict"

    def verify(self):
        if ORDERING.case_of(self.properties["ordering"]) in ("not_atomic", "unordered",
                                                            "monotonic"):
            return ("'llvm.fence' op can be given only acquire, release, acq_rel, and seq_cst "
                    "orderings")
        return None


@register_op
class LLVMVaArgOp(RegisteredOp):
    name = "llvm.va_arg"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Operand("arg"),)
    ods_results = (Result("res"),)
    assembly_format = "$arg attr-dict `:` functional-type($arg, $res)"


# ------------------------------------------------------------------ terminators
@register_op
class LLVMReturnOp(RegisteredOp):
    name = "llvm.return"
    traits = (Pure, ReturnLike, Terminator)
    ods_operands = (Optional("arg"),)
    assembly_format = "attr-dict ($arg^ `:` type($arg))?"

    def verify(self):
        """ReturnOp::verify: as many operands as the enclosing llvm.func
        has results, of its result type."""
        parent = self.parent_op
        if parent is None or parent.name != "llvm.func":
            return None
        from .llvm import function_type_parts
        parts = function_type_parts(parent.properties["function_type"].value)
        if parts is None:
            return None
        from ..ir.verifier import NotedMessage
        expected = 0 if parts[0] is None else 1
        if len(self.operands) != expected:
            return NotedMessage("'llvm.return' op expected "
                                + ("1 operand" if expected else "no operands"),
                                [("when returning from function", parent)])
        if expected and self.operands[0].type != parts[0]:
            return NotedMessage("'llvm.return' op mismatching result types",
                                [("when returning from function", parent)])
        return None


@register_op
class LLVMResumeOp(RegisteredOp):
    name = "llvm.resume"
    traits = (Terminator,)
    ods_operands = (Operand("value"),)
    assembly_format = "$value attr-dict `:` type($value)"


@register_op
class LLVMUnreachableOp(RegisteredOp):
    name = "llvm.unreachable"
    traits = (Terminator,)
    assembly_format = "attr-dict"


@register_op
class LLVMBrOp(RegisteredOp):
    name = "llvm.br"
    traits = (Pure, Terminator)
    ods_operands = (Variadic("destOperands"),)
    ods_properties = (Property("loop_annotation"),)
    ods_successors = (Successor("dest"),)
    assembly_format = "$dest (`(` $destOperands^ `:` type($destOperands) `)`)? attr-dict"


@register_op
class LLVMCondBrOp(RegisteredOp):
    name = "llvm.cond_br"
    traits = (AttrSizedOperandSegments, Pure, Terminator)
    ods_operands = (Operand("condition"), Variadic("trueDestOperands"),
                    Variadic("falseDestOperands"))
    ods_properties = (Property("branch_weights", DenseArray(T.I32)),
                      Property("loop_annotation"))
    ods_successors = (Successor("trueDest"), Successor("falseDest"))
    ods_types = {"condition": T.I1}
    assembly_format = """
        $condition ( `weights` `(` $branch_weights^ `)` )? `,`
        $trueDest (`(` $trueDestOperands^ `:` type($trueDestOperands) `)`)? `,`
        $falseDest (`(` $falseDestOperands^ `:` type($falseDestOperands) `)`)?
        attr-dict
    """


# --------------------------------------------------------------- globals, misc
@register_op
class LLVMAddressOfOp(RegisteredOp):
    name = "llvm.mlir.addressof"
    traits = (Pure,)
    ods_results = (Result("res"),)
    ods_properties = (Property("global_name", SymbolRef()),)
    required_properties = ("global_name",)
    assembly_format = "$global_name attr-dict `:` qualified(type($res))"


@register_op
class LLVMInlineAsmOp(RegisteredOp):
    name = "llvm.inline_asm"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Variadic("operands"),)
    ods_results = (OptionalResult("res"),)
    ods_properties = (Property("asm_string", StrAttr()), Property("constraints", StrAttr()),
                      Property("has_side_effects", UnitAttr()),
                      Property("is_align_stack", UnitAttr()),
                      Property("tail_call_kind", TailCallKind(), TAIL_CALL_NONE),
                      Property("asm_dialect", ASM_DIALECT),
                      Property("operand_attrs", ArrayAttrSyntax()))
    required_properties = ("asm_string", "constraints")
    assembly_format = """
        (`has_side_effects` $has_side_effects^)?
        (`is_align_stack` $is_align_stack^)?
        (`tail_call_kind` `=` $tail_call_kind^)?
        (`asm_dialect` `=` $asm_dialect^)?
        (`operand_attrs` `=` $operand_attrs^)?
        attr-dict
        $asm_string `,` $constraints
        operands `:` functional-type(operands, results)
    """

    def verify(self):
        if str(self.properties.get("tail_call_kind")) == "#llvm.tailcallkind<musttail>":
            return ("'llvm.inline_asm' op tail call kind 'musttail' is not supported by this "
                    "operation")
        return None
