"""Tiled loop nests as upstream builds them (mlir/lib/Dialect/Affine/Utils/
LoopUtils.cpp): `tilePerfectlyNested` with constant tile sizes
(`constructTiledIndexSetHyperRect`), `tilePerfectlyNestedParametric` with
SSA values as sizes, and `separateFullTiles`.  The callers decide legality.

- Tile loops keep the band's bound maps with the step times the tile size;
  each point loop runs from its tile loop's IV to `IV + size * step`, or to
  the `min` of that and the original upper bounds when the tile size does
  not divide the trip count, or to `IV + trip count * step` when the loop
  is shorter than its tile.
- Parametric tiles: tile loop t counts tiles, from lb to lb + ceildiv(ub -
  lb, size); its point loop runs from (t - lb) * size + lb, size * step
  further, and not past ub (lower bounds must be constants).
- Separation: the point loops of a tile are versioned by an `affine.if`
  whose condition says the tile is full (the tile's end is below every other
  upper bound), its set as `getAsIntegerSet` and `canonicalizeSetAndOperands`
  leave it; the full tile's loops have constant trip counts.
"""

from __future__ import annotations

from ..analysis.cost_model import linearize
from ..dialects.affine import AffineForOp, AffineIfOp
from ..ir.affine_expr import AffineConstantExpr
from ..ir.affine_expr import dim as affine_dim
from ..ir.affine_expr import symbol as affine_symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.rewriter import locate
from .loop_utils import constant_trip_count, largest_divisor_of_trip_count


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
        locate(op, root.pos)


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
    locate(guard, point_loops[0].pos)
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
        locate(copy, loop.pos)
        mapping[loop.induction_var] = copy.induction_var
        if loops:
            loops[-1].body.insert(0, copy)
        loops.append(copy)
    body = loops[-1].body
    for op in point_loops[-1].body.ops[:-1]:
        body.insert(len(body.ops) - 1, op.clone(mapping))
    return loops[0]
