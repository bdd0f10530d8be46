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
    __slots__ = ("name", "variadic", "optional")

    def __init__(self, name: str, variadic: bool = False, optional: bool = False):
        self.name, self.variadic, self.optional = name, variadic, optional

    @property
    def is_group(self) -> bool:
        return self.variadic or self.optional

    def __repr__(self) -> str:
        kind = "Variadic" if self.variadic else "Optional" if self.optional else "Operand"
        return f"{kind}({self.name!r})"


def Variadic(name: str) -> Operand:
    return Operand(name, variadic=True)


def Optional(name: str) -> Operand:
    return Operand(name, optional=True)


class Result:
    __slots__ = ("name", "variadic")

    def __init__(self, name: str, variadic: bool = False):
        self.name, self.variadic = name, variadic

    def __repr__(self) -> str:
        return f"Result({self.name!r}{', variadic' if self.variadic else ''})"


def VariadicResult(name: str) -> Result:
    return Result(name, variadic=True)


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

    def __repr__(self) -> str:
        return f"RegionDef({self.name!r}{', variadic' if self.variadic else ''})"


class Successor:
    """A successor block (ODS `successors`); `variadic` for VariadicSuccessor."""

    __slots__ = ("name", "variadic")

    def __init__(self, name: str, variadic: bool = False):
        self.name, self.variadic = name, variadic

    def __repr__(self) -> str:
        return f"Successor({self.name!r}{', variadic' if self.variadic else ''})"


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
