"""The LLVM dialect's ops with hand-written parsers and printers
(mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp): llvm.func, llvm.mlir.global,
llvm.call, llvm.invoke, llvm.call_intrinsic, llvm.landingpad,
llvm.alloca, llvm.icmp and llvm.fcmp; and llvm.getelementptr,
llvm.blockaddress and llvm.blocktag, whose formats use the dialect's own
directives and attribute bodies."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import AttrSyntax, DenseArray, TypeAttrSyntax, UnitAttr, symbol_name_attr
from ..ir.core import register_op
from ..ir.op_definition import (Operand, OptionalResult, Property, RegionDef, Result,
                                Successor, Variadic, segment_sizes)
from ..ir.traits import (Allocate, AttrSizedOperandSegments, AutomaticAllocationScope,
                         IsolatedFromAbove, MemoryEffects, Pure, SameTypeOperands, Terminator)
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, ParsedRegion, Uses, new_op, pos_of, skip_trivia
from . import gpu  # noqa: F401  (defines GPU_LAUNCH_SYMBOL_KW, which BlockAddressBody names)
from .base import RegisteredOp, attrs_of, first_of, regions_of
from .llvm import (FASTMATH_NONE, LINKAGES, LLVMCompatible, array_parts, element_types,
                   function_type, function_type_parts, supports_memory_ops, top_level_offsets)
from .base import lookup_symbol
from .llvm_ops import TAIL_CALL_NONE, LLVMPointer, SignlessInteger

CCONV_C = A.OpaqueAttr("#llvm.cconv<ccc>")
LINKAGE_EXTERNAL = A.OpaqueAttr("#llvm.linkage<external>")
ZERO_I64 = A.IntegerAttr(0, T.I64)
VISIBILITIES = ("", "hidden", "protected")
UNNAMED_ADDRS = ("", "local_unnamed_addr", "unnamed_addr")
CCONVS = ("ccc", "fastcc", "coldcc", "cc_10", "cc_11", "anyregcc", "preserve_mostcc",
          "preserve_allcc", "swiftcc", "cxx_fast_tlscc", "tailcc", "cfguard_checkcc",
          "swifttailcc", "x86_stdcallcc", "x86_fastcallcc", "arm_apcscc", "arm_aapcscc",
          "arm_aapcs_vfpcc", "msp430_intrcc", "x86_thiscallcc", "ptx_kernelcc",
          "ptx_devicecc", "spir_funccc", "spir_kernelcc", "intel_ocl_bicc",
          "x86_64_sysvcc", "win64cc", "x86_vectorcallcc", "hhvmcc", "hhvm_ccc",
          "x86_intrcc", "avr_intrcc", "avr_builtincc", "amdgpu_vscc", "amdgpu_gscc",
          "amdgpu_cscc", "amdgpu_kernelcc", "x86_regcallcc", "amdgpu_hscc",
          "msp430_builtincc", "amdgpu_lscc", "amdgpu_escc", "aarch64_vectorcallcc",
          "aarch64_sve_vectorcallcc", "wasm_emscripten_invokecc", "amdgpu_gfxcc",
          "m68k_intrcc")
TAIL_CALL_KINDS = ("none", "tail", "musttail", "notail")


class _Keywords:
    """The leading keywords of llvm.func, llvm.mlir.global and llvm.call
    (parseOptionalLLVMKeyword, one enum after the other): each is taken
    when it is a case of the enum that stands next, else left for the
    next."""

    def __init__(self, words):
        self.words = list(words)

    @classmethod
    def leading(cls, children):
        """The words before the op's symbol or callee (bare words, or
        keywords of the grammar: `none` is a type's name)."""
        words = []
        for child in children:
            if not isinstance(child, TOKEN) or child.type in ("SYMBOL", "VALUE_ID",
                                                              "CONSTANT_KW"):
                break
            words.append(child)
        return cls(words)

    def take(self, cases) -> str | None:
        if self.words and self.words[0].value in cases:
            return self.words.pop(0).value
        return None

    def rest_error(self, op_name: str):
        if self.words:
            word = self.words[0]
            return MLIRError(f"custom op '{op_name}' expected valid '@'-identifier for symbol "
                             "name", pos_of(word))
        return None


# ------------------------------------------------------------------ llvm.func
@register_op
class LLVMFuncOp(RegisteredOp):
    name = "llvm.func"
    traits = (AutomaticAllocationScope, IsolatedFromAbove)
    ods_properties = (Property("sym_name", A.StringAttr), Property("sym_visibility", A.StringAttr),
                      Property("function_type", A.TypeAttr),
                      Property("linkage", A.Attribute, LINKAGE_EXTERNAL),
                      Property("dso_local", A.UnitAttr), Property("CConv", A.Attribute, CCONV_C),
                      Property("comdat"), Property("convergent", A.UnitAttr),
                      Property("personality"), Property("garbageCollector"),
                      Property("passthrough"), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr), Property("function_entry_count"),
                      Property("memory_effects"),
                      Property("visibility_", A.IntegerAttr, ZERO_I64),
                      Property("arm_streaming", A.UnitAttr), Property("arm_locally_streaming", A.UnitAttr),
                      Property("unnamed_addr", A.IntegerAttr), Property("alignment"),
                      Property("vscale_range"), Property("frame_pointer"),
                      Property("target_cpu"), Property("tune_cpu"), Property("target_features"),
                      Property("no_inline", A.UnitAttr), Property("always_inline", A.UnitAttr),
                      Property("no_unwind", A.UnitAttr), Property("will_return", A.UnitAttr),
                      Property("optimize_none", A.UnitAttr), Property("no_infs_fp_math"),
                      Property("no_nans_fp_math"), Property("no_signed_zeros_fp_math"),
                      Property("denormal_fp_math"), Property("fp_contract"),
                      Property("instrument_function_entry"),
                      Property("instrument_function_exit"), Property("reqd_work_group_size"),
                      Property("intel_reqd_sub_group_size"), Property("vec_type_hint"),
                      Property("work_group_size_hint"))
    ods_regions = (RegionDef("body", single_block=False),)
    required_properties = ("function_type", "sym_name")
    syntax_extended = True

    syntax = r"""
        llvm_func: OP_LLVM_FUNC name_id* SYMBOL "(" llvm_func_args? ")" func_results? llvm_comdat? attributes_kw? region?
        llvm_comdat: "comdat" "(" symbol_ref ")"
        llvm_func_args: llvm_func_arg ("," llvm_func_arg)* ("," LLVM_ELLIPSIS)? | LLVM_ELLIPSIS
        llvm_func_arg: VALUE_ID ":" type attr_dict? trailing_loc?  -> llvm_named_arg
                     | type attr_dict?                            -> llvm_unnamed_arg
        LLVM_ELLIPSIS: "..."
    """

    @classmethod
    def parse(cls, t, children):
        words = _Keywords.leading(children)
        symbol = first_of((c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL"),
                          TOKEN)
        attrs = {}
        linkage = words.take(LINKAGES) or "external"
        visibility = words.take(VISIBILITIES[1:])
        unnamed = words.take(UNNAMED_ADDRS[1:])
        cconv = words.take(CCONVS) or "ccc"
        error = words.rest_error(cls.name)
        if error:
            raise error
        args, vararg, results, result_attrs = [], False, [], []
        for child in children:
            if isinstance(child, tuple) and child[0] == "llvm_args":
                args, vararg = child[1], child[2]
            elif isinstance(child, tuple) and child[0] == "results":
                results, result_attrs = child[1], child[2]
            elif isinstance(child, dict):
                attrs = dict(child)
        attrs.update(_comdat_of(children))
        regions = regions_of(children)
        attrs["sym_name"] = symbol_name_attr(symbol)
        attrs["function_type"] = A.TypeAttr(function_type(results[0] if results else None,
                                                          [a[1] for a in args], vararg))
        attrs["linkage"] = A.OpaqueAttr(f"#llvm.linkage<{linkage}>")
        attrs["CConv"] = A.OpaqueAttr(f"#llvm.cconv<{cconv}>")
        attrs["visibility_"] = A.IntegerAttr(VISIBILITIES.index(visibility or ""), T.I64)
        attrs["unnamed_addr"] = A.IntegerAttr(UNNAMED_ADDRS.index(unnamed or ""), T.I64)
        if any(a[2] for a in args):
            attrs["arg_attrs"] = A.ArrayAttr(A.DictionaryAttr(a[2]) for a in args)
        if any(result_attrs):
            attrs["res_attrs"] = A.ArrayAttr(A.DictionaryAttr(d) for d in result_attrs)
        if regions:
            if args and args[0][0] is not None:
                regions[0].set_entry_args([(a[0], a[1]) for a in args])
        else:
            regions = [ParsedRegion([], None)]
        return new_op(cls.name, symbol, attributes=attrs, regions=regions)

    @parses("llvm_comdat")
    def parse_llvm_comdat(t, children):
        return ("comdat", children[0])

    @parses("llvm_func_args")
    def parse_llvm_func_args(t, children):
        vararg = bool(children) and isinstance(children[-1], TOKEN) \
            and children[-1].type == "LLVM_ELLIPSIS"
        return ("llvm_args", [c for c in children if isinstance(c, tuple)], vararg)

    @parses("llvm_named_arg")
    def parse_llvm_named_arg(t, children):
        return (children[0], children[1], dict(attrs_of(children[2:])))

    @parses("llvm_unnamed_arg")
    def parse_llvm_unnamed_arg(t, children):
        return (None, children[0], dict(attrs_of(children[1:])))

    def finish_parse(self) -> None:
        for name in ("visibility_", "unnamed_addr"):
            if self.properties.get(name) == ZERO_I64 and name == "visibility_":
                del self.properties[name]

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    def print(self, p) -> None:
        props = self.properties
        p.write(" ")
        linkage = props.get("linkage", LINKAGE_EXTERNAL)
        if linkage != LINKAGE_EXTERNAL:
            p.write(_case(linkage) + " ")
        visibility = props.get("visibility_")
        if visibility is not None and visibility.value:
            p.write(VISIBILITIES[visibility.value] + " ")
        unnamed = props.get("unnamed_addr")
        if unnamed is not None and unnamed.value:
            p.write(UNNAMED_ADDRS[unnamed.value] + " ")
        cconv = props.get("CConv", CCONV_C)
        if cconv != CCONV_C:
            p.write(_case(cconv) + " ")
        p.write(A.symbol_text(props["sym_name"].text))
        parts = function_type_parts(props["function_type"].value)
        result, inputs, vararg = parts if parts else (None, [], False)
        arg_attrs = props.get("arg_attrs")
        p.write("(")
        for i, arg_type in enumerate(inputs):
            if i:
                p.write(", ")
            if not self.is_declaration:
                p.print_operand(self.regions[0].blocks[0].args[i])
                p.write(": ")
            p.print_type(arg_type)
            if arg_attrs is not None:
                p.print_attr_entries_braced(arg_attrs.value[i].value,
                                            visited=self.is_declaration)
        if vararg:
            p.write(", ..." if inputs else "...")
        p.write(")")
        if result is not None:
            p.write(" -> ")
            res_attrs = props.get("res_attrs")
            if res_attrs is not None and res_attrs.value[0].value:
                p.write("(")
                p.print_type(result)
                p.print_attr_entries_braced(res_attrs.value[0].value)
                p.write(")")
            else:
                p.print_type(result)
        _print_comdat(p, self)
        elided = ("function_type", "arg_attrs", "res_attrs", "linkage", "CConv", "visibility_",
                  "comdat", "unnamed_addr", "vscale_range", "sym_name", "sym_visibility")
        p.print_optional_attr_dict_with_keyword(self, elided)
        if not self.is_declaration:
            p.write(" ")
            p.print_region(self.regions[0], False, True)

    def generic_properties(self) -> dict:
        return {"visibility_": ZERO_I64, **super().generic_properties()}

    def verify(self):
        """LLVMFuncOp::verify: no common linkage, a comdat that names a
        selector, a declaration external or extern_weak; then, for a
        definition, the inlining marks (never both no_inline and
        always_inline, emitError: no op prefix; optimize_none with
        no_inline), the exception types and the block tags."""
        properties = self.properties
        linkage = properties.get("linkage", LINKAGE_EXTERNAL)
        if linkage == A.OpaqueAttr("#llvm.linkage<common>"):
            return "'llvm.func' op functions cannot have 'common' linkage"
        message = _comdat_error(self)
        if message:
            return message
        if self.is_declaration:
            if linkage not in (LINKAGE_EXTERNAL, A.OpaqueAttr("#llvm.linkage<extern_weak>")):
                return ("'llvm.func' op external functions must have 'external' or "
                        "'extern_weak' linkage")
            return None
        if "no_inline" in properties and "always_inline" in properties:
            return "no_inline and always_inline attributes are incompatible"
        if "optimize_none" in properties and "no_inline" not in properties:
            return "'llvm.func' op with optimize_none must also be no_inline"
        return self._exception_types_error() or self._block_tags_error()

    def _exception_types_error(self) -> str | None:
        """The llvm.landingpad results and llvm.resume operands of the body,
        in post-order, all of one type (emitError: no op prefix)."""
        first = None
        for op in self.walk("post"):
            if op.name == "llvm.landingpad":
                type, what = op.results[0].type, "result"
            elif op.name == "llvm.resume":
                type, what = op.operands[0].type, "input"
            else:
                continue
            if first is None:
                first = type
            elif type != first:
                return f"'{op.name}' should have a consistent {what} type inside a function"
        return None

    def _block_tags_error(self) -> None:
        """verifyBlockTags: no two llvm.blocktag of one tag, reported at the
        second (emitError: no op prefix)."""
        from ..ir.verifier import op_error
        seen = set()
        for op in self.walk("post"):
            if op.name == "llvm.blocktag":
                tag = block_tag_id(op.properties["tag"])
                if tag in seen:
                    raise op_error(f"duplicate block tag '{tag}' in the same function: ", op)
                seen.add(tag)
        return None


def _comdat_of(children) -> dict:
    """The `comdat` property a `comdat(@selector)` gives, if written."""
    found = next((c for c in children if isinstance(c, tuple) and c[0] == "comdat"), None)
    return {} if found is None else {"comdat": found[1]}


def _print_comdat(p, op) -> None:
    comdat = op.properties.get("comdat")
    if comdat is not None:
        p.write(" comdat(")
        p.print_attribute(comdat)
        p.write(")")


def _comdat_error(op) -> str | None:
    """verifyComdat: the symbol a `comdat` names is a comdat selector
    (emitError: no op prefix)."""
    comdat = op.properties.get("comdat")
    if not isinstance(comdat, A.SymbolRefAttr):
        return None
    from ..ir.verifier import symbols_of
    found = lookup_symbol(op, comdat.root)
    for name in comdat.parts[1:]:
        found = None if found is None else next(
            (symbol for text, symbol in symbols_of(found) if text == name), None)
    if found is None or found.name != "llvm.comdat_selector":
        return "expected comdat symbol"
    return None


def _case(attr) -> str:
    """The case of an enum attribute `#llvm.<mnemonic><case>`."""
    return attr.text[attr.text.index("<") + 1:-1]


# ------------------------------------------------------------ llvm.mlir.global
@register_op
class LLVMGlobalOp(RegisteredOp):
    name = "llvm.mlir.global"
    traits = (IsolatedFromAbove,)
    ods_properties = (Property("global_type", A.TypeAttr), Property("constant", A.UnitAttr),
                      Property("sym_name", A.StringAttr),
                      Property("linkage", A.Attribute, LINKAGE_EXTERNAL),
                      Property("dso_local", A.UnitAttr), Property("thread_local_", A.UnitAttr),
                      Property("externally_initialized", A.UnitAttr), Property("value"),
                      Property("alignment"), Property("addr_space", A.IntegerAttr),
                      Property("unnamed_addr", A.IntegerAttr), Property("section"),
                      Property("comdat"), Property("dbg_exprs"),
                      Property("visibility_", A.IntegerAttr, ZERO_I64),
                      Property("target_specific_attrs"))
    ods_regions = (RegionDef("initializer"),)
    required_properties = ("global_type", "sym_name")
    syntax_extended = True

    syntax = r"""
        llvm_global: OP_LLVM_MLIR_GLOBAL name_id* CONSTANT_KW? SYMBOL "(" attribute_value? ")" llvm_comdat? attr_dict? (":" type region?)?
    """

    @classmethod
    def parse(cls, t, children):
        words = _Keywords.leading(children)
        symbol = first_of((c for c in children if isinstance(c, TOKEN) and c.type == "SYMBOL"),
                          TOKEN)
        attrs = {}
        linkage = words.take(LINKAGES) or "external"
        visibility = words.take(VISIBILITIES[1:])
        thread_local = words.take(("thread_local",))
        unnamed = words.take(UNNAMED_ADDRS[1:])
        # `constant` is the keyword memref.global's form lexes.
        constant = any(isinstance(c, TOKEN) and c.type == "CONSTANT_KW" for c in children)
        error = words.rest_error(cls.name)
        if error:
            raise error
        value = None
        dictionary = first_of(children, dict)
        if dictionary is not None:
            attrs.update(dictionary)
        attrs.update(_comdat_of(children))
        after_symbol = children[children.index(symbol) + 1:]
        for child in after_symbol:
            if isinstance(child, A.Attribute):
                value = child
                break
            if isinstance(child, (dict, T.Type)):
                break
        types = [c for c in after_symbol if isinstance(c, T.Type)]
        regions = regions_of(children)
        if types:
            global_type = types[-1]
        elif isinstance(value, A.StringAttr):
            global_type = T.OpaqueType(f"!llvm.array<{len(value.value)} x i8>")
        else:
            global_type = getattr(value, "type", None)
        attrs["sym_name"] = symbol_name_attr(symbol)
        attrs["global_type"] = A.TypeAttr(global_type)
        attrs["linkage"] = A.OpaqueAttr(f"#llvm.linkage<{linkage}>")
        attrs["visibility_"] = A.IntegerAttr(VISIBILITIES.index(visibility or ""), T.I64)
        attrs["unnamed_addr"] = A.IntegerAttr(UNNAMED_ADDRS.index(unnamed or ""), T.I64)
        attrs.setdefault("addr_space", A.IntegerAttr(0, T.I32))
        if thread_local:
            attrs["thread_local_"] = A.UNIT
        if constant:
            attrs["constant"] = A.UNIT
        if value is not None:
            attrs["value"] = value
        if not regions:
            regions = [ParsedRegion([], None)]
        return new_op(cls.name, symbol, attributes=attrs, regions=regions)

    def finish_parse(self) -> None:
        if self.properties.get("visibility_") == ZERO_I64:
            del self.properties["visibility_"]
        self.properties.setdefault("addr_space", A.IntegerAttr(0, T.I32))

    def print(self, p) -> None:
        props = self.properties
        p.write(" " + _case(props.get("linkage", LINKAGE_EXTERNAL)) + " ")
        visibility = props.get("visibility_")
        if visibility is not None and visibility.value:
            p.write(VISIBILITIES[visibility.value] + " ")
        if "thread_local_" in props:
            p.write("thread_local ")
        unnamed = props.get("unnamed_addr")
        if unnamed is not None and unnamed.value:
            p.write(UNNAMED_ADDRS[unnamed.value] + " ")
        if "constant" in props:
            p.write("constant ")
        p.write(A.symbol_text(props["sym_name"].text))
        p.write("(")
        value = props.get("value")
        if value is not None:
            p.print_attribute(value)
        p.write(")")
        _print_comdat(p, self)
        p.print_optional_attr_dict(self, ("sym_name", "global_type", "constant", "value",
                                          "linkage", "unnamed_addr", "thread_local_",
                                          "visibility_", "comdat"))
        if isinstance(value, A.StringAttr):
            return
        p.write(" : ")
        p.print_type(props["global_type"].value)
        if self.regions[0].blocks:
            p.write(" ")
            p.print_region(self.regions[0], False, True)

    def generic_properties(self) -> dict:
        return {"visibility_": ZERO_I64, **super().generic_properties()}

    def verify(self):
        """GlobalOp::verify on the linkage and the alignment: a common
        global is zero, an appending one an array, an alignment a power of
        two (emitError: no op prefix)."""
        linkage = str(self.properties.get("linkage", LINKAGE_EXTERNAL))
        value = self.properties.get("value")
        if linkage == "#llvm.linkage<common>" and value is not None and not _is_zero(value):
            return "'llvm.mlir.global' op expected zero value for 'common' linkage"
        if linkage == "#llvm.linkage<appending>" and not str(
                self.properties["global_type"].value).startswith("!llvm.array<"):
            return "'llvm.mlir.global' op expected array type for 'appending' linkage"
        message = _comdat_error(self)
        if message:
            return message
        alignment = self.properties.get("alignment")
        if isinstance(alignment, A.IntegerAttr) and alignment.value & (alignment.value - 1):
            return "alignment attribute is not a power of 2"
        return None

    def verify_regions(self) -> str | None:
        """GlobalOp::verifyRegions: the initializer returns a value of the
        global's type and its ops have no effects (an op with one is
        reported itself, emitError: no op prefix)."""
        from ..ir.traits import memory_effects
        from ..ir.verifier import op_error
        blocks = self.regions[0].blocks
        if not blocks or not blocks[0].ops or blocks[0].ops[-1].name != "llvm.return":
            return None
        returned = blocks[0].ops[-1].operands
        if not returned:
            return "'llvm.mlir.global' op initializer region cannot return void"
        global_type = self.properties["global_type"].value
        if returned[0].type != global_type:
            return (f"'llvm.mlir.global' op initializer region type '{returned[0].type}' does "
                    f"not match global type '{global_type}'")
        for op in blocks[0].ops:
            if memory_effects(op) != []:
                raise op_error("ops with side effects not allowed in global initializers", op)
        if "value" in self.properties:
            return "'llvm.mlir.global' op cannot have both initializer value and region"
        return None


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
        parens = len(results) > 1 or isinstance(results[0], T.FunctionType) or (
            res_attrs is not None and res_attrs.value[0].value)
        if parens:
            p.write("(")
        for i, type in enumerate(results):
            if i:
                p.write(", ")
            p.print_type(type)
            if res_attrs is not None:
                p.print_attr_entries_braced(res_attrs.value[i].value)
        if parens:
            p.write(")")


def _is_zero(value) -> bool:
    """isZeroAttribute: integers and floats of zero (either sign), and
    elements and arrays of them."""
    if isinstance(value, A.IntegerAttr):
        return value.value == 0
    if isinstance(value, A.FloatAttr):
        return value.bits in (0, 1 << (value.type.width - 1))
    if isinstance(value, A.DenseElementsAttr):
        element = value.type.element_type
        if isinstance(element, T.FloatType):
            return all(v in (0, 1 << (element.width - 1)) for v in value.values)
        return all(v == 0 for v in value.values)
    if isinstance(value, A.ArrayAttr):
        return all(_is_zero(item) for item in value.value)
    return False


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
        p.write(" ")
        cconv = props.get("CConv", CCONV_C)
        if cconv != CCONV_C:
            p.write(_case(cconv) + " ")
        tail = props.get("TailCallKind", TAIL_CALL_NONE)
        if tail != TAIL_CALL_NONE:
            p.write(_case(tail) + " ")
        count = props["operandSegmentSizes"].value[0]
        operands = self.operands[:count]
        callee = props.get("callee")
        if callee is not None:
            p.print_attribute(callee)
            args = operands
        else:
            p.print_operand(operands[0])
            args = operands[1:]
        p.write("(")
        p.print_operands(args)
        p.write(")")
        vararg = props.get("var_callee_type")
        if vararg is not None:
            p.write(" vararg(")
            p.print_type(vararg.value)
            p.write(")")
        self.print_bundles(p, self.operands[count:])
        p.print_optional_attr_dict(self, _CALL_ELIDED + (
            ("fastmathFlags",) if props.get("fastmathFlags") == FASTMATH_NONE else ()))
        p.write(" : ")
        if callee is None:
            p.print_type(operands[0].type)
            p.write(", ")
        self.print_signature(p, args)

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
        p.write(" ")
        cconv = props.get("CConv", CCONV_C)
        if cconv != CCONV_C:
            p.write(_case(cconv) + " ")
        sizes = props["operandSegmentSizes"].value
        operands = self.operands[:sizes[0]]
        callee = props.get("callee")
        if callee is not None:
            p.print_attribute(callee)
            args = operands
        else:
            p.print_operand(operands[0])
            args = operands[1:]
        p.write("(")
        p.print_operands(args)
        p.write(") to ")
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
        vararg = props.get("var_callee_type")
        if vararg is not None:
            p.write(" vararg(")
            p.print_type(vararg.value)
            p.write(")")
        self.print_bundles(p, self.operands[at:])
        p.print_optional_attr_dict(self, _CALL_ELIDED)
        p.write(" : ")
        if callee is None:
            p.print_type(operands[0].type)
            p.write(", ")
        self.print_signature(p, args)

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


def block_tag_id(attr) -> int | None:
    """The id of a `#llvm.blocktag<id = N>`, alone or inside a
    `#llvm.blockaddress<...>`."""
    import re
    found = re.compile(r"id\s*=\s*([0-9]+)").search(str(attr))
    return int(found.group(1)) if found else None


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
