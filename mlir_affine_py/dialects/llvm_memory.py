"""The LLVM dialect's ops that make addresses or compare, with hand-written
parsers and printers (mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp):
llvm.alloca, llvm.icmp and llvm.fcmp; and llvm.getelementptr,
llvm.blockaddress and llvm.blocktag, whose formats use the dialect's own
directives and attribute bodies."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import AttrSyntax, DenseArray, TypeAttrSyntax, UnitAttr
from ..ir.core import register_op
from ..ir.op_definition import Operand, Property, Result, Variadic
from ..ir.traits import Allocate, MemoryEffects, Pure, SameTypeOperands
from ..parse.syntax import TOKEN, new_op, pos_of, skip_trivia
from . import gpu  # noqa: F401  (defines GPU_LAUNCH_SYMBOL_KW, which BlockAddressBody names)
from .base import RegisteredOp, attrs_of, lookup_symbol
from .llvm import (FASTMATH_NONE, array_parts, element_types, supports_memory_ops,
                   top_level_offsets)
from .llvm_ops import SignlessInteger
from .llvm_structure import LLVMFuncOp, block_tag_id

# --------------------------------------------------------------------- alloca
@register_op
class LLVMAllocaOp(RegisteredOp):
    name = "llvm.alloca"
    # The result's MemAlloc<AutomaticAllocationScopeResource>.
    traits = (MemoryEffects(Allocate(result=0)),)
    ods_operands = (Operand("arraySize", SignlessInteger),)
    ods_results = (Result("res"),)
    ods_properties = (Property("alignment", A.IntegerAttr), Property("elem_type", A.TypeAttr),
                      Property("inalloca", A.UnitAttr))
    required_properties = ("elem_type",)
    syntax_extended = True

    syntax = r"""
        llvm_alloca: OP_LLVM_ALLOCA LLVM_INALLOCA? VALUE_ID BARE_ID type attr_dict? ":" type
        LLVM_INALLOCA: "inalloca"
    """

    @classmethod
    def parse(cls, t, children):
        from .memref import at_offset, name_token
        children = list(children)
        inalloca = isinstance(children[0], TOKEN) and children[0].type == "LLVM_INALLOCA"
        if inalloca:
            del children[0]
        size, x, elem_type = children[0], children[1], children[2]
        if x.value != "x":
            raise MLIRError("custom op 'llvm.alloca' expected 'x'", pos_of(x))
        attrs = dict(attrs_of(children))
        alignment = attrs.get("alignment")
        if alignment is not None and not isinstance(alignment, A.IntegerAttr):
            raise MLIRError("custom op 'llvm.alloca' expected integer alignment",
                            pos_of(name_token(t, cls.name, size)))
        if isinstance(alignment, A.IntegerAttr) and alignment.value == 0:
            del attrs["alignment"]
        attrs["elem_type"] = A.TypeAttr(elem_type)
        if inalloca:
            attrs["inalloca"] = A.UNIT
        ftype = children[-1]
        if not (isinstance(ftype, T.FunctionType) and len(ftype.inputs) == 1
                and len(ftype.results) == 1):
            colon = next(top_level_offsets(t.text, ":", size.end_pos))
            trailing = at_offset(t, skip_trivia(t.text, colon + 1), size)
            raise MLIRError("custom op 'llvm.alloca' expected trailing function type with one "
                            "argument and one result", pos_of(trailing))
        return new_op(cls.name, None, [size], list(ftype.inputs), list(ftype.results),
                      attrs)

    def verify(self):
        """AllocaOp::verify: a target extension type only where it
        supports memory operations."""
        if not supports_memory_ops(self.properties["elem_type"].value):
            return "'llvm.alloca' op this target extension type cannot be used in alloca"
        return None

    def print(self, p) -> None:
        p.write(" ")
        if "inalloca" in self.properties:
            p.write("inalloca ")
        p.print_operand(self.operands[0])
        p.write(" x ")
        p.print_type(self.properties["elem_type"].value)
        p.print_optional_attr_dict(self, ("elem_type", "inalloca"))
        p.write(" : (")
        p.print_type(self.operands[0].type)
        p.write(") -> ")
        p.print_type(self.results[0].type)


# ---------------------------------------------------------------- comparisons
FCMP_PREDICATES = ("_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt",
                   "uge", "ult", "ule", "une", "uno", "_true")
ICMP_PREDICATES = ("eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge")


def _i1_like(type):
    if isinstance(type, T.VectorType):
        return T.VectorType(type.shape, T.I1, type.scalable)
    return T.I1


class _CmpOp(RegisteredOp):
    """`llvm.icmp "slt" %a, %b : i32` (parseCmpOp/printCmpOp)."""

    ods_operands = (Operand("lhs"), Operand("rhs"))
    ods_results = (Result("res"),)
    syntax_extended = True
    predicates: tuple = ()

    @classmethod
    def parse(cls, t, children):
        from .memref import at_offset, name_token
        # The predicate is read as any attribute, then wanted a string.
        name = name_token(t, cls.name, children[1][0])
        where = pos_of(at_offset(t, skip_trivia(t.text, name.start_pos + len(cls.name)), name))
        if not isinstance(children[0], A.StringAttr):
            raise MLIRError(f"custom op '{cls.name}' invalid kind of attribute specified", where)
        word = children[0].text
        if word not in cls.predicates:
            raise MLIRError(f"custom op '{cls.name}' '{word}' is an incorrect value of the "
                            "'predicate' attribute", where)
        type = children[-1]
        attrs = dict(attrs_of(children))
        attrs["predicate"] = A.IntegerAttr(cls.predicates.index(word), T.I64)
        return new_op(cls.name, None, list(children[1]), [type, type], [_i1_like(type)],
                      attrs)

    def print(self, p) -> None:
        predicate = self.predicates[self.properties["predicate"].value]
        p.write(f' "{predicate.lstrip("_")}" ')
        p.print_operands(self.operands)
        elided = ("predicate",)
        if self.properties.get("fastmathFlags") == FASTMATH_NONE:
            elided += ("fastmathFlags",)
        p.print_optional_attr_dict(self, elided)
        p.write(" : ")
        p.print_type(self.operands[0].type)


@register_op
class LLVMICmpOp(_CmpOp):
    name = "llvm.icmp"
    traits = (Pure, SameTypeOperands)
    ods_properties = (Property("predicate", A.IntegerAttr),)
    required_properties = ("predicate",)
    predicates = ICMP_PREDICATES
    syntax = r"""
        llvm_icmp: OP_LLVM_ICMP attribute_value value_use_list attr_dict? ":" type
    """


@register_op
class LLVMFCmpOp(_CmpOp):
    name = "llvm.fcmp"
    traits = (Pure, SameTypeOperands)
    ods_properties = (Property("predicate", A.IntegerAttr),
                      Property("fastmathFlags", A.Attribute, FASTMATH_NONE))
    required_properties = ("predicate",)
    predicates = FCMP_PREDICATES
    syntax = r"""
        llvm_fcmp: OP_LLVM_FCMP attribute_value value_use_list attr_dict? ":" type
    """


# ------------------------------------------------------------ getelementptr
# `inbounds_flag` is the bare bit, which the parser takes and the verifier
# rejects (GEPOp::verify).
GEP_FLAGS = {"inbounds_flag": 1, "inbounds": 3, "nusw": 2, "nuw": 4}
DYNAMIC_INDEX = -(1 << 31)


class GEPNoWrapFlags:
    """`inbounds|nuw` (the GEPNoWrapFlags bit enum): `inbounds` stands for
    its own bit and nusw's."""

    grammar = 'BARE_ID ("|" BARE_ID)*'
    optional = True

    def parse(self, state, children, args):
        bits = 0
        for word in children or ():
            if word.value not in GEP_FLAGS:
                raise MLIRError(f"custom op '{state.op_name}' expected one of [none, "
                                "inbounds_flag, nusw, nuw, inbounds] for GEP flags, got: "
                                f"{word.value}", pos_of(word))
            bits |= GEP_FLAGS[word.value]
        state.attributes[args[0].name] = A.IntegerAttr(bits, T.I32)

    def print(self, p, view, args):
        flags = view.op.properties.get(args[0].name)
        bits = flags.value if flags is not None else 0
        words = []
        if bits & 3 == 3:
            words.append("inbounds")
        elif bits & 2:
            words.append("nusw")
        elif bits & 1:
            words.append("inbounds_flag")
        if bits & 4:
            words.append("nuw")
        if words:
            # The format's `` after the directive: no space when it prints nothing.
            p.write("|".join(words) + " ")


class GEPIndices:
    """`[%i, 1, 0]` inside the brackets: the dynamic indices and the
    constant ones, DYNAMIC_INDEX standing for each dynamic one."""

    grammar = '(mixed_entry ("," mixed_entry)*)?'
    optional = False

    def parse(self, state, children, args):
        dynamic, constant = [], []
        for entry in children or ():
            if isinstance(entry, TOKEN):
                dynamic.append(entry)
                constant.append(DYNAMIC_INDEX)
            else:
                constant.append(int(entry))
        state.operands[args[0].name] = dynamic
        state.attributes[args[1].name] = A.DenseArrayAttr(T.I32, constant)

    def print(self, p, view, args):
        dynamic = iter(view.operands[args[0].name])
        pieces = []
        for index in view.op.properties[args[1].name].value:
            if index == DYNAMIC_INDEX:
                pieces.append(p.names.value_names.get(next(dynamic)))
            else:
                pieces.append(str(index))
        p.write(", ".join(pieces))


@register_op
class LLVMGEPOp(RegisteredOp):
    name = "llvm.getelementptr"
    traits = (Pure,)
    ods_operands = (Operand("base"), Variadic("dynamicIndices"))
    ods_results = (Result("res"),)
    ods_properties = (Property("rawConstantIndices", DenseArray(T.I32)),
                      Property("elem_type", TypeAttrSyntax()),
                      Property("noWrapFlags", UnitAttr(), A.IntegerAttr(0, T.I32)))
    required_properties = ("elem_type", "rawConstantIndices")
    custom_GEPNoWrapFlags = GEPNoWrapFlags()
    custom_GEPIndices = GEPIndices()
    assembly_format = """
        custom<GEPNoWrapFlags>($noWrapFlags) ``
        $base `[` custom<GEPIndices>($dynamicIndices, $rawConstantIndices) `]` attr-dict
        `:` functional-type(operands, results) `,` $elem_type
    """

    def verify(self):
        """GEPOp::verify: a dynamic index for each placeholder of the
        constant ones, no bare `inbounds_flag`, and indices that fit the
        element type (verifyStructIndices: a struct is indexed by a constant
        within its fields; the first index only offsets the pointer)."""
        indices = self.properties["rawConstantIndices"].value
        if indices.count(DYNAMIC_INDEX) != len(self.operands) - 1:
            return ("'llvm.getelementptr' op expected as many dynamic indices as specified in "
                    "'rawConstantIndices'")
        flags = self.properties.get("noWrapFlags")
        if flags is not None and flags.value == GEP_FLAGS["inbounds_flag"]:
            return "'llvm.getelementptr' op 'inbounds_flag' cannot be used directly."
        return _struct_indices_error(self.properties["elem_type"].value, indices)


def _struct_indices_error(type, indices) -> str | None:
    """verifyStructIndices from index 1 on: the message, or None."""
    for position in range(1, len(indices)):
        index = indices[position]
        if str(type).startswith("!llvm.struct<"):
            if index == DYNAMIC_INDEX:
                return (f"'llvm.getelementptr' op expected index {position} indexing a struct "
                        "to be constant")
            fields = element_types(type) or []      # an opaque struct has none
            if not 0 <= index < len(fields):
                return (f"'llvm.getelementptr' op index {position} indexing a struct is out of "
                        "bounds")
            type = fields[index]
        elif isinstance(type, T.VectorType):
            type = type.element_type
        elif array_parts(type) is not None:
            type = array_parts(type)[1]
        else:
            return f"'llvm.getelementptr' op type '{type}' cannot be indexed (index #{position})"
    return None


# --------------------------------------------------------- block addresses
class BlockTagBody(AttrSyntax):
    """`<id = 0>`: a #llvm.blocktag written without its name, as a format
    that names the attribute's kind prints it."""

    grammar = '"<" name_id "=" INT ">"'

    def parse(self, children, op_name: str = "") -> A.Attribute:
        return A.OpaqueAttr(f"#llvm.blocktag<id = {children[-1].value}>")

    def print(self, p, attr) -> None:
        p.write(attr.text[len("#llvm.blocktag"):])


class BlockAddressBody(AttrSyntax):
    """`<function = @f, tag = <id = 0>>`: a #llvm.blockaddress written
    without its name."""

    # `function` is the keyword gpu.launch_func's form lexes.
    grammar = ('"<" (name_id | GPU_LAUNCH_SYMBOL_KW) "=" symbol_ref "," name_id "=" '
               '"<" name_id "=" INT ">" ">"')

    def parse(self, children, op_name: str = "") -> A.Attribute:
        function = next(c for c in children if isinstance(c, A.Attribute))
        return A.OpaqueAttr(f"#llvm.blockaddress<function = {function}, "
                            f"tag = <id = {children[-1].value}>>")

    def print(self, p, attr) -> None:
        p.write(attr.text[len("#llvm.blockaddress"):])


@register_op
class LLVMBlockAddressOp(RegisteredOp):
    name = "llvm.blockaddress"
    traits = (Pure,)
    ods_results = (Result("res"),)
    ods_properties = (Property("block_addr", BlockAddressBody()),)
    required_properties = ("block_addr",)
    assembly_format = "$block_addr attr-dict `:` type($res)"

    def verify(self):
        """BlockAddressOp::verify (getBlockTagOp): the function the address
        names is an llvm.func of the module, with a llvm.blocktag of the
        address's tag."""
        import re
        address = str(self.properties["block_addr"])
        name = re.compile(r"function\s*=\s*@([\w$.\-]+|\"(?:[^\"\\]|\\.)*\")").search(address)
        function = None
        if name is not None:
            symbol = name.group(1)
            function = lookup_symbol(self, symbol[1:-1] if symbol.startswith('"') else symbol)
        tag = block_tag_id(address)
        if not (isinstance(function, LLVMFuncOp) and any(
                op.name == "llvm.blocktag" and block_tag_id(op.properties["tag"]) == tag
                for op in function.walk("post"))):
            return ("'llvm.blockaddress' op expects an existing block label target in the "
                    "referenced function")
        return None


@register_op
class LLVMBlockTagOp(RegisteredOp):
    name = "llvm.blocktag"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_properties = (Property("tag", BlockTagBody()),)
    required_properties = ("tag",)
    assembly_format = "$tag attr-dict"
