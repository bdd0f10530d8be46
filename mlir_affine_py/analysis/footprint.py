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
the footprint of `root` with the loops around it fixed."""

from __future__ import annotations

import math

from ..ir import types as T
from .affine_access import MemRefAccess, NotAffine, is_memory_access


def memory_footprint_bytes(root, tile_sizes: dict | None = None,
                           line_bytes: int | None = None) -> int | None:
    """`getMemoryFootprintBytes`: per memref, the constant bounding box of
    the elements the accesses under `root` touch (symbols and loops outside
    `root` fixed), times the element size; None when a box or a size is
    unknown.  With `line_bytes`, each row of a box (its extent along the
    last dimension) counts whole cache lines of that size, as a cache holds
    it: a column of a row-major matrix takes one line per element."""
    import islpy as isl
    regions: dict = {}
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
        key = access.memref
        regions[key] = elements if key not in regions else regions[key].union(elements)
    total = 0
    for memref, elements in regions.items():
        size = region_bytes(memref.type, elements, line_bytes)
        if size is None:
            return None
        total += size
    return total


def region_bytes(type, elements, line_bytes: int | None = None) -> int | None:
    import islpy as isl
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
        # The largest distance between two elements touched for the same
        # parameters, per dimension.
        deltas = isl.Map.from_domain_and_range(elements, elements).deltas()
        deltas = deltas.project_out(isl.dim_type.param, 0, deltas.dim(isl.dim_type.param))
        space = isl.LocalSpace.from_space(deltas.get_space())
        for k, extent in enumerate(type.shape):
            high = deltas.max_val(isl.Aff.var_on_domain(space, isl.dim_type.set, k))
            if high.is_infty() or high.is_nan():
                if extent is None:
                    return None
                extents[k] = extent
            else:
                extents[k] = int(high.to_python()) + 1
    element_bytes = -(-bits // 8)
    if line_bytes and extents:
        row = -(-extents[-1] * element_bytes // line_bytes) * line_bytes
        return math.prod(extents[:-1]) * row
    return element_bytes * math.prod(extents)
