"""Where upstream's copies go wrong, decided exactly with isl.

- Upstream copies a region that is only written out of its fast buffer
  without copying it in first (`generateCopy` in LoopUtils.cpp): the
  elements of the bounding box the range does not write (a strided or
  conditional store, a loop that runs zero times for some values of the
  outer loops) go back to the memref with whatever the fresh buffer held.
  With DMA the box is the region's constant bounding box, larger still
  where the region's bounds are symbolic (`%i < %n` copies the memref's
  extent).  `stores_cover_copy_box` tells when the stores write every
  element the copy-out writes back; where they do not,
  -affine-data-copy-generate copies the region in as well.
- Fourier-Motzkin can lose what kept the accesses within the memref, and
  upstream's copy loops then run outside it where the accesses do not.
  `copy_box_within_extents` tells, per dimension, when that cannot happen;
  where it can, the copy loops are clamped to the memref.
Both answer as upstream where upstream is right, so the output is still
mlir-opt's there.
"""

from __future__ import annotations

from ..analysis.affine_access import (IslWriter, MemRefAccess, NotAffine, domain_constraints,
                                      enclosing_affine_ops, loop_ivs)
from ..dialects.affine import AffineForOp, AffineIfOp


def _set_text(params: dict, dims: list, outputs: list, constraints: list, exists: list) -> str:
    body = " and ".join(constraints) or "true"
    if exists:
        body = f"exists ({', '.join(exists)} : {body})"
    return (f"[{', '.join(params.values())}] -> {{ [{', '.join(dims)}] -> "
            f"[{', '.join(outputs)}] : {body} }}")


def _inexact_domain(op, region_index: int) -> bool:
    """Whether `domain_constraints` over-approximates the op's domain: an
    else branch, or a stride from a max of lower bounds."""
    if isinstance(op, AffineIfOp):
        return region_index != 0
    if isinstance(op, AffineForOp):
        return op.step != 1 and len(op.lower_bound_map.results) > 1
    return any(step != 1 for step in op.steps) and \
        any(len(m.results) > 1 for m in op.bound_group_maps("lower"))


class _Space:
    """The loops around the copies' place (`anchor`) as isl dims, the
    memref's dimensions as outputs, values defined above as parameters."""

    def __init__(self, anchor, rank: int):
        self.chain = enclosing_affine_ops(anchor)
        self.outer = loop_ivs(self.chain)
        self.names = [f"i{k}" for k in range(len(self.outer))]
        self.outputs = [f"o{k}" for k in range(rank)]
        self.params: dict = {}

    def accesses(self, ops) -> tuple:
        """(the elements the exactly modelled `ops` touch, per iteration
        of the outer loops, as an isl map or None; whether all were)."""
        import islpy as isl
        touched, exact = None, True
        for op in ops:
            access = MemRefAccess(op)
            try:
                # An over-approximated domain or a value computed in the nest
                # (unknown) proves no access.
                if any(_inexact_domain(o, index) for o, index in access.chain):
                    raise NotAffine("inexact domain")
                names, constraints, exists, subscripts = access.instance("i", self.params, set())
                if any(e.startswith("iu") for e in exists):
                    raise NotAffine("unknown value")
            except NotAffine:
                exact = False
                continue
            constraints = constraints + [f"{o} = {s}" for o, s in zip(self.outputs, subscripts)]
            image = isl.Map(_set_text(self.params, self.names, self.outputs, constraints,
                                      names[len(self.outer):] + exists))
            touched = image if touched is None else touched.union(image)
        return touched, exact

    def copy_box(self, region, transfer: bool = False):
        """The points the copy nest of `region` visits, per iteration of
        the outer loops; with `transfer`, the points a DMA transfer of it
        moves: its constant bounding box (its lower bound, its shape)."""
        import islpy as isl
        context = IslWriter("i", dict(zip(self.outer, self.names)), self.params, set())
        domain_constraints(context, self.chain)
        dims = dict(zip(self.outer, self.names))
        symbols = [dims.get(s) or context.value(s) for s in region.symbols]
        box = list(context.constraints)
        bounded = region.constant_bounding_size_and_shape() if transfer else None
        if transfer and bounded is None:
            raise NotAffine("no constant bounding box")
        for d in range(region.rank):
            if bounded is not None:
                _, shape, lbs = bounded
                low = context.expr(lbs[d].results[0], symbols, 0)
                box += [f"{self.outputs[d]} >= {low}", f"{self.outputs[d]} < {low} + {shape[d]}"]
                continue
            low, high = region.lower_and_upper_bound(d)
            for e in low.results:
                box.append(f"{self.outputs[d]} >= {context.expr(e, symbols, low.num_dims)}")
            for e in high.results:
                box.append(f"{self.outputs[d]} < {context.expr(e, symbols, high.num_dims)}")
        return isl.Map(_set_text(self.params, self.names, self.outputs, box, context.exists))


def stores_cover_copy_box(region, stores: list, anchor, transfer: bool = False) -> bool:
    """Whether, for every iteration of the loops around `anchor` (where the
    copies are placed), the `stores` write every point of the copy nest
    (with `transfer`, of the DMA transfer) that `region` (a write region
    of their memref) gets."""
    space = _Space(anchor, region.rank)
    try:
        written, exact = space.accesses(stores)
        copied = space.copy_box(region, transfer)
    except NotAffine:
        return False
    if not exact:
        return False
    if written is None:
        return copied.is_empty()
    return copied.is_subset(written)


def copy_box_within_extents(region, accesses: list, anchor) -> list:
    """Per dimension d, (whether the copy nest of `region` stays at or
    above 0, whether below the extent) along d wherever the `accesses` do:
    for the iterations of the outer loops where it leaves the memref, one
    of the exactly modelled accesses does too (the original program is then
    out of bounds anyway)."""
    import islpy as isl
    space = _Space(anchor, region.rank)
    try:
        touched, _ = space.accesses(accesses)
        box = space.copy_box(region)
    except NotAffine:
        return [(False, False)] * region.rank
    result = []
    outputs = ", ".join(space.outputs)
    for d, size in enumerate(region.memref.type.shape):
        fits = []
        for condition in (f"{space.outputs[d]} < 0",
                          f"{space.outputs[d]} >= {size}" if size is not None else None):
            if condition is None:
                fits.append(True)
                continue
            outside = isl.Set(f"{{ [{outputs}] : {condition} }}")
            leaving = box.intersect_range(outside.align_params(box.get_space())).domain()
            if touched is not None:
                going = touched.intersect_range(outside.align_params(touched.get_space()))
                leaving = leaving.subtract(going.domain())
            fits.append(leaving.is_empty())
        result.append(tuple(fits))
    return result
