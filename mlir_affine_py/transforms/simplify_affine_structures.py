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
  always false) stays, and ops an inlined block leaves unused go.
"""

from __future__ import annotations

from ..analysis.affine_access import NotAffine
from ..analysis.affine_flattener import CONST, AffineFlattener
from ..analysis.fourier_motzkin import IntegerConstraints
from ..dialects.affine import AffineApplyOp, AffineForOp, AffineIfOp
from ..ir import attributes as A
from ..ir.affine_expr import constant
from ..ir.affine_map import IntegerSet
from ..ir.affine_simplify import simplify_affine_map
from ..passes import Pass
from ..rewrite_driver import OpPatternsDriver


# ------------------------------------------------------------ attributes
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
        OpPatternsDriver(to_simplify, "existing-and-new").simplify()

