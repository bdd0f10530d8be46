"""The GEMM micro-kernel of a tiled band: its accumulators in registers
(BLIS's and Polly's register blocking, within this project's model).

After cache tiling, gemm's point band `(i, k, j)` updates `C[i][j]` in its
innermost loop: every iteration loads and stores `C`, since LLVM cannot
keep `C[i][j]` in a register across `k` without knowing that `A` and `B`
do not alias it.  Here a block of ROWS x COLUMNS elements of `C` is loaded
once, carried through the `k` loop as `iter_args`, and stored once:

    for i' = (i's bounds) step ROWS
      for j' = (j's bounds) step COLUMNS
        affine.if (the block lies in the band's domain) {
          %c_rs = C[i' + r][j' + s]                     r < ROWS, s < COLUMNS
          %acc:ROWS*COLUMNS = affine.for k iter_args(%c_rs) {
            (the body for each i' + r, j' + s, reading and yielding %acc)
          }
          C[i' + r][j' + s] = %acc_rs
        } else {
          (the point loops, restricted to the block, as they were)
        }

The copies of one row share the load of `A[i][k]`, those of one column
the load of `B[k][j]` (COLUMNS consecutive elements: LLVM's SLP vectorizer
makes vectors of them).  The guard is the block's corners against the
point loops' bounds (affine in `i`, so the first and last rows decide):
partial tiles and a triangle's diagonal (syrk's `j <= i`) take the
original loops.  Measured on PolyBench gemm at today's size (1 thread, 3
samples): the tiled, jammed kernel 0.75 of the original's time; 4 x 8
accumulators 0.63 (the same block as vectors, written by hand: 0.63).

It applies to a point band of three loops `(i, k, j)`, each of step 1,
the innermost body without regions, whose one store writes an element
that does not move along `k` and moves by one element along `j`, read
once in the body at the same subscript and not otherwise accessed there
(other memrefs are taken not to alias it, as the dependence analysis
takes them); `k`'s bounds do not depend on `i` or `j`, nor `i`'s on `j`.
Reordering and blocking the points is a tiling of the band, legal when it
is permutable: isl checks it (`BandTiling.violation`).
"""

from __future__ import annotations

from ..analysis.affine_access import NotAffine, depends_on, is_memory_access
from ..analysis.cost_model import access_info
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp, AffineYieldOp
from ..ir.affine_expr import MOD, AffineBinaryOpExpr, dim
from ..ir.affine_map import AffineMap, IntegerSet
from ..ir.affine_simplify import simplify_affine_expr
from ..ir.printing import value_name
from ..ir.rewriter import IRMapping, OpBuilder
from ..polyhedral.tiling import BandTiling

ROWS, COLUMNS = 4, 8


def micro_kernel(points: list, rows: int = ROWS, columns: int = COLUMNS) -> str | None:
    """Give the point band `points` (outermost first, as the module
    docstring says) its micro-kernel; a remark fragment, or None when the
    band does not qualify (left as it is)."""
    reduction = _reduction(points)
    if reduction is None:
        return None
    try:
        if BandTiling(points).violation() is not None:
            return None
    except NotAffine:
        return None
    _rewrite(points, *reduction, rows, columns)
    return (f"point band blocked by {rows} x {columns} around its reduction loop, each block "
            f"of {value_name(reduction[1].memref)} carried in registers through it "
            f"(micro-kernel)")


def _reduction(points: list) -> tuple | None:
    """(the load, the store) of the element the innermost body accumulates
    into, where the band qualifies (the module docstring; the isl question
    apart)."""
    if len(points) != 3:
        return None
    i, k, j = points
    if any(loop.step != 1 or loop.inits for loop in points):
        return None
    if [op for op in i.body.ops[:-1]] != [k] or [op for op in k.body.ops[:-1]] != [j]:
        return None
    body = j.body.ops[:-1]
    if any(op.regions for op in body):
        return None
    ivs = {loop.induction_var for loop in points}
    if any(depends_on(value, {i.induction_var, j.induction_var}) for value in k.operands) \
            or any(depends_on(value, {j.induction_var}) for value in i.operands) \
            or any(depends_on(value, {k.induction_var}) for value in j.operands):
        return None
    if not all(_monotone_in(map, operands, i.induction_var) for map, operands in (
            (j.lower_bound_map, list(j.lower_bound_operands)),
            (j.upper_bound_map, list(j.upper_bound_operands)))):
        return None         # the corner rows would not decide the guard
    if _bound_without(j.lower_bound_map, list(j.lower_bound_operands), i.induction_var) is None \
            or _bound_without(j.upper_bound_map, list(j.upper_bound_operands),
                              i.induction_var) is None:
        return None         # no range of j covers every row's
    stores = [op for op in body if is_memory_access(op) and getattr(op, "stores", False)]
    if len(stores) != 1:
        return None
    store = stores[0]
    memref = store.memref
    users = [op for op in body if is_memory_access(op) and op.memref is memref]
    loads = [op for op in users if op is not store]
    if len(loads) != 1 or body.index(loads[0]) > body.index(store):
        return None
    load = loads[0]
    if load.map != store.map or list(load.map_operands) != list(store.map_operands):
        return None
    if any(value.defining_op is not None and j.is_ancestor_of(value.defining_op)
           for value in store.map_operands):
        return None         # subscripts computed in the body
    info = access_info(store)
    last = info.rows[-1] if info.rows else None
    if last is None or last.coeffs.get(j.induction_var) != 1 or info.uses(k.induction_var) \
            or any(j.induction_var in row.coeffs for row in info.rows[:-1]) \
            or not info.uses(i.induction_var) or any(row.nonlinear & ivs for row in info.rows):
        return None
    return load, store


def _rewrite(points, load, store, rows: int, columns: int) -> None:
    i, k, j = points
    ii = i.induction_var
    # j' runs over the bounds of j that do not depend on i (a superset of
    # every row's range).
    lower_j = _bound_without(j.lower_bound_map, list(j.lower_bound_operands), ii)
    upper_j = _bound_without(j.upper_bound_map, list(j.upper_bound_operands), ii)
    i.step = rows
    builder = OpBuilder.before_op(k)
    block_j = builder.create(AffineForOp, lower_j, upper_j, columns)
    inner = OpBuilder.before_op(block_j.body.ops[-1])
    jb = block_j.induction_var
    guard, guard_operands = _guard(i, j, ii, jb, rows, columns)
    branch = inner.create(AffineIfOp, guard, guard_operands, with_else=True)
    _full_block(OpBuilder.before_op(branch.then_block.ops[-1]), points, load, store, ii, jb,
                rows, columns)
    _partial_block(OpBuilder.before_op(branch.else_block.ops[-1]), points, ii, jb, rows,
                   columns)
    k.erase()


def _uses(expr, map: AffineMap, positions: list) -> bool:
    return any(expr.is_function_of_dim(p) if p < map.num_dims
               else expr.is_function_of_symbol(p - map.num_dims) for p in positions)


def _monotone_in(map: AffineMap, operands: list, value) -> bool:
    """Every result of the bound that uses `value` is monotone in it: pure
    affine without `mod` (so its extremes over rows are at the corners)."""
    positions = [p for p, v in enumerate(operands) if v is value]
    return all(e.is_pure_affine() and not any(
        isinstance(part, AffineBinaryOpExpr) and part.kind is MOD for part in e.walk())
        for e in map.results if _uses(e, map, positions))


def _bound_without(map: AffineMap, operands: list, value):
    """(map, operands) of the results of a bound that do not use `value`."""
    positions = [p for p, v in enumerate(operands) if v is value]
    results = [e for e in map.results if not _uses(e, map, positions)]
    if not results:
        return None
    return AffineMap.get(map.num_dims, map.num_symbols, results), operands


class _Space:
    """The operands of a map or set under construction, each a dimension."""

    def __init__(self, values):
        self.values = list(values)

    def position(self, value) -> int:
        if value not in self.values:
            self.values.append(value)
        return self.values.index(value)

    def exprs(self, map: AffineMap, operands: list, substitutions: dict) -> list:
        """The results of `map` on `operands` in this space; `substitutions`
        replaces an operand by an expression of the space."""
        replaced = [substitutions[v] if v in substitutions else dim(self.position(v))
                    for v in operands]
        return [e.replace_dims_and_symbols(replaced[:map.num_dims], replaced[map.num_dims:])
                for e in map.results]


def _guard(i, j, ii, jb, rows: int, columns: int):
    """The set of blocks (i', j') whose every point is in the band's
    domain: the first and last rows within i's upper bounds and j's bounds
    (the bounds are affine in i, so the corner rows decide)."""
    space = _Space([ii, jb])
    constraints = []
    for e in space.exprs(i.upper_bound_map, list(i.upper_bound_operands), {}):
        constraints.append(e - (dim(0) + rows))
    for r in (0, rows - 1):
        row = {ii: dim(0) + r}
        for e in space.exprs(j.lower_bound_map, list(j.lower_bound_operands), row):
            constraints.append(dim(1) - e)
        for e in space.exprs(j.upper_bound_map, list(j.upper_bound_operands), row):
            constraints.append(e - (dim(1) + columns))
    count = len(space.values)
    unique: list = []
    for e in constraints:
        e = simplify_affine_expr(e, count, 0)
        if e not in unique:
            unique.append(e)
    return IntegerSet.get(count, 0, unique, [False] * len(unique)), space.values


def _offsets(builder, base, count: int) -> list:
    """`base + n` for n < count, as values (`base` itself for 0)."""
    values = [base]
    for n in range(1, count):
        values.append(builder.create(AffineApplyOp, AffineMap.get(1, 0, [dim(0) + n]),
                                     [base]).results[0])
    return values


def _full_block(builder, points, load, store, ii, jb, rows: int, columns: int) -> None:
    i, k, j = points
    row_values = _offsets(builder, ii, rows)
    column_values = _offsets(builder, jb, columns)
    pairs = [(r, s) for r in row_values for s in column_values]
    initial = []
    for r, s in pairs:
        initial.append(builder.clone(load, IRMapping({i.induction_var: r,
                                                     j.induction_var: s})).results[0])
    body = [op for op in j.body.ops[:-1] if op is not load and op is not store]

    def fill(inner, kk, accumulators):
        yielded = []
        for (r, s), accumulator in zip(pairs, accumulators):
            mapping = IRMapping({i.induction_var: r, j.induction_var: s, k.induction_var: kk,
                                 load.results[0]: accumulator})
            for op in body:
                inner.clone(op, mapping)
            yielded.append(mapping.lookup_or_default(store.value_to_store))
        inner.create(AffineYieldOp, yielded)

    loop = builder.create(AffineForOp, (k.lower_bound_map, list(k.lower_bound_operands)),
                          (k.upper_bound_map, list(k.upper_bound_operands)), 1, initial, fill)
    for (r, s), result in zip(pairs, loop.results):
        stored = builder.clone(store, IRMapping({i.induction_var: r, j.induction_var: s}))
        stored.set_operand(0, result)


def _partial_block(builder, points, ii, jb, rows: int, columns: int) -> None:
    """The point loops restricted to the block, in their order."""
    i, k, j = points
    space = _Space([ii])
    upper = space.exprs(i.upper_bound_map, list(i.upper_bound_operands), {}) + [dim(0) + rows]
    row_loop = builder.create(AffineForOp, (AffineMap.get(1, 0, [dim(0)]), [ii]),
                              (AffineMap.get(len(space.values), 0, upper), space.values))
    row = row_loop.induction_var
    inside = OpBuilder.before_op(row_loop.body.ops[-1])
    mapping = IRMapping({i.induction_var: row})
    new_k = inside.create(AffineForOp, (k.lower_bound_map, list(k.lower_bound_operands)),
                          (k.upper_bound_map, list(k.upper_bound_operands)))
    mapping.map(k.induction_var, new_k.induction_var)
    columns_space = _Space([jb])
    substitution = {i.induction_var: dim(columns_space.position(row))}
    lower = columns_space.exprs(j.lower_bound_map, list(j.lower_bound_operands),
                                substitution) + [dim(0)]
    upper_j = columns_space.exprs(j.upper_bound_map, list(j.upper_bound_operands),
                                  substitution) + [dim(0) + columns]
    count = len(columns_space.values)
    new_j = OpBuilder.before_op(new_k.body.ops[-1]).create(
        AffineForOp, (AffineMap.get(count, 0, lower), list(columns_space.values)),
        (AffineMap.get(count, 0, upper_j), list(columns_space.values)))
    mapping.map(j.induction_var, new_j.induction_var)
    body = OpBuilder.before_op(new_j.body.ops[-1])
    for op in j.body.ops[:-1]:
        body.clone(op, mapping)
