"""Op declarations, as ODS states them (mlir/include/mlir/IR/OpBase.td:
`arguments`, `results`, `regions`), and the generic build they allow.

Design notes
------------
* An op class declares, next to its traits, `ods_operands` (each `Operand`
  single, `Variadic` or `Optional`), `ods_results`, `ods_properties` (name,
  default) and `ods_regions`.  A class declaring `ods_properties` gets its
  `inherent` names and `property_defaults` from them (RegisteredOp): the
  declaration is their one home.
* `build_generic(cls, operands, result_types, properties, regions)` is
  OpBuilder's generic `build(OperationState)`: `operands` holds one entry
  per declared operand (a Value, or a sequence for a variadic or optional
  group); with the AttrSizedOperandSegments trait, `operandSegmentSizes` is
  computed from the groups.  Each region declared and not given is empty.
  Typed builders (`AffineForOp.build(...)`, ...) compute the types and
  properties and call it.
* A property left unset takes its default, which (as in MLIR) is not stored:
  a built op and a parsed one hold the same properties and print alike.
"""

from __future__ import annotations

import functools

from . import attributes as A
from . import types as T
from .core import Region
from .traits import AttrSizedOperandSegments


class Operand:
    """A declared operand: its name, its ODS type constraint (None: any
    type, unchecked) and whether it is a variadic or optional group."""

    __slots__ = ("name", "constraint", "variadic", "optional")

    def __init__(self, name: str, constraint=None, *, variadic: bool = False,
                 optional: bool = False):
        self.name, self.constraint = name, constraint
        self.variadic, self.optional = variadic, optional

    @property
    def is_group(self) -> bool:
        return self.variadic or self.optional

    def __repr__(self) -> str:
        kind = "Variadic" if self.variadic else "Optional" if self.optional else "Operand"
        return f"{kind}({self.name!r})"


def Variadic(name: str, constraint=None) -> Operand:
    return Operand(name, constraint, variadic=True)


def Optional(name: str, constraint=None) -> Operand:
    return Operand(name, constraint, optional=True)


class Result:
    __slots__ = ("name", "constraint", "variadic")

    def __init__(self, name: str, constraint=None, *, variadic: bool = False):
        self.name, self.constraint, self.variadic = name, constraint, variadic

    @property
    def is_group(self) -> bool:
        return self.variadic

    def __repr__(self) -> str:
        return f"Result({self.name!r}{', variadic' if self.variadic else ''})"


def VariadicResult(name: str, constraint=None) -> Result:
    return Result(name, constraint, variadic=True)


class Property:
    """An inherent attribute: its name, the Attribute class it holds and
    its default (None: no default, the property is optional or required)."""

    __slots__ = ("name", "kind", "default")

    def __init__(self, name: str, kind=A.Attribute, default=None):
        self.name, self.kind, self.default = name, kind, default

    def __repr__(self) -> str:
        return f"Property({self.name!r})"


class RegionDef:
    """A region, or with `variadic` ODS's VariadicRegion: any number of them."""

    __slots__ = ("name", "single_block", "variadic")

    def __init__(self, name: str, single_block: bool = True, variadic: bool = False):
        self.name, self.single_block, self.variadic = name, single_block, variadic

    @property
    def is_group(self) -> bool:
        return self.variadic

    def __repr__(self) -> str:
        return f"RegionDef({self.name!r}{', variadic' if self.variadic else ''})"


@functools.lru_cache(maxsize=256)
def segment_sizes(*sizes) -> A.DenseArrayAttr:
    """The `operandSegmentSizes` property of the given group sizes."""
    return A.DenseArrayAttr(T.I32, sizes)


@functools.lru_cache(maxsize=256)
def index_attr(value: int) -> A.IntegerAttr:
    return A.IntegerAttr(value, T.INDEX)


def flatten_operands(cls, operands) -> tuple[list, list]:
    """The operand list and the group sizes of one entry per declared
    operand of `cls` (a Value, or a sequence for a group; None for an
    absent optional one)."""
    declared = cls.ods_operands
    operands = list(operands)
    if len(operands) != len(declared):
        raise ValueError(f"'{cls.name}' takes {len(declared)} operand groups "
                         f"({', '.join(map(repr, declared))}), got {len(operands)}")
    flat, sizes = [], []
    for decl, group in zip(declared, operands):
        if decl.is_group:
            values = [] if group is None else list(group)
            if decl.optional and len(values) > 1:
                raise ValueError(f"optional operand '{decl.name}' of '{cls.name}' takes at "
                                 "most one value")
        else:
            values = [group]
        flat.extend(values)
        sizes.append(len(values))
    return flat, sizes


def build_generic(cls, operands=(), result_types=(), properties=None, regions=None,
                  attributes=None):
    """An op of class `cls` from its declared operand groups (see
    flatten_operands), result types and properties; regions not given are
    empty."""
    flat, sizes = flatten_operands(cls, operands)
    props = {}
    given = properties or {}
    for decl in cls.ods_properties:
        value = given.get(decl.name)
        if value is not None:
            props[decl.name] = value
    unknown = set(given) - set(props) - {d.name for d in cls.ods_properties}
    if unknown:
        raise ValueError(f"'{cls.name}' has no properties {sorted(unknown)}")
    if cls.has_trait(AttrSizedOperandSegments):
        props["operandSegmentSizes"] = segment_sizes(*sizes)
    if regions is None:
        regions = [Region() for r in cls.ods_regions if not r.variadic]
    return cls(flat, list(result_types), dict(attributes or {}), props, list(regions))


def declaration_mismatch(op) -> str | None:
    """How `op` differs from its class's declaration (its operand groups,
    their `operandSegmentSizes`, its results and regions), or None."""
    cls = type(op)
    declared = cls.ods_operands
    singles = sum(not d.is_group for d in declared)
    groups = len(declared) - singles
    if len(op.operands) < singles or (not groups and len(op.operands) != singles):
        return f"{len(op.operands)} operands for {list(declared)}"
    if cls.has_trait(AttrSizedOperandSegments):
        sizes = op.properties.get("operandSegmentSizes")
        if sizes is None or len(sizes.value) != len(declared) \
                or sum(sizes.value) != len(op.operands):
            return f"operandSegmentSizes {sizes} for {list(declared)}"
    fixed = sum(not r.variadic for r in cls.ods_results)
    if len(op.results) < fixed or (
            fixed == len(cls.ods_results) and len(op.results) != fixed):
        return f"{len(op.results)} results for {list(cls.ods_results)}"
    fixed = sum(not r.variadic for r in cls.ods_regions)
    if len(op.regions) < fixed or (
            fixed == len(cls.ods_regions) and len(op.regions) != fixed):
        return f"{len(op.regions)} regions for {list(cls.ods_regions)}"
    return None


# ------------------------------------------------------ ODS verification
def _count_error(what: str, found: int, fixed: int, variadic: bool) -> str | None:
    """The message of ODS's count traits (ZeroOperands, OneResult,
    NRegions, AtLeastNOperands, ...) for `found` against the declaration."""
    if variadic:
        return (None if found >= fixed
                else f"expected {fixed} or more {what}s, but found {found}")
    if found == fixed:
        return None
    if fixed == 0:
        return f"requires zero {what}s"
    if fixed == 1:
        return {"operand": "requires a single operand", "result": "requires one result",
                "region": "requires one region"}[what]
    if what == "region":
        return f"expected {fixed} regions"
    return f"expected {fixed} {what}s, but found {found}"


def count_error(op) -> str | None:
    """The region, result and operand counts against the op's declaration,
    in the order of the traits ODS gives the op (regions first)."""
    cls = type(op)
    for what, declared, found in (("region", cls.ods_regions, len(op.regions)),
                                  ("result", cls.ods_results, len(op.results)),
                                  ("operand", cls.ods_operands, len(op.operands))):
        variadic = any(d.is_group for d in declared)
        fixed = sum(not d.is_group for d in declared)
        message = _count_error(what, found, fixed, variadic)
        if message:
            return f"'{op.op_name}' op {message}"
    return None


def _groups(declared, values, sizes):
    """(declaration, values) for each declared group, given the group sizes
    (None: one value per single declaration, the rest to the one group)."""
    if sizes is None:
        rest = len(values) - sum(not d.is_group for d in declared)
        sizes = [rest if d.is_group else 1 for d in declared]
    start = 0
    for decl, size in zip(declared, sizes):
        yield decl, values[start:start + size], start
        start += size


def constraint_error(op) -> str | None:
    """ODS's operand and result type constraints: the first value of a type
    its declaration does not admit, worded as mlir-opt's generated verifier
    words it ("operand #0 must be floating-point-like, but got 'i32'")."""
    cls = type(op)
    sizes = None
    if cls.has_trait(AttrSizedOperandSegments):
        segments = op.properties.get("operandSegmentSizes")
        sizes = list(segments.value) if segments is not None else None
    for kind, declared, values, group_sizes in (
            ("operand", cls.ods_operands, op.operands, sizes),
            ("result", cls.ods_results, op.results, None)):
        if not declared:
            continue
        for decl, group, start in _groups(declared, list(values), group_sizes):
            if decl.constraint is None:
                continue
            variadic = "variadic of " if decl.variadic else ""
            for offset, value in enumerate(group):
                if not decl.constraint(value.type):
                    return (f"'{op.op_name}' op {kind} #{start + offset} must be {variadic}"
                            f"{decl.constraint.description}, but got '{value.type}'")
    return None


def declares_constraints(cls) -> bool:
    """Whether any declared operand or result of `cls` carries a type constraint."""
    return any(d.constraint is not None for d in cls.ods_operands + cls.ods_results)
