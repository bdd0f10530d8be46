"""Op traits and interfaces, declared on the op classes and asked of the op
(mlir/include/mlir/IR/OpDefinition.h, SideEffectInterfaces.td,
SymbolInterfaces.td, ViewLikeInterface.td).

Design notes
------------
* A trait is a class.  An op class lists its traits in `traits`, right after
  its `name`, as its ODS definition does; `Operation.__init_subclass__`
  gathers them (with the traits each implies) into a frozenset, so that
  `op.has_trait(Pure)` is one set lookup.  The traits of a registered op are
  its own declaration: a subclass does not inherit its base's list unless it
  says so (`traits = Base.traits + (...)`), so that every op states what it is.
* An op without a `traits` declaration of its own (an unregistered op in the
  generic form) has none: it may read and write anything, may be a
  terminator, may hold any region (MLIR's conservative view of unknown ops).
* Memory effects follow MLIR's MemoryEffectOpInterface: `MemoryEffects`
  carries the effects of an op on its operands and results (`Read(0)`: the
  op reads the memref that is its operand 0; `Allocate(result=0)`: it
  allocates its result); `NoMemoryEffect` (implied by `Pure`) says the op
  has none; `RecursiveMemoryEffects` says the op's effects are those of the
  ops in its regions; `MemoryEffectOpInterface` says the op computes them
  from its operands (`get_effects()`).  `memory_effects(op)` answers with a list of
  `EffectInstance`, or None when the effects are unknown.
* A trait with rules of its own (OpDefinition.cpp's `verifyTrait`s, such as
  SameOperandsAndResultType or Elementwise) has a `verify_trait(op)`
  returning mlir-opt's message or None; the verifier asks the op's traits
  in the order they are declared, after the ODS constraints and before the
  op's own `verify`.  One whose answer follows from the op's name and the
  types of its operands and results alone says so (`types_only`): the
  verifier may then keep its answer per signature (dialects/base.py).
"""

from __future__ import annotations

from . import type_constraints as C
from . import types as T


class Trait:
    """Base of the trait classes.  `implies` lists the traits that having
    this one entails (Pure is NoMemoryEffect and AlwaysSpeculatable)."""

    implies: tuple = ()
    # Whether `verify_trait` reads nothing of the op but its name, its
    # operands' and results' types and their numbers.
    types_only = False


def trait_closure(traits) -> frozenset:
    """The traits in `traits` (classes, or MemoryEffects instances) and those
    they imply, as the class keys `has_trait` looks up."""
    keys: set = set()
    stack: list = [t if isinstance(t, type) else type(t) for t in traits]
    while stack:
        trait = stack.pop()
        if trait not in keys:
            keys.add(trait)
            stack.extend(trait.implies)
    return frozenset(keys)


# ------------------------------------------------------------ side effects
class NoMemoryEffect(Trait):
    """The op neither reads nor writes memory."""


class AlwaysSpeculatable(Trait):
    """The op may be executed where it was not (it has no undefined behaviour)."""


class ConditionallySpeculatable(Trait):
    """Speculation depends on the operands (a division by zero)."""


class RecursivelySpeculatable(Trait):
    """The op may be speculated when every op in its regions may."""


class Pure(Trait):
    implies = (NoMemoryEffect, AlwaysSpeculatable)


class Commutative(Trait):
    """IsCommutative: the operands may be swapped (folding moves constants
    last)."""


class RecursiveMemoryEffects(Trait):
    """The op's effects are the union of those of the ops nested in it."""


READ, WRITE, ALLOCATE, FREE = "read", "write", "allocate", "free"


# SideEffects::AutomaticAllocationScopeResource: what a stack allocation
# (memref.alloca) allocates, freed when its allocation scope ends.
AUTOMATIC_ALLOCATION_SCOPE = "AutomaticAllocationScopeResource"


class Effect:
    """One declared effect: its kind, what it is on (an operand index, a
    result index, or neither: a resource the op does not name) and its
    resource (None: the default one)."""

    __slots__ = ("kind", "operand", "result", "resource")

    def __init__(self, kind: str, operand: int | None = None, result: int | None = None,
                 resource: str | None = None):
        self.kind, self.operand, self.result = kind, operand, result
        self.resource = resource

    def value_of(self, op):
        if self.operand is not None:
            return op.operands[self.operand]
        if self.result is not None:
            return op.results[self.result]
        return None

    def __repr__(self) -> str:
        on = (f"operand {self.operand}" if self.operand is not None
              else f"result {self.result}" if self.result is not None else "a resource")
        return f"<{self.kind} {on}>"


def Read(operand: int | None = None, result: int | None = None) -> Effect:
    return Effect(READ, operand, result)


def Write(operand: int | None = None, result: int | None = None) -> Effect:
    return Effect(WRITE, operand, result)


def Allocate(operand: int | None = None, result: int | None = None,
             resource: str | None = None) -> Effect:
    return Effect(ALLOCATE, operand, result, resource)


def Free(operand: int | None = None, result: int | None = None) -> Effect:
    return Effect(FREE, operand, result)


class MemoryEffects(Trait):
    """`MemoryEffects<[MemRead, ...]>`: the effects an op declares."""

    def __init__(self, *effects: Effect):
        self.effects = effects

    def __repr__(self) -> str:
        return f"MemoryEffects{self.effects}"


class MemoryEffectOpInterface(Trait):
    """The op states its effects by a method, `get_effects()` (a list of
    `Effect`), as ops whose effects depend on their operands implement
    MemoryEffectOpInterface::getEffects by hand (a linalg op reads and
    writes its operands that are buffers, not those that are tensors)."""


class EffectInstance:
    """An effect of one op: its kind, the value it is on (None: unknown
    resource) and the op having it."""

    __slots__ = ("kind", "value", "op")

    def __init__(self, kind: str, value, op):
        self.kind, self.value, self.op = kind, value, op

    def __repr__(self) -> str:
        return f"<{self.kind} {self.value} by {self.op.op_name}>"


def memory_effects(op) -> list | None:
    """MemoryEffectOpInterface::getEffects, with RecursiveMemoryEffects
    followed into the regions: the op's effects, or None when unknown."""
    cls = op.__class__
    keys = cls._trait_keys
    found: list = []
    if MemoryEffects in keys:
        declared = next(t for t in cls.traits if isinstance(t, MemoryEffects))
        found.extend(EffectInstance(e.kind, e.value_of(op), op) for e in declared.effects)
    elif MemoryEffectOpInterface in keys:
        found.extend(EffectInstance(e.kind, e.value_of(op), op) for e in op.get_effects())
    elif NoMemoryEffect not in keys and RecursiveMemoryEffects not in keys:
        return None
    if RecursiveMemoryEffects in keys:
        for region in op.regions:
            for block in region.blocks:
                for nested in block.ops:
                    effects = memory_effects(nested)
                    if effects is None:
                        return None
                    found.extend(effects)
    return found


def is_memory_effect_free(op) -> bool:
    """mlir::isMemoryEffectFree: no effect, also in nested ops."""
    effects = memory_effects(op)
    return effects is not None and not effects


def _op_error(op, message: str) -> str:
    return f"'{op.op_name}' op {message}"


def _encoding(type):
    return type.encoding if isinstance(type, T.TensorType) else None


# --------------------------------------------------------- structure
class Terminator(Trait):
    """IsTerminator: the op ends its block."""


class HasParent(Trait):
    """HasParent / ParentOneOf: the op may only stand directly in the region
    of one of `parents` (op names).  A structural trait of ODS's: checked
    with the op's counts, before its other invariants."""

    def __init__(self, *parents: str):
        self.parents = parents

    def parent_error(self, op) -> str | None:
        parent = op.parent_op
        if parent is not None and parent.op_name in self.parents:
            return None
        if len(self.parents) == 1:
            return f"'{op.op_name}' op expects parent op '{self.parents[0]}'"
        return (f"'{op.op_name}' op expects parent op to be one of "
                f"'{', '.join(self.parents)}'")


class ReturnLike(Trait):
    """RegionBranchTerminatorOpInterface's ReturnLike: yields to the parent."""


class NoTerminator(Trait):
    """The op's blocks need no terminator (builtin.module)."""


class SingleBlock(Trait):
    """Each region holds at most one block."""


class SingleBlockImplicitTerminator(Trait):
    """SingleBlock, with a terminator the custom form may leave out: the op
    named `terminator`, which must end every region that has a block (a
    region trait of MLIR's, checked once the ops of the regions are)."""

    implies = (SingleBlock,)

    def __init__(self, terminator: str):
        self.terminator = terminator

    def region_error(self, op) -> str | None:
        for region in op.regions:
            if region.blocks and region.blocks[0].ops:
                last = region.blocks[0].ops[-1]
                if last.op_name != self.terminator:
                    return (f"'{op.op_name}' op expects regions to end with "
                            f"'{self.terminator}', found '{last.op_name}'")
        return None


class NoRegionArguments(Trait):
    """The entry blocks of the op's regions take no arguments."""

    @staticmethod
    def verify_trait(op) -> str | None:
        for index, region in enumerate(op.regions):
            if region.blocks and region.blocks[0].args:
                where = f"region #{index}" if len(op.regions) > 1 else "region"
                return _op_error(op, f"{where} should have no arguments")
        return None


class IsolatedFromAbove(Trait):
    """Values defined outside the op are not visible in its regions."""


class HasOnlyGraphRegion(Trait):
    """The op's regions are graph regions (RegionKind::Graph): no dominance."""


class SymbolTable(Trait):
    """The op's region defines a symbol table (builtin.module)."""


class Symbol(Trait):
    """SymbolOpInterface: the op defines a symbol (`sym_name`)."""


class SymbolUser(Trait):
    """SymbolUserOpInterface: the op refers to symbols."""


class AffineScope(Trait):
    """Values defined in the op's region directly are valid affine symbols."""


class AutomaticAllocationScope(Trait):
    """memref.alloca memory is freed when control leaves the op's region."""


class AttrSizedOperandSegments(Trait):
    """The operand groups' sizes are the `operandSegmentSizes` property."""


class ConstantLike(Trait):
    """The op materialises a constant attribute."""


class SameOperandsAndResultShape(Trait):
    """Operands and results have compatible shapes (or none is shaped)."""

    types_only = True

    @staticmethod
    def verify_trait(op) -> str | None:
        if not op.operands:
            return _op_error(op, "expected 1 or more operands, but found 0")
        first = op.operands[0].type
        for value in list(op.operands) + list(op.results):
            if not C.verify_compatible_shape(value.type, first):
                return _op_error(op, "requires the same shape for all operands and results")
        return None


class SameOperandsAndResultType(Trait):
    """Operands and results have one element type, compatible shapes and
    one tensor encoding."""

    types_only = True

    @staticmethod
    def verify_trait(op) -> str | None:
        if not op.operands:
            return _op_error(op, "expected 1 or more operands, but found 0")
        if not op.results:
            return _op_error(op, "expected 1 or more results, but found 0")
        type = op.results[0].type
        element, encoding = C.element_type_or_self(type), _encoding(type)
        for value in list(op.results[1:]) + list(op.operands):
            other = value.type
            if C.element_type_or_self(other) != element \
                    or not C.verify_compatible_shape(other, type):
                return _op_error(op, "requires the same type for all operands and results")
            if encoding is not None and _encoding(other) != encoding:
                return _op_error(op, "requires the same encoding for all operands and results")
        return None


class SameTypeOperands(Trait):
    types_only = True

    @staticmethod
    def verify_trait(op) -> str | None:
        types = {value.type for value in op.operands}
        if len(types) > 1:
            return _op_error(op, "requires all operands to have the same type")
        return None


class Elementwise(Trait):
    """ElementwiseMappable: the op maps over vectors and tensors elementwise."""

    types_only = True

    @staticmethod
    def verify_trait(op) -> str | None:
        def mappable(values):
            return [v.type for v in values
                    if isinstance(v.type, T.VectorType) or C.is_tensor(v.type)]
        operands, results = mappable(op.operands), mappable(op.results)
        if not operands and not results:
            return None
        if not operands:
            return _op_error(op, "if a result is non-scalar, then at least one operand must "
                                 "be non-scalar")
        if not results:
            return _op_error(op, "if an operand is non-scalar, then there must be at least "
                                 "one non-scalar result")
        if len(results) != len(op.results):
            return _op_error(op, "if an operand is non-scalar, then all results must be "
                                 "non-scalar")
        types = operands + results
        if len({type.__class__ for type in types}) > 1 or not C.verify_compatible_shapes(types):
            return _op_error(op, "all non-scalar operands/results must have the same shape "
                                 "and base type")
        return None


# ------------------------------------------------------------ interfaces
class ViewLikeOpInterface(Trait):
    """The op's result is a view of its operand 0 (`getViewSource`)."""


class LoopLikeOpInterface(Trait):
    pass


class CallOpInterface(Trait):
    pass


class CallableOpInterface(Trait):
    pass


class FunctionOpInterface(Trait):
    implies = (CallableOpInterface, Symbol)


class CastOpInterface(Trait):
    """An op with `are_cast_compatible(inputs, outputs)` is checked with it
    (mlir::impl::verifyCastInterfaceOp)."""

    @staticmethod
    def verify_trait(op) -> str | None:
        compatible = getattr(op, "are_cast_compatible", None)
        if compatible is None:
            return None
        if not op.results:
            return _op_error(op, "expected at least one result for cast operation")
        inputs = [v.type for v in op.operands]
        outputs = [v.type for v in op.results]
        if compatible(inputs, outputs):
            return None
        def listed(types):
            if not types:
                return "s []"
            if len(types) == 1:
                return f" '{types[0]}'"
            return "s " + ", ".join(f"'{t}'" for t in types)
        return _op_error(op, f"operand type{listed(inputs)} and result "
                             f"type{listed(outputs)} are cast incompatible")


class AffineReadOpInterface(Trait):
    """An affine access reading memory through an affine map (affine.load)."""


class AffineWriteOpInterface(Trait):
    """An affine access writing memory through an affine map (affine.store)."""


class AffineMapAccessInterface(Trait):
    pass


class ShapedDimOpInterface(Trait):
    """The op's result is the size of its operand 0 (a memref or tensor)
    along its operand 1 (memref.dim, tensor.dim)."""


# Short names as ODS spells them.
ViewLike = ViewLikeOpInterface
