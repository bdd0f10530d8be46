"""Memref regions as upstream computes them (`MemRefRegion` of
mlir/lib/Dialect/Affine/Analysis/Utils.cpp, on the FlatAffineValueConstraints
of mlir/lib/Analysis/FlatLinearValueConstraints.cpp and IntegerRelation.cpp).

A region is the set of elements one affine access touches while the loops
inside a given depth run, as constraints whose first `rank` columns are the
memref's dimensions and whose other columns are symbols: the IVs of the
outer loops and the function's symbols the access or its loop bounds use.
The explicit copies generated from it (data_copy.py) print its bounds, so it
is built as upstream builds it (the same columns, rows and row order) and
projected with the port of its Fourier-Motzkin elimination
(analysis/fourier_motzkin.py): the bounds it finds, and which of equally
good bounds it keeps, are upstream's.  Exact answers (isl) would sometimes
be tighter, and would print differently.
"""

from __future__ import annotations

from ..analysis.affine_access import enclosing_affine_ops, loop_ivs, loop_of_iv
from ..analysis.affine_flattener import (CONST, AffineFlattener, LocalVar, compose_over_leaves,
                                        div_lower_bound, div_upper_bound)
from ..analysis.dependence_relation import (AccessRelation, _add_bound, _add_parallel_domain,
                                            _Leaves, dense_row_maker, merge_and_align)
from ..analysis.affine_access import NotAffine
from ..analysis.fourier_motzkin import IntegerConstraints
from ..dialects.affine import AffineForOp
from ..dialects.affine_parallel import AffineParallelOp
from ..dialects.affine_validity import is_valid_symbol
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir.affine_expr import constant, dim, symbol
from ..ir.affine_map import AffineMap
from ..ir import types as T
from ..ir.traits import AffineReadOpInterface, AffineWriteOpInterface
from .affine_canonical import (canonicalize_map_and_operands,
                               fully_compose_affine_map_and_operands, simplify_affine_map)


def affine_ivs(op) -> list:
    """`getAffineIVs`: the affine.for and affine.parallel IVs around `op`,
    outermost first."""
    return loop_ivs(enclosing_affine_ops(op))


def is_write(op) -> bool:
    return op.has_trait(AffineWriteOpInterface)


def _is_affine_iv(value) -> bool:
    return isinstance(loop_of_iv(value), (AffineForOp, AffineParallelOp))


def _constant_index(value):
    op = value.defining_op
    if isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
        return op.value.value
    return None


class _Builder:
    """FlatAffineValueConstraints while it is built: dict rows keyed by
    values (dims and symbols, in `relation`), locals and ("mem", k)."""

    def __init__(self, dims: list, symbols: list):
        self.relation = AccessRelation(list(dims))
        self.relation.symbols = list(symbols)
        self.leaves = _Leaves(self.relation.dims, set())

    def contains(self, value) -> bool:
        return any(v is value for v in self.relation.dims + self.relation.symbols)

    def add_iv_or_symbol(self, value) -> None:
        """`addInductionVarOrTerminalSymbol`: a loop IV becomes a dim with
        its loop's domain, anything else a symbol (fixed if constant)."""
        if self.contains(value):
            return
        loop = loop_of_iv(value)
        if isinstance(loop, AffineForOp):
            self.relation.dims.append(value)
            self.add_for_domain(loop)
            return
        if isinstance(loop, AffineParallelOp):
            self.relation.dims.extend(loop.body.args)
            _add_parallel_domain(self.relation, self.leaves, loop)
            return
        self.relation.symbols.append(value)
        value_const = _constant_index(value)
        if value_const is not None:
            self.relation.eqs.append({value: 1, CONST: -value_const})

    def add_for_domain(self, loop) -> None:
        """`addAffineForOpDomain`: the stride as a local, then the bounds;
        the values a bound uses are added first, with their own domains."""
        iv = loop.induction_var
        lb_map, ub_map = loop.lower_bound_map, loop.upper_bound_map
        if loop.step != 1 and lb_map.is_single_constant():
            lb = lb_map.get_single_constant_result()
            dividend = {iv: 1, CONST: -lb} if lb else {iv: 1}
            quotient = LocalVar(f"stride{len(self.relation.locals)}")
            self.relation.locals.append(quotient)
            self.relation.reprs[quotient] = (dividend, loop.step)
            self.relation.ineqs.append(div_lower_bound(dividend, loop.step, quotient))
            self.relation.ineqs.append(div_upper_bound(dividend, loop.step, quotient))
            self.relation.eqs.append({**dividend, quotient: -loop.step})
        for map, operands, lower in ((lb_map, loop.lower_bound_operands, True),
                                     (ub_map, loop.upper_bound_operands, False)):
            if map.is_single_constant():
                value = map.get_single_constant_result()
                self.relation.ineqs.append({iv: 1, CONST: -value} if lower
                                           else {iv: -1, CONST: value - 1})
                continue
            found: list = []
            for e in map.results:
                compose_over_leaves(e, list(operands), map.num_dims, found)
            for value in found:
                self.add_iv_or_symbol(value)
            _add_bound(self.relation, self.leaves, iv, map, list(operands), lower)


class MemRefRegion:
    """`MemRefRegion`: `memref`, whether it is written, and `cst`, an
    IntegerConstraints whose first `rank` columns are the memref's
    dimensions and whose next ones are the symbols in `symbols` (values);
    `loc`, the location of the access it was computed for, where the ops
    that copy it are placed."""

    def __init__(self, memref, write: bool, cst: IntegerConstraints, symbols: list, loc=None):
        self.memref = memref
        self.write = write
        self.cst = cst
        self.symbols = symbols
        self.loc = loc
        # The dimensions whose bounds a union of bounds with a division
        # made: mlir-opt 22 finds no constant extent along them (it copies
        # the memref's whole extent there), though the copy loops' bounds
        # are the union's.
        self.divided_union_dims: set = set()

    @property
    def rank(self) -> int:
        return len(self.memref.type.shape)

    def as_read(self) -> "MemRefRegion":
        region = MemRefRegion(self.memref, False, self.cst.copy(), list(self.symbols), self.loc)
        region.divided_union_dims = set(self.divided_union_dims)
        return region

    def copy_constraints_from(self, other: "MemRefRegion") -> None:
        self.cst = other.cst.copy()
        self.symbols = list(other.symbols)
        self.divided_union_dims = set(other.divided_union_dims)

    # --------------------------------------------------------- bounds
    def constant_bounding_size_and_shape(self):
        """`getConstantBoundingSizeAndShape`: (number of elements, shape,
        lower bound maps over the symbols) or None."""
        rank = self.rank
        shape = self.memref.type.shape
        cst = self.cst.copy()
        for r in range(rank):
            row = [0] * cst.num_cols
            row[r] = 1
            cst.ineqs.append(row)
            if shape[r] is not None:
                row = [0] * cst.num_cols
                row[r], row[-1] = -1, shape[r] - 1
                cst.ineqs.append(row)
        num_elements, sizes, lbs = 1, [], []
        num_symbols = cst.num_vars - rank
        for d in range(rank):
            found = constant_bound_on_dim_size(cst, rank, d)
            if d in self.divided_union_dims:
                # Upstream's dma-generate test (`test_analysis_util`).
                found = None
            if found is not None:
                diff, lb_row, divisor = found
                # Built as upstream builds it: from an equality directly,
                # else as the negated lower bound constraint, so that
                # `-(-d0 - 9)` stays unsimplified.
                from_equality = _equality_to_constant(cst, d, rank) is not None
                row = list(lb_row) if from_equality else [-v for v in lb_row]
                if not from_equality:
                    row[-1] += divisor - 1
                expr = constant(0)
                for c, v in enumerate(row[:-1]):
                    if v:
                        expr = expr + symbol(c) * v
                if row[-1]:
                    expr = expr + row[-1]
                if not from_equality:
                    expr = -expr + (divisor - 1)
                lb = AffineMap(0, num_symbols, (expr.floordiv(divisor),))
            else:
                if shape[d] is None:
                    return None
                diff = shape[d]
                lb = AffineMap(0, num_symbols, (constant(0),))
            num_elements *= diff
            sizes.append(diff)
            lbs.append(lb)
        return num_elements, sizes, lbs

    def lower_and_upper_bound(self, pos: int) -> tuple:
        """`getLowerAndUpperBound`: every lower (max) and upper (min,
        exclusive) bound of dimension `pos` free of the other dimensions,
        as maps whose dims are the symbols."""
        cst, rank = self.cst, self.rank
        lb_rows, ub_rows, eq_rows = bound_rows(cst, pos, 0, rank)
        num_syms = cst.num_vars - rank

        def expr_of(coeffs):
            e = constant(0)
            for c, v in enumerate(coeffs[:-1]):
                if v:
                    e = e + dim(c) * v
            return e + coeffs[-1] if coeffs[-1] else e

        lbs, ubs = [], []
        for row in lb_rows:
            rest = [-v for v in row[rank:]]
            divisor = abs(row[pos])
            lbs.append((expr_of(rest) + (divisor - 1)).floordiv(divisor))
        for row in ub_rows:
            rest = list(row[rank:])
            ubs.append(expr_of(rest).floordiv(abs(row[pos])) + 1)
        for row in eq_rows:
            rest = list(row[rank:])
            if row[pos] > 0:
                rest = [-v for v in rest]
            ubs.append(expr_of(rest).floordiv(abs(row[pos])) + 1)
            lbs.append(expr_of(rest).ceildiv(abs(row[pos])))
        return AffineMap(num_syms, 0, tuple(lbs)), AffineMap(num_syms, 0, tuple(ubs))

    def union_bounding_box(self, other: "MemRefRegion") -> bool:
        """`unionBoundingBox`, after `mergeAndAlignVars`: both systems over
        this region's symbols followed by the other's new ones."""
        symbols = merge_and_align(self.symbols, other.symbols)
        this_cst = _over_symbols(self, symbols)
        merged = union_bounding_box(this_cst, _over_symbols(other, symbols), self.rank)
        self.cst, self.symbols = this_cst, symbols
        if merged is None:
            return False
        self.cst, divided = merged
        self.divided_union_dims |= other.divided_union_dims | divided
        return True


def _over_symbols(region: MemRefRegion, symbols: list) -> IntegerConstraints:
    """The region's constraints with a column per value of `symbols`."""
    rank = region.rank
    where = [next((k for k, v in enumerate(region.symbols) if v is value), None)
             for value in symbols]

    def move(row):
        return row[:rank] + [0 if k is None else row[rank + k] for k in where] + [row[-1]]
    return IntegerConstraints(rank + len(symbols), [move(r) for r in region.cst.eqs],
                              [move(r) for r in region.cst.ineqs])


def bound_rows(cst: IntegerConstraints, pos: int, offset: int, num: int) -> tuple:
    """`getLowerAndUpperBoundIndices`: the rows bounding `pos` from below,
    from above, and the equalities on it, free of the other variables in
    [offset, offset + num)."""
    def free(row):
        return all(row[c] == 0 for c in range(offset, offset + num) if c != pos)
    lbs = [r for r in cst.ineqs if r[pos] >= 1 and free(r)]
    ubs = [r for r in cst.ineqs if r[pos] <= -1 and free(r)]
    eqs = [r for r in cst.eqs if r[pos] != 0 and free(r)]
    return lbs, ubs, eqs


def _equality_to_constant(cst: IntegerConstraints, pos: int, limit: int):
    """`findEqualityToConstant`: an equality with a +-1 at `pos` and zeros
    at the other positions below `limit`."""
    for row in cst.eqs:
        if row[pos] * row[pos] != 1:
            continue
        if all(row[c] == 0 for c in range(limit) if c != pos):
            return row
    return None


def constant_bound_on_dim_size(cst: IntegerConstraints, num_dims: int, pos: int):
    """`getConstantBoundOnDimSize`: (extent, lower bound row over the
    symbols and the constant, floor divisor) or None."""
    num_symbols = cst.num_vars - num_dims
    eq = _equality_to_constant(cst, pos, num_dims)
    if eq is not None:
        # No local variables remain in a region, so none can be involved.
        v = eq[pos]
        lb = [(eq[num_dims + c] // -v) if v < 0 else (-eq[num_dims + c] // v)
              for c in range(num_symbols + 1)]
        return 1, lb, 1
    if not any(row[pos] != 0 for row in cst.ineqs):
        return None
    lbs, ubs, _ = bound_rows(cst, pos, 0, num_dims)
    best = None
    for ub in ubs:
        for lb in lbs:
            if any(ub[j] != -lb[j] for j in range(cst.num_vars)):
                continue
            diff = -(-(ub[-1] + lb[-1] + 1) // lb[pos])
            diff = max(diff, 0)
            if best is None or diff < best[0]:
                best = (diff, lb, ub)
    if best is None:
        return None
    diff, lb, _ = best
    row = [-lb[num_dims + c] for c in range(num_symbols + 1)]
    row[-1] += lb[pos] - 1
    return diff, row, lb[pos]


def _symbolic_bounds(cst: IntegerConstraints, num_dims: int, pos: int):
    found = constant_bound_on_dim_size(cst, num_dims, pos)
    if found is None:
        return None
    diff, lb, divisor = found
    # The upper bound row's symbolic part, as upstream returns it.
    eq = _equality_to_constant(cst, pos, num_dims)
    if eq is not None:
        return lb, divisor, list(lb)
    lbs, ubs, _ = bound_rows(cst, pos, 0, num_dims)
    for ub in ubs:
        for low in lbs:
            if any(ub[j] != -low[j] for j in range(cst.num_vars)):
                continue
            d = max(-(-(ub[-1] + low[-1] + 1) // low[pos]), 0)
            if d == diff:
                return lb, divisor, [ub[num_dims + c] for c in range(cst.num_vars - num_dims + 1)]
    return None


def _constant_bound(cst: IntegerConstraints, pos: int, lower: bool):
    low, high = cst.constant_bounds(pos)
    return low if lower else high


def union_bounding_box(this: IntegerConstraints, other: IntegerConstraints, num_dims: int):
    """`IntegerRelation::unionBoundingBox`: per dimension the smaller lower
    and the larger upper bound when comparable (else constant ones), then
    the constraints common to both; (the union, the dimensions whose bounds
    are divisions) or None on failure."""
    common_ineqs = [r for r in this.ineqs if any(r == s for s in other.ineqs)]
    common_eqs = [r for r in this.eqs if any(r == s for s in other.eqs)]
    bounding, divided = [], set()
    for d in range(num_dims):
        mine = _symbolic_bounds(this, num_dims, d)
        theirs = _symbolic_bounds(other, num_dims, d)
        if mine is None or theirs is None or mine[1] != theirs[1]:
            return None
        (lb, divisor, ub), (olb, odiv, oub) = mine, theirs
        if divisor != 1:
            divided.add(d)
        cmp = _compare(lb, olb)
        if cmp in ("less", "equal"):
            min_lb = list(lb)
            min_lb[-1] -= divisor - 1
        elif cmp == "greater":
            min_lb = list(olb)
            min_lb[-1] -= odiv - 1
        else:
            a, b = _constant_bound(this, d, True), _constant_bound(other, d, True)
            if a is None or b is None:
                return None
            min_lb = [0] * len(lb)
            min_lb[-1] = min(a, b)
        cmp = _compare(ub, oub)
        if cmp in ("greater", "equal"):
            max_ub = list(ub)
        elif cmp == "less":
            max_ub = list(oub)
        else:
            a, b = _constant_bound(this, d, False), _constant_bound(other, d, False)
            if a is None or b is None:
                return None
            max_ub = [0] * len(ub)
            max_ub[-1] = max(a, b)
        new_lb = [0] * this.num_cols
        new_ub = [0] * this.num_cols
        new_lb[d], new_ub[d] = divisor, -divisor
        new_lb[num_dims:] = [-v for v in min_lb]
        new_ub[num_dims:] = max_ub
        bounding.append((new_lb, new_ub))
    result = IntegerConstraints(this.num_vars)
    for low, high in bounding:
        result.ineqs.append(low)
        result.ineqs.append(high)
    result.ineqs.extend([list(r) for r in common_ineqs])
    result.eqs.extend([list(r) for r in common_eqs])
    result.remove_trivial_redundancy()
    return result, divided


def _compare(a: list, b: list) -> str:
    """`compareBounds`: comparable only when all but the constants agree."""
    if a[:-1] != b[:-1]:
        return "unknown"
    if a[-1] == b[-1]:
        return "equal"
    return "less" if a[-1] < b[-1] else "greater"


def access_map_and_operands(op) -> tuple:
    """`MemRefAccess::getAccessMap`: the access map fully composed,
    simplified and canonicalized."""
    amap, operands = fully_compose_affine_map_and_operands(op.map, list(op.map_operands))
    amap = simplify_affine_map(amap)
    return canonicalize_map_and_operands(amap, operands)


def compute_region(op, loop_depth: int, add_dim_bounds: bool = False) -> MemRefRegion | None:
    """`MemRefRegion::compute(op, loopDepth, nullptr, addMemRefDimBounds)`:
    the elements `op` touches, symbolic in the outer `loop_depth` IVs; None
    where upstream fails (a non-affine operand or map)."""
    memref = op.memref
    write = is_write(op)
    rank = len(memref.type.shape)
    if rank == 0:
        ivs = affine_ivs(op)[:loop_depth]
        return MemRefRegion(memref, write, IntegerConstraints(len(ivs)), list(ivs), op.pos)
    amap, operands = access_map_and_operands(op)
    dims, syms = operands[:amap.num_dims], operands[amap.num_dims:]
    builder = _Builder(dims, syms)
    try:
        for value in operands:
            loop = loop_of_iv(value)
            if isinstance(loop, AffineForOp):
                builder.add_for_domain(loop)
            elif isinstance(loop, AffineParallelOp):
                _add_parallel_domain(builder.relation, builder.leaves, loop)
            elif is_valid_symbol(value):
                c = _constant_index(value)
                if c is not None:
                    builder.relation.eqs.append({value: 1, CONST: -c})
            else:
                return None
        relation = builder.relation
        # `composeMap`: one equality per result, its locals in front.
        flattener = AffineFlattener(list(operands), amap.num_dims)
        rows = [flattener.flatten(e) for e in amap.results]
    except NotAffine:
        return None
    relation.locals[0:0] = flattener.locals
    relation.ineqs.extend(flattener.local_ineqs)
    for r, flat in enumerate(rows):
        row = {k: -v for k, v in flat.items()}
        row[("mem", r)] = 1
        relation.eqs.append(row)
    values = list(relation.dims) + list(relation.symbols)
    columns = [("mem", r) for r in range(rank)] + values + list(relation.locals)
    dense = dense_row_maker(columns)
    cst = IntegerConstraints(len(columns), [dense(r) for r in relation.eqs],
                             [dense(r) for r in relation.ineqs])
    # The loops inside `loop_depth` are projected out, then the locals.
    enclosing = affine_ivs(op)[:loop_depth]
    for value in list(values):
        if _is_affine_iv(value) and not any(value is v for v in enclosing):
            k = next(i for i, v in enumerate(values) if v is value)
            cst.project_out(rank + k, 1)
            del values[k]
    num_locals = cst.num_vars - rank - len(values)
    cst.project_out(rank + len(values), num_locals)
    # `constantFoldVarRange` over the symbols.
    k = 0
    for _ in range(len(values)):
        if not _constant_fold_var(cst, rank + k):
            k += 1
        else:
            del values[k]
    if add_dim_bounds:
        for r, size in enumerate(memref.type.shape):
            row = [0] * cst.num_cols
            row[r] = 1
            cst.ineqs.append(row)
            if size is not None:
                row = [0] * cst.num_cols
                row[r], row[-1] = -1, size - 1
                cst.ineqs.append(row)
    cst.remove_trivial_redundancy()
    return MemRefRegion(memref, write, cst, values, op.pos)


def _constant_fold_var(cst: IntegerConstraints, pos: int) -> bool:
    """`constantFoldVar`: a variable an equality fixes is substituted."""
    row = _equality_to_constant(cst, pos, cst.num_vars)
    if row is None:
        return False
    value = -row[-1] // row[pos]
    for r in cst.eqs + cst.ineqs:
        r[-1] += r[pos] * value
    cst.remove_var_range(pos, pos + 1)
    return True


def full_memref_region(op, num_param_ivs: int) -> MemRefRegion | None:
    """`getFullMemRefAsRegion`: the whole (static) memref, symbolic in the
    outer `num_param_ivs` affine.for IVs."""
    memref = op.memref
    shape = memref.type.shape
    if any(s is None for s in shape):
        return None
    loops = [loop for loop, _ in enclosing_affine_ops(op) if isinstance(loop, AffineForOp)]
    symbols = [loop.induction_var for loop in loops[:num_param_ivs]]
    rank = len(shape)
    cst = IntegerConstraints(rank + len(symbols))
    for d, size in enumerate(shape):
        low = [0] * cst.num_cols
        low[d] = 1
        high = [0] * cst.num_cols
        high[d], high[-1] = -1, size - 1
        cst.ineqs += [low, high]
    return MemRefRegion(memref, is_write(op), cst, symbols, op.pos)


def element_size_in_bytes(memref_type) -> int | None:
    """`getMemRefIntOrFloatEltSizeInBytes`."""
    element = memref_type.element_type
    count = 1
    if isinstance(element, T.VectorType):
        for s in element.shape:
            count *= s
        element = element.element_type
    if not isinstance(element, (T.IntegerType, T.FloatType)):
        return None
    return -(-element.width * count // 8)


def footprint_bytes(loop) -> int | None:
    """`getMemoryFootprintBytes(forOp)`: per memref, the union of the
    bounding boxes of its accesses' regions under `loop` (symbolic in the
    loops around it, the memref's extents as bounds), times the element
    size; None when a region or its size is unknown.  Upstream's own
    projection decides the boxes, so the depth at which
    -affine-data-copy-generate copies is the one mlir-opt picks."""
    depth = len(affine_ivs(loop))
    regions: dict = {}
    for op in loop.walk():
        if not op.has_trait(AffineReadOpInterface) and not op.has_trait(AffineWriteOpInterface):
            continue
        region = compute_region(op, depth, add_dim_bounds=True)
        if region is None:
            return None
        known = regions.get(region.memref)
        if known is None:
            regions[region.memref] = region
        elif not known.union_bounding_box(region):
            return None
    total = 0
    for region in regions.values():
        if region.memref.type.layout is not None:
            continue
        bounded = region.constant_bounding_size_and_shape()
        size = element_size_in_bytes(region.memref.type)
        if bounded is None or size is None:
            return None
        total += bounded[0] * size
    return total
