"""The dependence constraint system exactly as MLIR lays it out, and the
distance bounds MLIR reads off it.

`checkMemrefAccessDependence` (mlir/lib/Dialect/Affine/Analysis/
AffineAnalysis.cpp) builds, per access, the access relation
(`MemRefAccess::getAccessRelation`: the flattened access map followed by the
iteration domain of `getOpIndexSet`), composes the source relation with the
inverse of the destination one (`IntegerRelation::mergeAndCompose`), adds the
ordering constraints and, in `computeDirectionVector`, projects everything
but the distances out with Fourier-Motzkin.  That projection is inexact and
order sensitive, so this module rebuilds the same columns and rows in the
same order and runs the port in `fourier_motzkin`.

Whether a dependence exists is still decided exactly (dependence.py); only
the printed `[lb, ub]` ranges come from here.  Accesses this model does not
cover (values that vary inside the nest without being loop indices,
semi-affine maps) or whose projection blows up (where mlir-opt runs out of
memory) return None so callers keep the exact ranges.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp, AffineIfOp
from ..ir.affine_expr import dim, symbol
from .affine_access import NotAffine, defined_in_loops, parallel_bound_maps
from .affine_flattener import (CONST, AffineFlattener, LocalVar, compose_over_leaves,
                               div_lower_bound, div_upper_bound, simplify_affine_expr)
from .fourier_motzkin import ConstraintExplosion, IntegerConstraints


class AccessRelation:
    """One access: its loop indices (`dims`), symbols, locals (in column
    order) and rows as dicts keyed by SSA value, LocalVar or ("mem", k)
    for k < `rank`, the accessed memref's rank."""

    def __init__(self, dims: list):
        self.dims = dims
        self.rank = 0
        self.symbols: list = []
        self.locals: list = []
        self.reprs: dict = {}
        self.ineqs: list = []
        self.eqs: list = []


def merge_and_align(first: list, second: list) -> list:
    """Symbol order after `mergeAndAlignSymbols` / `mergeSymbolVars`: the
    first system's symbols, then the second's others, in the order its
    alignment swaps leave them."""
    other = list(second)
    for i, value in enumerate(first):
        hit = next((k for k in range(i, len(other)) if other[k] is value), None)
        if hit is None:
            other.insert(i, value)
        else:
            other[i], other[hit] = other[hit], other[i]
    return list(first) + other[len(first):]


def _merge_locals(system: AccessRelation, new_locals: list, reprs: dict, rows: list) -> None:
    """`mergeLocalVars`: append `new_locals`, folding each one whose division
    equals one of `system`'s (or an earlier new one's) into it; `rows`
    holding the new locals are rewritten in place."""
    kept: list = []
    for local in new_locals:
        dividend, divisor = reprs[local]
        twin = next((old for old in system.locals + kept
                     if system.reprs[old] == (dividend, divisor)), None)
        if twin is None:
            kept.append(local)
            system.reprs[local] = (dividend, divisor)
            continue
        for row in rows:
            if local in row:
                row[twin] = row.get(twin, 0) + row.pop(local)
        for other in list(reprs):
            old_dividend, old_divisor = reprs[other]
            if local in old_dividend:
                moved = dict(old_dividend)
                moved[twin] = moved.get(twin, 0) + moved.pop(local)
                reprs[other] = (moved, old_divisor)
    system.locals.extend(kept)


class _Leaves:
    """Classifies the SSA leaves of composed maps: loop indices of the
    access are dims, values defined outside the analysed nest are symbols."""

    def __init__(self, dims: list, nest_loops: set):
        self.dims = dims
        self.nest_loops = nest_loops

    def check(self, value) -> None:
        if not any(value is d for d in self.dims) and defined_in_loops(value, self.nest_loops):
            raise NotAffine("a value varying in the nest that is not a loop index")


def _composed(relation: AccessRelation, leaves: _Leaves, exprs, operands, num_dims: int):
    """Compose `exprs` with the affine.apply ops feeding `operands` and
    renumber them as a canonical map over [loop-index dims, symbols]
    (`fullyComposeAffineMapAndOperands`, `canonicalizeMapAndOperands`).
    Returns the expressions, the column keys and the number of dims."""
    found: list = []
    composed = [compose_over_leaves(e, list(operands), num_dims, found) for e in exprs]
    for value in found:
        leaves.check(value)
    dims = [v for v in found if any(v is d for d in relation.dims)]
    symbols = [v for v in found if not any(v is d for d in relation.dims)]
    columns = dims + symbols
    renumber = [dim(dims.index(v)) if any(v is d for d in dims)
                else symbol(symbols.index(v)) for v in found]
    composed = [e.replace_dims_and_symbols(renumber, ()) for e in composed]
    return composed, columns, len(dims)


def _flatten_map(relation: AccessRelation, leaves: _Leaves, map, operands):
    """`simplifyAffineMap` on the composed map, then flatten all its results
    with one flattener (locals shared); also returns the map's symbols."""
    exprs, columns, num_dims = _composed(relation, leaves, map.results, operands, map.num_dims)
    exprs = [simplify_affine_expr(e, columns, num_dims) for e in exprs]
    flattener = AffineFlattener(columns, num_dims)
    rows = [flattener.flatten(e) for e in exprs]
    return rows, flattener, columns[num_dims:]


def _add_bound(relation: AccessRelation, leaves: _Leaves, iv, map, operands, lower: bool):
    """`addBound(LB/UB, pos, map, operands)`: the flattening's locals go in
    front of the existing ones (`flattenAlignedMapAndMergeLocals`), their
    constraints first, then one row per result."""
    rows, flattener, symbols = _flatten_map(relation, leaves, map, operands)
    for value in symbols:
        if not any(value is s for s in relation.symbols):
            relation.symbols.append(value)
    relation.locals[0:0] = flattener.locals
    relation.reprs.update(flattener.reprs)
    relation.ineqs.extend(flattener.local_ineqs)
    for flat in rows:
        if flat.get(iv, 0) != 0:
            continue
        sign = -1 if lower else 1
        row = {k: sign * v for k, v in flat.items()}
        row[iv] = 1 if lower else -1
        if not lower:
            row[CONST] = row.get(CONST, 0) - 1  # the upper bound is exclusive
        relation.ineqs.append(row)


def _add_for_domain(relation: AccessRelation, leaves: _Leaves, loop) -> None:
    """`addAffineForOpDomain`: a stride local for non-unit steps from a
    constant lower bound, then the lower and upper bounds."""
    iv = loop.induction_var
    lb_map, ub_map = loop.lower_bound_map, loop.upper_bound_map
    if loop.step != 1 and lb_map.is_single_constant():
        lb = lb_map.get_single_constant_result()
        dividend = {iv: 1, CONST: -lb} if lb else {iv: 1}
        quotient = LocalVar(f"stride{len(relation.locals)}")
        relation.locals.append(quotient)
        relation.reprs[quotient] = (dividend, loop.step)
        relation.ineqs.append(div_lower_bound(dividend, loop.step, quotient))
        relation.ineqs.append(div_upper_bound(dividend, loop.step, quotient))
        relation.eqs.append({**dividend, quotient: -loop.step})
    _add_loop_bounds(relation, leaves, iv, (lb_map, loop.lower_bound_operands),
                     (ub_map, loop.upper_bound_operands))


def _add_loop_bounds(relation: AccessRelation, leaves: _Leaves, iv, lower, upper) -> None:
    """Lower and upper bound of one loop index, each a (map, operands):
    a single constant directly, anything else through `_add_bound`."""
    for (map, operands), is_lower in ((lower, True), (upper, False)):
        if map.is_single_constant():
            value = map.get_single_constant_result()
            relation.ineqs.append({iv: 1, CONST: -value} if is_lower else {iv: -1, CONST: value - 1})
        else:
            _add_bound(relation, leaves, iv, map, operands, lower=is_lower)


def _add_parallel_domain(relation: AccessRelation, leaves: _Leaves, op) -> None:
    """`addAffineParallelOpDomain`: each dimension's bounds; unlike
    affine.for, steps are not modelled."""
    for iv, low_map, high_map in parallel_bound_maps(op):
        _add_loop_bounds(relation, leaves, iv, (low_map, op.lower_bounds_operands),
                         (high_map, op.upper_bounds_operands))


def _add_if_domain(relation: AccessRelation, leaves: _Leaves, if_op) -> None:
    """`addAffineIfOpDomain`: the set's constraints (then its locals'),
    merged into the domain."""
    integer_set = if_op.integer_set
    exprs, columns, num_dims = _composed(relation, leaves, integer_set.constraints,
                                         if_op.operands, integer_set.num_dims)
    flattener = AffineFlattener(columns, num_dims)
    rows = [flattener.flatten(e) for e in exprs]
    symbols = columns[num_dims:]
    relation.symbols = merge_and_align(relation.symbols, symbols)
    new_ineqs = [row for row, is_eq in zip(rows, integer_set.eq_flags) if not is_eq]
    new_eqs = [row for row, is_eq in zip(rows, integer_set.eq_flags) if is_eq]
    new_ineqs += flattener.local_ineqs
    _merge_locals(relation, flattener.locals, dict(flattener.reprs), new_ineqs + new_eqs)
    relation.ineqs.extend(new_ineqs)
    relation.eqs.extend(new_eqs)


def access_relation(access, nest_loops: set) -> AccessRelation:
    """`MemRefAccess::getAccessRelation`: access rows (flattening locals'
    constraints, then `result_k - mem_k = 0`) followed by the domain rows of
    `getOpIndexSet`."""
    relation = AccessRelation(list(access.ivs))
    leaves = _Leaves(relation.dims, nest_loops)
    for op, _ in access.chain:
        if isinstance(op, AffineForOp):
            _add_for_domain(relation, leaves, op)
        elif isinstance(op, AffineIfOp):
            # Upstream adds the condition whichever branch holds the access,
            # so an access in an else branch gets the then-branch's domain.
            _add_if_domain(relation, leaves, op)
        else:
            _add_parallel_domain(relation, leaves, op)
    rows, flattener, symbols = _flatten_map(relation, leaves, access.op.map,
                                            access.op.map_operands)
    eqs = []
    for k, flat in enumerate(rows):
        row = dict(flat)
        row[("mem", k)] = -1
        eqs.append(row)
    ineqs = list(flattener.local_ineqs)
    relation.symbols = merge_and_align(relation.symbols, symbols)
    _merge_locals(relation, flattener.locals, dict(flattener.reprs), ineqs + eqs)
    relation.ineqs = ineqs + relation.ineqs
    relation.eqs = eqs + relation.eqs
    relation.rank = len(rows)
    return relation


def _renamed(row: dict, side: str, dims: list) -> dict:
    """Tag the loop-index keys of a row with the access they belong to."""
    out = {}
    for key, value in row.items():
        if any(key is d for d in dims):
            key = (side, key)
        out[key] = value
    return out


def dense_row_maker(columns: list):
    """The function turning a dict row (keyed by column, the constant under
    CONST) into a list over `columns` followed by the constant."""
    position = {key: i for i, key in enumerate(columns)}

    def dense(row: dict) -> list:
        out = [0] * (len(columns) + 1)
        for key, value in row.items():
            if key == CONST:
                out[-1] += value
            else:
                out[position[key]] += value
        return out
    return dense


def dependence_system(src: AccessRelation, dst: AccessRelation):
    """`dstRel.inverse(); dstRel.mergeAndCompose(srcRel)`: columns
    [src dims, dst dims, symbols (destination's first), destination locals,
    source locals, memref dims], source rows before destination rows, then
    `removeRedundantLocalVars`."""
    symbols = merge_and_align(dst.symbols, src.symbols)
    src_ineqs = [_renamed(r, "src", src.dims) for r in src.ineqs]
    src_eqs = [_renamed(r, "src", src.dims) for r in src.eqs]
    src_reprs = {local: (_renamed(d, "src", src.dims), q) for local, (d, q) in src.reprs.items()}
    merged = AccessRelation([])
    merged.locals = list(dst.locals)
    merged.reprs = {local: (_renamed(d, "dst", dst.dims), q) for local, (d, q) in dst.reprs.items()}
    _merge_locals(merged, list(src.locals), src_reprs, src_ineqs + src_eqs)
    columns = ([("src", d) for d in src.dims] + [("dst", d) for d in dst.dims] + symbols
               + merged.locals + [("mem", k) for k in range(src.rank)])
    dense = dense_row_maker(columns)
    dst_ineqs = [_renamed(r, "dst", dst.dims) for r in dst.ineqs]
    dst_eqs = [_renamed(r, "dst", dst.dims) for r in dst.eqs]
    system = IntegerConstraints(len(columns), [dense(r) for r in src_eqs + dst_eqs],
                                [dense(r) for r in src_ineqs + dst_ineqs])
    system.remove_redundant_local_vars(len(src.dims) + len(dst.dims) + len(symbols))
    return system


def mlir_distance_bounds(src_access, dst_access, depth: int, common: int):
    """The `[lb, ub]` per common loop that mlir-opt's
    `-test-memref-dependence-check` prints (None for an infinite end), or
    None when the accesses are outside what this model covers."""
    nest_loops = {loop for loop, _ in src_access.chain} | {loop for loop, _ in dst_access.chain}
    try:
        src = access_relation(src_access, nest_loops)
        dst = access_relation(dst_access, nest_loops)
    except NotAffine:
        return None
    system = dependence_system(src, dst)
    num_src = len(src.dims)
    # `addOrderingConstraints`: equal outer indices, later at `depth`.
    for i in range(min(common, depth)):
        row = [0] * system.num_cols
        row[i], row[i + num_src] = -1, 1
        if i == depth - 1:
            row[-1] = -1
            system.ineqs.append(row)
        else:
            system.eqs.append(row)
    # `computeDirectionVector`: distance d_j = dst_j - src_j in front, all
    # other variables projected out.
    others = system.num_vars
    system.insert_vars(0, common)
    for j in range(common):
        row = [0] * system.num_cols
        row[j], row[j + common], row[j + common + num_src] = 1, 1, -1
        system.eqs.append(row)
    try:
        system.project_out(common, others)
        return [system.constant_bounds(j)
                for j in range(common)]
    except ConstraintExplosion:
        return None
