"""The func dialect (mlir/lib/Dialect/Func/IR/FuncOps.cpp,
mlir/lib/Interfaces/FunctionImplementation.cpp)."""

from __future__ import annotations

import re

from ..diagnostics import MLIRError, offset_to_pos
from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES, Block, Region, register_op
from ..ir.verifier import NotedMessage
from ..ir.op_definition import Property, RegionDef, Result, Variadic, VariadicResult
from ..ir.traits import (AffineScope, AutomaticAllocationScope, CallOpInterface, ConstantLike,
                         HasParent,
                         FunctionOpInterface, IsolatedFromAbove,
                         Pure, ReturnLike, SymbolUser, Terminator)
from ..ir.type_constraints import FunctionType
from ..parse.syntax import TOKEN, ParsedRegion, parse_error, pos_of
from ..parse.op_syntax import parses
from .base import (ValueTerminator, RegisteredOp, attrs_of, first_of, new_op, lookup_symbol,
                   regions_of, symbol_name_attr, symbol_parent_error, type_list, uses)


def _mixed_arguments_error(text: str, symbol, args) -> MLIRError:
    """function_interface_impl::parseFunctionArgumentList: the first
    argument decides whether all are named; the first that differs is an
    error at its start."""
    first_named = args[0][0] is not None
    index = next(i for i, arg in enumerate(args) if (arg[0] is not None) != first_named)
    if not first_named:
        return parse_error(args[index][0], "custom op 'func.func' expected type instead of SSA "
                                           "identifier")
    message = "custom op 'func.func' expected SSA identifier"
    starts = _argument_starts(text, symbol.end_pos)
    if index >= len(starts):
        return parse_error(symbol, message)
    return MLIRError(message, offset_to_pos(text, starts[index]))


def _argument_starts(text: str, offset: int) -> list:
    """The offsets of the arguments of the list opened by the first `(` at
    or after `offset` (commas at its own depth separate them)."""
    starts, depth, index = [], 0, text.find("(", offset)
    while 0 <= index < len(text):
        char = text[index]
        if char in "([{<":
            depth += 1
        elif char in ")]}>" and text[index - 1] != "-":
            depth -= 1
            if depth == 0:
                break
        elif char == '"':
            index = text.find('"', index + 1)
            if index < 0:
                break
        elif text.startswith("//", index):
            index = text.find("\n", index)
            continue
        if depth == 1 and char in "(,":
            following = index + 1
            while following < len(text) and (text[following] in " \t\r\n"
                                              or text.startswith("//", following)):
                following = (text.find("\n", following) if text.startswith("//", following)
                             else following + 1)
            starts.append(following)
        index += 1
    return starts


@register_op
class FuncOp(RegisteredOp):
    name = "func.func"
    traits = (AffineScope, AutomaticAllocationScope, FunctionOpInterface, IsolatedFromAbove)
    ods_properties = (Property("sym_name", A.StringAttr), Property("function_type", A.TypeAttr),
                      Property("sym_visibility", A.StringAttr), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr), Property("no_inline", A.UnitAttr))
    ods_regions = (RegionDef("body", single_block=False),)
    default_dialect = "func"
    required_properties = ("function_type", "sym_name")

    syntax = r"""
        func_op: OP_FUNC_FUNC VISIBILITY? SYMBOL "(" func_args? ")" func_results? attributes_kw? region?
        VISIBILITY.2: /(private|public|nested)(?![\w$.])/
        func_args: func_arg ("," func_arg)*
        func_arg: VALUE_ID ":" type attr_dict? trailing_loc?  -> named_arg
                | type attr_dict?                           -> unnamed_arg
        func_results: "->" (non_function_type | "(" (func_result ("," func_result)*)? ")")
        func_result: type attr_dict?
    """
    syntax_terminal_texts = {"VISIBILITY": "visibility"}

    @classmethod
    def parse(cls, t, children):
        visibility = symbol = None
        args, results, result_attrs = [], [], []
        attrs = {}
        regions = regions_of(children)
        for child in children:
            if isinstance(child, TOKEN) and child.type == "VISIBILITY":
                visibility = child
            elif isinstance(child, TOKEN) and child.type == "SYMBOL":
                symbol = child
            elif isinstance(child, tuple) and child[0] == "args":
                args = child[1]
            elif isinstance(child, tuple) and child[0] == "results":
                results, result_attrs = child[1], child[2]
            elif isinstance(child, dict):
                attrs = dict(child)
        for inferred in ("sym_visibility", "sym_name", "function_type"):
            if inferred in attrs:
                # function_interface_impl::parseFunctionOp, at `attributes`.
                found = re.compile(r"\battributes\b").search(t.text, symbol.end_pos)
                raise MLIRError(f"custom op 'func.func' '{inferred}' is an inferred attribute "
                                "and should not be specified in the explicit attribute "
                                "dictionary", offset_to_pos(t.text, found.start())
                                if found else pos_of(symbol))
        named = [a for a in args if a[0] is not None]
        if named and len(named) != len(args):
            raise _mixed_arguments_error(t.text, symbol, args)
        if regions and not regions[0].blocks:
            raise MLIRError("custom op 'func.func' expected non-empty function body", regions[0].pos)
        arg_types = [a[1] for a in args]
        attrs["sym_name"] = symbol_name_attr(symbol)
        attrs["function_type"] = A.TypeAttr(T.FunctionType(arg_types, results))
        if visibility is not None:
            attrs["sym_visibility"] = A.StringAttr(visibility.value.encode())
        arg_attrs = _arg_attrs_property([a[2] for a in args])
        if arg_attrs is not None:
            attrs["arg_attrs"] = arg_attrs
        res_attrs = _arg_attrs_property(result_attrs)
        if res_attrs is not None:
            attrs["res_attrs"] = res_attrs
        if regions:
            # With the argument types alone, a body declares the arguments in
            # its entry block's header; the verifier compares the two.
            if named:
                regions[0].set_entry_args([(a[0], a[1]) for a in args])
        else:
            regions = [ParsedRegion([], None)]
        return new_op("func.func", symbol, attributes=attrs, regions=regions)

    @parses("func_args")
    def parse_func_args(t, children):
        return ("args", list(children))

    @parses("named_arg")
    def parse_named_arg(t, children):
        if len(children) > 2 and isinstance(children[-1], A.LocationAttr):
            t.note_argument_location(children[0], children[-1])
        return (children[0], children[1], dict(attrs_of(children[2:])))

    @parses("unnamed_arg")
    def parse_unnamed_arg(t, children):
        return (None, children[0], dict(attrs_of(children[1:])))

    @parses("func_results")
    def parse_func_results(t, children):
        types, attrs = [], []
        for child in children:
            if isinstance(child, tuple):
                types.append(child[0])
                attrs.append(child[1])
            else:
                types.append(child)
                attrs.append({})
        return ("results", types, attrs)

    @parses("func_result")
    def parse_func_result(t, children):
        return (children[0], dict(attrs_of(children[1:])))

    @property
    def function_type(self) -> T.FunctionType:
        return self.properties["function_type"].value

    def attribute_constraint_error(self):
        """The function type's constraint (a property of another kind is
        refused while parsing: RegisteredOp.property_conversion_error)."""
        if not isinstance(self.function_type, T.FunctionType):
            return ("'func.func' op attribute 'function_type' failed to satisfy constraint: "
                    "type attribute of function type")
        return None

    @property
    def sym_name(self) -> str:
        return self.properties["sym_name"].text

    @sym_name.setter
    def sym_name(self, name: str) -> None:
        """Rename the function (its uses are not renamed, as in MLIR)."""
        if isinstance(name, A.StringAttr):
            name = name.text
        if not isinstance(name, str) or not name:
            raise TypeError(f"sym_name must be a non-empty str, not {name!r}")
        self.properties["sym_name"] = A.StringAttr(name)

    @property
    def is_declaration(self) -> bool:
        return not self.regions[0].blocks

    def verify(self):
        """SymbolOpInterface (only a private or nested symbol may be a
        declaration; its parent is a symbol table), then
        FunctionOpInterface: the argument and result attributes, the
        entry block's arguments."""
        visibility = self.properties.get("sym_visibility")
        if self.is_declaration and (visibility is None or visibility.value == b"public"):
            return "'func.func' op symbol declaration cannot have public visibility"
        message = symbol_parent_error(self)
        if message:
            return message
        ftype = self.function_type
        for key, what, count in (("arg_attrs", "argument", len(ftype.inputs)),
                                 ("res_attrs", "result", len(ftype.results))):
            message = _argument_attributes_error(self.properties.get(key), what, count)
            if message:
                return message
        if not self.is_declaration:
            inputs, args = self.function_type.inputs, self.regions[0].blocks[0].args
            if len(args) != len(inputs):
                return (f"'func.func' op entry block must have {len(inputs)} arguments to "
                        "match function signature")
            for i, (arg, expected) in enumerate(zip(args, inputs)):
                if arg.type != expected:
                    return (f"'func.func' op type of entry block argument #{i}('{arg.type}') "
                            "must match the type of the corresponding argument in function "
                            f"signature('{expected}')")
        return None

    def print(self, p) -> None:
        visibility = self.properties.get("sym_visibility")
        p.write(" ")
        if visibility is not None:
            p.write(visibility.text + " ")
        p.write(A.symbol_text(self.sym_name))
        ftype = self.function_type
        arg_attrs = self.properties.get("arg_attrs")
        p.write("(")
        for i, arg_type in enumerate(ftype.inputs):
            if i:
                p.write(", ")
            if not self.is_declaration:
                p.print_operand(self.regions[0].blocks[0].args[i])
                p.write(": ")
            p.print_type(arg_type)
            if arg_attrs is not None:
                p.print_attr_entries_braced(arg_attrs.value[i].value,
                                            visited=self.is_declaration)
            if not self.is_declaration:
                p.print_optional_location_specifier(self.regions[0].blocks[0].args[i])
        p.write(")")
        if ftype.results:
            p.write(" -> ")
            p.print_function_results(ftype.results, self.properties.get("res_attrs"))
        p.print_optional_attr_dict_with_keyword(
            self, ("sym_visibility", "function_type", "arg_attrs", "res_attrs", "sym_name"))
        if not self.is_declaration:
            p.write(" ")
            p.print_region(self.regions[0], False, True, default_dialect=self.default_dialect)

    @classmethod
    def build(cls, name: str, function_type: T.FunctionType, visibility: str | None = None,
              declaration: bool = False):
        """func::FuncOp::build, then addEntryBlock unless a `declaration`:
        the entry block takes the inputs of `function_type`."""
        properties = {"sym_name": A.StringAttr(name.encode()),
                      "function_type": A.TypeAttr(function_type)}
        if visibility is not None:
            properties["sym_visibility"] = A.StringAttr(visibility.encode())
        body = Region() if declaration else Region([Block(function_type.inputs)])
        return cls.build_generic((), (), properties, [body])

    @property
    def entry_block(self):
        return self.regions[0].blocks[0]


def _arg_attrs_property(dicts):
    if not any(dicts):
        return None
    return A.ArrayAttr(A.DictionaryAttr(d) for d in dicts)


@register_op
class ReturnOp(ValueTerminator):
    name = "func.return"
    traits = (Pure, HasParent("func.func"), Terminator, ReturnLike)

    syntax = r"""
        return_op: RETURN_NAME (value_use_list ":" type_list)? attr_dict?
        RETURN_NAME.2: /(return|func\.return)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        operands = uses(children)
        types = type_list(children)
        if len(operands) != len(types):
            raise parse_error(children[0], f"{len(operands)} operands present, but expected {len(types)}")
        # A bare `return` takes the dialect of the region it is in (builder).
        return new_op(children[0].value, children[0], operands, types,
                      attributes=dict(attrs_of(children)))

    def verify(self):
        func = self.parent_op
        expected = func.function_type.results
        actual = tuple(v.type for v in self.operands)
        if len(expected) != len(actual):
            return (f"'func.return' op has {len(actual)} operands, but enclosing function "
                    f"(@{func.sym_name}) returns {len(expected)}")
        for i, (e, a) in enumerate(zip(expected, actual)):
            if e != a:
                # FuncOps.cpp reports this one with emitError, not emitOpError.
                return (f"type of return operand {i} ('{a}') doesn't match "
                        f"function result type ('{e}') in function @{func.sym_name}")
        return None


@register_op
class CallOp(RegisteredOp):
    name = "func.call"
    required_properties = ("callee",)
    traits = (CallOpInterface, SymbolUser)
    ods_operands = (Variadic("operands"),)
    ods_results = (VariadicResult("results"),)
    ods_properties = (Property("callee", A.SymbolRefAttr), Property("arg_attrs", A.ArrayAttr),
                      Property("res_attrs", A.ArrayAttr), Property("no_inline", A.UnitAttr))

    syntax = r"""
        call_op: CALL_NAME SYMBOL "(" value_use_list? ")" attr_dict? ":" function_type
        CALL_NAME.2: /(call|func\.call)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        ftype = first_of(children, T.FunctionType)
        operands = uses(children)
        if len(ftype.inputs) != len(operands):
            raise parse_error(children[1], f"expected {len(operands)} operand types but had {len(ftype.inputs)}")
        attrs = dict(attrs_of(children))
        attrs["callee"] = A.SymbolRefAttr([children[1].value[1:]])
        return new_op("func.call", children[0], operands, ftype.inputs, ftype.results, attrs)

    def verify(self):
        """CallOp::verifySymbolUses: the callee is a func.func of the same
        signature."""
        callee = self.properties.get("callee")
        if not isinstance(callee, A.SymbolRefAttr) or len(callee.parts) != 1:
            return None   # a nested reference is not looked up
        func = lookup_symbol(self, callee.root)
        if not isinstance(func, FuncOp):
            return f"'func.call' op '{callee.root}' does not reference a valid function"
        ftype = func.function_type
        if len(ftype.inputs) != len(self.operands):
            return "'func.call' op incorrect number of operands for callee"
        for i, (expected, value) in enumerate(zip(ftype.inputs, self.operands)):
            if value.type != expected:
                return (f"'func.call' op operand type mismatch: expected operand type "
                        f"'{expected}', but provided '{value.type}' for operand number {i}")
        if len(ftype.results) != len(self.results):
            return "'func.call' op incorrect number of results for callee"
        for i, (expected, result) in enumerate(zip(ftype.results, self.results)):
            if result.type != expected:
                # CallOp::verifySymbolUses notes both lists at the call.
                return NotedMessage(
                    f"'func.call' op result type mismatch at index {i}",
                    [("      op result types: " + _quoted_types(r.type for r in self.results), self),
                     ("function result types: " + _quoted_types(ftype.results), self)])
        return None

    def print(self, p) -> None:
        p.write(" ")
        p.print_attribute(self.properties["callee"])
        p.write("(")
        p.print_operands(self.operands)
        p.write(")")
        self.attr_dict(p)
        p.write(" : (")
        p.print_type_list([v.type for v in self.operands])
        p.write(") -> ")
        p.print_result_types([r.type for r in self.results])

    @classmethod
    def build(cls, callee: str, result_types, operands=()):
        """func.call of the function `callee` (its name, without `@`)."""
        return cls.build_generic((list(operands),), list(result_types),
                                 {"callee": A.SymbolRefAttr([callee])})




# ------------------------------------------------------------------------
# Ops declared by their ODS assembly format (ir/assembly_format.py).
from ..ir.attr_syntax import SymbolRef  # noqa: E402
from ..ir.op_definition import Operand  # noqa: E402


@register_op
class ConstantOp(RegisteredOp):
    """`%f = constant @fn : (f32) -> ()`: a function as an SSA value."""

    name = "func.constant"
    traits = (ConstantLike, Pure, SymbolUser)
    ods_results = (Result("result"),)
    ods_properties = (Property("value", SymbolRef()),)
    required_properties = ("value",)
    syntax_short_name = True
    assembly_format = "attr-dict $value `:` type(results)"

    def result_name_hints(self):
        return ["f"]

    def verify(self):
        """ConstantOp::verifySymbolUses: a func.func of the result's type."""
        value = self.properties["value"]
        if not isinstance(value, A.SymbolRefAttr) or len(value.parts) != 1:
            return None   # a nested reference is not looked up
        func = lookup_symbol(self, value.root)
        if not isinstance(func, FuncOp):
            return f"'func.constant' op reference to undefined function '{value.root}'"
        if func.function_type != self.results[0].type:
            return "'func.constant' op reference to function with mismatched type"
        return None

def simplify_indirect_call_with_known_callee(op, rewriter) -> bool:
    """SimplifyIndirectCallWithKnownCallee: a call_indirect of a
    func.constant is a func.call of its symbol."""
    callee = op.operands[0].defining_op
    if callee is None or callee.op_name != "func.constant":
        return False
    call = rewriter.insert(OP_CLASSES["func.call"].build_generic(
        (list(op.operands[1:]),), [r.type for r in op.results],
        {"callee": callee.properties["value"]}))
    rewriter.replace_op(op, call.results)
    return True


@register_op
class CallIndirectOp(RegisteredOp):
    """`%r = call_indirect %f(%a) : (i32) -> i32`: the operand and result
    types are those of the callee's function type."""

    name = "func.call_indirect"
    traits = (CallOpInterface,)

    canonicalization_patterns = (simplify_indirect_call_with_known_callee,)
    ods_operands = (Operand("callee", FunctionType), Variadic("callee_operands"))
    ods_results = (VariadicResult("results"),)
    ods_properties = (Property("arg_attrs", A.ArrayAttr), Property("res_attrs", A.ArrayAttr))
    ods_types = {"callee_operands": lambda state: list(state.types["callee"][0].inputs),
                 "results": lambda state: list(state.types["callee"][0].results)}
    syntax_short_name = True
    assembly_format = "$callee `(` $callee_operands `)` attr-dict `:` type($callee)"


def _argument_attributes_error(attrs, what: str, count: int) -> str | None:
    """function_interface_impl::verifyTrait on `arg_attrs` / `res_attrs`:
    one dictionary per argument (result), naming dialect attributes only."""
    if not isinstance(attrs, A.ArrayAttr):
        return None
    entries = attrs.value
    if len(entries) != count:
        return (f"'func.func' op expects {what} attribute array to have the same number of "
                f"elements as the number of function {what}s, got {len(entries)}, but "
                f"expected {count}")
    for entry in entries:
        if not isinstance(entry, A.DictionaryAttr):
            return (f"'func.func' op expects {what} attribute dictionary to be a "
                    f"DictionaryAttr, but got `{entry}`")
        if any("." not in name for name in entry.value):
            return f"'func.func' op {what}s may only have dialect attributes"
    return None


def _quoted_types(types) -> str:
    """`'i32', 'f32'`: types as a diagnostic lists them (interleaveComma of
    quoted types)."""
    return ", ".join(f"'{t}'" for t in types)
