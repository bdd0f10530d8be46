"""Ops of MLIR's test dialect that the corpus uses
(mlir/test/lib/Dialect/Test/TestOps.td): test.affine_scope,
test.attr_with_loc, test.op_with_memread and test.op_with_memwrite, and the
region ops the CSE and code-motion tests run on (test.graph_region,
test.graph_loop, test.single_no_terminator_op, test.cse_of_single_block_op,
test.region_yield), each declared by its traits and assembly format."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.core import Operation, register_op
from ..ir.op_definition import Operand, Property, RegionDef, Result, Variadic, VariadicResult
from ..ir.type_constraints import AnyType
from ..ir.side_effects import NOT_SPECULATABLE, SPECULATABLE
from ..ir.traits import (AffineScope, AlwaysSpeculatable, Effect, MemoryEffectOpInterface, ConditionallySpeculatable, ConstantLike,
                         RecursiveMemoryEffects, HasOnlyGraphRegion, LoopLikeOpInterface, MemoryEffects,
                         NoMemoryEffect, NoTerminator, Pure, Read, RecursivelySpeculatable,
                         ReturnLike, SingleBlock, SingleBlockImplicitTerminator, Terminator,
                         Write)
from .arith_folds import signed, unsigned
from .base import RegisteredOp, attrs_of, new_op, regions_of


@register_op
class TestAffineScopeOp(RegisteredOp):
    """`test.affine_scope {...}`: a region that starts a new affine scope
    (trait AffineScope).  Its custom form is the region alone: no attribute
    dictionary, no entry block arguments."""

    name = "test.affine_scope"
    traits = (AffineScope,)
    ods_regions = (RegionDef("region", blocks=1),)
    is_affine_scope = True

    syntax = r"""
        !test_affine_scope: "test.affine_scope" region
    """

    @classmethod
    def parse(cls, t, children):
        return new_op("test.affine_scope", children[0], regions=regions_of(children))

    def print(self, p) -> None:
        p.write(" ")
        p.print_region(self.regions[0], False, True)



@register_op
class TestAttrWithLocOp(RegisteredOp):
    """`test.attr_with_loc(<value> [loc(...)])`: both are properties; the
    location prints only with debug info, but it is still visited for
    aliases, so its `#loc` alias is defined at the top of the output."""

    name = "test.attr_with_loc"
    required_properties = ("loc", "value")
    traits = ()  # no effects declared: unknown
    inherent = ("loc", "value")

    syntax = r"""
        !test_attr_with_loc: "test.attr_with_loc" "(" attribute_value location_attr? ")" attr_dict?
    """

    @classmethod
    def parse(cls, t, children):
        name = children[0]
        value = children[2]
        loc = children[3] if isinstance(children[3], A.LocationAttr) else None
        if loc is None:
            # parseOptionalLoc falls back to the source position after the value.
            close = children[3]
            t.took_position = True
            loc = A.FileLineColRange(t.source_name.encode(), close.line + t.line_offset, close.column)
        attrs = dict(attrs_of(children))
        attrs.update(loc=loc, value=value)
        return new_op("test.attr_with_loc", name, attributes=attrs)

    def print(self, p) -> None:
        p.write("(")
        p.print_attribute(self.properties["value"], "never")
        # The alias initializer sees the location (printOptionalLocationSpecifier)
        # although nothing is written: print it and take the text back.
        mark = len(p.out)
        p.print_attribute(self.properties["loc"])
        del p.out[mark:]
        if p.debuginfo:     # printOptionalLocationSpecifier: then it is written
            p.write(" ")
            p.print_location(self.properties["loc"], allow_alias=True)
        p.write(")")
        self.attr_dict(p)


# TestOps.td's ops that only declare their memory effects, written in the
# generic form: what CSE and code motion may do around a read or a write.
class _GenericFormOp(RegisteredOp):
    print = Operation.print     # no custom assembly form: the generic one


@register_op
class TestOpWithMemReadOp(_GenericFormOp):
    name = "test.op_with_memread"
    traits = (MemoryEffects(Read()),)
    ods_results = (Result("result", AnyType),)


@register_op
class TestOpWithMemWriteOp(_GenericFormOp):
    name = "test.op_with_memwrite"
    traits = (MemoryEffects(Write()),)


@register_op
class TestConstantOp(_GenericFormOp):
    """A constant of any attribute and type (its fold is its value)."""

    name = "test.constant"
    traits = (ConstantLike, NoMemoryEffect)
    ods_properties = (Property("value"),)
    required_properties = ("value",)
    ods_results = (Result("result", AnyType),)


@register_op
class TestSideEffectOp(_GenericFormOp):
    """Its effects are its `effects` attribute: dictionaries naming the
    effect (read, write, allocate, free) and the resource (a unit entry,
    `test_resource`, ...); with `on_result`, the effect is on its result."""

    name = "test.side_effect_op"
    traits = (MemoryEffectOpInterface,)
    ods_results = (Result("result", AnyType),)

    def get_effects(self):
        effects = self.attributes.get("effects")
        found = []
        for entry in getattr(effects, "value", ()):
            fields = getattr(entry, "value", {})
            kind = fields.get("effect")
            if not isinstance(kind, A.StringAttr):
                continue
            resource = next((name for name, value in fields.items()
                             if name not in ("effect", "on_result", "on_reference")
                             and isinstance(value, A.UnitAttr)), None)
            on_result = 0 if "on_result" in fields and self.results else None
            found.append(Effect(kind.text, result=on_result, resource=resource))
        return found


# What code motion may hoist: ops that say how speculatable they are.
@register_op
class TestAlwaysSpeculatableOp(_GenericFormOp):
    name = "test.always_speculatable_op"
    traits = (NoMemoryEffect, AlwaysSpeculatable)
    ods_results = (Result("result", AnyType),)


@register_op
class TestNeverSpeculatableOp(_GenericFormOp):
    name = "test.never_speculatable_op"
    traits = (NoMemoryEffect, ConditionallySpeculatable)
    ods_results = (Result("result", AnyType),)

    def speculatability(self) -> str:
        return NOT_SPECULATABLE


@register_op
class TestConditionallySpeculatableOp(_GenericFormOp):
    """Speculatable when its input is a constant."""

    name = "test.conditionally_speculatable_op"
    traits = (NoMemoryEffect, ConditionallySpeculatable)
    ods_operands = (Operand("input", AnyType),)
    ods_results = (Result("result", AnyType),)

    def speculatability(self) -> str:
        producer = self.operands[0].defining_op
        return SPECULATABLE if producer is not None and producer.has_trait(ConstantLike) \
            else NOT_SPECULATABLE


@register_op
class TestRecursivelySpeculatableOp(_GenericFormOp):
    name = "test.recursively_speculatable_op"
    traits = (RecursivelySpeculatable, RecursiveMemoryEffects)
    ods_results = (Result("result", AnyType),)
    ods_regions = (RegionDef("body", single_block=False),)


# ---------------------------------------------------------------- regions
@register_op
class TestGraphRegionOp(RegisteredOp):
    """A region of any number of blocks without SSA dominance (RegionKind
    Graph): a value may be used before the op that defines it."""

    name = "test.graph_region"
    traits = (HasOnlyGraphRegion,)
    ods_regions = (RegionDef("region", single_block=False),)
    assembly_format = "attr-dict-with-keyword $region"


@register_op
class TestGraphLoopOp(RegisteredOp):
    """A loop (LoopLikeOpInterface) whose single-block body is a graph
    region; no effects of its own, as speculatable as its body."""

    name = "test.graph_loop"
    traits = (LoopLikeOpInterface, NoMemoryEffect, RecursivelySpeculatable, SingleBlock,
              HasOnlyGraphRegion)
    ods_operands = (Variadic("args"),)
    ods_results = (VariadicResult("rets"),)
    ods_regions = (RegionDef("body", blocks=1),)
    assembly_format = "$args $body attr-dict `:` functional-type(operands, results)"


@register_op
class TestSingleNoTerminatorOp(RegisteredOp):
    name = "test.single_no_terminator_op"
    traits = (SingleBlock, NoTerminator)
    ods_regions = (RegionDef("my_region", blocks=1),)
    assembly_format = "attr-dict `:` $my_region"


@register_op
class TestRegionYieldOp(RegisteredOp):
    name = "test.region_yield"
    traits = (Pure, ReturnLike, Terminator)
    ods_operands = (Operand("result"),)
    assembly_format = "$result `:` type($result) attr-dict"


@register_op
class TestCSEOfSingleBlockOp(RegisteredOp):
    """A pure op with a single-block region ended by test.region_yield:
    CSE may merge two of them whose regions are equivalent."""

    name = "test.cse_of_single_block_op"
    traits = (SingleBlockImplicitTerminator("test.region_yield"), Pure)
    ods_operands = (Variadic("inputs"),)
    ods_results = (VariadicResult("outputs"),)
    ods_regions = (RegionDef("region", blocks=1),)
    assembly_format = ("attr-dict `inputs` `(` $inputs `)` $region `:` type($inputs) `->` "
                       "type($outputs)")


@register_op
class TestWithBoundsOp(RegisteredOp):
    """A value of which only its integer range is known (the bounds are
    properties, printed in the attribute dictionary)."""

    name = "test.with_bounds"
    traits = (NoMemoryEffect,)
    ods_properties = tuple(Property(bound, A.IntegerAttr) for bound in ("umin", "umax", "smin", "smax"))
    required_properties = ("smax", "smin", "umax", "umin")
    ods_results = (Result("fakeResult", AnyType),)
    assembly_format = "attr-dict `:` type($fakeResult)"

    def int_range(self, value):
        width, bounds = value.type.width, self.properties
        return (signed(bounds["smin"].value, width), signed(bounds["smax"].value, width),
                unsigned(bounds["umin"].value, width), unsigned(bounds["umax"].value, width))
