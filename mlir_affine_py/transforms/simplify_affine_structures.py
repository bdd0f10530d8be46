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
- every integer set attribute: a set Fourier-Motzkin proves empty
  (`IntegerRelation::isEmpty`, which gives up past 32 constraints per
  variable: such a set stays, as in mlir-opt, even when it is empty)
  becomes `(1 == 0)`; another loses its trivially redundant inequalities
  (`removeTrivialRedundancy`) and is rebuilt, equalities first, the
  constraints defining the locals of its mod/floordiv/ceildiv after its own;
- the affine.apply/for/if ops are then folded and canonicalized by their
  own folds and patterns, driven as `applyOpPatternsGreedily` drives them
  over exactly these ops and the ops the rewrites create or move
  (ExistingAndNewOps; rewrite_driver.OpPatternsDriver): the last op
  first, so a loop whose body only empties later (an affine.if found
  always false) stays, and ops an inlined block leaves unused go.  An
  affine.apply of a semi-affine map (no affine.apply feeding it) has its
  operands canonicalized and its map simplified as the attributes are,
  which leaves them as they are, as upstream's `simplifyAffineExpr` does.
Not done here: a quotient is never taken for a multiple of a symbol, and
a mod of multiples is not divided by it (`simplifySemiAffine`).
"""

from __future__ import annotations

from ..analysis.affine_access import NotAffine
from ..analysis.affine_flattener import (CONST, AffineFlattener, simplify_affine_expr,
                                         simplify_semi_affine_expr)
from ..analysis.fourier_motzkin import IntegerConstraints
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp
from ..dialects.affine_canonicalize import simplify_affine_op
from ..dialects.affine_validity import is_valid_symbol
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir.affine_expr import constant, dim, symbol
from ..ir.affine_map import AffineMap, IntegerSet
from ..passes import Pass
from ..rewrite_driver import OpPatternsDriver


# ------------------------------------------------------------ attributes
def simplify_affine_map(amap: AffineMap) -> AffineMap:
    """`simplifyAffineMap`: each pure affine result flattened and rebuilt."""
    columns = list(range(amap.num_dims + amap.num_symbols))
    results = []
    for expr in amap.results:
        try:
            results.append(simplify_affine_expr(expr, columns, amap.num_dims)
                           if expr.is_pure_affine() else
                           simplify_semi_affine_expr(expr, amap.num_dims, amap.num_symbols))
        except NotAffine:
            results.append(expr)
    return AffineMap(amap.num_dims, amap.num_symbols, tuple(results))


def simplify_integer_set(iset: IntegerSet) -> IntegerSet:
    """`simplifyIntegerSet`: `(1 == 0)` when Fourier-Motzkin proves the set
    empty (`IntegerRelation::isEmpty`, which gives up on large systems:
    the sets it keeps, mlir-opt keeps), else the set without its trivially
    redundant constraints."""
    columns = list(range(iset.num_dims + iset.num_symbols))
    flattener = AffineFlattener(columns, iset.num_dims)
    try:
        rows = [flattener.flatten(c) for c in iset.constraints]
    except NotAffine:
        return iset
    # The set's constraints, then those defining its divisions' locals
    # (lower bound first), as FlatAffineValueConstraints(set) lays them out.
    keys = columns + flattener.locals
    dense = [[row.get(k, 0) for k in keys] + [row.get(CONST, 0)]
             for row in rows + flattener.local_ineqs]
    flags = list(iset.eq_flags) + [False] * len(flattener.local_ineqs)
    system = IntegerConstraints(len(keys), [r for r, eq in zip(dense, flags) if eq],
                                [r for r, eq in zip(dense, flags) if not eq])
    if system.is_empty(len(columns)):
        return IntegerSet.get_empty_set(iset.num_dims, iset.num_symbols)
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


def simplify_semi_affine_apply(op, rewriter) -> bool:
    """SimplifyAffineOp<AffineApplyOp> for a semi-affine map that no
    affine.apply feeds: its operands canonicalized and the map simplified
    as the attributes were (upstream's `simplifyAffineExpr`, which leaves
    the maps simplified above as they are); other maps go through the
    canonicalizer's pattern."""
    if op.map.is_pure_affine() or \
            any(isinstance(v.defining_op, AffineApplyOp) for v in op.operands):
        return simplify_affine_op(op, rewriter)
    amap, operands = canonicalize_map_or_set_and_operands(op.map, list(op.operands))
    amap = simplify_affine_map(amap)
    if amap == op.map and operands == list(op.operands):
        return False

    def change():
        op.properties["map"] = A.AffineMapAttr(amap)
        op.set_operands(operands)
    rewriter.modify_op_in_place(op, change)
    return True


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
        # Upstream freezes the three ops' canonicalization patterns and
        # drives them, with the folds, over these ops and the ops the
        # rewrites create or move (mlir-opt 22 erases the unused ops of an
        # inlined affine.if block, which only visiting them does).
        OpPatternsDriver(to_simplify, "existing-and-new",
                         patterns={AffineApplyOp: (simplify_semi_affine_apply,)}).simplify()

