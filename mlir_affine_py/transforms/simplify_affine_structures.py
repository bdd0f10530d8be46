"""-affine-simplify-structures: simplify the affine maps and integer sets of
a function, then canonicalize its affine.apply, affine.for and affine.if
ops, as mlir-opt's pass does (mlir/lib/Dialect/Affine/Transforms/
SimplifyAffineStructures.cpp, `simplifyIntegerSet` of Analysis/Utils.cpp,
the canonicalization patterns and folds of IR/AffineOps.cpp).

Contract:
- every affine map attribute is simplified result by result (flattened and
  rebuilt; a semi-affine result after `simplifySemiAffine`'s divisions by a
  symbol that divides the dividend, with its products and divisions by
  non-constants as locals, rebuilt in upstream's order);
- every integer set attribute: an empty set becomes `(1 == 0)`; another
  loses its trivially redundant inequalities (`removeTrivialRedundancy`)
  and is rebuilt, equalities first, the constraints defining the locals of
  its mod/floordiv/ceildiv after its own;
- the affine.apply/for/if ops then have their maps and sets canonicalized
  with their operands (`canonicalizeMapAndOperands`: operands that are
  valid symbols become symbols, duplicates and unused ones go, constant
  symbols are folded in); an affine.apply of a constant map becomes an
  arith.constant in its place, another is simplified again (as
  composeAffineMapAndOperands ends); an affine.if whose set is `(1 == 0)` or `(0 == 0)` is
  replaced by the block that runs, and an empty else block is dropped;
  loop bounds are folded and their max/min results that can never win
  dropped (from constant loop bounds); ops left without effect or use go.
Emptiness is decided exactly (isl), where MLIR's Fourier-Motzkin test may
miss an empty set or give up.  Not done here: composing affine.apply
chains and `simplifyMapWithOperands`; a quotient is never taken for a
multiple of a symbol, and a mod of multiples is not divided by it.
"""

from __future__ import annotations

from ..analysis.affine_access import NotAffine
from ..analysis.affine_flattener import CONST, AffineFlattener
from ..analysis.fourier_motzkin import IntegerConstraints
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp
from ..dialects.affine_validity import is_valid_symbol
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir import types as T
from ..ir.affine_expr import AffineBinaryOpExpr, AffineConstantExpr, constant, dim, symbol
from ..ir.affine_map import AffineMap, IntegerSet, remove_duplicate_exprs
from ..ir.affine_simplify import simplify_affine_map
from ..ir.rewriter import IRRewriter
from ..ir.traits import is_memory_effect_free
from ..passes import Pass


# ------------------------------------------------------------ attributes
def _isl_expr(expr, names: list) -> str:
    if isinstance(expr, AffineConstantExpr):
        return str(expr.value)
    if not isinstance(expr, AffineBinaryOpExpr):
        dims, syms = names
        return dims[expr.position] if expr.kind == "dim" else syms[expr.position]
    lhs, rhs = _isl_expr(expr.lhs, names), _isl_expr(expr.rhs, names)
    if expr.kind == "add":
        return f"({lhs} + {rhs})"
    if not isinstance(expr.rhs, AffineConstantExpr):
        raise NotAffine("semi-affine constraint")
    if expr.kind == "mul":
        return f"({lhs} * {rhs})"
    if expr.rhs.value <= 0:
        raise NotAffine("division by a non-positive constant")
    if expr.kind == "mod":
        return f"({lhs} mod {rhs})"
    return f"{'floor' if expr.kind == 'floordiv' else 'ceil'}(({lhs}) / {rhs})"


def is_empty_set(iset: IntegerSet) -> bool | None:
    """Whether no integer point satisfies the set (None: semi-affine)."""
    import islpy as isl
    names = ([f"d{i}" for i in range(iset.num_dims)], [f"s{i}" for i in range(iset.num_symbols)])
    try:
        body = " and ".join(f"{_isl_expr(c, names)} {'=' if eq else '>='} 0"
                            for c, eq in zip(iset.constraints, iset.eq_flags)) or "true"
    except NotAffine:
        return None
    return isl.Set(f"{{ [{', '.join(names[0] + names[1])}] : {body} }}").is_empty()


def simplify_integer_set(iset: IntegerSet) -> IntegerSet:
    """`simplifyIntegerSet`."""
    empty = is_empty_set(iset)
    if empty:
        return IntegerSet.get_empty_set(iset.num_dims, iset.num_symbols)
    columns = list(range(iset.num_dims + iset.num_symbols))
    flattener = AffineFlattener(columns, iset.num_dims)
    try:
        rows = [flattener.flatten(c) for c in iset.constraints]
    except NotAffine:
        return iset
    if empty is None:
        return iset
    # The set's constraints, then those defining its divisions' locals
    # (lower bound first), as FlatAffineValueConstraints(set) lays them out.
    keys = columns + flattener.locals
    dense = [[row.get(k, 0) for k in keys] + [row.get(CONST, 0)]
             for row in rows + flattener.local_ineqs]
    flags = list(iset.eq_flags) + [False] * len(flattener.local_ineqs)
    system = IntegerConstraints(len(keys), [r for r, eq in zip(dense, flags) if eq],
                                [r for r, eq in zip(dense, flags) if not eq])
    system.remove_trivial_redundancy()
    if not system.eqs and not system.ineqs:
        return IntegerSet(iset.num_dims, iset.num_symbols, (constant(0),), (True,))
    exprs, kinds = [], []
    for rows_of_kind, is_eq in ((system.eqs, True), (system.ineqs, False)):
        for row in rows_of_kind:
            flat = {k: v for k, v in zip(keys, row) if v}
            if row[-1]:
                flat[CONST] = row[-1]
            exprs.append(flattener.rebuild(flat))
            kinds.append(is_eq)
    return IntegerSet(iset.num_dims, iset.num_symbols, tuple(exprs), tuple(kinds))


def _simplify_attributes(op, cache: dict) -> None:
    for table in (op.properties, op.attributes):
        for name, attr in list(table.items()):
            if isinstance(attr, A.AffineMapAttr):
                simplify, make = simplify_affine_map, A.AffineMapAttr
            elif isinstance(attr, A.IntegerSetAttr):
                simplify, make = simplify_integer_set, A.IntegerSetAttr
            else:
                continue
            if attr.value not in cache:
                cache[attr.value] = simplify(attr.value)
            if cache[attr.value] != attr.value:
                table[name] = make(cache[attr.value])


# ------------------------------------------------------- canonicalization
def canonicalize_map_or_set_and_operands(structure, operands: list):
    """`canonicalizeMapOrSetAndOperands`: (new map or set, new operands)."""
    num_dims, num_syms = structure.num_dims, structure.num_symbols
    # Dims that are valid symbols become symbols (canonicalizePromotedSymbols).
    dim_map, kept, promoted = [], [], []
    for value in operands[:num_dims]:
        if is_valid_symbol(value):
            dim_map.append(symbol(num_syms + len(promoted)))
            promoted.append(value)
        else:
            dim_map.append(dim(len(kept)))
            kept.append(value)
    structure = structure.replace_dims_and_symbols(
        dim_map, [symbol(i) for i in range(num_syms)], len(kept), num_syms + len(promoted))
    operands = kept + list(operands[num_dims:]) + promoted
    num_dims, num_syms = structure.num_dims, structure.num_symbols
    exprs = structure.results if isinstance(structure, AffineMap) else structure.constraints
    used = set()
    for expr in exprs:
        for sub in expr.walk():
            if sub.kind in ("dim", "symbol"):
                used.add((sub.kind, sub.position))
    new_operands, dims_out, syms_out = [], [constant(0)] * num_dims, [constant(0)] * num_syms
    seen: dict = {}
    for i in range(num_dims):
        if ("dim", i) in used:
            value = operands[i]
            if value not in seen:
                seen[value] = dim(sum(1 for e in seen.values() if e.kind == "dim"))
                new_operands.append(value)
            dims_out[i] = seen[value]
    next_dim = sum(1 for e in seen.values() if e.kind == "dim")
    seen_syms: dict = {}
    for i in range(num_syms):
        if ("symbol", i) not in used:
            continue
        value = operands[num_dims + i]
        folded = _constant_index(value)
        if folded is not None:
            syms_out[i] = constant(folded)
            continue
        if value not in seen_syms:
            seen_syms[value] = symbol(len(seen_syms))
            new_operands.append(value)
        syms_out[i] = seen_syms[value]
    structure = structure.replace_dims_and_symbols(dims_out, syms_out, next_dim, len(seen_syms))
    return structure, new_operands


def _constant_index(value):
    op = value.defining_op
    if isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
        return op.value.value
    return None


def _fold_bound(bound: AffineMap, operands: list, lower: bool):
    """`foldLoopBounds`: a bound whose operands are all constants becomes
    the constant max (lower) or min (upper) of its results."""
    values = [_constant_index(v) for v in operands]
    if any(v is None for v in values):
        return None
    results = bound.evaluate(values[:bound.num_dims], values[bound.num_dims:])
    if len(results) == 1 and not operands and isinstance(bound.results[0], AffineConstantExpr):
        return None
    chosen = max(results) if lower else min(results)
    return AffineMap(0, 0, (constant(chosen),))


def _iv_bounds(value) -> tuple:
    """`getLowerBound`/`getUpperBound` of a loop IV: the constants its
    iterations lie between (None where a bound is not constant)."""
    owner = value.owner.parent_op if value.defining_op is None else None
    if not isinstance(owner, AffineForOp) or value is not owner.induction_var:
        return None, None
    lb, ub = owner.lower_bound_map, owner.upper_bound_map
    low = lb.results[0].value if lb.num_inputs == 0 and len(lb.results) == 1 and \
        isinstance(lb.results[0], AffineConstantExpr) else None
    high = ub.results[0].value if ub.num_inputs == 0 and len(ub.results) == 1 and \
        isinstance(ub.results[0], AffineConstantExpr) else None
    if high is not None:
        high = high - 1 - ((high - low - 1) % owner.step if low is not None else 0)
    return low, high


def bound_of_expr(expr, num_dims: int, lows: list, highs: list, upper: bool):
    """`getBoundForAffineExpr`: a constant bound of `expr` from constant
    bounds of its inputs, or None."""
    if isinstance(expr, AffineBinaryOpExpr) and expr.kind in ("floordiv", "ceildiv", "mod"):
        rhs = expr.rhs
        if expr.kind != "mod":
            if not isinstance(rhs, AffineConstantExpr) or rhs.value < 1:
                return None
            bound = bound_of_expr(expr.lhs, num_dims, lows, highs, upper)
            if bound is None:
                return None
            return bound // rhs.value if expr.kind == "floordiv" else -(-bound // rhs.value)
        if isinstance(rhs, AffineConstantExpr) and rhs.value >= 1:
            c = rhs.value
            low = bound_of_expr(expr.lhs, num_dims, lows, highs, False)
            high = bound_of_expr(expr.lhs, num_dims, lows, highs, upper)
            if low is not None and high is not None and low // c == high // c:
                return high % c if upper else low % c
            return c - 1 if upper else 0
    columns = list(range(len(lows)))
    flattener = AffineFlattener(columns, num_dims)
    try:
        flat = flattener.flatten(expr)
    except NotAffine:
        return None
    if flattener.locals:
        return None
    bound = flat.get(CONST, 0)
    for position in columns:
        coefficient = flat.get(position, 0)
        if coefficient:
            limit = (highs if (coefficient > 0) == upper else lows)[position]
            if limit is None:
                return None
            bound += limit * coefficient
    return bound


def simplify_min_or_max(amap: AffineMap, operands: list, is_max: bool) -> AffineMap:
    """`simplifyMinOrMaxExprWithOperands`: drop the results of a max (min)
    bound that can never be the largest (smallest), from the constant
    bounds of the loop IVs among the operands."""
    if not operands:
        return amap
    bounds = [_iv_bounds(v) for v in operands]
    lows, highs = [b[0] for b in bounds], [b[1] for b in bounds]
    lower, upper = [], []
    for expr in amap.results:
        if isinstance(expr, AffineConstantExpr):
            lower.append(expr.value)
            upper.append(expr.value)
        else:
            lower.append(bound_of_expr(expr, amap.num_dims, lows, highs, False))
            upper.append(bound_of_expr(expr, amap.num_dims, lows, highs, True))
    kept = []
    for i, expr in enumerate(amap.results):
        if lower[i] is not None and upper[i] is not None and lower[i] == upper[i]:
            expr = constant(lower[i])
        mine, others, theirs = (upper, lower, upper) if is_max else (lower, upper, lower)
        if mine[i] is None:
            kept.append(expr)
            continue
        if not any(_dominated(i, pos, mine, others, theirs, is_max)
                   for pos in range(len(amap.results))):
            kept.append(expr)
    return AffineMap(amap.num_dims, amap.num_symbols, tuple(kept))


def _dominated(i: int, pos: int, mine: list, others: list, theirs: list, is_max: bool) -> bool:
    """Whether result `pos` makes result `i` of a max (min) redundant: its
    bound `others[pos]` is always above (below) `mine[i]`."""
    other = others[pos]
    if pos == i or other is None:
        return False
    if (other > mine[i]) if is_max else (other < mine[i]):
        return True
    if (other < mine[i]) if is_max else (other > mine[i]):
        return False
    # Equal bounds: of two results fixed to one value, keep the first.
    return not (theirs[pos] is not None and others[i] is not None
                and others[i] == mine[i] and other == theirs[pos] and i < pos)


class _Canonicalizer:
    """The patterns and folds of the three ops, each op rewritten until
    nothing changes (the greedy driver limited to these ops and the ops
    they make)."""

    def __init__(self):
        self.rewriter = IRRewriter()

    def run(self, ops: list) -> None:
        for op in ops:
            while op.parent is not None and self.rewrite(op):
                pass

    def rewrite(self, op) -> bool:
        if not any(r.uses for r in op.results) and is_memory_effect_free(op):
            # Trivially dead (an empty loop, an unused affine.apply).
            self.rewriter.erase_op(op)
            return True
        if isinstance(op, AffineApplyOp):
            return self.apply(op)
        if isinstance(op, AffineIfOp):
            return self.if_op(op)
        if isinstance(op, AffineForOp):
            return self.for_op(op)
        return False

    def constant(self, value: int, at):
        """A constant materialized where the folded op stands."""
        made = ConstantOp.build(value, T.INDEX)
        at.parent.insert(at.parent.ops.index(at), made)
        return made.results[0]

    def apply(self, op) -> bool:
        if any(isinstance(v.defining_op, AffineApplyOp) for v in op.operands):
            return False
        amap, operands = canonicalize_map_or_set_and_operands(op.map, list(op.operands))
        # composeAffineMapAndOperands ends by simplifying the map.
        amap = simplify_affine_map(amap)
        result = amap.results[0]
        if isinstance(result, AffineConstantExpr):
            self.rewriter.replace_op(op, [self.constant(result.value, op)])
            return True
        if amap.num_inputs == 1 and result.kind in ("dim", "symbol"):
            self.rewriter.replace_op(op, [operands[0]])
            return True
        if amap == op.map and operands == list(op.operands):
            return False
        op.properties["map"] = A.AffineMapAttr(amap)
        op.set_operands(operands)
        return True

    def if_op(self, op) -> bool:
        iset, operands = canonicalize_map_or_set_and_operands(op.integer_set, list(op.operands))
        if iset != op.integer_set or operands != list(op.operands):
            op.properties["condition"] = A.IntegerSetAttr(iset)
            op.set_operands(operands)
            return True
        if iset.is_empty_integer_set():
            if not op.results and op.else_block is None:
                self.rewriter.erase_op(op)
                return True
            self._inline(op, op.else_block)
            return True
        if iset.num_equalities == 1 and iset.num_inequalities == 0 and \
                iset.constraints[0] == constant(0):
            self._inline(op, op.then_block)
            return True
        else_block = op.else_block
        if not op.results and else_block is not None and len(else_block.ops) == 1:
            # SimplifyDeadElse: an else block holding only its terminator.
            self.rewriter.erase_block(else_block)
            return True
        return False

    def _inline(self, op, block) -> None:
        terminator = block.ops[-1]
        values = list(terminator.operands)
        moved = list(block.ops[:-1])
        self.rewriter.erase_op(terminator)
        block_ops = op.parent.ops
        index = block_ops.index(op)
        for offset, nested in enumerate(moved):
            block.ops.remove(nested)
            op.parent.insert(index + offset, nested)
        self.rewriter.replace_op(op, values)
        # The moved ops are new to the driver: those left unused go.
        for nested in reversed(moved):
            if not any(r.uses for r in nested.results) and is_memory_effect_free(nested):
                self.rewriter.erase_op(nested)

    def for_op(self, op) -> bool:
        """`AffineForOp::fold`: bounds of constant operands folded
        (`foldLoopBounds`), then `canonicalizeLoopBounds`."""
        changed = False
        lb_operands, ub_operands = list(op.lower_bound_operands), list(op.upper_bound_operands)
        lb, ub = _fold_bound(op.lower_bound_map, lb_operands, True), \
            _fold_bound(op.upper_bound_map, ub_operands, False)
        if lb is not None:
            lb_operands = []
        if ub is not None:
            ub_operands = []
        lb = lb or op.lower_bound_map
        ub = ub or op.upper_bound_map
        lb, new_lb_ops = canonicalize_map_or_set_and_operands(lb, lb_operands)
        lb = simplify_min_or_max(lb, new_lb_ops, True)
        ub = simplify_min_or_max(ub, ub_operands, False)
        lb = remove_duplicate_exprs(lb)
        ub, new_ub_ops = canonicalize_map_or_set_and_operands(ub, ub_operands)
        ub = remove_duplicate_exprs(ub)
        if lb != op.lower_bound_map or new_lb_ops != lb_operands or \
                ub != op.upper_bound_map or new_ub_ops != ub_operands:
            inits = list(op.inits)
            op.properties["lowerBoundMap"] = A.AffineMapAttr(lb)
            op.properties["upperBoundMap"] = A.AffineMapAttr(ub)
            op.set_operands(new_lb_ops + new_ub_ops + inits)
            op.properties["operandSegmentSizes"] = type(op.properties["operandSegmentSizes"])(
                T.I32, (len(new_lb_ops), len(new_ub_ops), len(inits)))
            changed = True
        return changed


class SimplifyAffineStructures(Pass):
    argument = "affine-simplify-structures"
    summary = "Simplify affine expressions in maps/sets and normalize memrefs"
    pass_name = "SimplifyAffineStructures"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        cache: dict = {}
        to_simplify = []
        for nested in op.walk("post"):
            _simplify_attributes(nested, cache)
            if isinstance(nested, (AffineForOp, AffineIfOp, AffineApplyOp)):
                to_simplify.append(nested)
        _Canonicalizer().run(to_simplify)

