"""The strided layout of memref types (mlir/lib/IR/BuiltinTypes.cpp
getStridesAndOffset) and SubViewOp::inferResultType: what memref's op
classes (dialects/memref.py) and their folds and patterns
(dialects/memref_canonicalize.py) share."""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T

# ShapedType::kDynamic, as the static_* arrays of the offset/size/stride ops hold it.
DYNAMIC = -(1 << 63)


def strides_and_offset(type):
    """MemRefType::getStridesAndOffset with None for dynamic entries: the
    identity layout's row-major strides, a strided<> layout's, or those of
    a one-result affine map that is a sum of strided terms; None when the
    layout is not strided."""
    layout = type.layout
    if isinstance(layout, A.StridedLayoutAttr):
        return list(layout.strides), layout.offset
    if isinstance(layout, A.AffineMapAttr):
        return _affine_map_strides(layout.value, type.rank)
    if layout is not None:
        return None
    strides, running = [], 1
    for size in reversed(type.shape):
        strides.append(running)
        running = None if running is None or size is None else running * size
    return strides[::-1], 0


def _affine_map_strides(map, rank: int):
    """BuiltinTypes.cpp `extractStrides` over the map's one result: each
    dim's coefficient is its stride, the rest the offset; a symbolic
    coefficient is dynamic.  None for a floordiv, ceildiv or mod."""
    from ..ir.affine_expr import ADD, MUL
    if len(map.results) != 1:
        return None
    strides, offset = [0] * rank, [0]

    def plus(a, b):
        return None if a is None or b is None else a + b

    def value(expr):
        return expr.value if expr.kind == "constant" else None

    def extract(expr, factor) -> bool:
        if expr.kind == "dim":
            strides[expr.position] = plus(strides[expr.position], factor)
        elif expr.kind in ("symbol", "constant"):
            offset[0] = plus(offset[0], _mul(value(expr), factor))
        elif expr.kind == ADD:
            return extract(expr.lhs, factor) and extract(expr.rhs, factor)
        elif expr.kind == MUL:
            if expr.lhs.kind == "dim":
                position = expr.lhs.position
                strides[position] = plus(strides[position], _mul(value(expr.rhs), factor))
            elif expr.lhs.is_symbolic_or_constant():
                return extract(expr.rhs, _mul(factor, value(expr.lhs)))
            else:
                return extract(expr.lhs, _mul(factor, value(expr.rhs)))
        else:
            return False
        return True

    return (strides, offset[0]) if extract(map.results[0], 1) else None


def _mul(a, b):
    # SaturatedInteger: a product with a static 0 is 0 even if the other
    # factor is dynamic.
    if a == 0 or b == 0:
        return 0
    return None if a is None or b is None else a * b


def _static(value):
    return None if value == DYNAMIC else value


def rank_reduction_mask(original, reduced):
    """Dims of `original` dropped to give `reduced` (only size-1 dims may go),
    or None when `reduced` is not such a rank reduction."""
    dropped, at = [], 0
    for index, size in enumerate(original):
        if at < len(reduced) and size == reduced[at]:
            at += 1
            continue
        if size != 1:
            return None
        dropped.append(index)
    return dropped if at == len(reduced) else None


def infer_subview_type(base, offsets, sizes, steps):
    """SubViewOp::inferResultType (not rank-reduced): offset += offset_i *
    stride_i and stride_i *= step_i, any unknown term making the result
    dynamic; the arguments are static arrays (DYNAMIC for a value).  None
    when `base` is not strided."""
    layout = strides_and_offset(base)
    if layout is None:
        return None
    strides, offset = layout
    for stride, start in zip(strides, offsets):
        term = _mul(_static(start), stride)
        offset = None if offset is None or term is None else offset + term
    return T.MemRefType([_static(s) for s in sizes], base.element_type,
                        A.StridedLayoutAttr([_mul(a, _static(b)) for a, b
                                             in zip(strides, steps)], offset),
                        base.memory_space)


def rank_reduction_by_strides(original, reduced, sizes):
    """computeMemRefRankReductionMask: the dims of `original` (sizes: the
    static size array, DYNAMIC for a value) that `reduced` drops: those of
    static size 1, told apart by their strides where more have size 1 than
    are dropped; None when `reduced` is no such reduction."""
    if len(original.shape) == len(reduced.shape):
        return set()
    unused = {i for i, size in enumerate(sizes) if size == 1}
    if len(unused) + len(reduced.shape) == len(original.shape):
        return unused
    original_layout, reduced_layout = strides_and_offset(original), strides_and_offset(reduced)
    if original_layout is None or reduced_layout is None:
        return None
    unaccounted = _occurrences(original_layout[0])
    candidate = _occurrences(reduced_layout[0])
    for dim in sorted(unused):
        stride = original_layout[0][dim]
        if unaccounted.get(stride, 0) > candidate.get(stride, 0):
            unaccounted[stride] -= 1
        elif unaccounted.get(stride, 0) == candidate.get(stride, 0):
            unused.discard(dim)
        else:
            return None
    return unused if len(unused) + len(reduced.shape) == len(original.shape) else None


def _occurrences(values) -> dict:
    counts: dict = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return counts
