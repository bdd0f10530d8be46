"""Explicit copies of memref regions into fast buffers, as upstream makes
them (`affineDataCopyGenerate`, `generateCopy` and `generateCopyForMemRegion`
of mlir/lib/Dialect/Affine/Utils/LoopUtils.cpp); used by
-affine-data-copy-generate and -test-affine-data-copy.

For a range of ops of one block, every affine.load/store's region
(memref_region.py) is taken, one bounding box per memref over all its reads
and writes; each gets a buffer of the box's constant shape, a copy-in nest
(or an `affine.dma_start`/`affine.dma_wait` pair) before the range for read
regions and a copy-out after it for written ones, hoisted above the loops
the region does not depend on, and the range's accesses are remapped to the
buffer (the box's lower bound subtracted).  The IR is built in upstream's
order, its dead ops (`affine.apply` of the box's origin and of the old
access maps, constants at the top of the function) included, since
mlir-opt prints them.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analysis.affine_access import enclosing_affine_ops
from ..analysis.memref_effects import has_single_effect
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineLoadOp, AffineStoreOp
from ..dialects.affine_parallel import AffineParallelOp
from ..dialects.affine_dma import AffineDmaStartOp, AffineDmaWaitOp
from ..dialects.arith import ConstantOp
from ..dialects.memref import AllocOp, DeallocOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import constant, dim
from ..ir.affine_map import AffineMap, remove_duplicate_exprs
from ..ir.rewriter import locate
from ..ir.traits import FREE, READ, FunctionOpInterface
from .affine_canonical import (canonicalize_map_and_operands,
                               fully_compose_affine_map_and_operands, simplify_affine_map)
from .copy_coverage import copy_box_within_extents, stores_cover_copy_box
from .memref_region import compute_region, element_size_in_bytes, full_memref_region


@dataclass
class CopyOptions:
    """`AffineCopyOptions`."""
    generate_dma: bool = False
    slow_memory_space: int = 0
    fast_memory_space: int = 0
    tag_memory_space: int = 0
    fast_mem_capacity_bytes: int = 2 ** 64 - 1


def is_load_or_store(op) -> bool:
    return isinstance(op, (AffineLoadOp, AffineStoreOp))


# ------------------------------------------------------------- builders
class _Builder:
    """An insertion point before `anchor` in `block` (None: the block's
    end); like OpBuilder, ops go in creation order, at location `loc`
    (the `loc` argument of upstream's `create` calls)."""

    def __init__(self, block, anchor, loc=None):
        self.block, self.anchor, self.loc = block, anchor, loc

    def insert(self, op):
        index = self.block.ops.index(self.anchor) if self.anchor is not None \
            else len(self.block.ops)
        self.block.insert(index, op)
        if op.pos is None:
            locate(op, self.loc)
        return op


def _function_entry(op):
    parent = op.parent_op
    while parent is not None and not parent.has_trait(FunctionOpInterface):
        parent = parent.parent_op
    return parent.regions[0].blocks[0]


def _top_builder(op, loc) -> _Builder:
    """A builder at the start of the enclosing function's body."""
    entry = _function_entry(op)
    return _Builder(entry, entry.ops[0] if entry.ops else None, loc)


def _constant_index(builder: _Builder, value: int):
    return builder.insert(ConstantOp.build(value, T.INDEX)).results[0]


def _identity(n: int) -> AffineMap:
    return AffineMap(n, 0, tuple(dim(i) for i in range(n)))


def _composed(map: AffineMap, operands) -> tuple:
    map, operands = fully_compose_affine_map_and_operands(map, list(operands))
    return canonicalize_map_and_operands(map, operands)


def canonicalized_for(builder: _Builder, lb_operands, lb_map, ub_operands, ub_map) -> AffineForOp:
    """`createCanonicalizedAffineForOp`."""
    lb_map, lb_operands = _composed(lb_map, lb_operands)
    ub_map, ub_operands = _composed(ub_map, ub_operands)
    loop = AffineForOp.build((remove_duplicate_exprs(lb_map), lb_operands),
                             (remove_duplicate_exprs(ub_map), ub_operands))
    return builder.insert(loop)


def _point_wise_copy(memref, fast, lb_maps, ub_maps, operands, offsets, copy_out, builder):
    """`generatePointWiseCopy`: a nest over the region's box copying each
    element to or from the fast buffer; returns its outermost loop."""
    rank = len(memref.type.shape)
    mem_indices, buf_exprs, buf_operands, offset_applies, root = [], [], [], [], None
    for d in range(rank):
        loop = canonicalized_for(builder, operands, lb_maps[d], operands, ub_maps[d])
        root = root or loop
        builder = _Builder(loop.body, loop.body.ops[-1], builder.loc)
        offset = builder.insert(AffineApplyOp.build(AffineMap(len(operands), 0, (offsets[d],)),
                                                    list(operands)))
        buf_exprs.append(dim(2 * d + 1) - dim(2 * d))
        buf_operands += [offset.results[0], loop.induction_var]
        offset_applies.append(offset)
        mem_indices.append(loop.induction_var)
    buf_map, buf_operands = fully_compose_affine_map_and_operands(
        AffineMap(2 * rank, 0, tuple(buf_exprs)), buf_operands)
    buf_map, buf_operands = canonicalize_map_and_operands(simplify_affine_map(buf_map),
                                                          buf_operands)
    for apply in offset_applies:
        if not apply.results[0].uses:
            apply.erase()
    if not copy_out:
        load = builder.insert(AffineLoadOp.build(memref, None, mem_indices))
        builder.insert(AffineStoreOp.build(load.results[0], fast, buf_map, buf_operands))
    else:
        load = builder.insert(AffineLoadOp.build(fast, buf_map, buf_operands))
        builder.insert(AffineStoreOp.build(load.results[0], memref, None, mem_indices))
    return root


def _multi_level_strides(memref_type, shape) -> list:
    """`getMultiLevelStrides`: (stride, elements per stride) for each
    dimension along which the box is shorter than the memref and the next
    major dimension has more than one element."""
    infos, per_stride, stride = [], 1, 1
    for d in range(len(shape) - 1, 0, -1):
        size = memref_type.shape[d]
        stride *= size
        per_stride *= shape[d]
        if shape[d] < size and shape[d - 1] > 1:
            infos.append((stride, per_stride))
    return infos


def _ancestor_in_block(op, block):
    while op is not None and op.parent is not block:
        op = op.parent_op
    return op


def replace_memref_uses(old, new, remap: AffineMap, extra_operands, accept) -> None:
    """`replaceAllMemRefUsesWith` with an index remap over (extra operands,
    old indices): each accepted affine load/store gets the remap composed
    with its map; another op using the memref gets the new one; frees stay."""
    users = []
    for user, _ in old.uses:
        if accept(user) and not any(u is user for u in users):
            users.append(user)
    num_extra = len(extra_operands)
    remapped = not (remap.is_identity() and remap.num_symbols == 0)
    for user in users:
        if has_single_effect(user, old, FREE):
            continue
        if not is_load_or_store(user):
            for k, operand in enumerate(user.operands):
                if operand is old:
                    user.set_operand(k, new)
            continue
        old_map = user.map
        indices = list(user.map_operands)
        if remapped and not (old_map.is_identity() and old_map.num_symbols == 0):
            # Upstream applies the old map result by result, then the
            # remap to those; composed into the access, both are unused,
            # and it erases the remap's applies only, which used the old
            # map's: mlir-opt leaves these (and prints them).
            block = user.parent
            for e in old_map.results:
                block.insert(block.ops.index(user), AffineApplyOp.build(
                    AffineMap(old_map.num_dims, old_map.num_symbols, (e,)), indices)).pos = \
                    user.pos        # at the access, as upstream builds them there
        # The old indices are the old map's results over its operands,
        # placed after the extra operands.
        shift = tuple(dim(num_extra + i) for i in range(old_map.num_inputs))
        old_exprs = tuple(e.replace_dims_and_symbols(shift[:old_map.num_dims],
                                                     shift[old_map.num_dims:])
                          for e in old_map.results)
        exprs = tuple(e.replace_dims_and_symbols(
            tuple(dim(i) for i in range(num_extra)) + old_exprs, ()) for e in remap.results)
        new_map, operands = fully_compose_affine_map_and_operands(
            AffineMap(num_extra + len(indices), 0, exprs), list(extra_operands) + indices)
        # Upstream's composition canonicalizes at each step: an operand
        # that comes as a dim and as a symbol (a region symbol the access
        # uses too) is one operand before the map is simplified.
        new_map, operands = canonicalize_map_and_operands(new_map, operands)
        new_map, operands = canonicalize_map_and_operands(simplify_affine_map(new_map), operands)
        prefix = list(user.operands[:1]) if user.stores else []
        user.properties["map"] = A.AffineMapAttr(new_map)
        user.set_operands(prefix + [new] + operands)


def _region_of(value):
    op = value.defining_op
    block = op.parent if op is not None else value.owner
    return block.parent if block is not None else None


def _region_is_ancestor(region, block) -> bool:
    """`region->isAncestor(block->getParent())`."""
    inner = block.parent
    while inner is not None:
        if inner is region:
            return True
        parent = inner.parent
        inner = parent.parent.parent if parent is not None and parent.parent is not None \
            else None
    return False


def _used_outside(memref, loop, block, begin, end, range_writes: bool) -> bool:
    """Whether an op in `loop` outside the ops [begin, end) of `block` uses
    `memref` in a way that conflicts with copies of the range: any use when
    the range writes it, else a use that may write it."""
    first, last = block.ops.index(begin), block.ops.index(end)
    for user, _ in memref.uses:
        if not loop.is_ancestor_of(user):
            continue
        ancestor = _ancestor_in_block(user, block)
        if ancestor is not None and first <= block.ops.index(ancestor) < last:
            continue
        if range_writes or not has_single_effect(user, memref, READ):
            return True
    return False


def _highest_placement(region, block, begin, end, range_writes: bool) -> tuple:
    """`findHighestBlockForPlacement`: (block, copy-in anchor, copy-out
    anchor) above every loop around the range the region does not depend
    on, below the memref's definition."""
    chain = [op for op, _ in enclosing_affine_ops(block.ops[0])]
    last = None
    memref_region = _region_of(region.memref)
    for op in reversed(chain):
        if not _region_is_ancestor(memref_region, op.parent):
            break
        if not isinstance(op, AffineForOp):
            break
        if any(op.induction_var is s for s in region.symbols):
            break
        if _used_outside(region.memref, op, block, begin, end, range_writes):
            # Upstream hoists past such a loop too, and the loop's other
            # accesses then miss the buffer's values (or it theirs).
            break
        last = op
    if last is not None:
        outer = last.parent
        index = outer.ops.index(last)
        return outer, last, outer.ops[index + 1]
    return block, begin, end


def generate_copy(region, block, begin, end, placement, options: CopyOptions,
                  fast_buffers: dict, copy_nests: list) -> tuple:
    """`generateCopy`: (succeeded, size in bytes, new begin, new end)."""
    placement_block, copy_in_at, copy_out_at = placement
    function = _function_entry(begin).parent.parent
    zero = _constant_index(_top_builder(begin, function.pos), 0)
    if begin is end:
        return True, 0, begin, end
    last_copy_op = block.ops[block.ops.index(end) - 1]
    copy_out_at_end = end is copy_out_at
    # The copies are at the location of the access the region was computed
    # for; the zero index above at the function's.
    prologue = _Builder(placement_block, copy_in_at, region.loc)
    epilogue = _Builder(placement_block, copy_out_at, region.loc)
    b = epilogue if region.write else prologue
    top = _top_builder(placement_block.ops[0], region.loc)
    memref = region.memref
    memref_type = memref.type
    if memref_type.layout is not None:
        return False, 0, begin, end
    rank = len(memref_type.shape)
    if rank == 0:
        return False, 0, begin, end
    bounded = region.constant_bounding_size_and_shape()
    if bounded is None:
        return False, 0, begin, end
    num_elements, shape, lbs = bounded
    if any(len(lb.results) > 1 for lb in lbs):
        return False, 0, begin, end
    if num_elements == 0:
        return True, 0, begin, end
    lb_maps, ub_maps = [], []
    within = None
    if not options.generate_dma:
        accesses = [op for top_op in block.ops[block.ops.index(begin):block.ops.index(end)]
                    for op in top_op.walk() if is_load_or_store(op) and op.memref is memref]
        within = copy_box_within_extents(region, accesses, copy_in_at)
    for d in range(rank):
        low, high = region.lower_and_upper_bound(d)
        if not low.results or not high.results:
            return False, 0, begin, end
        if within is not None:
            # Projection can lose what kept the accesses within the memref;
            # upstream's copy loops then run outside it.  Clamped here.
            above, below = within[d]
            if not above:
                low = AffineMap(low.num_dims, 0, low.results + (constant(0),))
            if not below:
                high = AffineMap(high.num_dims, 0,
                                 high.results + (constant(memref_type.shape[d]),))
        lb_maps.append(low)
        ub_maps.append(high)
    symbols = list(region.symbols)
    mem_indices, buf_indices, offsets = [], [], []
    for d in range(rank):
        lb = lbs[d]
        if lb.is_single_constant():
            value = lb.get_single_constant_result()
            mem_indices.append(zero if value == 0 else _constant_index(top, value))
            offsets.append(lb.results[0])
        else:
            lb = AffineMap(lb.num_symbols, 0, (lb.results[0].replace_dims_and_symbols(
                (), tuple(dim(i) for i in range(lb.num_symbols))),))
            mem_indices.append(b.insert(AffineApplyOp.build(lb, symbols)).results[0])
            offsets.append(lb.results[0])
        buf_indices.append(zero)
    existing = memref in fast_buffers
    size = 0
    if not existing:
        space = A.IntegerAttr(options.fast_memory_space, T.I64) \
            if options.fast_memory_space else None
        fast_type = T.MemRefType(tuple(shape), memref_type.element_type, None, space)
        fast = prologue.insert(AllocOp.build(fast_type)).results[0]
        fast_buffers[memref] = fast
        size = _size_in_bytes(fast_type)
    else:
        fast = fast_buffers[memref]
    num_ssa = _constant_index(top, num_elements)
    stride = per_stride = None
    if options.generate_dma:
        infos = _multi_level_strides(memref_type, shape)
        if len(infos) > 1:
            return False, size, begin, end
        if infos:
            stride = _constant_index(top, infos[0][0])
            per_stride = _constant_index(top, infos[0][1])
    mem_map, mem_indices = fully_compose_affine_map_and_operands(_identity(rank), mem_indices)
    buf_map, buf_indices = fully_compose_affine_map_and_operands(_identity(rank), buf_indices)
    new_end = end
    if not options.generate_dma:
        nest = _point_wise_copy(memref, fast, lb_maps, ub_maps, symbols, offsets,
                                region.write, b)
        copy_nests.append(nest)
        if region.write and copy_out_at_end:
            new_end = nest
    else:
        tag_type = T.MemRefType((1,), T.IntegerType(32), None,
                                A.IntegerAttr(options.tag_memory_space, T.I64)
                                if options.tag_memory_space else None)
        tag = prologue.insert(AllocOp.build(tag_type)).results[0]
        tag_map, tag_indices = fully_compose_affine_map_and_operands(_identity(1), [zero])
        strides = [stride, per_stride] if stride is not None else []
        if not region.write:
            parts = [(memref, mem_map, mem_indices), (fast, buf_map, buf_indices)]
        else:
            parts = [(fast, buf_map, buf_indices), (memref, mem_map, mem_indices)]
        parts.append((tag, tag_map, tag_indices))
        operands = []
        for value, _, indices in parts:
            operands += [value, *indices]
        start = b.insert(AffineDmaStartOp.build_generic(
            ([*operands, num_ssa, *strides],), [], None, None,
            {"src_map": A.AffineMapAttr(parts[0][1]), "dst_map": A.AffineMapAttr(parts[1][1]),
             "tag_map": A.AffineMapAttr(tag_map)}))
        if region.write and copy_out_at_end:
            new_end = start
        b.insert(AffineDmaWaitOp.build_generic((tag, [zero], num_ssa), [], None, None,
                                               {"tag_map": A.AffineMapAttr(_identity(1))}))
        tag_dealloc = epilogue.insert(DeallocOp.build(tag))
        if new_end is end and copy_out_at_end:
            new_end = tag_dealloc
    if not existing:
        dealloc = epilogue.insert(DeallocOp.build(fast))
        if not options.generate_dma and new_end is end and copy_out_at_end:
            new_end = dealloc
    remap = AffineMap(len(symbols) + rank, 0,
                      tuple(dim(len(symbols) + i) - offsets[i] for i in range(rank)))

    def accept(user):
        ancestor = _ancestor_in_block(user, block)
        if ancestor is None:
            return False
        ops = block.ops
        at = ops.index(ancestor)
        return at >= ops.index(begin) and at <= ops.index(last_copy_op)
    # The range's new first op: the one after the op before it now (the
    # replacement puts its applies before the accesses, `begin` one of
    # them), as upstream takes it.
    at_start = block.ops[0] is begin
    before = None if at_start else block.ops[block.ops.index(begin) - 1]
    replace_memref_uses(memref, fast, remap, symbols, accept)
    new_begin = block.ops[0] if at_start else block.ops[block.ops.index(before) + 1]
    return True, size, new_begin, new_end


def _size_in_bytes(memref_type) -> int:
    """`getIntOrFloatMemRefSizeInBytes` of a static shape (0 when unknown)."""
    size = element_size_in_bytes(memref_type) or 0
    for extent in memref_type.shape:
        size *= extent
    return size


def affine_data_copy_generate(block, begin, end, options: CopyOptions, filter_memref,
                              copy_nests: list, warn=None) -> bool:
    """`affineDataCopyGenerate` on the ops [begin, end) of `block` (`end`
    an op of the block, its terminator at most); `warn(op, message)`
    reports buffers over the fast memory's capacity."""
    if begin is end:
        return True
    copy_depth = _nesting_depth(begin)
    read_regions: dict = {}
    write_regions: dict = {}
    fast_buffers: dict = {}
    ops = block.ops
    first, last = ops.index(begin), ops.index(end)
    for top_op in list(ops[first:last]):
        for op in top_op.walk("post"):
            if not is_load_or_store(op):
                continue
            memref = op.memref
            space = memref.type.memory_space
            if (filter_memref is not None and memref is not filter_memref) or \
                    (isinstance(space, A.IntegerAttr) and
                     space.value != options.slow_memory_space):
                continue
            if not _region_is_ancestor(_region_of(memref), block):
                continue
            region = compute_region(op, copy_depth)
            if region is None:
                region = full_memref_region(op, copy_depth)
                if region is None:
                    return False
            for regions in (read_regions, write_regions):
                existing = regions.get(memref)
                if existing is None:
                    continue
                if not existing.union_bounding_box(region):
                    full = full_memref_region(op, copy_depth)
                    if full is None:
                        return False
                    region = full
                    existing.copy_constraints_from(region)
                else:
                    region.copy_constraints_from(existing)
            exists_read, exists_write = memref in read_regions, memref in write_regions
            if region.write and not exists_write:
                write_regions[memref] = region
            elif not region.write and not exists_read:
                read_regions[memref] = region
    for memref, region in write_regions.items():
        if memref in read_regions:
            continue
        stores = [op for top_op in ops[first:last] for op in top_op.walk()
                  if isinstance(op, AffineStoreOp) and op.memref is memref]
        anchor = _highest_placement(region, block, begin, end, True)[1]
        if not stores_cover_copy_box(region, stores, anchor, options.generate_dma):
            # Copied in too, so the elements not written go back unchanged.
            read_regions[memref] = region.as_read()
    total, ok = 0, True
    for regions in (read_regions, write_regions):
        for region in regions.values():
            placement = _highest_placement(region, block, begin, end,
                                           region.memref in write_regions)
            done, size, new_begin, new_end = generate_copy(
                region, block, begin, end, placement, options, fast_buffers, copy_nests)
            if done:
                begin, end, total = new_begin, new_end, total + size
            ok = ok and done
    if not ok:
        return False
    if total > options.fast_mem_capacity_bytes and warn is not None:
        warn(block.parent_op, "total size of all copy buffers' for this block "
                                     "exceeds fast memory capacity")
    return True


def _nesting_depth(op) -> int:
    """`getNestingDepth`: the loops around `op` (an affine.parallel counts
    its dimensions)."""
    depth, parent = 0, op.parent_op
    while parent is not None:
        if isinstance(parent, AffineForOp):
            depth += 1
        elif isinstance(parent, AffineParallelOp):
            depth += len(parent.body.args)
        parent = parent.parent_op
    return depth


def generate_copy_for_mem_region(region, analyzed_op, options: CopyOptions):
    """`generateCopyForMemRegion`: copies of `region` around the op alone;
    (alloc op, copy nest) or None."""
    block = analyzed_op.parent
    index = block.ops.index(analyzed_op)
    end = block.ops[index + 1]
    fast_buffers: dict = {}
    copy_nests: list = []
    done, _, _, _ = generate_copy(region, block, analyzed_op, end,
                                  (block, analyzed_op, end), options, fast_buffers, copy_nests)
    if not done or region.memref not in fast_buffers:
        return None
    return fast_buffers[region.memref].defining_op, (copy_nests[0] if copy_nests else None)

