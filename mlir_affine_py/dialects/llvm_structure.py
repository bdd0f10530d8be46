"""The LLVM dialect's symbol ops, whose parsers and printers are written by
hand (mlir/lib/Dialect/LLVMIR/IR/LLVMDialect.cpp): llvm.func and
llvm.mlir.global, their comdat references, and the leading keywords
(linkage, visibility, unnamed_addr, calling convention) they share with the
calls.  The calls are in llvm_calls.py; llvm.alloca, the comparisons,
llvm.getelementptr and the block addresses in llvm_memory.py."""

from __future__ import annotations

from ..diagnostics import MLIRError
from ..ir import attributes as A
from ..ir import types as T
from ..ir.attr_syntax import symbol_name_attr
from ..ir.core import register_op
from ..ir.op_definition import Property, RegionDef
from ..ir.traits import AutomaticAllocationScope, IsolatedFromAbove
from ..parse.op_syntax import parses
from ..parse.syntax import TOKEN, ParsedRegion, new_op, pos_of
from .base import RegisteredOp, attrs_of, first_of, lookup_symbol, regions_of
from .llvm import LINKAGES, function_type, function_type_parts

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


def block_tag_id(attr) -> int | None:
    """The id of a `#llvm.blocktag<id = N>`, alone or inside a
    `#llvm.blockaddress<...>`."""
    import re
    found = re.compile(r"id\s*=\s*([0-9]+)").search(str(attr))
    return int(found.group(1)) if found else None


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
