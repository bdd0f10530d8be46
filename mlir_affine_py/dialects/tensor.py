"""The tensor ops the corpus uses next to affine code: tensor.empty,
tensor.dim, tensor.expand_shape and tensor.collapse_shape
(mlir/include/mlir/Dialect/Tensor/IR/TensorOps.td)."""

from __future__ import annotations

from ..ir import types as T
from ..ir.core import register_op
from ..ir.op_definition import Operand, Result, Variadic
from ..ir.side_effects import dim_speculatability, fold_static_dim
from ..ir.traits import ConditionallySpeculatable, NoMemoryEffect, Pure, ShapedDimOpInterface
from ..ir.type_constraints import (AnyNon0RankedOrUnrankedTensor, AnyRankedTensor,
                                   AnyStaticShapeTensor, AnyTensor, Index,
                                   TENSOR_1D_OF_INTEGER_OR_INDEX)
from ..parse.syntax import TOKEN, parse_error
from . import memref
from .arith import materialize_constant as materialize_arith_constant
from .base import RegisteredOp, attrs_of, new_op, types_of, uses
from .tensor_canonicalize import EXTRACT_SLICE_PATTERNS, fold_tensor_cast, slice_parts


@register_op
class EmptyOp(RegisteredOp):
    """`tensor.empty(%d0, ...) {attrs} : tensor<?x4xf32>`, one index operand
    per dynamic dimension."""

    name = "tensor.empty"
    traits = (Pure,)
    ods_operands = (Variadic("dynamicSizes", Index),)
    ods_results = (Result("result", AnyRankedTensor),)

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
    speculatability = dim_speculatability
    fold = fold_static_dim
    materialize_constant = staticmethod(materialize_arith_constant)
    ods_operands = (Operand("source", AnyNon0RankedOrUnrankedTensor), Operand("index", Index))
    ods_results = (Result("result", Index),)

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
    required_properties = ("reassociation", "static_output_shape")
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
    required_properties = ("reassociation",)
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


# ------------------------------------------------------------------------
# Ops declared by their ODS assembly format (ir/assembly_format.py).
from ..ir.attr_syntax import DenseArray, TypedInt, UnitAttr  # noqa: E402
from ..ir.op_definition import Property, RegionDef  # noqa: E402
from ..ir.traits import (AttrSizedOperandSegments, HasParent, RecursiveMemoryEffects,  # noqa: E402
                         ReturnLike, SingleBlockImplicitTerminator, Terminator)
from .custom_directives import DYNAMIC_INDEX_LIST  # noqa: E402
from .memref import DYNAMIC, verify_offset_size_and_stride  # noqa: E402


def _element_type(name):
    return lambda state: [state.types[name][0].element_type]


def element_types(shaped) -> list:
    """The types of the elements that make up a static `shaped` type, one
    each (the operands of tensor.from_elements and vector.from_elements)."""
    count = 1
    for size in shaped.shape:
        count *= size
    return [shaped.element_type] * count


@register_op
class CastOp(RegisteredOp):
    name = "tensor.cast"
    traits = (Pure,)
    fold = fold_tensor_cast
    ods_operands = (Operand("source"),)
    ods_results = (Result("dest"),)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    def result_name_hints(self):
        return ["cast"]


@register_op
class ExtractOp(RegisteredOp):
    name = "tensor.extract"
    traits = (Pure,)
    ods_operands = (Operand("tensor", AnyRankedTensor), Variadic("indices"))
    ods_results = (Result("result"),)
    ods_types = {"indices": T.INDEX, "result": _element_type("tensor")}
    ods_predicates = (("result type matches element type of tensor",
                       lambda op: op.results[0].type == op.operands[0].type.element_type),)
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor)"

    def result_name_hints(self):
        return ["extracted"]


@register_op
class InsertOp(RegisteredOp):
    name = "tensor.insert"
    traits = (Pure,)
    ods_operands = (Operand("scalar"), Operand("dest", AnyRankedTensor), Variadic("indices"))
    ods_results = (Result("result", AnyRankedTensor),)
    ods_types = {"indices": T.INDEX, "scalar": _element_type("dest"), "result": "dest"}
    assembly_format = "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)"

    def result_name_hints(self):
        return ["inserted"]


@register_op
class FromElementsOp(RegisteredOp):
    name = "tensor.from_elements"
    traits = (Pure,)
    ods_operands = (Variadic("elements"),)
    ods_results = (Result("result", AnyStaticShapeTensor),)
    ods_types = {"elements": lambda state: element_types(state.types["result"][0])}
    ods_predicates = (("operand types match result element type",
                       lambda op: [v.type for v in op.operands]
                       == element_types(op.results[0].type)),)
    assembly_format = "$elements attr-dict `:` type($result)"

    def result_name_hints(self):
        return ["from_elements"]


@register_op
class YieldOp(RegisteredOp):
    name = "tensor.yield"
    traits = (Pure, ReturnLike, Terminator, HasParent("tensor.generate", "tensor.pad"))
    ods_operands = (Operand("value"),)
    assembly_format = "$value attr-dict `:` type($value)"


@register_op
class GenerateOp(RegisteredOp):
    name = "tensor.generate"
    traits = (RecursiveMemoryEffects, SingleBlockImplicitTerminator("tensor.yield"))
    ods_operands = (Variadic("dynamicExtents"),)
    ods_results = (Result("result"),)
    ods_regions = (RegionDef("body", blocks=1),)
    ods_types = {"dynamicExtents": T.INDEX}
    assembly_format = "$dynamicExtents $body attr-dict `:` type($result)"

    def result_name_hints(self):
        return ["generated"]


@register_op
class ConcatOp(RegisteredOp):
    """`tensor.concat dim(0) %a, %b : (tensor<3x4xf32>, tensor<5x4xf32>) ->
    tensor<8x4xf32>` (TensorOps.td, Tensor_ConcatOp)."""

    name = "tensor.concat"
    required_properties = ("dim",)
    traits = (Pure,)
    ods_operands = (Variadic("inputs", AnyRankedTensor),)
    ods_results = (Result("result", AnyRankedTensor),)
    ods_properties = (Property("dim", TypedInt(T.I64)),)
    assembly_format = "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)"

    def result_name_hints(self):
        return ["concat"]

    def verify(self):
        """ConcatOp::verify: the inputs' ranks and element types are the
        result's, and the result's static sizes are those the inputs imply
        (equal sizes off the concatenated dimension, their sum on it)."""
        message = self._shape_error()
        return None if message is None else f"'tensor.concat' op {message}"

    def _shape_error(self):
        if not self.operands:
            return "requires at least one input"
        inputs = [value.type for value in self.operands]
        result = self.results[0].type
        rank = len(result.shape)
        if any(len(t.shape) != rank for t in inputs):
            return "rank of concatenated inputs must match result rank"
        if any(t.element_type != result.element_type for t in inputs):
            return "inputs and result element type must match"
        dim = self.properties["dim"].value
        if dim >= rank:
            return "concatenation dim must be less than the tensor rank"
        sizes: list = [None] * rank       # None: dynamic
        for i in range(rank):
            if i == dim:
                continue
            for t in inputs:
                size = t.shape[i]
                if size is not None and sizes[i] is not None and size != sizes[i]:
                    return f"static concatenation size mismatch along non-concatenated dimension {i}"
                sizes[i] = size if size is not None else sizes[i]
        along = [t.shape[dim] for t in inputs]
        sizes[dim] = None if None in along else sum(along)
        if any(a is not None and b is not None and a != b for a, b in zip(sizes, result.shape)):
            inferred = T.TensorType(sizes, result.element_type)
            return (f"result type '{result}'does not match inferred shape '{inferred}' "
                    "static sizes")
        return None


@register_op
class ReshapeOp(RegisteredOp):
    name = "tensor.reshape"
    traits = (Pure,)
    ods_operands = (Operand("source", AnyTensor), Operand("shape", TENSOR_1D_OF_INTEGER_OR_INDEX))
    ods_results = (Result("result", AnyTensor),)
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    def result_name_hints(self):
        return ["reshape"]


_SLICE_PROPERTIES = (Property("static_offsets"), Property("static_sizes"),
                     Property("static_strides"))
_SLICE_FORMAT = """
    custom<DynamicIndexList>($offsets, $static_offsets)
    custom<DynamicIndexList>($sizes, $static_sizes)
    custom<DynamicIndexList>($strides, $static_strides)
    attr-dict `:` """


def _rank_reduction_matches(original, reduced) -> bool:
    """computeRankReductionMask (BuiltinTypes.cpp): `reduced` is `original`
    with some of its unit dimensions dropped, sizes matched greedily."""
    taken = 0
    for size in original:
        if taken < len(reduced) and size == reduced[taken]:
            taken += 1
        elif size != 1:
            return False
    return taken == len(reduced)


def slice_type_error(expected, candidate) -> str | None:
    """isRankReducedType and produceSliceErrorMsg (TensorOps.cpp): whether
    `candidate` is the inferred slice type `expected` or a rank-reduced
    version of it."""
    if expected == candidate:
        return None
    if candidate.rank > expected.rank:
        return "expected rank to be smaller or equal to the other rank. "
    if not _rank_reduction_matches(expected.shape, candidate.shape):
        return f"expected type to be '{expected}' or a rank-reduced version. (size mismatch) "
    if expected.element_type != candidate.element_type:
        return f"expected element type to be '{expected.element_type}'"
    return None


def in_bounds_slice_error(shape, offsets, sizes, strides) -> str | None:
    """verifyInBoundsSlice (ViewLikeInterface.cpp), with its message: each
    static offset inside its static dimension, and the last element of the
    slice too."""
    for i, dim in enumerate(shape):
        if dim is None or offsets[i] == DYNAMIC:
            continue
        if offsets[i] >= dim:
            return f"offset {i} is out-of-bounds: {offsets[i]} >= {dim}"
        if sizes[i] == DYNAMIC or strides[i] == DYNAMIC:
            continue
        last = offsets[i] + (sizes[i] - 1) * strides[i]
        if last >= dim:
            return f"slice along dimension {i} runs out-of-bounds: {last} >= {dim}"
    return None


def _verify_slice(op, first: int, sliced, candidate):
    """ExtractSliceOp::verify and InsertSliceOp::verify: the interface's
    rules, then `candidate` against the slice of `sliced` the static sizes
    give, then the slice within `sliced`."""
    parts = slice_parts(op, first)
    error = verify_offset_size_and_stride(parts, (sliced.rank,) * 3)
    if error:
        return error
    (offsets, _), (sizes, _), (strides, _) = parts
    expected = T.TensorType([None if size == DYNAMIC else size for size in sizes],
                            sliced.element_type, sliced.encoding)
    return (slice_type_error(expected, candidate)
            or in_bounds_slice_error(sliced.shape, offsets, sizes, strides))


@register_op
class ExtractSliceOp(RegisteredOp):
    name = "tensor.extract_slice"
    canonicalization_patterns = EXTRACT_SLICE_PATTERNS
    required_properties = ("static_offsets", "static_sizes", "static_strides")
    traits = (AttrSizedOperandSegments, Pure)
    ods_operands = (Operand("source"), Variadic("offsets"), Variadic("sizes"),
                    Variadic("strides"))
    ods_results = (Result("result"),)
    ods_properties = _SLICE_PROPERTIES
    ods_types = {"offsets": T.INDEX, "sizes": T.INDEX, "strides": T.INDEX}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = "$source ``" + _SLICE_FORMAT + "type($source) `to` type($result)"

    def result_name_hints(self):
        return ["extracted_slice"]

    def verify(self):
        return _verify_slice(self, 1, self.operands[0].type, self.results[0].type)


@register_op
class InsertSliceOp(RegisteredOp):
    name = "tensor.insert_slice"
    required_properties = ("static_offsets", "static_sizes", "static_strides")
    traits = (AttrSizedOperandSegments, Pure)
    ods_operands = (Operand("source"), Operand("dest"), Variadic("offsets"), Variadic("sizes"),
                    Variadic("strides"))
    ods_results = (Result("result"),)
    ods_properties = _SLICE_PROPERTIES
    ods_types = {"offsets": T.INDEX, "sizes": T.INDEX, "strides": T.INDEX, "result": "dest"}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = ("$source `into` $dest ``" + _SLICE_FORMAT +
                       "type($source) `into` type($dest)")

    def result_name_hints(self):
        return ["inserted_slice"]

    def verify(self):
        return _verify_slice(self, 2, self.operands[1].type, self.operands[0].type)


@register_op
class RankOp(RegisteredOp):
    name = "tensor.rank"
    traits = (Pure,)
    ods_operands = (Operand("tensor"),)
    ods_results = (Result("result"),)
    ods_types = {"result": T.INDEX}
    assembly_format = "$tensor attr-dict `:` type($tensor)"

    def result_name_hints(self):
        return ["rank"]


@register_op
class PadOp(RegisteredOp):
    name = "tensor.pad"
    required_properties = ("static_high", "static_low")
    traits = (AttrSizedOperandSegments, Pure, SingleBlockImplicitTerminator("tensor.yield"))
    ods_operands = (Operand("source"), Variadic("low"), Variadic("high"))
    ods_results = (Result("result"),)
    ods_properties = (Property("static_low"), Property("static_high"),
                      Property("nofold", UnitAttr()))
    ods_regions = (RegionDef("region", blocks=1),)
    ods_types = {"low": T.INDEX, "high": T.INDEX}
    custom_DynamicIndexList = DYNAMIC_INDEX_LIST
    assembly_format = """
        $source (`nofold` $nofold^)?
        `low` `` custom<DynamicIndexList>($low, $static_low)
        `high` `` custom<DynamicIndexList>($high, $static_high)
        $region attr-dict `:` type($source) `to` type($result)
    """

    def result_name_hints(self):
        return ["padded"]

    def verify(self):
        """PadOp::verify: the result type against the one inferred from
        the source and the static padding (a dynamic dimension matches any)."""
        source, result = self.operands[0].type, self.results[0].type
        if not isinstance(source, T.TensorType) or not isinstance(result, T.TensorType):
            return None
        low, high = (self.properties[name].value for name in ("static_low", "static_high"))
        if len(low) != len(source.shape) or len(high) != len(source.shape):
            return (f"failed to infer expectedType from sourceType '{source}', specified "
                    f"resultType is '{result}'")
        expected = T.TensorType([None if size is None or DYNAMIC in (before, after)
                                 else size + before + after
                                 for size, before, after in zip(source.shape, low, high)],
                                source.element_type)
        if len(result.shape) != len(expected.shape) or any(
                want is not None and got != want
                for got, want in zip(result.shape, expected.shape)):
            return f"specified type '{result}' does not match the inferred type '{expected}'"
        return None


@register_op
class SplatOp(RegisteredOp):
    name = "tensor.splat"
    traits = (Pure,)
    ods_operands = (Operand("input"), Variadic("dynamicSizes"))
    ods_results = (Result("aggregate", AnyRankedTensor),)
    ods_types = {"input": _element_type("aggregate"), "dynamicSizes": T.INDEX}
    ods_predicates = (("operand type matches element type of result",
                       lambda op: op.operands[0].type == op.results[0].type.element_type),)
    assembly_format = "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)"

    def result_name_hints(self):
        return ["splat"]


@register_op
class GatherOp(RegisteredOp):
    name = "tensor.gather"
    required_properties = ("gather_dims",)
    traits = (Pure,)
    ods_operands = (Operand("source"), Operand("indices"))
    ods_results = (Result("result"),)
    ods_properties = (Property("gather_dims", DenseArray()), Property("unique", UnitAttr()))
    assembly_format = """
        $source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)?
        attr-dict `:` functional-type(operands, results)
    """

    def result_name_hints(self):
        return ["gather"]

    def verify(self):
        """GatherOp::verify."""
        source, indices, result = (v.type for v in (*self.operands, self.results[0]))
        dims = self.properties["gather_dims"].value
        return _verify_gather_or_scatter_dims(dims, indices.shape, len(source.shape), "gather",
                                              "source") \
            or _gathered_type_error(source, indices, dims, result, "result")


@register_op
class ScatterOp(RegisteredOp):
    name = "tensor.scatter"
    required_properties = ("scatter_dims",)
    traits = (Pure,)
    ods_operands = (Operand("source"), Operand("dest"), Operand("indices"))
    ods_results = (Result("result"),)
    ods_properties = (Property("scatter_dims", DenseArray()), Property("unique", UnitAttr()))
    assembly_format = """
        $source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)`
        (`unique` $unique^)? attr-dict `:` functional-type(operands, results)
    """

    def result_name_hints(self):
        return ["scatter"]

    def verify(self):
        """ScatterOp::verify."""
        source, dest, indices = (v.type for v in self.operands)
        dims = self.properties["scatter_dims"].value
        found = _verify_gather_or_scatter_dims(dims, indices.shape, len(dest.shape), "scatter",
                                               "dest")
        if found is None and "unique" not in self.properties:
            found = "'tensor.scatter' op requires 'unique' attribute to be set"
        return found or _gathered_type_error(dest, indices, dims, source, "source")


def _verify_gather_or_scatter_dims(dims, indices_shape, rank: int, kind: str, operand: str):
    """verifyGatherOrScatterDims (TensorOps.cpp)."""
    prefix = f"'tensor.{kind}' op {kind}_dims"
    if not dims:
        return f"{prefix} must be non-empty"
    if len(dims) > rank:
        return f"{prefix} overflow {operand} rank"
    if not indices_shape or indices_shape[-1] != len(dims):
        return f"{prefix} length must match the size of last dimension of indices"
    for value in dims:
        if value < 0:
            return f"{prefix} value must be non-negative"
        if value >= rank:
            return f"{prefix} value must be smaller than {operand} rank"
    if any(a >= b for a, b in zip(dims, dims[1:])):
        return f"{prefix} values must be strictly increasing"
    return None


def _gathered_type_error(source, indices, dims, found, role: str):
    """The type mismatch of a gather's result or a scatter's source with
    GatherOp::inferResultType, whole or rank-reduced."""
    def inferred(rank_reduced: bool):
        shape = list(indices.shape[:-1])
        for index, size in enumerate(source.shape):
            if index not in dims:
                shape.append(size)
            elif not rank_reduced:
                shape.append(1)
        return T.TensorType(shape, source.element_type)
    expected, reduced = inferred(False), inferred(True)
    if found in (expected, reduced):
        return None
    op = "scatter" if role == "source" else "gather"
    return (f"'tensor.{op}' op {role} type mismatch: expected '{expected}' or its "
            f"rank-reduced variant '{reduced}' (got: '{found}')")
