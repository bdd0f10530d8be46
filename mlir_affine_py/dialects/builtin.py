"""The builtin dialect (mlir/lib/IR/BuiltinDialect.cpp): builtin.module, the
top-level symbol table written `module` in custom form, and
builtin.unrealized_conversion_cast."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.core import Block, Region, register_op
from ..ir.op_definition import Property, RegionDef, Variadic, VariadicResult
from ..ir.traits import (AffineScope, CastOpInterface, HasOnlyGraphRegion, IsolatedFromAbove,
                         NoRegionArguments, NoTerminator, Pure, SingleBlock, Symbol, SymbolTable)
from ..parse.syntax import TypeList, Uses
from ..parse.syntax import TOKEN
from .base import (RegisteredOp, attrs_of, first_of, new_op, regions_of, symbol_name_attr,
                   symbols_of)


@register_op
class ModuleOp(RegisteredOp):
    name = "builtin.module"
    traits = (AffineScope, HasOnlyGraphRegion, IsolatedFromAbove, NoRegionArguments, NoTerminator,
              SingleBlock, SymbolTable, Symbol)
    ods_properties = (Property("sym_name", A.StringAttr), Property("sym_visibility", A.StringAttr))
    ods_regions = (RegionDef("bodyRegion", blocks=1),)
    default_dialect = "builtin"

    syntax = r"""
        module_op: OP_MODULE SYMBOL? attributes_kw? region
        OP_MODULE.2: /(module|builtin\.module)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        symbol = first_of(children, TOKEN)
        attrs = dict(attrs_of(children))
        if symbol is not None and symbol.type == "SYMBOL":
            attrs["sym_name"] = symbol_name_attr(symbol)
        return new_op("builtin.module", None, attributes=attrs, regions=regions_of(children))

    def print(self, p) -> None:
        name = self.properties.get("sym_name")
        if name is not None:
            p.write(" " + A.symbol_text(name.text))
        p.print_optional_attr_dict_with_keyword(self, self.inherent)
        p.write(" ")
        p.print_region(self.regions[0], False, True, default_dialect=self.default_dialect)

    @property
    def body(self):
        return self.regions[0].blocks[0]

    def ensure_implicit_structure(self) -> None:
        from ..ir.core import Block
        if not self.regions[0].blocks:
            self.regions[0].append(Block())

    def verify(self):
        # A module's own attributes are its name and visibility; all others
        # belong to a dialect.
        for name in sorted(self.attributes):
            if "." not in name:
                return ("'builtin.module' op can only contain attributes with dialect-prefixed "
                        f"names, found: '{name}'")
        return None

    def symbol_table_error(self):
        """The MLIRError of a symbol defined twice in the module, else None
        (SymbolTable: checked once the module's ops are verified)."""
        from ..ir.verifier import op_error
        seen = {}
        for name, op in symbols_of(self):
            first = seen.setdefault(name, op)
            if first is not op:
                return op_error(f"redefinition of symbol named '{name}'", op).attach_note(
                    "see existing symbol definition here", first.pos)
        return None

    @classmethod
    def build(cls, name: str | None = None):
        """ModuleOp::build: a module with one empty block."""
        properties = {"sym_name": A.StringAttr(name.encode())} if name is not None else {}
        return cls.build_generic((), (), properties, [Region([Block()])])



@register_op
class UnrealizedConversionCastOp(RegisteredOp):
    """`%r = builtin.unrealized_conversion_cast %a : T to U {attrs}`: values
    of one type system standing for another's during a conversion; any
    number of inputs, at least one result."""

    name = "builtin.unrealized_conversion_cast"
    traits = (Pure, CastOpInterface)
    ods_operands = (Variadic("inputs"),)
    ods_results = (VariadicResult("outputs"),)

    syntax = r"""
        unrealized_cast: OP_BUILTIN_UNREALIZED_CONVERSION_CAST (value_use_list ":" type_list)? "to" type_list attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        inputs = list(first_of(children, Uses, []))
        type_lists = [list(c) for c in children if isinstance(c, TypeList)]
        input_types = type_lists[0] if inputs else []
        return new_op(cls.name, None, inputs, input_types, type_lists[-1],
                      dict(attrs_of(children)))

    @staticmethod
    def are_cast_compatible(inputs, outputs) -> bool:
        return True

    def print(self, p) -> None:
        if self.operands:
            p.write(" ")
            p.print_operands(self.operands)
            p.write(" : ")
            p.print_type_list([v.type for v in self.operands])
        p.write(" to ")
        p.print_type_list([r.type for r in self.results])
        self.attr_dict(p)
