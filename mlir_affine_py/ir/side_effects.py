"""Questions passes ask of an op's side effects, from the traits its class
declares (mlir/lib/Interfaces/SideEffectInterfaces.cpp): whether it would
be dead without uses, whether it only reads, whether it may be speculated.

An op implements MemoryEffectOpInterface when its class declares
`NoMemoryEffect` (or `Pure`), `MemoryEffects(...)` or
`MemoryEffectOpInterface`; an op with none of them (an unregistered op)
may do anything.
"""

from __future__ import annotations

from .attributes import IntegerAttr
from .core import Operation
from .matchers import constant_int_value
from .traits import (
    ALLOCATE,
    AUTOMATIC_ALLOCATION_SCOPE,
    FREE,
    READ,
    WRITE,
    AlwaysSpeculatable,
    ConditionallySpeculatable,
    MemoryEffectOpInterface,
    MemoryEffects,
    NoMemoryEffect,
    RecursivelySpeculatable,
    RecursiveMemoryEffects,
    Symbol,
    memory_effects,
)
from .types import INDEX


def is_registered(op) -> bool:
    return op.__class__ is not Operation


def own_effects(op) -> list | None:
    """The effects of `op` itself (not of the ops in its regions) as
    (kind, value) pairs, or None when the op does not implement
    MemoryEffectOpInterface."""
    cls = op.__class__
    keys = cls._trait_keys
    if MemoryEffects in keys:
        declared = next(t for t in cls.traits if isinstance(t, MemoryEffects))
        return [(e.kind, e.value_of(op)) for e in declared.effects]
    if MemoryEffectOpInterface in keys:
        return [(e.kind, e.value_of(op)) for e in op.get_effects()]
    if NoMemoryEffect in keys:
        return []
    return None


def declared_effects(op) -> list | None:
    """The Effect declarations of `op` itself (MemoryEffects or
    get_effects()), or None when it does not implement the interface."""
    keys = op.__class__._trait_keys
    if MemoryEffects in keys:
        return list(next(t for t in op.__class__.traits if isinstance(t, MemoryEffects)).effects)
    if MemoryEffectOpInterface in keys:
        return list(op.get_effects())
    if NoMemoryEffect in keys:
        return []
    return None


def allocates_in_automatic_scope(op) -> bool:
    """An Allocate effect of `op` on one of its results lives in the
    AutomaticAllocationScopeResource (a stack allocation)."""
    effects = declared_effects(op) or []
    return any(e.kind == ALLOCATE and e.result is not None
               and e.resource == AUTOMATIC_ALLOCATION_SCOPE for e in effects)


def has_effect_on(op, kind: str, value) -> bool:
    """hasEffect<kind>(op, value): `op` declares a `kind` effect on `value`."""
    for effect in declared_effects(op) or []:
        if effect.kind == kind and effect.value_of(op) is value:
            return True
    return False


def find_dealloc(value):
    """memref::findDealloc: the one user freeing `value` (None: no user
    does), or False when several do."""
    found = None
    for user, _ in value.uses:
        if user is found or not has_effect_on(user, FREE, value):
            continue
        if found is not None:
            return False
        found = user
    return found


def would_op_be_trivially_dead(op) -> bool:
    """mlir::wouldOpBeTriviallyDead: erasing `op`, were its results unused,
    would change nothing (it and the ops it holds at most read memory or
    allocate their own results)."""
    if op.is_terminator or not is_registered(op) or op.has_trait(Symbol):
        return False
    # Depth first over the nested ops, in order, stopping at the first one
    # with an effect that counts (a loop body is not copied to a list each
    # time the driver asks of its loop).
    stack = [iter((op,))]
    while stack:
        current = next(stack[-1], None)
        if current is None:
            stack.pop()
            continue
        recursive = current.has_trait(RecursiveMemoryEffects)
        effects = own_effects(current)
        if effects is None:
            if not recursive:
                return False
        elif effects:
            allocated = {id(value) for kind, value in effects
                         if kind == ALLOCATE and value is not None
                         and getattr(value, "owner", None) is current}
            if not all(id(value) in allocated or kind == READ for kind, value in effects):
                return False
        if recursive:
            stack.extend(iter(block.ops) for region in current.regions
                         for block in region.blocks)
    return True


def is_op_trivially_dead(op) -> bool:
    """mlir::isOpTriviallyDead: no result is used and the op would be dead."""
    return all(not result.uses for result in op.results) and would_op_be_trivially_dead(op)


def only_reads(op) -> bool:
    """MemoryEffectOpInterface::onlyHasEffect<Read>: the op implements the
    interface and every effect it has is a read (and it has one)."""
    effects = own_effects(op)
    if not effects:
        return False
    return all(kind == READ for kind, _ in effects)


def may_write(op) -> bool:
    """The op writes memory, or may (it does not state its effects); an op
    with RecursiveMemoryEffects writes when an op it holds does."""
    if op.has_trait(RecursiveMemoryEffects):
        effects = memory_effects(op)
        return effects is None or any(effect.kind == WRITE for effect in effects)
    effects = own_effects(op)
    return effects is None or any(kind == WRITE for kind, _ in effects)


# Speculation::Speculatability: what an op with ConditionallySpeculatable
# answers from its `speculatability()` method.
NOT_SPECULATABLE, SPECULATABLE, RECURSIVELY_SPECULATABLE = "not", "speculatable", "recursively"


def speculatability(op) -> str:
    """ConditionallySpeculatable::getSpeculatability, from the traits
    (AlwaysSpeculatable, RecursivelySpeculatable) or the op's own
    `speculatability()`; NOT_SPECULATABLE for an op that says nothing."""
    if op.has_trait(AlwaysSpeculatable):
        return SPECULATABLE
    if op.has_trait(RecursivelySpeculatable):
        return RECURSIVELY_SPECULATABLE
    if op.has_trait(ConditionallySpeculatable):
        ask = getattr(op, "speculatability", None)
        return ask() if ask is not None else NOT_SPECULATABLE
    return NOT_SPECULATABLE


def is_speculatable(op) -> bool:
    """mlir::isSpeculatable: the op may run where it would not have; a
    recursively speculatable op asks the ops its regions hold."""
    answer = speculatability(op)
    if answer == RECURSIVELY_SPECULATABLE:
        return all(is_speculatable(nested) for region in op.regions
                   for block in region.blocks for nested in block.ops)
    return answer == SPECULATABLE


def dim_speculatability(op) -> str:
    """tensor.dim's and memref.dim's: a constant index below the rank of a
    ranked source cannot be out of bounds."""
    index = constant_int_value(op.operands[1])
    shape = getattr(op.operands[0].type, "shape", None)
    if index is None or shape is None or len(shape) <= index:
        return NOT_SPECULATABLE
    return SPECULATABLE


def fold_static_dim(op, constants):
    """tensor.dim's and memref.dim's fold, for a static extent: a constant
    index within the rank of a ranked source whose extent there is known."""
    index = constants[1]
    shape = getattr(op.operands[0].type, "shape", None)
    if not isinstance(index, IntegerAttr) or shape is None or not 0 <= index.value < len(shape):
        return None
    extent = shape[index.value]
    return None if extent is None else [IntegerAttr(extent, INDEX)]
