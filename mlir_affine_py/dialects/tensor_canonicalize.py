"""Folds and canonicalization patterns of tensor's ops (mlir/lib/Dialect/
Tensor/IR/TensorOps.cpp) that the op classes of dialects/tensor.py
declare: tensor.cast and tensor.extract_slice."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES
from ..ir.matchers import constant_int_value
from .memref_canonicalize import (dispatch, fold_constant_arguments, mixed_values,
                                  slice_in_bounds)
from .memref_layout import DYNAMIC


def fold_tensor_cast(op, constants):
    """The CastOpInterface fold: a cast to its own type is its source."""
    return [op.operands[0]] if op.operands[0].type == op.results[0].type else None


def can_fold_into_consumer(cast) -> bool:
    """tensor::canFoldIntoConsumerOp: the cast only loses static
    information (its source is at least as static as its result)."""
    source, result = cast.operands[0].type, cast.results[0].type
    if not isinstance(source, T.TensorType) or not isinstance(result, T.TensorType):
        return False
    if len(source.shape) != len(result.shape) or source.element_type != result.element_type:
        return False
    return not any(a is None and b is not None for a, b in zip(source.shape, result.shape))


def slice_parts(op, first: int):
    """The (static, dynamic) offsets, sizes and strides of a slice op whose
    dynamic offsets are its operand segment `first`."""
    segments = op.properties["operandSegmentSizes"].value
    start = sum(segments[:first])
    parts = []
    for name, count in zip(("static_offsets", "static_sizes", "static_strides"),
                           segments[first:]):
        parts.append((op.properties[name].value, op.operands[start:start + count]))
        start += count
    return parts


def _parts(op):
    return [mixed_values(static, dynamic) for static, dynamic in slice_parts(op, 1)]


def _slice_type(source, sizes, rank: int):
    """ExtractSliceOp::inferCanonicalRankReducedResultType: the static sizes
    as a tensor, its first unit dims dropped down to `rank`."""
    shape = [None if size == DYNAMIC else size for size in dispatch(sizes)[0]]
    drop = len(shape) - rank
    kept = []
    for size in shape:
        if drop > 0 and size == 1:
            drop -= 1
            continue
        kept.append(size)
    return T.TensorType(kept, source.element_type, source.encoding)


def _new_slice(source, result_type, offsets, sizes, strides):
    statics, dynamics = zip(*(dispatch(part) for part in (offsets, sizes, strides)))
    op = OP_CLASSES["tensor.extract_slice"].build_generic((source, *dynamics), [result_type])
    op.properties.update({key: A.DenseArrayAttr(T.I64, static) for key, static in zip(
        ("static_offsets", "static_sizes", "static_strides"), statics)})
    return op


def _replace(rewriter, op, new) -> None:
    """SliceCanonicalizer: the new slice, cast back when its type differs."""
    value = new.results[0]
    if value.type != op.results[0].type:
        value = rewriter.insert(OP_CLASSES["tensor.cast"].build_generic(
            (value,), [op.results[0].type])).results[0]
    rewriter.replace_op(op, [value])


def slice_constant_argument_folder(op, rewriter) -> bool:
    """OpWithOffsetSizesAndStridesConstantArgumentFolder for extract_slice:
    one list of constant arguments at a time becomes static, unless the
    slice would leave the source."""
    folded = fold_constant_arguments(*_parts(op))
    if folded is None:
        return False
    offsets, sizes, strides = folded
    source = op.operands[0].type
    if not slice_in_bounds(source.shape, offsets, sizes, strides):
        return False
    result_type = _slice_type(source, sizes, len(op.results[0].type.shape))
    new = rewriter.insert(_new_slice(op.operands[0], result_type, offsets, sizes, strides))
    _replace(rewriter, op, new)
    return True


def slice_of_cast(op, rewriter) -> bool:
    """ExtractSliceOpCastFolder: a slice of a cast that only loses static
    information slices the cast's source."""
    cast = op.operands[0].defining_op
    if cast is None or cast.op_name != "tensor.cast" or not can_fold_into_consumer(cast):
        return False
    if any(constant_of_value(v) for v in op.operands[1:]):
        return False
    offsets, sizes, strides = _parts(op)
    source = cast.operands[0]
    if not slice_in_bounds(source.type.shape, offsets, sizes, strides):
        return False
    result_type = _slice_type(source.type, sizes, len(op.results[0].type.shape))
    new = rewriter.insert(_new_slice(source, result_type, offsets, sizes, strides))
    _replace(rewriter, op, new)
    return True


def constant_of_value(value) -> bool:
    return constant_int_value(value) is not None


EXTRACT_SLICE_PATTERNS = (slice_constant_argument_folder, slice_of_cast)
