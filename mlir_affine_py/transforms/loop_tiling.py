"""-affine-loop-tile: rectangular tiling of the perfect bands at the top of
a function, as mlir-opt's pass does (mlir/lib/Dialect/Affine/Transforms/
LoopTiling.cpp, `tilePerfectlyNested` in Utils/LoopUtils.cpp), and only
where the tiling is legal.

Design notes
------------
- **Bands.** Each `affine.for` directly in the function body starts a band:
  its maximal perfect nest.  A band whose loops have iter_args, or whose
  bounds depend on an outer loop of the band (not a hyper-rectangle), is
  left as it is, as upstream leaves it, with a remark.
- **Legality.** Tiles run in the lexicographic order of the tile loops, so
  rectangular tiling is legal when the band is fully permutable: every
  dependence between instances has a non-negative distance along every loop
  of the band (Irigoin and Triolet).  This is decided exactly, for each pair
  of affine accesses, with the isl dependence polyhedra of
  `analysis/dependence.py` (the pairwise form of the project's exact
  dependences, which, unlike the statement-level SCoP, also reads nests
  holding ops it does not model).  Upstream asks the same question but
  counts a distance as negative only when both its bounds are known and
  differ (`isTilingValid`), so it tiles some bands whose dependences run
  backwards (PolyBench floyd_warshall and seidel_2d); here such a band is
  left as it is, with a remark naming the dependence and the loop along
  which it runs backwards.  As upstream, only affine accesses carry
  dependences; an op that reaches memory otherwise through a memref operand
  makes the band undecidable and it is left alone.
- **Tile sizes** (`getTileSizes`): `tile-size` for every loop, else
  `tile-sizes` (padded with 4), else upstream's cache model: the band's
  footprint (the constant bounding box of the elements each memref has
  accessed, `getMemoryFootprintBytes`, computed with isl) over `cache-size`
  KiB gives an excess factor, its n-th root is the size of every loop but
  the last, which takes the balance; sizes are then lowered to divisors of
  constant trip counts so that no `min` bound is needed.
- **Code** (`constructTiledIndexSetHyperRect`): tile loops keep the bound
  maps with the step times the tile size; each point loop runs from its
  tile loop's IV to `IV + size * step`, or to the `min` of that and the
  original upper bounds when the tile size does not divide the trip count,
  or to `IV + trip count * step` when the loop is shorter than its tile.
- **separate** (`separateFullTiles`): the point loops of a tile are
  versioned by an `affine.if` whose condition says the tile is full; the
  full version's loops have constant trip counts.
"""

from __future__ import annotations

import math

from ..analysis.affine_access import MemRefAccess, NotAffine, is_memory_access, is_recomputable
from ..analysis.dependence import DependenceAnalysis, num_common_loops
from ..analysis.cost_model import linearize
from ..dialects.affine import AffineForOp, AffineIfOp
from ..ir import types as T
from ..ir.affine_expr import AffineConstantExpr
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..passes import ListOption, Option, Pass
from .loop_utils import (constant_trip_count, get_perfectly_nested_loops, largest_divisor_of_trip_count,
                         loop_name, non_rectangular_reason)

DEFAULT_TILE_SIZE = 4


class AffineLoopTiling(Pass):
    argument = "affine-loop-tile"
    summary = "Tile affine loop nests"
    pass_name = "LoopTiling"
    op_name = "func.func"

    cache_size = Option(512, "Set size of cache to tile for in KiB", type=int, unsigned=True)
    separate = Option(False, "Separate full and partial tiles")
    tile_size = Option(0, "Use this tile size for all loops", unsigned=True)
    tile_sizes = ListOption(int, "List of tile sizes for each perfect nest "
                            "(overridden by -tile-size)", unsigned=True, minimum=1)
    remarks = Option(False, "Remark, per band tiled, its tile sizes and what chose "
                     "them (the footprint, for the cache model); bands left as they are "
                     "always get a remark")
    polyhedral = Option(False, "Also tile, with isl, the bands mlir-opt leaves because "
                        "their bounds depend on outer loops of the band (tiles aligned "
                        "on multiples of their size)")

    def run_on_operation(self, op) -> None:
        analysis = DependenceAnalysis(alias_conservative=True)
        roots = [child for region in op.regions for block in region.blocks
                 for child in block.ops if isinstance(child, AffineForOp)]
        for root in roots:
            self.tile_band(get_perfectly_nested_loops(root), analysis)

    def tile_band(self, band, analysis) -> None:
        """Tile the band as upstream does, or with `polyhedral` tile it with
        isl or tile its innermost loops; else leave it with a remark."""
        refusal = tiling_refusal(band, analysis)
        if refusal is None:
            sizes, why = self.chosen_tile_sizes(band)
            if self.remarks:
                names = ", ".join(loop_name(loop) for loop in band)
                self.emit_remark(band[0], f"affine-loop-tile: band ({names}) tiled by "
                                 f"{' x '.join(map(str, sizes))} ({why})")
            points = tile_perfectly_nested(band, sizes)
            if self.separate:
                separate_full_tiles(points)
            return
        message, notes = refusal
        if self.polyhedral and not any(loop.inits for loop in band):
            if non_rectangular_reason(band):
                message, notes = self.tile_with_isl(band), ()
                if message is None:
                    return
            inner = self.inner_band(band, analysis)
            if inner is not None:
                names = ", ".join(loop_name(loop) for loop in inner)
                self.emit_remark(band[0], f"affine-loop-tile: {message}; its inner band "
                                 f"({names}) is tiled", notes)
                self.tile_band(inner, analysis)
                return
        self.emit_remark(band[0], f"affine-loop-tile: {message}", notes)

    def inner_band(self, band, analysis):
        """The outermost band of at least two innermost loops of `band` that
        may be tiled (the loops outside it fixed), or None."""
        for start in range(1, len(band) - 1):
            inner = band[start:]
            if untileable_reason(inner) is None and tiling_violation(inner, analysis) is None:
                return inner
        return None

    def tile_with_isl(self, band) -> str | None:
        """A band that is not a hyper-rectangle, tiled as a new schedule
        (polyhedral/tiling.py): None, or why it is left as it is."""
        import islpy as isl
        from ..polyhedral.tiling import BandTiling
        names = ", ".join(loop_name(loop) for loop in band)
        root = band[0]
        try:
            tiling = BandTiling(band)
            violation = tiling.violation()
            if violation is not None:
                kind, position, vector = violation
                ranges = ", ".join(f"{loop_name(l)}: [{'-inf' if lo is None else lo}, "
                                   f"{'+inf' if hi is None else hi}]"
                                   for l, (lo, hi) in zip(band, vector))
                return (f"band ({names}) left as it is: a {kind} dependence (distances "
                        f"{ranges}) runs backwards along {loop_name(band[position])}")
            sizes = self.tile_sizes_for(band)
            if not tiling.is_legal(sizes):
                return f"band ({names}) left as it is: the tiled schedule reverses a dependence"
            tiling.apply(sizes)
        except (NotAffine, isl.Error) as error:
            return f"band ({names}) left as it is: {error}"
        self.emit_remark(root, f"affine-loop-tile: band ({names}), not a hyper-rectangle, tiled "
                         f"with isl by {' x '.join(map(str, sizes))}")
        return None

    def tile_sizes_for(self, band) -> list:
        return self.chosen_tile_sizes(band)[0]

    def chosen_tile_sizes(self, band) -> tuple:
        """(sizes, what chose them, for a remark)."""
        if self.tile_size:
            return [self.tile_size] * len(band), "tile-size"
        if self.tile_sizes:
            sizes = list(self.tile_sizes[:len(band)])
            return sizes + [DEFAULT_TILE_SIZE] * (len(band) - len(sizes)), "tile-sizes"
        return model_tile_sizes(band, self.cache_size * 1024)


# ----------------------------------------------------------------- legality
def tiling_refusal(band, analysis):
    """None when the band may be tiled, else (remark, notes) saying why not."""
    why = untileable_reason(band) or tiling_violation(band, analysis)
    if not why:
        return None
    message, notes = why if isinstance(why, tuple) else (why, ())
    names = ", ".join(loop_name(loop) for loop in band)
    return f"band ({names}) left as it is: {message}", notes


def untileable_reason(band) -> str | None:
    """Why upstream's `tilePerfectlyNested` would refuse the band, or an op
    the dependence analysis cannot account for."""
    if any(loop.inits for loop in band):
        return "a loop has iter_args (tiling would reorder its loop-carried values)"
    reason = non_rectangular_reason(band)
    if reason:
        return reason
    for op in band[-1].walk():
        if op is band[-1] or isinstance(op, (AffineForOp, AffineIfOp)) or is_memory_access(op):
            continue
        if any(isinstance(v.type, T.MemRefType) for v in op.operands) and not is_recomputable(op):
            return (f"'{op.op_name}' uses a memref the dependence analysis cannot follow, "
                    f"so the legality of tiling cannot be decided")
    return None


DEPENDENCE_KINDS = {(True, False): "flow", (False, True): "anti", (True, True): "output"}


def tiling_violation(band, analysis):
    """None when every dependence between the accesses of the band has a
    non-negative distance along each of its loops; otherwise (message,
    notes) naming one dependence that does not."""
    accesses = [MemRefAccess(op) for op in band[0].walk() if is_memory_access(op)]
    outer = len(accesses[0].ivs) - len(band) if accesses else 0
    for src in accesses:
        for dst in accesses:
            if not (src.is_write or dst.is_write):
                continue
            for depth in range(outer + 1, num_common_loops(src, dst) + 1):
                result = analysis.check(src, dst, depth)
                if result.kind == "failure":
                    return (f"the dependence between two accesses cannot be analysed "
                            f"({result.reason})", _notes(src, dst))
                if not result.has_dependence:
                    continue
                band_components = result.components[outer:outer + len(band)]
                for loop, component in zip(band, band_components):
                    if component.lb is None or component.lb < 0:
                        kind = DEPENDENCE_KINDS[(src.is_write, dst.is_write)]
                        ranges = ", ".join(f"{loop_name(l)}: {_range(c)}"
                                           for l, c in zip(band, band_components))
                        return (f"the {kind} dependence from the {src.op.op_name} to the "
                                f"{dst.op.op_name} (distances {ranges}) runs backwards along "
                                f"{loop_name(loop)}: tiles would run its ends in the wrong "
                                f"order", _notes(src, dst))
    return None


def _range(component) -> str:
    low = "-inf" if component.lb is None else str(component.lb)
    high = "+inf" if component.ub is None else str(component.ub)
    return f"[{low}, {high}]"


def _notes(src, dst) -> list:
    return [("source of the dependence", src.op.pos), ("destination of the dependence", dst.op.pos)]


# --------------------------------------------------------------- tile sizes
def model_tile_sizes(band, cache_bytes: int) -> tuple:
    """Upstream's model: sizes whose tile footprint fits the cache if the
    footprint shrank in proportion to each tile size; (sizes, what chose
    them)."""
    footprint = memory_footprint_bytes(band[0])
    divisors = "lowered to divisors of the constant trip counts"
    if footprint is None:
        return (adjusted_to_trip_counts(band, [DEFAULT_TILE_SIZE] * len(band)),
                f"footprint unknown: {DEFAULT_TILE_SIZE} per loop, {divisors}")
    excess = -(-footprint // cache_bytes) if cache_bytes else 0
    said = f"footprint {footprint} bytes, {excess} times the cache of {cache_bytes} bytes"
    if excess <= 1:
        return [1] * len(band), said
    size = int(math.floor(math.pow(excess, 1.0 / len(band))))
    sizes, product = [], 1
    for index in range(len(band)):
        sizes.append(size if index < len(band) - 1 else max(1, excess // product))
        product *= sizes[-1]
    return adjusted_to_trip_counts(band, sizes), f"{said}; {divisors}"


def adjusted_to_trip_counts(band, sizes) -> list:
    """Each size lowered to the largest divisor of a constant trip count
    (at most half of it), so that the point loops need no `min`."""
    adjusted = []
    for loop, size in zip(band, sizes):
        trip = constant_trip_count(loop)
        if trip is not None:
            if trip > 1 and size > trip // 2:
                size = trip // 2
            while trip % size:
                size -= 1
        adjusted.append(size)
    return adjusted


def memory_footprint_bytes(root) -> int | None:
    """`getMemoryFootprintBytes`: per memref, the constant bounding box of
    the elements the accesses under `root` touch (symbols and loops outside
    `root` fixed), times the element size; None when a box or a size is
    unknown."""
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
        outputs = [f"o{k}" for k in range(len(subscripts))]
        body = " and ".join(constraints + [f"{o} = {s}" for o, s in zip(outputs, subscripts)])
        inner = list(names) + list(exists)
        if inner:
            body = f"exists ({', '.join(inner)} : {body or 'true'})"
        text = f"[{', '.join(params.values())}] -> {{ [{', '.join(outputs)}] : {body or 'true'} }}"
        elements = isl.Set(text)
        # Parameters are named after the values they stand for, so the sets
        # of one memref align.
        key = access.memref
        regions[key] = elements if key not in regions else regions[key].union(elements)
    total = 0
    for memref, elements in regions.items():
        size = _region_bytes(memref.type, elements)
        if size is None:
            return None
        total += size
    return total


def _region_bytes(type, elements) -> int | None:
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
    count = 1
    if not elements.is_empty():
        deltas = isl.Map.from_domain_and_range(elements, elements).deltas()
        deltas = deltas.project_out(isl.dim_type.param, 0, deltas.dim(isl.dim_type.param))
        space = isl.LocalSpace.from_space(deltas.get_space())
        for k, extent in enumerate(type.shape):
            high = deltas.max_val(isl.Aff.var_on_domain(space, isl.dim_type.set, k))
            if high.is_infty() or high.is_nan():
                if extent is None:
                    return None
                count *= extent
            else:
                count *= int(high.to_python()) + 1
    return -(-bits // 8) * count


# --------------------------------------------------------------------- code
def tile_perfectly_nested(band, sizes) -> list:
    """Replace the band by its tile loops around its point loops; returns
    the point loops."""
    tile_loops = [AffineForOp.build((loop.lower_bound_map, list(loop.lower_bound_operands)),
                                    (loop.upper_bound_map, list(loop.upper_bound_operands)),
                                    loop.step * size)
                  for loop, size in zip(band, sizes)]
    point_loops = []
    for loop, tile, size in zip(band, tile_loops, sizes):
        iv = tile.induction_var
        point_loops.append(AffineForOp.build((AffineMap(1, 0, (affine_dim(0),)), [iv]),
                                             point_upper_bound(loop, iv, size), loop.step))
    _replace_band(band, tile_loops, point_loops)
    return point_loops


def tile_perfectly_nested_parametric(band, sizes) -> list:
    """`tilePerfectlyNestedParametric`: tiles whose sizes are SSA values
    (symbols); each loop needs a constant lower bound `lb`.  Tile loop t
    counts tiles, from lb to lb + ceildiv(ub - lb, size); its point loop
    runs from (t - lb) * size + lb, size * step further, and not past ub.
    Returns the point loops."""
    tile_loops, point_loops = [], []
    for loop, size in zip(band, sizes):
        low = AffineConstantExpr(loop.lower_bound_map.get_single_constant_result())
        ub_map, ub_operands = loop.upper_bound_map, list(loop.upper_bound_operands)
        n, m = ub_map.num_dims, ub_map.num_symbols
        count = [low + (e - low).ceildiv(affine_symbol(m)) for e in ub_map.results]
        tile_loops.append(AffineForOp.build(
            (loop.lower_bound_map, list(loop.lower_bound_operands)),
            (AffineMap(n, m + 1, tuple(count)), ub_operands + [size]), loop.step))
    for loop, tile, size in zip(band, tile_loops, sizes):
        lb_map, lb_operands = loop.lower_bound_map, list(loop.lower_bound_operands)
        low = AffineConstantExpr(lb_map.get_single_constant_result())
        ub_map, ub_operands = loop.upper_bound_map, list(loop.upper_bound_operands)
        n, m, ln, lm = ub_map.num_dims, ub_map.num_symbols, lb_map.num_dims, lb_map.num_symbols
        start = (affine_dim(ln) - low) * affine_symbol(lm) + low
        end = (affine_dim(n) - low) * affine_symbol(m) + affine_symbol(m) * loop.step + low
        iv = tile.induction_var
        point_loops.append(AffineForOp.build(
            (AffineMap(ln + 1, lm + 1, (start,)), lb_operands[:ln] + [iv] + lb_operands[ln:] + [size]),
            (AffineMap(n + 1, m + 1, (end,) + tuple(ub_map.results)),
             ub_operands[:n] + [iv] + ub_operands[n:] + [size]), loop.step))
    _replace_band(band, tile_loops, point_loops)
    return point_loops


def _replace_band(band, tile_loops, point_loops) -> None:
    """Nest the tile loops around the point loops in place of the band,
    the band's body inside, its IVs replaced by the point loops'."""
    nest = tile_loops + point_loops
    for outer, inner in zip(nest, nest[1:]):
        outer.body.insert(0, inner)
    root = band[0]
    block = root.parent
    block.insert(block.ops.index(root), nest[0])
    innermost = point_loops[-1].body
    for op in band[-1].body.ops[:-1]:
        band[-1].body.ops.remove(op)
        innermost.insert(len(innermost.ops) - 1, op)
    for loop, point in zip(band, point_loops):
        loop.induction_var.replace_all_uses_with(point.induction_var)
    root.erase()
    for op in nest:
        op.pos = root.pos


def point_upper_bound(loop, tile_iv, size: int) -> tuple:
    """(map, operands) of a point loop's upper bound."""
    trip = constant_trip_count(loop)
    step = loop.step
    if trip is not None and trip < size:
        return AffineMap(1, 0, (affine_dim(0) + trip * step,)), [tile_iv]
    if largest_divisor_of_trip_count(loop) % size == 0:
        return AffineMap(1, 0, (affine_dim(0) + size * step,)), [tile_iv]
    ub_map = loop.upper_bound_map
    operands = list(loop.upper_bound_operands)
    n = ub_map.num_dims
    # The tile loop's IV joins as the last dimension; the original results
    # keep their dimensions and symbols.
    results = (affine_dim(n) + size * step,) + tuple(ub_map.results)
    new_map = AffineMap(n + 1, ub_map.num_symbols, results)
    return new_map, operands[:n] + [tile_iv] + operands[n:]


def separate_full_tiles(point_loops) -> None:
    """`separateFullTiles`: version the point loops by an affine.if whose
    condition says the tile is full (the tile's end `IV + size` is below
    every other upper bound), with point loops of constant trip count in
    the then block and the loops as they are in the else block.  Loops
    with a step, or bounds that are not linear, are left as they are."""
    if any(loop.step != 1 for loop in point_loops):
        return
    dims, symbols, constraints, full_ends = [], [], [], []
    for loop in point_loops:
        ub_map, operands = loop.upper_bound_map, list(loop.upper_bound_operands)
        tile_iv = loop.lower_bound_operands[0]
        forms = [linearize(e, operands, ub_map.num_dims) for e in ub_map.results]
        if any(form.nonlinear for form in forms):
            return
        # The columns of upstream's constraint system: dimensions, then
        # symbols, each in the order the bounds name them.
        dims += [v for v in operands[:ub_map.num_dims] if v not in dims]
        symbols += [v for v in operands[ub_map.num_dims:] if v not in symbols]
        # The end with a constant distance from the tile's IV: the full tile's.
        full = next((f for f in forms if set(f.coeffs) == {tile_iv} and f.coeffs[tile_iv] == 1),
                    None)
        if full is None:
            return
        full_ends.append(full.constant)
        for form in forms:
            if form is not full:
                constraint = form.plus(full.scaled(-1))
                if constraint.coeffs or constraint.constant < 0:
                    constraints.append(constraint)
    condition, operands = _integer_set(constraints, dims + [v for v in symbols if v not in dims])
    full_nest = _full_tile_nest(point_loops, full_ends)
    block = point_loops[0].parent
    guard = AffineIfOp.build(condition, operands, with_else=True)
    block.insert(block.ops.index(point_loops[0]), guard)
    guard.pos = point_loops[0].pos
    guard.then_block.insert(0, full_nest)
    block.ops.remove(point_loops[0])
    guard.else_block.insert(0, point_loops[0])


def _integer_set(constraints, columns) -> tuple:
    """(IntegerSet, operands) of `constraints` (LinearForms, each `>= 0`),
    as `getAsIntegerSet` and `canonicalizeSetAndOperands` leave it: loop
    IVs are dimensions and values valid as symbols symbols, each in the
    order of `columns`, unused ones dropped, duplicate constraints too; no
    constraint is the universe `0 == 0`."""
    from ..dialects.affine_validity import is_valid_symbol
    unique = []
    for constraint in constraints:
        if all(constraint.coeffs != c.coeffs or constraint.constant != c.constant for c in unique):
            unique.append(constraint)
    used = {v for c in unique for v in c.coeffs}
    dims = [v for v in columns if v in used and not is_valid_symbol(v)]
    symbols = [v for v in columns if v in used and is_valid_symbol(v)]
    exprs = []
    for constraint in unique:
        expr = AffineConstantExpr(0)
        terms = [(affine_dim(k), v) for k, v in enumerate(dims)]
        terms += [(affine_symbol(k), v) for k, v in enumerate(symbols)]
        for var, value in terms:
            if constraint.coeffs.get(value):
                expr = expr + var * constraint.coeffs[value]
        exprs.append(expr + constraint.constant)
    if not exprs:
        return IntegerSet(0, 0, (AffineConstantExpr(0),), (True,)), []
    return IntegerSet(len(dims), len(symbols), tuple(exprs), (False,) * len(exprs)), dims + symbols


def _full_tile_nest(point_loops, full_ends):
    """Copies of the point loops from each tile's IV to its end, around a
    copy of the body."""
    loops, mapping = [], {}
    for loop, end in zip(point_loops, full_ends):
        tile_iv = [loop.lower_bound_operands[0]]
        copy = AffineForOp.build((AffineMap(1, 0, (affine_dim(0),)), tile_iv),
                                 (AffineMap(1, 0, (affine_dim(0) + end,)), tile_iv))
        copy.pos = loop.pos
        mapping[loop.induction_var] = copy.induction_var
        if loops:
            loops[-1].body.insert(0, copy)
        loops.append(copy)
    body = loops[-1].body
    for op in point_loops[-1].body.ops[:-1]:
        body.insert(len(body.ops) - 1, op.clone(mapping))
    return loops[0]
