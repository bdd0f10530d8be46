"""Single ops of other dialects that the corpus uses next to affine code:
tensor.empty, tensor.dim, tensor.expand_shape and tensor.collapse_shape
(TensorOps.td), index.constant (IndexOps.td),
llvm.mlir.undef/poison and ub.poison, and two test-dialect ops
(test.affine_scope, test.attr_with_loc from mlir/test/lib/Dialect/Test)."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import register_op
from ..parse.syntax import TOKEN, parse_error
from . import memref
from .base import (RegisteredOp, attrs_of, new_op, regions_of,
                   types_of, uses)


# --------------------------------------------------- `name {attrs} : type`
class SimpleTypedOp(RegisteredOp):
    """`%r = name {attrs} : type`, no operands."""

    __slots__ = ()

    syntax = r"""
        // `%r = name : type` ops with no operands.
        simple_typed_op: SIMPLE_TYPED_NAME attr_dict? ":" type
        SIMPLE_TYPED_NAME.2: /(llvm\.mlir\.undef|llvm\.mlir\.poison|ub\.poison)(?![\w$.])/
    """

    @classmethod
    def parse(cls, t, children):
        name = children[0]
        attrs = dict(attrs_of(children))
        if name.value == "ub.poison":
            attrs.setdefault("value", UB_POISON)
        return new_op(name.value, name, result_types=types_of(children), attributes=attrs)

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


@register_op
class LLVMUndefOp(SimpleTypedOp):
    name = "llvm.mlir.undef"


@register_op
class LLVMPoisonOp(SimpleTypedOp):
    name = "llvm.mlir.poison"


UB_POISON = A.OpaqueAttr("#ub.poison")


@register_op
class UBPoisonOp(SimpleTypedOp):
    """Its `value` property defaults to `#ub.poison`, which the custom form
    leaves out."""

    name = "ub.poison"
    inherent = ("value",)

    def print(self, p) -> None:
        value = self.properties.get("value")
        if value is not None and value != UB_POISON:
            p.write("<")
            p.print_attribute(value, "never")
            p.write(">")
        super().print(p)


# ------------------------------------------------------------------ tensor
@register_op
class EmptyOp(RegisteredOp):
    """`tensor.empty(%d0, ...) {attrs} : tensor<?x4xf32>`, one index operand
    per dynamic dimension."""

    name = "tensor.empty"

    syntax = r"""
        !empty_op: "tensor.empty" "(" value_use_list? ")" attr_dict? ":" type
    """

    @classmethod
    def parse(cls, t, children):
        operands = uses(children)
        type = types_of(children)[0]
        if not isinstance(type, T.TensorType):
            colon = next(c for c in children if isinstance(c, TOKEN) and c.type == "COLON")
            raise parse_error(colon, "invalid kind of type specified: expected builtin.tensor, but "
                              f"found '{type}'")
        return new_op("tensor.empty", children[0], operands, [T.INDEX] * len(operands), [type],
                      dict(attrs_of(children)))

    def verify(self):
        type = self.results[0].type
        expected = sum(d is None for d in type.shape)
        if len(self.operands) != expected:
            return (f"'tensor.empty' op incorrect number of dynamic sizes, has "
                    f"{len(self.operands)}, expected {expected}")
        return None

    def print(self, p) -> None:
        p.write("(")
        p.print_operands(self.operands)
        p.write(")")
        self.attr_dict(p)
        p.write(" : ")
        p.print_type(self.results[0].type)


@register_op
class DimOp(RegisteredOp):
    """`%dim = tensor.dim {attrs} %t, %i : tensor<...>` (ODS: attr-dict
    $source `,` $index `:` type($source))."""

    name = "tensor.dim"

    syntax = r"""
        !dim_op: "tensor.dim" attr_dict? VALUE_ID "," VALUE_ID ":" type
    """

    @classmethod
    def parse(cls, t, children):
        source, index = [c for c in children if isinstance(c, TOKEN) and c.type == "VALUE_ID"]
        type = types_of(children)[0]
        if not isinstance(type, (T.TensorType, T.UnrankedTensorType)):
            raise parse_error(source, f"'tensor.dim' op operand #0 must be non-0-ranked or unranked "
                              f"tensor, but got '{type}'")
        return new_op("tensor.dim", children[0], [source, index], [type, T.INDEX], [T.INDEX],
                      dict(attrs_of(children)))

    def result_name_hints(self):
        return ["dim"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(" ")
        p.print_operands(self.operands)
        p.write(" : ")
        p.print_type(self.operands[0].type)


def _tensor_reshape_error(op, collapsed, expanded):
    """TensorOps.cpp `verifyTensorReshapeOp` (ReshapeOpsUtils
    `verifyReshapeLikeTypes`): ranks, groups, then each collapsed size
    against its group, then the element type."""
    groups = op.groups()
    prefix = f"'{op.name}' op "
    if len(expanded.shape) < len(collapsed.shape):
        return (prefix + f"expected the expanded type, '{expanded}' to have a higher (or same) "
                f"rank than the collapsed type, '{collapsed}'.")
    if len(collapsed.shape) != len(groups):
        return (prefix + f"expected collapsed rank ({len(collapsed.shape)}) to equal the number "
                f"of reassociation maps ({len(groups)})")
    # isReassociationValid: each group is non-empty and continues the last.
    next_dim = 0
    for index, group in enumerate(groups):
        if not group or group != list(range(next_dim, next_dim + len(group))) \
                or (index == len(groups) - 1 and next_dim + len(group) != len(expanded.shape)):
            return prefix + f"expected reassociation map #{index} to be valid and contiguous."
        next_dim += len(group)
    start = 0
    for index, group in enumerate(groups):
        sizes = expanded.shape[start:start + len(group)]
        start += len(group)
        if None in sizes:
            if collapsed.shape[index] is not None:
                return (prefix + f"expected dimension {index} of collapsed type to be dynamic "
                        "since one or more of the corresponding dimensions in the expanded "
                        "type is dynamic")
            continue
        product = 1
        for size in sizes:
            product *= size
        if collapsed.shape[index] != product:
            return (prefix + f"expected dimension {index} of collapsed type to be static value "
                    f"of {product}")
    if collapsed.element_type != expanded.element_type:
        expected = T.TensorType(collapsed.shape, expanded.element_type)
        return prefix + f"expected collapsed type to be '{expected}', but got '{collapsed}'"
    return None


@register_op
class TensorExpandShapeOp(memref.ExpandShapeOp):
    """`tensor.expand_shape %t [[0, 1], [2]] output_shape [...] : S into R`,
    memref.expand_shape's form on tensors."""

    # traits: Pure, ReifyRankedShapedTypeOpInterface
    name = "tensor.expand_shape"

    syntax = r"""
        tensor_expand_shape: OP_TENSOR_EXPAND_SHAPE VALUE_ID array_attr "output_shape" mixed_list attr_dict? ":" type "into" type
    """

    def result_name_hints(self):
        return ["expanded"]

    shaped_kind = (T.TensorType, "tensor of any type values")

    def verify(self):
        result = self.results[0].type
        return (self.kinds_error()
                or _tensor_reshape_error(self, self.operands[0].type, result)
                or self.verify_output_shape(result))


@register_op
class TensorCollapseShapeOp(memref.CollapseShapeOp):
    """`tensor.collapse_shape %t [[0, 1], [2]] : S into R`."""

    # traits: Pure, ReifyRankedShapedTypeOpInterface
    name = "tensor.collapse_shape"

    syntax = r"""
        tensor_collapse_shape: OP_TENSOR_COLLAPSE_SHAPE VALUE_ID array_attr attr_dict? ":" type "into" type
    """

    def result_name_hints(self):
        return ["collapsed"]

    shaped_kind = (T.TensorType, "tensor of any type values")

    def verify(self):
        return (self.kinds_error()
                or _tensor_reshape_error(self, self.results[0].type, self.operands[0].type))


# ------------------------------------------------------------------- index
@register_op
class IndexConstantOp(RegisteredOp):
    """`%idx3 = index.constant {attrs} 3`; the result is named after the value."""

    name = "index.constant"
    inherent = ("value",)

    syntax = r"""
        !index_constant: "index.constant" attr_dict? signed_int
    """

    @classmethod
    def parse(cls, t, children):
        value = next(c for c in children if isinstance(c, int))
        attrs = dict(attrs_of(children))
        attrs["value"] = A.IntegerAttr(value, T.INDEX)
        return new_op("index.constant", children[0], result_types=[T.INDEX], attributes=attrs)

    def result_name_hints(self):
        return [f"idx{self.properties['value'].value}"]

    def print(self, p) -> None:
        self.attr_dict(p)
        p.write(f" {self.properties['value'].value}")


# -------------------------------------------------------------------- test
@register_op
class TestAffineScopeOp(RegisteredOp):
    """`test.affine_scope {...}`: a region that starts a new affine scope
    (trait AffineScope).  Its custom form is the region alone: no attribute
    dictionary, no entry block arguments."""

    name = "test.affine_scope"
    is_affine_scope = True
    has_side_effects = True

    syntax = r"""
        !test_affine_scope: "test.affine_scope" region
    """

    @classmethod
    def parse(cls, t, children):
        return new_op("test.affine_scope", children[0], regions=regions_of(children))

    def print(self, p) -> None:
        p.write(" ")
        p.print_region(self.regions[0], False, True)

    def verify(self):
        if len(self.regions[0].blocks) != 1:
            return "'test.affine_scope' op region #0 ('region') failed to verify constraint: region with 1 blocks"
        return None


@register_op
class TestAttrWithLocOp(RegisteredOp):
    """`test.attr_with_loc(<value> [loc(...)])`: both are properties; the
    location prints only with debug info, but it is still visited for
    aliases, so its `#loc` alias is defined at the top of the output."""

    name = "test.attr_with_loc"
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


