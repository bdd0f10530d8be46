"""The memory footprint of a loop nest, as upstream's cache model reads it
(`getMemoryFootprintBytes` of mlir/lib/Dialect/Affine/Analysis/Utils.cpp):
per memref, the constant bounding box of the elements the affine accesses
under the nest touch, the symbols and the loops outside the nest fixed,
times the element size.  The boxes are computed with isl: a dimension's
extent is the largest distance between two elements touched, plus one;
where that is unbounded, the memref's static size; else unknown.

With `tile_sizes` (loop induction variable -> the tile's extent along it,
in values of the variable: the tile size times the step; `root` an
affine.for) it is the footprint of one tile: each such loop's iterations
are confined to a window of that many values whose origin is a parameter,
and each loop around `root` to one value, so the extents are the largest
over all tiles and all iterations of the loops around.  An empty dict gives
the footprint of `root` with the loops around it fixed.

With `reference_groups`, the cache model of `-affine-optimize` (not
upstream's): per memref, the accesses are first split into groups of
references that stay within a bounded distance of each other (PPCG's array
reference groups: a stencil's `A[i-1][j]`, `A[i][j]`, `A[i+1][j]` form one),
and each group counts its own box.  syrk's `A[i][k]` and `A[j][k]` under a
loop over `j` touch two rows; their common bounding box spans every row
between `i` and `j`: the whole matrix."""

from __future__ import annotations

import math

from ..ir import types as T
from .affine_access import MemRefAccess, NotAffine, is_memory_access


def memory_footprint_bytes(root, tile_sizes: dict | None = None,
                           line_bytes: int | None = None,
                           reference_groups: bool = False) -> int | None:
    """`getMemoryFootprintBytes`: per memref, the constant bounding box of
    the elements the accesses under `root` touch (symbols and loops outside
    `root` fixed), times the element size; None when a box or a size is
    unknown.  With `line_bytes`, each row of a box (its extent along the
    last dimension) counts whole cache lines of that size, as a cache holds
    it: a column of a row-major matrix takes one line per element.  With
    `reference_groups`, each group of nearby references of a memref counts
    its own box (module docstring)."""
    import islpy as isl
    regions: dict = {}      # memref -> the sets of elements its accesses touch
    for op in root.walk():
        if not is_memory_access(op):
            continue
        access = MemRefAccess(op)
        params: dict = {}
        try:
            names, constraints, exists, subscripts = access.instance("i", params, set())
        except NotAffine:
            return None
        origins = []
        outer = access.ivs.index(root.induction_var) if tile_sizes is not None else 0
        for k, iv in enumerate(access.ivs):
            # The loops around `root` are fixed: a window of one value.
            size = 1 if k < outer else (tile_sizes or {}).get(iv)
            if size is not None:
                # The window's origin is named after the loop's depth, which
                # is the same for every access under `root`.
                origins.append(f"tile_origin{k}")
                window = f"tile_origin{k} <= {names[k]} < tile_origin{k} + {size}"
                constraints = constraints + [window]
        outputs = [f"o{k}" for k in range(len(subscripts))]
        body = " and ".join(constraints + [f"{o} = {s}" for o, s in zip(outputs, subscripts)])
        inner = list(names) + list(exists)
        if inner:
            body = f"exists ({', '.join(inner)} : {body or 'true'})"
        text = f"[{', '.join(list(params.values()) + origins)}] -> {{ [{', '.join(outputs)}] : {body or 'true'} }}"
        elements = isl.Set(text)
        # Parameters are named after the values they stand for, so the sets
        # of one memref align.
        regions.setdefault(access.memref, []).append(elements)
    total = 0
    for memref, sets in regions.items():
        for elements in (_reference_groups(sets) if reference_groups else [_union(sets)]):
            size = region_bytes(memref.type, elements, line_bytes)
            if size is None:
                return None
            total += size
    return total


def _union(sets: list):
    union = sets[0]
    for elements in sets[1:]:
        union = union.union(elements)
    return union


def _reference_groups(sets: list) -> list:
    """The unions of the groups of `sets` whose boxes overlap or touch
    (joined transitively): merged, their box is no larger than their two
    boxes together, so no element between them that neither touches is
    counted."""
    groups: list = []       # (elements, extents)
    for elements in sets:
        extents = _extents(elements)
        for group in list(groups):
            union = group[0].union(elements)
            joined = _extents(union)
            # An unbounded extent (None): one box, as upstream counts it.
            if all(None in (j, a, b) or j <= a + b
                   for j, a, b in zip(joined, extents, group[1])):
                groups.remove(group)
                elements, extents = union, joined
        groups.append((elements, extents))
    return [elements for elements, _ in groups]


def _extents(elements) -> list:
    """Per dimension, the largest distance between two elements of
    `elements` for the same parameters, plus one; None where unbounded."""
    import islpy as isl
    if elements.is_empty():
        return [0] * elements.dim(isl.dim_type.set)
    deltas = isl.Map.from_domain_and_range(elements, elements).deltas()
    deltas = deltas.project_out(isl.dim_type.param, 0, deltas.dim(isl.dim_type.param))
    space = isl.LocalSpace.from_space(deltas.get_space())
    extents: list = []
    for k in range(deltas.dim(isl.dim_type.set)):
        high = deltas.max_val(isl.Aff.var_on_domain(space, isl.dim_type.set, k))
        if high.is_infty() or high.is_nan():
            extents.append(None)
        else:
            extents.append(int(high.to_python()) + 1)
    return extents


def region_bytes(type, elements, line_bytes: int | None = None) -> int | None:
    layout = getattr(type, "layout", None)
    if layout is not None:
        return 0      # upstream's getRegionSize answers `false` for a non-identity layout
    element = type.element_type
    shape = ()
    if isinstance(element, T.VectorType):
        shape, element = element.shape, element.element_type
    if not isinstance(element, (T.IntegerType, T.FloatType)):
        return None
    bits = element.width * math.prod(shape)
    extents = [1] * len(type.shape)
    if not elements.is_empty():
        for k, (extent, static) in enumerate(zip(_extents(elements), type.shape)):
            if extent is None:
                if static is None:
                    return None
                extent = static
            extents[k] = extent
    element_bytes = -(-bits // 8)
    if line_bytes and extents:
        row = -(-extents[-1] * element_bytes // line_bytes) * line_bytes
        return math.prod(extents[:-1]) * row
    return element_bytes * math.prod(extents)
