"""-affine-scalrep: store-to-load forwarding, dead store removal and
redundant load elimination on affine accesses, as mlir-opt's pass does
(mlir/lib/Dialect/Affine/Transforms/AffineScalarReplacement.cpp with
`affineScalarReplace` of Utils/Utils.cpp).

Contract, per function:
1. a load takes the value of the store that dominates it, accesses the same
   element (equal composed access maps), reaches it within one iteration of
   their common loops (when in different blocks; in one affine analysis
   scope), stores a value of the load's type, and no op between them may
   write that element; the load is erased;
2. a store is erased when another store to the same element in its region
   post-dominates it with no op between them that may read the element;
3. an allocation left with only stores and frees after 1 is erased with them;
4. a load takes the value of an earlier load of the same element that
   dominates it, with no write between them (the one dominating all such).
"May write/read" comes from the ops' declared effects, the local alias
analysis, and, between affine accesses, the exact dependence analysis
(analysis/memref_effects.py).
"""

from __future__ import annotations

from ..analysis.memref_effects import (InterveningEffects, accesses_equal, dominates,
                                       has_single_effect, post_dominates)
from ..ir.traits import (FREE, READ, WRITE, AffineReadOpInterface, AffineWriteOpInterface)
from ..passes import Pass


def _users(value) -> list:
    """The ops using `value`, each once, the most recent use first (the
    order of MLIR's use lists)."""
    users = []
    for op, _ in reversed(value.uses):
        if not any(u is op for u in users):
            users.append(op)
    return users


def _is_read(op) -> bool:
    return op.has_trait(AffineReadOpInterface)


def _is_write(op) -> bool:
    return op.has_trait(AffineWriteOpInterface)


def forward_store_to_load(load, effects: InterveningEffects, erased: list, memrefs: list) -> None:
    candidate = None
    for store in _users(load.memref):
        if not _is_write(store) or not accesses_equal(store, load):
            continue
        if not dominates(store, load):
            continue
        # Equal access maps only guarantee the store reaches the load
        # within one block: the load may sit in a nested block never run.
        if store.parent is not load.parent and not effects.must_reach_at_innermost(store, load):
            continue
        if store.value_to_store.type != load.results[0].type:
            continue
        if not effects.has_no_intervening_effect(WRITE, store, load):
            continue
        candidate = store
    if candidate is None:
        return
    load.results[0].replace_all_uses_with(candidate.value_to_store)
    if not any(m is load.memref for m in memrefs):
        memrefs.append(load.memref)
    erased.append(load)


def find_unused_store(store, effects: InterveningEffects, erased: list) -> None:
    for other in _users(store.memref):
        if not _is_write(other) or other is store or other.parent.parent is not store.parent.parent:
            continue
        if not accesses_equal(other, store) or not post_dominates(other, store):
            continue
        if not effects.has_no_intervening_effect(READ, store, other):
            continue
        erased.append(store)
        return


def load_cse(load, effects: InterveningEffects, erased: list) -> None:
    candidates = []
    for other in _users(load.memref):
        if not _is_read(other) or other is load or not accesses_equal(other, load):
            continue
        if not dominates(other, load):
            continue
        if not effects.has_no_intervening_effect(WRITE, other, load):
            continue
        if other.results[0].type != load.results[0].type:
            continue
        candidates.append(other)
    for option in candidates:
        if all(c is option or dominates(option, c) for c in candidates):
            load.results[0].replace_all_uses_with(option.results[0])
            erased.append(load)
            return


def _erase_dead_allocation(memref) -> None:
    """Erase an allocation whose only users are stores and frees."""
    alloc = memref.defining_op
    if alloc is None or not has_single_effect(alloc, memref, "allocate"):
        return
    users = _users(memref)
    if any(not _is_write(u) and not has_single_effect(u, memref, FREE) for u in users):
        return
    for user in users:
        user.erase()
    alloc.erase()


def _erase_all(ops: list) -> None:
    for op in ops:
        op.erase()
    ops.clear()


def affine_scalar_replace(func) -> None:
    effects = InterveningEffects()
    erased: list = []
    memrefs: list = []
    for op in func.walk():
        if _is_read(op):
            forward_store_to_load(op, effects, erased, memrefs)
    _erase_all(erased)
    for op in func.walk():
        if _is_write(op):
            find_unused_store(op, effects, erased)
    _erase_all(erased)
    for memref in memrefs:
        _erase_dead_allocation(memref)
    # Loads are merged last: the stores erased above no longer stand
    # between them.
    for op in func.walk():
        if _is_read(op):
            load_cse(op, effects, erased)
    _erase_all(erased)


class AffineScalarReplacement(Pass):
    argument = "affine-scalrep"
    summary = "Replace affine memref accesses by scalars by forwarding stores to loads and eliminating redundant loads"
    pass_name = "AffineScalarReplacement"
    op_name = "func.func"

    def run_on_operation(self, op) -> None:
        affine_scalar_replace(op)
