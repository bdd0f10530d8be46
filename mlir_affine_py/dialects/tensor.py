"""The tensor ops the corpus uses next to affine code: tensor.empty,
tensor.dim, tensor.expand_shape and tensor.collapse_shape
(mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td)."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Result, Variadic
from ..ir.traits import ConditionallySpeculatable, NoMemoryEffect, Pure, ShapedDimOpInterface
from ..parse.syntax import TOKEN, parse_error
from . import memref
from .base import RegisteredOp, attrs_of, new_op, types_of, uses


@register_op
class EmptyOp(RegisteredOp):
    """`tensor.empty(%d0, ...) {attrs} : tensor<?x4xf32>`, one index operand
    per dynamic dimension."""

    name = "tensor.empty"
    traits = (Pure,)
    ods_operands = (Variadic("dynamicSizes"),)
    ods_results = (Result("result"),)

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
    traits = (NoMemoryEffect, ConditionallySpeculatable, ShapedDimOpInterface)
    ods_operands = (Operand("source"), Operand("index"))
    ods_results = (Result("result"),)

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

    # The same custom form as memref.dim's.
    result_name_hints = memref.DimOp.result_name_hints
    print = memref.DimOp.print


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

    name = "tensor.expand_shape"
    traits = (Pure,)

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

    name = "tensor.collapse_shape"
    traits = (Pure,)

    syntax = r"""
        tensor_collapse_shape: OP_TENSOR_COLLAPSE_SHAPE VALUE_ID array_attr attr_dict? ":" type "into" type
    """

    def result_name_hints(self):
        return ["collapsed"]

    shaped_kind = (T.TensorType, "tensor of any type values")

    def verify(self):
        return (self.kinds_error()
                or _tensor_reshape_error(self, self.results[0].type, self.operands[0].type))
