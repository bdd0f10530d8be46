"""Folds and canonicalization patterns of memref's ops (mlir/lib/Dialect/
MemRef/IR/MemRefOps.cpp), which the op classes of dialects/memref.py
declare (`fold`, `canonicalization_patterns`).  A fold answers None, []
(the op changed in place) or one Value or Attribute per result; a pattern
takes the op and the rewriter and says whether it changed the IR.
"""

from __future__ import annotations

from ..ir import attributes as A
from ..ir import types as T
from ..ir.core import OP_CLASSES
from ..ir.matchers import constant_int_value
from ..ir.side_effects import (allocates_in_automatic_scope, declared_effects, fold_static_dim,
                               is_registered)
from ..ir.traits import AutomaticAllocationScope, RecursiveMemoryEffects
from .memref_layout import (DYNAMIC, infer_subview_type, rank_reduction_by_strides,
                            strides_and_offset)


def _defined_by(value, name: str):
    op = value.defining_op
    return op if op is not None and op.op_name == name else None


def fold_memref_cast(op, inner=None) -> bool:
    """foldMemRefCast: operands produced by a memref.cast of a ranked
    memref take the cast's source, in place."""
    folded = False
    for index, value in enumerate(op.operands):
        cast = _defined_by(value, "memref.cast")
        if (cast is not None and value is not inner
                and not isinstance(cast.operands[0].type, T.UnrankedMemRefType)):
            op.set_operand(index, cast.operands[0])
            folded = True
    return folded


def fold_through_casts(op, constants):
    """The fold of the ops that only take their memrefs through casts
    (load, dealloc, prefetch, dma): in place."""
    return [] if fold_memref_cast(op) else None


def fold_stored_through_casts(op, constants):
    """StoreOp's and AtomicRMWOp's fold: the memref through casts, not the
    value stored (a memref may be stored)."""
    return [] if fold_memref_cast(op, op.operands[0]) else None


def fold_cast(op, constants):
    """CastOp::fold: cast(cast(x)) -> cast(x), in place."""
    return [] if fold_memref_cast(op) else None


def can_fold_into_consumer(cast) -> bool:
    """CastOp::canFoldIntoConsumerOp: the cast only makes a ranked strided
    memref more dynamic."""
    source, result = cast.operands[0].type, cast.results[0].type
    if not isinstance(source, T.MemRefType) or not isinstance(result, T.MemRefType):
        return False
    if source.element_type != result.element_type or len(source.shape) != len(result.shape):
        return False
    source_parts, result_parts = strides_and_offset(source), strides_and_offset(result)
    if source_parts is None or result_parts is None:
        return False
    def more_static(a, b) -> bool:
        return a != b and a is None and b is not None
    if any(more_static(a, b) for a, b in zip(source.shape, result.shape)):
        return False
    if more_static(source_parts[1], result_parts[1]):
        return False
    return not any(more_static(a, b) for a, b in zip(source_parts[0], result_parts[0]))


def fold_copy(op, constants):
    """CopyOp::fold (FoldCopyOfCast): a cast that only relaxes the layout
    is skipped."""
    folded = False
    for index, value in enumerate(op.operands):
        cast = _defined_by(value, "memref.cast")
        if cast is not None and can_fold_into_consumer(cast):
            op.set_operand(index, cast.operands[0])
            folded = True
    return [] if folded else None


def fold_empty_copy(op, rewriter) -> bool:
    """FoldEmptyCopy: a copy of or to a memref with a zero extent."""
    if any(isinstance(v.type, T.MemRefType) and 0 in v.type.shape for v in op.operands):
        rewriter.erase_op(op)
        return True
    return False


def fold_self_copy(op, rewriter) -> bool:
    """FoldSelfCopy: memref.copy %x, %x."""
    if op.operands[0] is not op.operands[1]:
        return False
    rewriter.erase_op(op)
    return True


COPY_PATTERNS = (fold_empty_copy, fold_self_copy)


# ------------------------------------------------------------------ alloc
def simplify_alloc_const(alloc, rewriter) -> bool:
    """SimplifyAllocConst: constant non-negative dynamic sizes become
    static extents, and a memref.cast gives back the old type."""
    memref_type = alloc.results[0].type
    dynamic = alloc.operands[:sum(1 for d in memref_type.shape if d is None)]
    symbols = alloc.operands[len(dynamic):]
    def constant_size(value):
        size = constant_int_value(value)
        return size if size is not None and size >= 0 else None
    if all(constant_size(v) is None for v in dynamic):
        return False
    shape, sizes, at = [], [], 0
    for extent in memref_type.shape:
        if extent is not None:
            shape.append(extent)
            continue
        size = constant_size(dynamic[at])
        if size is not None:
            shape.append(size)
        else:
            shape.append(None)
            sizes.append(dynamic[at])
        at += 1
    new_type = T.MemRefType(shape, memref_type.element_type, memref_type.layout,
                            memref_type.memory_space)
    alignment = alloc.properties.get("alignment")
    new = rewriter.insert(type(alloc).build(new_type, sizes, symbols,
                                            alignment.value if alignment else None))
    cast = rewriter.insert(OP_CLASSES["memref.cast"].build_generic((new.results[0],),
                                                                    [memref_type]))
    rewriter.replace_op(alloc, cast.results)
    return True


def simplify_dead_alloc(alloc, rewriter) -> bool:
    """SimplifyDeadAlloc: an allocation only stored into and deallocated."""
    result = alloc.results[0]
    users = [user for user, _ in result.uses]
    for user in users:
        if user.op_name == "memref.store":
            if user.operands[0] is result:
                return False
        elif user.op_name != "memref.dealloc":
            return False
    for user in dict.fromkeys(users):
        rewriter.erase_op(user)
    rewriter.erase_op(alloc)
    return True


ALLOC_PATTERNS = (simplify_alloc_const, simplify_dead_alloc)
REALLOC_PATTERNS = (simplify_dead_alloc,)


# -------------------------------------------------------------------- dim
def fold_dim(op, constants):
    """DimOp::fold: a static extent; the size operand of an alloc, alloca
    or view for a dynamic one; through a memref.cast."""
    static = fold_static_dim(op, constants)
    if static is not None:
        return static
    index = constants[1]
    type = op.operands[0].type
    if not isinstance(index, A.IntegerAttr) or not isinstance(type, T.MemRefType):
        return None
    if not 0 <= index.value < len(type.shape):
        return None
    producer = op.operands[0].defining_op
    if producer is not None and producer.op_name in ("memref.alloc", "memref.alloca",
                                                      "memref.view"):
        position = sum(1 for d in type.shape[:index.value] if d is None)
        sizes = producer.operands[2:] if producer.op_name == "memref.view" else producer.operands
        return [sizes[position]]
    return [] if fold_memref_cast(op) else None


# ---------------------------------------------------------------- others
def fold_rank(op, constants):
    """RankOp::fold: the rank of a ranked memref."""
    type = op.operands[0].type
    if isinstance(type, T.MemRefType):
        return [A.IntegerAttr(len(type.shape), T.INDEX)]
    return None


def fold_reshape(op, constants):
    """foldReshapeOp: a reshape to its own type is its source, and so is
    one that undoes the inverse reshape it reads."""
    source = op.operands[0]
    if source.type == op.results[0].type:
        return [source]
    inverse = {"memref.collapse_shape": "memref.expand_shape",
               "memref.expand_shape": "memref.collapse_shape"}[op.op_name]
    producer = _defined_by(source, inverse)
    if producer is not None and producer.operands[0].type == op.results[0].type:
        return [producer.operands[0]]
    return None


def fold_memory_space_cast(op, constants):
    """MemorySpaceCastOp::fold: a cast of a memory_space_cast takes its
    source, in place."""
    producer = _defined_by(op.operands[0], "memref.memory_space_cast")
    if producer is not None:
        op.set_operand(0, producer.operands[0])
        return []
    return None


def fold_transpose(op, constants):
    """TransposeOp::fold: the identity to the same type is its source; a
    transpose of a transpose is one of the composed permutation."""
    permutation = op.properties["permutation"].value
    if permutation.is_identity() and op.results[0].type == op.operands[0].type:
        return [op.operands[0]]
    producer = _defined_by(op.operands[0], "memref.transpose")
    if producer is not None:
        op.properties["permutation"] = A.AffineMapAttr(
            permutation.compose(producer.properties["permutation"].value))
        op.set_operand(0, producer.operands[0])
        return []
    return None


def fold_reinterpret_cast(op, constants):
    """ReinterpretCastOp::fold: it reads through a reinterpret_cast, a cast
    or a subview at offset 0 (in place); one that changes nothing is its
    source."""
    source = op.operands[0]
    producer = source.defining_op
    previous = None
    if producer is not None:
        if producer.op_name in ("memref.reinterpret_cast", "memref.cast"):
            previous = producer.operands[0]
        elif producer.op_name == "memref.subview":
            offsets, dynamic = producer.mixed_parts()[0]
            if all(offset == 0 for offset in offsets):
                previous = producer.operands[0]
    if previous is not None:
        op.set_operand(0, previous)
        return []
    type = op.results[0].type
    if (None not in type.shape and source.type == type
            and op.properties["static_offsets"].value[0] == 0):
        return [source]
    return None


# ---------------------------------------------------------------- subview
def mixed_values(static, dynamic) -> list:
    """getMixedValues: each entry an int, or the Value standing for it."""
    values, at = [], 0
    for entry in static:
        if entry == DYNAMIC:
            values.append(dynamic[at])
            at += 1
        else:
            values.append(entry)
    return values


def dispatch(mixed):
    """dispatchIndexOpFoldResults: (static array, dynamic values)."""
    static = [DYNAMIC if hasattr(v, "uses") else v for v in mixed]
    return static, [v for v in mixed if hasattr(v, "uses")]


def constant_of(entry):
    """getConstantIntValue of an OpFoldResult."""
    return constant_int_value(entry) if hasattr(entry, "uses") else entry


def fold_dynamic_index_list(mixed, only_non_negative: bool = False,
                            only_non_zero: bool = False):
    """foldDynamicIndexList: constant values become static entries; the
    new list, or None when nothing changed."""
    folded, changed = [], False
    for entry in mixed:
        value = constant_of(entry) if hasattr(entry, "uses") else None
        if (value is not None and (value >= 0 or not only_non_negative)
                and (value != 0 or not only_non_zero)):
            folded.append(value)
            changed = True
        else:
            folded.append(entry)
    return folded if changed else None


def fold_constant_arguments(offsets, sizes, strides):
    """The constant folding of OpWithOffsetSizesAndStridesConstantArgumentFolder:
    one list at a time, offsets first (upstream's `failed(...) && ...`
    stops at the first list that folds; the next application folds the
    next list); None when no list folds."""
    new_offsets = fold_dynamic_index_list(offsets, only_non_negative=True)
    new_sizes = None if new_offsets else fold_dynamic_index_list(sizes, only_non_negative=True)
    new_strides = (None if new_offsets or new_sizes
                   else fold_dynamic_index_list(strides, only_non_zero=True))
    if new_offsets is None and new_sizes is None and new_strides is None:
        return None
    return new_offsets or offsets, new_sizes or sizes, new_strides or strides


def slice_in_bounds(shape, offsets, sizes, strides) -> bool:
    """verifyInBoundsSlice on mixed lists: a slice the verifier would refuse
    (leaving the source's static extents) is not made."""
    for extent, offset, size, stride in zip(shape, *(dispatch(part)[0] for part in
                                                     (offsets, sizes, strides))):
        if extent is None or offset == DYNAMIC:
            continue
        if offset >= extent or (DYNAMIC not in (size, stride)
                                and offset + (size - 1) * stride >= extent):
            return False
    return True


def _subview_parts(op):
    return [mixed_values(static, dynamic) for static, dynamic in op.mixed_parts()]


def _build_offset_size_stride(name, source, result_type, offsets, sizes, strides):
    """A memref.subview or memref.reinterpret_cast of mixed parts."""
    statics, dynamics = zip(*(dispatch(part) for part in (offsets, sizes, strides)))
    properties = {key: A.DenseArrayAttr(T.I64, static) for key, static
                  in zip(("static_offsets", "static_sizes", "static_strides"), statics)}
    op = OP_CLASSES[name].build_generic((source, *dynamics), [result_type])
    op.properties.update(properties)
    return op


def _build_subview(source, result_type, offsets, sizes, strides):
    return _build_offset_size_stride("memref.subview", source, result_type, offsets, sizes,
                                     strides)


def dropped_dims(op):
    """SubViewOp::getDroppedDims: the source dims the result drops."""
    return rank_reduction_by_strides(op.operands[0].type, op.results[0].type,
                                     dispatch(_subview_parts(op)[1])[0])


def canonical_subview_type(op, source_type, offsets, sizes, strides):
    """SubViewReturnTypeCanonicalizer / getCanonicalSubViewResultType: the
    type inferred from `source_type` and the (folded) parts, without the
    dims `op` drops; None when the slice leaves a static source dim."""
    if not slice_in_bounds(source_type.shape, offsets, sizes, strides):
        return None
    statics = [dispatch(part)[0] for part in (offsets, sizes, strides)]
    inferred = infer_subview_type(source_type, *statics)
    dropped = dropped_dims(op)
    if inferred is None or dropped is None:
        return None
    if not dropped:
        return inferred
    layout = inferred.layout
    keep = [i for i in range(len(inferred.shape)) if i not in dropped]
    return T.MemRefType([inferred.shape[i] for i in keep], inferred.element_type,
                        A.StridedLayoutAttr([layout.strides[i] for i in keep], layout.offset),
                        inferred.memory_space)


def _replace_by_cast(rewriter, op, value) -> None:
    cast = rewriter.insert(OP_CLASSES["memref.cast"].build_generic((value,),
                                                                    [op.results[0].type]))
    rewriter.replace_op(op, cast.results)


def subview_constant_argument_folder(op, rewriter) -> bool:
    """OpWithOffsetSizesAndStridesConstantArgumentFolder: constant
    offsets, sizes (non-negative) and strides become static, the result
    type is inferred again, and a cast gives back the old type."""
    folded = fold_constant_arguments(*_subview_parts(op))
    if folded is None:
        return False
    offsets, sizes, strides = folded
    result_type = canonical_subview_type(op, op.operands[0].type, offsets, sizes, strides)
    if result_type is None:
        return False
    new = rewriter.insert(_build_subview(op.operands[0], result_type, offsets, sizes, strides))
    _replace_by_cast(rewriter, op, new.results[0])
    return True


def subview_of_memref_cast(op, rewriter) -> bool:
    """SubViewOpMemRefCastFolder: a subview of a cast that only relaxes
    the type takes the cast's source."""
    if any(constant_int_value(v) is not None for v in op.operands):
        return False
    cast = _defined_by(op.operands[0], "memref.cast")
    if cast is None or not can_fold_into_consumer(cast):
        return False
    offsets, sizes, strides = _subview_parts(op)
    result_type = canonical_subview_type(op, cast.operands[0].type, offsets, sizes, strides)
    if result_type is None:
        return False
    new = rewriter.insert(_build_subview(cast.operands[0], result_type, offsets, sizes,
                                         strides))
    _replace_by_cast(rewriter, op, new.results[0])
    return True


def _is_trivial_subview(op) -> bool:
    source, result = op.operands[0].type, op.results[0].type
    if len(source.shape) != len(result.shape):
        return False
    offsets, sizes, strides = _subview_parts(op)
    return (all(constant_of(v) == 0 for v in offsets)
            and all(constant_of(v) == 1 for v in strides)
            and all(constant_of(v) == extent and extent is not None
                    for v, extent in zip(sizes, source.shape)))


def trivial_subview(op, rewriter) -> bool:
    """TrivialSubViewOpFolder: a subview of the whole source."""
    if not _is_trivial_subview(op):
        return False
    if op.operands[0].type == op.results[0].type:
        rewriter.replace_op(op, [op.operands[0]])
    else:
        _replace_by_cast(rewriter, op, op.operands[0])
    return True


def fold_subview(op, constants):
    """SubViewOp::fold: a subview to the source's own static type, or a
    no-op subview of a subview of the same sizes, is its source."""
    source, result = op.operands[0].type, op.results[0].type
    layout = result.layout
    static_layout = not isinstance(layout, A.StridedLayoutAttr) or (
        layout.offset is not None and None not in layout.strides)
    if result == source and None not in result.shape and static_layout:
        return [op.operands[0]]
    producer = _defined_by(op.operands[0], "memref.subview")
    if producer is not None:
        offsets, sizes, strides = _subview_parts(op)
        if (all(constant_of(v) == 0 for v in offsets)
                and all(constant_of(v) == 1 for v in strides)
                and sizes == _subview_parts(producer)[1] and result == source):
            return [op.operands[0]]
    return None


SUBVIEW_PATTERNS = (subview_constant_argument_folder, subview_of_memref_cast, trivial_subview)


# -------------------------------------------------------------- reshapes
def _groups(op) -> list:
    return [[entry.value for entry in group.value] for group in op.properties["reassociation"].value]


def reassociation_attr(groups) -> A.ArrayAttr:
    return A.ArrayAttr([A.ArrayAttr([A.IntegerAttr(d, T.I64) for d in group])
                        for group in groups])


def compose_reassociation(producer, consumer):
    """composeReassociationIndices: the groups of the larger list joined
    along the smaller one; None for lists of one length."""
    if len(producer) == len(consumer):
        return None
    if len(producer) < len(consumer):
        producer, consumer = consumer, producer
    if not consumer:
        return []
    if len(producer) != sum(len(group) for group in consumer):
        return None
    return [[d for index in group for d in producer[index]] for group in consumer]


def _new_reshape(name, source, result_type, groups, output_shape=None):
    operands = (source,) if output_shape is None else (source, output_shape[1])
    op = OP_CLASSES[name].build_generic(operands, [result_type])
    op.properties["reassociation"] = reassociation_attr(groups)
    if output_shape is not None:
        op.properties["static_output_shape"] = A.DenseArrayAttr(T.I64, output_shape[0])
    return op


def compose_reassociative_reshapes(op, rewriter) -> bool:
    """ComposeReassociativeReshapeOps: a reshape of a reshape of the same
    kind is one reshape, over identity layouts."""
    producer = _defined_by(op.operands[0], op.op_name)
    if producer is None or any(v.type.layout is not None for v in
                               (producer.operands[0], op.operands[0], op.results[0])):
        return False
    groups = compose_reassociation(_groups(producer), _groups(op))
    if groups is None:
        return False
    output_shape = None
    if op.op_name == "memref.expand_shape":
        output_shape = (list(op.properties["static_output_shape"].value), op.operands[1:])
    new = rewriter.insert(_new_reshape(op.op_name, producer.operands[0], op.results[0].type,
                                       groups, output_shape))
    rewriter.replace_op(op, new.results)
    return True


def collapsed_type(source, groups):
    """CollapseShapeOp::computeCollapsedType for an identity layout (None
    for another)."""
    if source.layout is not None:
        return None
    shape = []
    for group in groups:
        size = 1
        for d in group:
            size = None if size is None or source.shape[d] is None else size * source.shape[d]
        shape.append(size)
    return T.MemRefType(shape, source.element_type, None, source.memory_space)


def collapse_of_memref_cast(op, rewriter) -> bool:
    """CollapseShapeOpMemRefCastFolder: a collapse of a cast that only
    relaxes the type collapses the cast's source."""
    cast = _defined_by(op.operands[0], "memref.cast")
    if cast is None or not can_fold_into_consumer(cast):
        return False
    new_type = collapsed_type(cast.operands[0].type, _groups(op))
    if new_type is None:
        return False
    if new_type == op.results[0].type:
        rewriter.modify_op_in_place(op, lambda: op.set_operand(0, cast.operands[0]))
        return True
    new = rewriter.insert(_new_reshape("memref.collapse_shape", cast.operands[0], new_type,
                                       _groups(op)))
    _replace_by_cast(rewriter, op, new.results[0])
    return True


def _identity_layout(type) -> bool:
    """MemRefLayoutAttrInterface::isIdentity: no layout, or one whose map
    is the identity (strided<[1]> of a rank-1 memref)."""
    layout = type.layout
    if layout is None:
        return True
    if isinstance(layout, A.StridedLayoutAttr):
        return layout.offset == 0 and list(layout.strides) == [1]
    return isinstance(layout, A.AffineMapAttr) and layout.value.is_identity()


def compose_collapse_of_expand(op, rewriter) -> bool:
    """ComposeCollapseOfExpandOp, where the collapse undoes the expansion's
    rank: a cast of the expansion's source."""
    expand = _defined_by(op.operands[0], "memref.expand_shape")
    if expand is None or not all(_identity_layout(v.type) for v in
                                 (op.operands[0], expand.operands[0], expand.results[0])):
        return False
    source, result_type = expand.operands[0], op.results[0].type
    if len(source.type.shape) != len(result_type.shape) or _groups(op) != _groups(expand):
        return False
    if source.type == result_type:
        rewriter.replace_op(op, [source])
    else:
        _replace_by_cast(rewriter, op, source)
    return True


EXPAND_PATTERNS = (compose_reassociative_reshapes,)
COLLAPSE_PATTERNS = (compose_reassociative_reshapes, compose_collapse_of_expand,
                     collapse_of_memref_cast)


# ------------------------------------------------------------ dim of reshape
def _parent_block(value):
    owner = value.owner
    return owner.parent if hasattr(owner, "results") else owner


def _is_proper_ancestor(region, other) -> bool:
    """Region::isProperAncestor: `other` is nested in `region`."""
    while other is not None and other.parent is not None:
        holder = other.parent
        block = holder.parent
        other = block.parent if block is not None else None
        if other is region:
            return True
    return False


def dim_of_memref_reshape(op, rewriter) -> bool:
    """DimOfMemRefReshape: the dim of a memref.reshape is a load of its
    shape operand, where the index dominates the reshape."""
    reshape = _defined_by(op.operands[0], "memref.reshape")
    if reshape is None:
        return False
    index = op.operands[1]
    block = reshape.parent
    if _parent_block(index) is block:
        producer = index.defining_op
        if producer is not None and block.ops.index(reshape) < block.ops.index(producer):
            return False
    elif op.parent is not block and not _is_proper_ancestor(_parent_block(index).parent,
                                                            block.parent):
        return False
    rewriter.set_insertion_point_after(reshape)
    rewriter.loc = op.pos       # placed after the reshape, located at the dim
    load = rewriter.insert(OP_CLASSES["memref.load"].build(reshape.operands[1], [index]))
    value = load.results[0]
    if value.type != op.results[0].type:
        value = rewriter.insert(OP_CLASSES["arith.index_cast"].build(
            value, op.results[0].type)).results[0]
    rewriter.replace_op(op, [value])
    return True


DIM_PATTERNS = (dim_of_memref_reshape,)


# ------------------------------------------- reinterpret_cast and metadata
def constify(values, static) -> list:
    """constifyIndexValues: an entry known from the type (static) or a
    constant becomes its int."""
    out = []
    for value, known in zip(values, static):
        if known is not None and known != DYNAMIC:
            out.append(known)
        else:
            constant = constant_of(value)
            out.append(value if constant is None else constant)
    return out


def _metadata_parts(op):
    """ExtractStridedMetadataOp's constified (offset, sizes, strides)."""
    source = op.operands[0].type
    rank = len(source.shape)
    strides, offset = strides_and_offset(source)
    results = op.results
    return (constify([results[1]], [offset])[0], constify(results[2:2 + rank], source.shape),
            constify(results[2 + rank:], strides))


def _reinterpret_parts(op):
    """ReinterpretCastOp's constified (offset, sizes, strides)."""
    result = op.results[0].type
    strides, offset = strides_and_offset(result)
    offsets, sizes, steps = _subview_parts(op)
    return constify(offsets, [offset])[0], constify(sizes, result.shape), constify(steps, strides)


def fold_extract_strided_metadata(op, constants):
    """ExtractStridedMetadataOp::fold: the uses of results the source type
    knows become constants; it reads through a cast (in place)."""
    changed = False
    offset, sizes, strides = _metadata_parts(op)
    block = op.parent
    for result, known in zip(op.results[1:], [offset, *sizes, *strides]):
        if not result.uses or hasattr(known, "uses"):
            continue
        constant = OP_CLASSES["arith.constant"].build(A.IntegerAttr(known, T.INDEX))
        block.insert(block.ops.index(op), constant)
        result.replace_all_uses_with(constant.results[0])
        changed = True
    cast = _defined_by(op.operands[0], "memref.cast")
    if cast is not None and isinstance(cast.operands[0].type, T.MemRefType):
        op.set_operand(0, cast.operands[0])
        changed = True
    return [] if changed else None


def reinterpret_of_extract_strided_metadata(op, rewriter) -> bool:
    """ReinterpretCastOpExtractStridedMetadataFolder: rebuilding a memref
    from its own metadata is the memref (or a cast of it); otherwise the
    reinterpret_cast reads the metadata's source."""
    metadata = _defined_by(op.operands[0], "memref.extract_strided_metadata")
    if metadata is None:
        return False
    source = metadata.operands[0]
    if _metadata_parts(metadata) != _reinterpret_parts(op):
        rewriter.modify_op_in_place(op, lambda: op.set_operand(0, source))
        return True
    if source.type == op.results[0].type:
        rewriter.replace_op(op, [source])
    else:
        _replace_by_cast(rewriter, op, source)
    return True


def reinterpret_cast_constant_folder(op, rewriter) -> bool:
    """ReinterpretCastOpConstantFolder: what the type or constants tell
    becomes static, the result type is made again, and a cast gives back
    the old type."""
    offset, sizes, strides = _reinterpret_parts(op)
    before = sum(1 for part in _subview_parts(op) for v in part if not hasattr(v, "uses"))
    after = sum(1 for v in [offset, *sizes, *strides] if not hasattr(v, "uses"))
    if before == after:
        return False
    source = op.operands[0].type
    (static_offset,), _ = dispatch([offset])
    static_sizes, _ = dispatch(sizes)
    static_strides, _ = dispatch(strides)
    def known(v):
        return None if v == DYNAMIC else v
    result_type = T.MemRefType([known(v) for v in static_sizes], source.element_type,
                               A.StridedLayoutAttr([known(v) for v in static_strides],
                                                   known(static_offset)),
                               source.memory_space)
    new = rewriter.insert(_build_offset_size_stride("memref.reinterpret_cast", op.operands[0],
                                                    result_type, [offset], sizes, strides))
    _replace_by_cast(rewriter, op, new.results[0])
    return True


REINTERPRET_CAST_PATTERNS = (reinterpret_of_extract_strided_metadata,
                             reinterpret_cast_constant_folder)


# ------------------------------------------------------------ alloca_scope
def _potential_automatic_allocation(op) -> bool:
    """isOpItselfPotentialAutomaticAllocation: the op (not what it holds)
    may allocate on the stack: it states no effects, or a stack one."""
    if op.has_trait(RecursiveMemoryEffects):
        return False
    return declared_effects(op) is None or allocates_in_automatic_scope(op)


def _holds_potential_allocation(scope) -> bool:
    """A nested op may allocate on the stack, not counting the insides of
    nested allocation scopes."""
    work = [nested for region in scope.regions for block in region.blocks
            for nested in block.ops]
    while work:
        op = work.pop(0)
        if _potential_automatic_allocation(op):
            return True
        if not op.has_trait(AutomaticAllocationScope):
            work[:0] = [nested for region in op.regions for block in region.blocks
                        for nested in block.ops]
    return False


def _last_non_terminator_in_region(op) -> bool:
    """lastNonTerminatorInRegion: `op` is followed only by its block's
    terminator (one that might be), in a single-block region."""
    block = op.parent
    last = block.ops[-1]
    might_terminate = last.is_terminator or not is_registered(last)
    index = block.ops.index(op)
    return (might_terminate and index + 2 == len(block.ops)
            and len(block.parent.blocks) == 1)


def alloca_scope_inliner(op, rewriter) -> bool:
    """AllocaScopeInliner: a scope that holds no stack allocation, or whose
    parent is an allocation scope it ends, is its body."""
    if _holds_potential_allocation(op):
        parent = op.parent_op
        if parent is None or not parent.has_trait(AutomaticAllocationScope):
            return False
        if not _last_non_terminator_in_region(op):
            return False
    block = op.regions[0].blocks[0]
    terminator = block.ops[-1]
    results = list(terminator.operands)
    rewriter.inline_block_before(block, op.parent, op.parent.ops.index(op))
    rewriter.replace_op(op, results)
    rewriter.erase_op(terminator)
    return True


def alloca_scope_hoister(op, rewriter) -> bool:
    """AllocaScopeHoister: stack allocations of a scope that ends the ops
    up to the enclosing allocation scope move before the outermost of
    them, where their operands are defined."""
    ancestor = op.parent_op
    while ancestor is not None and not ancestor.has_trait(AutomaticAllocationScope):
        ancestor = ancestor.parent_op
    if ancestor is None:
        return False
    last = op.parent_op
    if last is None or last.has_trait(AutomaticAllocationScope):
        return False
    if not _last_non_terminator_in_region(op) or not _last_non_terminator_in_region(last):
        return False
    while not last.parent_op.has_trait(AutomaticAllocationScope):
        last = last.parent_op
        if last is None or not _last_non_terminator_in_region(last):
            return False
    containing = next(region for region in last.regions if region.holds(op))
    hoisted = []
    for nested in op.walk(order="post"):
        if not allocates_in_automatic_scope(nested):
            continue
        if any(_region_holds_value(containing, value) for value in nested.operands):
            continue
        hoisted.append(nested)
    if not hoisted:
        return False
    rewriter.set_insertion_point(last)
    for nested in hoisted:
        clone = rewriter.insert(nested.clone({}))
        rewriter.replace_op(nested, clone.results)
    return True


def _region_holds_value(region, value) -> bool:
    """Region::isAncestor(value's region)."""
    block = _parent_block(value)
    defining = block.parent if block is not None else None
    while defining is not None:
        if defining is region:
            return True
        holder = defining.parent
        block = holder.parent if holder is not None else None
        defining = block.parent if block is not None else None
    return False


ALLOCA_SCOPE_PATTERNS = (alloca_scope_inliner, alloca_scope_hoister)


# ------------------------------------------------------------------- view
def view_shape_folder(op, rewriter) -> bool:
    """ViewOpShapeFolder: constant sizes become static extents, and a cast
    gives back the old type."""
    if all(constant_int_value(v) is None for v in op.operands):
        return False
    memref_type = op.results[0].type
    sizes = op.operands[2:]
    shape, kept, at = [], [], 0
    for extent in memref_type.shape:
        if extent is not None:
            shape.append(extent)
            continue
        size = constant_int_value(sizes[at])
        shape.append(size)
        if size is None:
            kept.append(sizes[at])
        at += 1
    new_type = T.MemRefType(shape, memref_type.element_type, memref_type.layout,
                            memref_type.memory_space)
    if new_type == memref_type:
        return False
    new = rewriter.insert(OP_CLASSES["memref.view"].build_generic(
        (op.operands[0], op.operands[1], kept), [new_type]))
    _replace_by_cast(rewriter, op, new.results[0])
    return True


def view_of_memref_cast(op, rewriter) -> bool:
    """ViewOpMemrefCastFolder: a view of a cast of an alloc views the alloc."""
    cast = _defined_by(op.operands[0], "memref.cast")
    if cast is None or _defined_by(cast.operands[0], "memref.alloc") is None:
        return False
    new = rewriter.insert(OP_CLASSES["memref.view"].build_generic(
        (cast.operands[0], op.operands[1], list(op.operands[2:])), [op.results[0].type]))
    rewriter.replace_op(op, new.results)
    return True


VIEW_PATTERNS = (view_shape_folder, view_of_memref_cast)
