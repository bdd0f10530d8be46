"""The LLVM dialect's calls, whose parsers and printers are written by hand
(mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp): llvm.call, llvm.invoke and
llvm.call_intrinsic, with their operand bundles and call types, and
llvm.landingpad, the first op of an llvm.invoke's unwind block."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import symbol_name_attr
from ..ir.core import register_op
from ..ir.op_definition import (OptionalResult, Property, Result, Successor, Variadic,
                                segment_sizes)
from ..ir.traits import AttrSizedOperandSegments, Terminator
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, Uses, new_op, pos_of
from .base import RegisteredOp, attrs_of, first_of, lookup_symbol
from .llvm import FASTMATH_NONE, LLVMCompatible, function_type_parts, top_level_offsets
from .llvm_ops import TAIL_CALL_NONE, LLVMPointer
from .llvm_structure import CCONV_C, CCONVS, TAIL_CALL_KINDS, LLVMFuncOp, _case, _Keywords

# -------------------------------------------------------------- calls, bundles
_BUNDLES = r"""
    llvm_bundles: "[" (llvm_bundle ("," llvm_bundle)*)? "]"
    llvm_bundle: STRING "(" (value_use_list ":" type_list)? ")"
    llvm_call_type: (dialect_type ",")? "(" (llvm_typed_arg ("," llvm_typed_arg)*)? ")" "->" llvm_call_results
    llvm_call_results: non_function_type | "(" (llvm_typed_arg ("," llvm_typed_arg)*)? ")"
    llvm_typed_arg: type attr_dict?
"""


class _Bundles:
    """Parsed op bundles: operands, their types, tags, sizes; `counts`, the
    (operands, types) written in each, and `first_tag`, the first tag's
    token (the `[` before it is where mlir-opt reports them)."""

    def __init__(self, present=False):
        self.present = present
        self.operands, self.types, self.tags, self.sizes = [], [], [], []
        self.counts: list = []
        self.first_tag = None


def _trailing_colon(t, anchor):
    """A token at the `:` that starts a call's trailing types: the first
    colon after `anchor` (the callee) outside brackets and strings."""
    from .memref import at_offset
    colon = next(top_level_offsets(t.text, ":", anchor.end_pos), None)
    return anchor if colon is None else at_offset(t, colon, anchor)


def _check_call_type(t, op_name: str, anchor, direct: bool, call_type, bundles) -> None:
    """What parseCallTypeAndResolveOperands and resolveOpBundleOperands
    check of a call's trailing types and its bundles' types (errors of the
    custom parser: `custom op` first)."""
    colon = _trailing_colon(t, anchor)
    prefix = f"custom op '{op_name}' "
    if direct and call_type.callee_type is not None:
        # parseFunctionSignature wants `(` just past the colon, then the
        # caller says why.
        after = (colon.line, colon.column + 1)
        raise MLIRError("expected '('", after).attach_note(
            prefix + "expected direct call to have 1 trailing types", pos_of(colon), "error")
    if not direct and call_type.callee_type is None:
        raise MLIRError(prefix + "expected indirect call to have 2 trailing types",
                        pos_of(colon))
    if len(call_type.results) > 1:
        raise MLIRError(prefix + "expected function with 0 or 1 result", pos_of(colon))
    if call_type.results and str(call_type.results[0][0]) == "!llvm.void":
        raise MLIRError(prefix + "expected a non-void result type", pos_of(colon))
    for operands, types in bundles.counts:
        if operands != types:
            from .memref import at_offset
            square = at_offset(t, t.text.rfind("[", 0, bundles.first_tag.start_pos),
                               bundles.first_tag)
            # Upstream never advances its bundle counter: always #0.
            raise MLIRError(f"{prefix}expected {operands} types for operand bundle operands "
                            f"for operand bundle #0, but actually got {types}", pos_of(square))


class _CallType:
    def __init__(self, callee_type, args, results):
        self.callee_type, self.args, self.results = callee_type, args, results


def _string_value(token) -> str:
    from ..printer.numbers import unescape_string
    return unescape_string(token.value[1:-1])


class _CallLike(RegisteredOp):
    """What llvm.call, llvm.invoke and llvm.call_intrinsic share: op
    bundles and the call's function type with argument and result
    attributes (call_interface_impl)."""

    syntax_extended = True

    def print_cconv(self, p) -> None:
        """The calling convention after the op's name, where it is not C's."""
        p.write(" ")
        cconv = self.properties.get("CConv", CCONV_C)
        if cconv != CCONV_C:
            p.write(_case(cconv) + " ")

    def print_callee(self, p, operands) -> list:
        """`@callee(%args)`, or `%fn(%args)` for an indirect call (the
        callee its first operand): the arguments."""
        callee = self.properties.get("callee")
        if callee is not None:
            p.print_attribute(callee)
            args = operands
        else:
            p.print_operand(operands[0])
            args = operands[1:]
        p.write("(")
        p.print_operands(args)
        p.write(")")
        return args

    def print_vararg(self, p) -> None:
        vararg = self.properties.get("var_callee_type")
        if vararg is not None:
            p.write(" vararg(")
            p.print_type(vararg.value)
            p.write(")")

    def print_call_type(self, p, operands, args) -> None:
        """` : `, an indirect callee's type, then the call's signature."""
        p.write(" : ")
        if self.properties.get("callee") is None:
            p.print_type(operands[0].type)
            p.write(", ")
        self.print_signature(p, args)

    @staticmethod
    def _arg_and_result_attrs(attrs, call_type) -> None:
        if any(a[1] for a in call_type.args):
            attrs["arg_attrs"] = A.ArrayAttr(A.DictionaryAttr(a[1]) for a in call_type.args)
        if any(r[1] for r in call_type.results):
            attrs["res_attrs"] = A.ArrayAttr(A.DictionaryAttr(r[1]) for r in call_type.results)

    @staticmethod
    def _bundle_attrs(attrs, bundles) -> None:
        attrs["op_bundle_sizes"] = A.DenseArrayAttr(T.I32, bundles.sizes)
        if bundles.tags:
            attrs["op_bundle_tags"] = A.ArrayAttr(A.StringAttr(tag) for tag in bundles.tags)

    @classmethod
    def _parsed_call(cls, t, children, cconv: str):
        """What a call and an invoke read alike: (callee symbol token or
        None, callee pointer or None, operands and their types without the
        bundles', the attributes, the bundles, the call's type)."""
        callee, pointer, args = _callee_parts(children)
        call_type = first_of(children, _CallType)
        bundles = first_of(children, _Bundles) or _Bundles()
        _check_call_type(t, cls.name, callee or pointer, pointer is None, call_type, bundles)
        attrs = dict(attrs_of(children))
        operands = ([pointer] if pointer is not None else []) + args
        operand_types = ([call_type.callee_type] if pointer is not None else []) + [
            a[0] for a in call_type.args]
        if callee is not None:
            attrs["callee"] = A.SymbolRefAttr((symbol_name_attr(callee).text,))
        vararg = _vararg_type(children)
        if vararg is not None:
            attrs["var_callee_type"] = A.TypeAttr(vararg)
        attrs["CConv"] = A.OpaqueAttr(f"#llvm.cconv<{cconv}>")
        cls._arg_and_result_attrs(attrs, call_type)
        cls._bundle_attrs(attrs, bundles)
        return callee, pointer, operands, operand_types, attrs, bundles, call_type

    def call_arguments(self) -> list:
        """The callee's arguments: the first operand group, less the callee
        pointer of an indirect call."""
        count = self.properties["operandSegmentSizes"].value[0]
        return self.operands[1 if "callee" not in self.properties else 0:count]

    def var_callee_type_error(self) -> str | None:
        """verifyCallOpVarCalleeType: the type a variadic callee is called
        with takes the call's leading arguments and gives its result."""
        given = self.properties.get("var_callee_type")
        if given is None:
            return None
        parts = function_type_parts(given.value)
        if parts is None or not parts[2]:
            return f"'{self.name}' op expected var_callee_type to be a variadic function type"
        result, params, _ = parts
        args = self.call_arguments()
        if len(params) > len(args):
            return (f"'{self.name}' op expected var_callee_type to have at most {len(args)} "
                    "parameters")
        for param, arg in zip(params, args):
            if param != arg.type:
                return (f"'{self.name}' op var_callee_type parameter type mismatch: '{param}' "
                        f"!= '{arg.type}'")
        if not self.results:
            if result is not None:
                return f"'{self.name}' op expected var_callee_type to return void"
        elif self.results[0].type != result:
            return (f"'{self.name}' op var_callee_type return type mismatch: "
                    f"'{_void_or(result)}' != '{self.results[0].type}'")
        return None

    def operand_bundles_error(self) -> str | None:
        """verifyOperandBundles: a string tag for each operand bundle
        (emitError: no op prefix)."""
        tags = self.properties.get("op_bundle_tags")
        tags = tags.value if isinstance(tags, A.ArrayAttr) else ()
        if not all(isinstance(tag, A.StringAttr) for tag in tags):
            return "operand bundle tag must be a StringAttr"
        sizes = self.properties.get("op_bundle_sizes")
        count = len(sizes.value) if isinstance(sizes, A.DenseArrayAttr) else 0
        if count != len(tags):
            return f"expected {count} operand bundle tags, but actually got {len(tags)}"
        return None

    def print_bundles(self, p, operands) -> None:
        tags = self.properties.get("op_bundle_tags")
        if tags is None or not tags.value:
            return
        sizes = self.properties["op_bundle_sizes"].value
        p.write(" [")
        at = 0
        for i, (tag, size) in enumerate(zip(tags.value, sizes)):
            if i:
                p.write(", ")
            p.print_attribute(tag)
            p.write("(")
            group = operands[at:at + size]
            at += size
            if group:
                p.print_operands(group)
                p.write(" : ")
                p.print_type_list([v.type for v in group])
            p.write(")")
        p.write("]")

    def print_signature(self, p, args) -> None:
        arg_attrs = self.properties.get("arg_attrs")
        res_attrs = self.properties.get("res_attrs")
        p.write("(")
        for i, value in enumerate(args):
            if i:
                p.write(", ")
            p.print_type(value.type)
            if arg_attrs is not None:
                p.print_attr_entries_braced(arg_attrs.value[i].value)
        p.write(") -> ")
        results = [r.type for r in self.results]
        if not results:
            p.write("()")
            return
        p.print_function_results(results, res_attrs)


def _void_or(type) -> str:
    return "!llvm.void" if type is None else str(type)


def _callee_parts(children):
    """(callee symbol token, callee pointer use, argument uses)."""
    callee = first_of((c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL"), TOKEN)
    pointer = first_of((c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"),
                       TOKEN)
    args = list(first_of(children, Uses, []))
    return callee, pointer, args


def _vararg_type(children):
    found = next((c for c in children if isinstance(c, tuple) and c[0] == "vararg"), None)
    return found[1] if found is not None else None


@register_op
class LLVMCallOp(_CallLike):
    name = "llvm.call"
    traits = (AttrSizedOperandSegments,)
    ods_operands = (Variadic("callee_operands", LLVMCompatible), Variadic("op_bundle_operands"))
    ods_results = (OptionalResult("result", LLVMCompatible),)
    ods_properties = (Property("var_callee_type", A.TypeAttr), Property("callee", A.SymbolRefAttr),
                      Property("fastmathFlags", A.Attribute, FASTMATH_NONE),
                      Property("CConv", A.Attribute, CCONV_C),
                      Property("TailCallKind", A.Attribute, TAIL_CALL_NONE),
                      Property("memory_effects"), Property("convergent", A.UnitAttr),
                      Property("no_unwind", A.UnitAttr), Property("will_return", A.UnitAttr),
                      Property("op_bundle_sizes", A.DenseArrayAttr),
                      Property("op_bundle_tags", A.ArrayAttr), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr), Property("no_inline", A.UnitAttr),
                      Property("always_inline", A.UnitAttr), Property("inline_hint", A.UnitAttr),
                      Property("access_groups"), Property("alias_scopes"),
                      Property("noalias_scopes"), Property("tbaa"))
    required_properties = ("op_bundle_sizes",)

    syntax = r"""
        llvm_call: OP_LLVM_CALL name_id* (SYMBOL | VALUE_ID) "(" value_use_list? ")" llvm_vararg? llvm_bundles? attr_dict? ":" llvm_call_type
        llvm_vararg: "vararg" "(" type ")"
    """ + _BUNDLES

    @parses("llvm_bundles")
    def parse_llvm_bundles(t, children):
        bundles = _Bundles(True)
        for token, operands, types in children:
            bundles.first_tag = bundles.first_tag or token
            bundles.tags.append(_string_value(token))
            bundles.sizes.append(len(operands))
            bundles.counts.append((len(operands), len(types)))
            bundles.operands += operands
            bundles.types += types[:len(operands)]
        return bundles

    @parses("llvm_bundle")
    def parse_llvm_bundle(t, children):
        operands = list(first_of(children, Uses, []))
        types = list(children[2]) if len(children) > 2 else []
        return (children[0], operands, types)

    @parses("llvm_call_type")
    def parse_llvm_call_type(t, children):
        callee_type = None
        if children and isinstance(children[0], T.Type):
            callee_type = children[0]
            children = children[1:]
        return _CallType(callee_type, list(children[:-1]), children[-1])

    @parses("llvm_call_results")
    def parse_llvm_call_results(t, children):
        return [c if isinstance(c, tuple) else (c, {}) for c in children]

    @parses("llvm_typed_arg")
    def parse_llvm_typed_arg(t, children):
        return (children[0], dict(attrs_of(children[1:])))

    @parses("llvm_vararg")
    def parse_llvm_vararg(t, children):
        return ("vararg", children[0])

    @classmethod
    def parse(cls, t, children):
        words = _Keywords.leading(children)
        cconv = words.take(CCONVS) or "ccc"
        tail = words.take(TAIL_CALL_KINDS) or "none"
        callee, pointer, operands, operand_types, attrs, bundles, call_type = \
            cls._parsed_call(t, children, cconv)
        attrs["TailCallKind"] = A.OpaqueAttr(f"#llvm.tailcallkind<{tail}>")
        attrs["operandSegmentSizes"] = segment_sizes(len(operands), len(bundles.operands))
        return new_op(cls.name, callee or pointer, operands + bundles.operands,
                      operand_types + bundles.types, [r[0] for r in call_type.results], attrs)

    def print(self, p) -> None:
        props = self.properties
        self.print_cconv(p)
        tail = props.get("TailCallKind", TAIL_CALL_NONE)
        if tail != TAIL_CALL_NONE:
            p.write(_case(tail) + " ")
        count = props["operandSegmentSizes"].value[0]
        operands = self.operands[:count]
        args = self.print_callee(p, operands)
        self.print_vararg(p)
        self.print_bundles(p, self.operands[count:])
        p.print_optional_attr_dict(self, _CALL_ELIDED + (
            ("fastmathFlags",) if props.get("fastmathFlags") == FASTMATH_NONE else ()))
        self.print_call_type(p, operands, args)

    def verify(self):
        """CallOp::verify (the type a variadic callee is called with), then
        CallOp::verifySymbolUses: a direct callee names an llvm.func whose
        type the call's operands and result match; an indirect one is the
        first operand, a pointer."""
        message = self.operand_bundles_error()
        if message:
            return message
        callee = self.properties.get("callee")
        if callee is None:
            if not self.operands:
                return ("'llvm.call' op must have either a `callee` attribute or at least an "
                        "operand")
            if not LLVMPointer(self.operands[0].type):
                return ("'llvm.call' op indirect call expects a pointer as callee: "
                        f"'{self.operands[0].type}'")
        message = self.var_callee_type_error()
        if message or not isinstance(callee, A.SymbolRefAttr):
            return message
        function = lookup_symbol(self, callee.root)
        if function is None:
            return (f"'llvm.call' op '{callee.root}' does not reference a symbol in the "
                    "current scope")
        if not isinstance(function, LLVMFuncOp):
            return (f"'llvm.call' op '{callee.root}' does not reference a valid LLVM function "
                    "or IFunc")
        parts = function_type_parts(function.properties["function_type"].value)
        return None if parts is None else self._signature_error(*parts)

    def _signature_error(self, result, params, vararg: bool) -> str | None:
        args = self.call_arguments()
        if vararg and "var_callee_type" not in self.properties:
            return "'llvm.call' op missing var_callee_type attribute for vararg call"
        if not vararg and len(params) != len(args):
            return (f"'llvm.call' op incorrect number of operands ({len(args)}) for callee "
                    f"(expecting: {len(params)})")
        if len(params) > len(args):
            return (f"'llvm.call' op incorrect number of operands ({len(args)}) for varargs "
                    f"callee (expecting at least: {len(params)})")
        for index, (param, arg) in enumerate(zip(params, args)):
            if arg.type != param:
                return (f"'llvm.call' op operand type mismatch for operand {index}: "
                        f"'{arg.type}' != '{param}'")
        if not self.results and result is not None:
            return "'llvm.call' op expected function call to produce a value"
        if self.results and result is None:
            return "'llvm.call' op calling function with void result must not produce values"
        if self.results and self.results[0].type != result:
            return (f"'llvm.call' op result type mismatch: '{self.results[0].type}' != "
                    f"'{result}'")
        return None

    def finish_parse(self) -> None:
        for name in ("fastmathFlags", "CConv", "TailCallKind"):
            if self.properties.get(name) == self.property_defaults[name]:
                del self.properties[name]


_CALL_ELIDED = ("callee", "TailCallKind", "var_callee_type", "CConv", "operandSegmentSizes",
                "op_bundle_sizes", "op_bundle_tags", "arg_attrs", "res_attrs")


@register_op
class LLVMInvokeOp(_CallLike):
    name = "llvm.invoke"
    traits = (AttrSizedOperandSegments, Terminator)
    ods_operands = (Variadic("callee_operands"), Variadic("normalDestOperands"),
                    Variadic("unwindDestOperands"), Variadic("op_bundle_operands"))
    ods_results = (OptionalResult("result"),)
    ods_successors = (Successor("normalDest"), Successor("unwindDest"))
    ods_properties = (Property("var_callee_type", A.TypeAttr), Property("callee", A.SymbolRefAttr),
                      Property("arg_attrs", A.ArrayAttr), Property("res_attrs", A.ArrayAttr),
                      Property("branch_weights", A.DenseArrayAttr),
                      Property("CConv", A.Attribute, CCONV_C),
                      Property("op_bundle_sizes", A.DenseArrayAttr),
                      Property("op_bundle_tags", A.ArrayAttr))
    required_properties = ("op_bundle_sizes",)

    syntax = r"""
        llvm_invoke: OP_LLVM_INVOKE name_id* (SYMBOL | VALUE_ID) "(" value_use_list? ")" "to" llvm_dest "unwind" llvm_dest llvm_vararg? llvm_bundles? attr_dict? ":" llvm_call_type
        llvm_dest: CARET_ID ("(" value_use_list ":" type_list ")")?
    """

    @parses("llvm_dest")
    def parse_llvm_dest(t, children):
        operands = list(children[1]) if len(children) > 1 else []
        types = list(children[2]) if len(children) > 2 else []
        return ("dest", children[0], operands, types)

    @classmethod
    def parse(cls, t, children):
        words = _Keywords.leading(children)
        cconv = words.take(CCONVS) or "ccc"
        dests = [c for c in children if isinstance(c, tuple) and c[0] == "dest"]
        callee, pointer, operands, operand_types, attrs, bundles, call_type = \
            cls._parsed_call(t, children, cconv)
        attrs["operandSegmentSizes"] = segment_sizes(len(operands), len(dests[0][2]),
                                                     len(dests[1][2]), len(bundles.operands))
        op = new_op(cls.name, callee or pointer,
                    operands + dests[0][2] + dests[1][2] + bundles.operands,
                    operand_types + dests[0][3] + dests[1][3] + bundles.types,
                    [r[0] for r in call_type.results], attrs)
        op.successors = [dests[0][1], dests[1][1]]
        return op

    def print(self, p) -> None:
        props = self.properties
        self.print_cconv(p)
        sizes = props["operandSegmentSizes"].value
        operands = self.operands[:sizes[0]]
        args = self.print_callee(p, operands)
        p.write(" to ")
        at = sizes[0]
        for index, keyword in ((1, " unwind "), (2, "")):
            group = self.operands[at:at + sizes[index]]
            at += sizes[index]
            p.print_successor(self.successors[index - 1])
            if group:
                p.write("(")
                p.print_operands(group)
                p.write(" : ")
                p.print_type_list([v.type for v in group])
                p.write(")")
            p.write(keyword)
        self.print_vararg(p)
        self.print_bundles(p, self.operands[at:])
        p.print_optional_attr_dict(self, _CALL_ELIDED)
        self.print_call_type(p, operands, args)

    def finish_parse(self) -> None:
        if self.properties.get("CConv") == CCONV_C:
            del self.properties["CConv"]

    def verify(self):
        """InvokeOp::verify: the type a variadic callee is called with,
        then the operand bundles."""
        return self.var_callee_type_error() or self.operand_bundles_error()



@register_op
class LLVMCallIntrinsicOp(_CallLike):
    name = "llvm.call_intrinsic"
    traits = (AttrSizedOperandSegments,)
    ods_operands = (Variadic("args"), Variadic("op_bundle_operands"))
    ods_results = (OptionalResult("results"),)
    ods_properties = (Property("intrin", A.StringAttr),
                      Property("fastmathFlags", A.Attribute, FASTMATH_NONE),
                      Property("op_bundle_sizes", A.DenseArrayAttr),
                      Property("op_bundle_tags", A.ArrayAttr), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr))
    required_properties = ("intrin", "op_bundle_sizes")

    syntax = r"""
        llvm_call_intrinsic: OP_LLVM_CALL_INTRINSIC STRING "(" value_use_list? ")" llvm_bundles? attr_dict? ":" llvm_call_type
    """

    @classmethod
    def parse(cls, t, children):
        call_type = first_of(children, _CallType)
        bundles = first_of(children, _Bundles) or _Bundles()
        _check_call_type(t, cls.name, children[0], True, call_type, bundles)
        attrs = dict(attrs_of(children))
        args = list(first_of(children, Uses, []))
        attrs["intrin"] = A.StringAttr(_string_value(children[0]))
        cls._arg_and_result_attrs(attrs, call_type)
        cls._bundle_attrs(attrs, bundles)
        attrs["operandSegmentSizes"] = segment_sizes(len(args), len(bundles.operands))
        return new_op(cls.name, None, args + bundles.operands,
                      [a[0] for a in call_type.args] + bundles.types,
                      [r[0] for r in call_type.results], attrs)

    def print(self, p) -> None:
        props = self.properties
        p.write(" ")
        p.print_attribute(props["intrin"])
        count = props["operandSegmentSizes"].value[0]
        args = self.operands[:count]
        p.write("(")
        p.print_operands(args)
        p.write(")")
        self.print_bundles(p, self.operands[count:])
        p.print_optional_attr_dict(self, ("intrin", "operandSegmentSizes", "op_bundle_sizes",
                                          "op_bundle_tags", "arg_attrs", "res_attrs") + (
            ("fastmathFlags",) if props.get("fastmathFlags", FASTMATH_NONE) == FASTMATH_NONE
            else ()))
        p.write(" : ")
        self.print_signature(p, args)

    def verify(self):
        """CallIntrinsicOp::verify: an LLVM intrinsic's name, then the
        operand bundles."""
        if not self.properties["intrin"].text.startswith("llvm."):
            return "'llvm.call_intrinsic' op intrinsic name must start with 'llvm.'"
        return self.operand_bundles_error()


# ---------------------------------------------------------------- landingpad
@register_op
class LLVMLandingpadOp(RegisteredOp):
    name = "llvm.landingpad"
    # No effects declared: the analyses take them as unknown (any read or write).
    traits = ()
    ods_operands = (Variadic("operands", LLVMCompatible),)
    ods_results = (Result("res"),)
    ods_properties = (Property("cleanup", A.UnitAttr),)
    syntax_extended = True

    syntax = r"""
        llvm_landingpad: OP_LLVM_LANDINGPAD LLVM_CLEANUP? llvm_clause* attr_dict? ":" type
        llvm_clause: "(" BARE_ID VALUE_ID ":" type ")"
        LLVM_CLEANUP: "cleanup"
    """

    @parses("llvm_clause")
    def parse_llvm_clause(t, children):
        if children[0].value not in ("catch", "filter"):
            raise MLIRError("custom op 'llvm.landingpad' expected 'catch' or 'filter'",
                            pos_of(children[0]))
        return ("clause", children[1], children[2])

    @classmethod
    def parse(cls, t, children):
        clauses = [c for c in children if isinstance(c, tuple) and c[0] == "clause"]
        attrs = dict(attrs_of(children))
        if any(isinstance(c, TOKEN) and c.type == "LLVM_CLEANUP" for c in children):
            attrs["cleanup"] = A.UNIT
        return new_op(cls.name, None, [c[1] for c in clauses], [c[2] for c in clauses],
                      [children[-1]], attrs)

    def verify(self):
        """LandingpadOp::verify: the enclosing llvm.func has a personality."""
        func = self.parent_op
        while func is not None and func.name != "llvm.func":
            func = func.parent_op
        if func is not None and "personality" not in func.properties:
            return "llvm.landingpad needs to be in a function with a personality"
        if "cleanup" not in self.properties and not self.operands:
            return "landingpad instruction expects at least one clause or cleanup attribute"
        for index, value in enumerate(self.operands):
            if str(value.type).startswith("!llvm.array"):
                continue        # a filter clause (upstream does not check them yet)
            # A catch clause: a global's address, possibly bitcast, or null.
            made = value.defining_op
            made_by = made.name if made is not None else None
            if made_by == "llvm.bitcast":
                source = made.operands[0].defining_op
                if source is not None and source.name == "llvm.mlir.addressof":
                    continue
                return "constant clauses expected"
            if made_by not in ("llvm.mlir.zero", "llvm.mlir.addressof"):
                return f"clause #{index} is not a known constant - null, addressof, bitcast"
        return None

    def print(self, p) -> None:
        p.write(" cleanup " if "cleanup" in self.properties else " ")
        for value in self.operands:
            kind = "filter " if str(value.type).startswith("!llvm.array") else "catch "
            p.write("(" + kind)
            p.print_operand(value)
            p.write(" : ")
            p.print_type(value.type)
            p.write(") ")
        p.print_optional_attr_dict(self, ("cleanup",))
        p.write(": ")
        p.print_type(self.results[0].type)
