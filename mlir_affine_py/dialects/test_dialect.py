"""Ops of MLIR's test dialect that the corpus uses
(mlir/test/lib/Dialect/Test/TestOps.td): test.affine_scope,
test.attr_with_loc, test.op_with_memread and test.op_with_memwrite."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir.core import Operation, register_op
from ..ir.op_definition import RegionDef, Result
from ..ir.type_constraints import AnyType
from ..ir.traits import AffineScope, MemoryEffects, Read, Write
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
