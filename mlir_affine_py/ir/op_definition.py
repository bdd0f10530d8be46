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
from .type_constraints import buildable_type_constraint


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
    __slots__ = ("name", "constraint", "variadic", "optional")

    def __init__(self, name: str, constraint=None, *, variadic: bool = False,
                 optional: bool = False):
        self.name, self.constraint = name, constraint
        self.variadic, self.optional = variadic, optional

    @property
    def is_group(self) -> bool:
        return self.variadic or self.optional

    def __repr__(self) -> str:
        kind = "Variadic" if self.variadic else "Optional" if self.optional else ""
        return f"{kind}Result({self.name!r})"


def VariadicResult(name: str, constraint=None) -> Result:
    return Result(name, constraint, variadic=True)


def OptionalResult(name: str, constraint=None) -> Result:
    return Result(name, constraint, optional=True)


class Property:
    """An inherent attribute: its name, the Attribute class it holds and
    its default (None: no default, the property is optional or required)."""

    __slots__ = ("name", "kind", "default")

    def __init__(self, name: str, kind=A.Attribute, default=None):
        self.name, self.kind, self.default = name, kind, default

    def __repr__(self) -> str:
        return f"Property({self.name!r})"


class RegionDef:
    """A region, or with `variadic` ODS's VariadicRegion: any number of them.
    `blocks` is ODS's SizedRegion<N>: the region must hold exactly N blocks
    (None: AnyRegion)."""

    __slots__ = ("name", "single_block", "variadic", "blocks")

    def __init__(self, name: str, single_block: bool = True, variadic: bool = False,
                 blocks: int | None = None):
        self.name, self.single_block, self.variadic = name, single_block, variadic
        self.blocks = blocks

    @property
    def is_group(self) -> bool:
        return self.variadic

    def __repr__(self) -> str:
        return f"RegionDef({self.name!r}{', variadic' if self.variadic else ''})"


class Successor:
    """A successor block (ODS `successors`); `variadic` for VariadicSuccessor."""

    __slots__ = ("name", "variadic")

    def __init__(self, name: str, variadic: bool = False):
        self.name, self.variadic = name, variadic

    @property
    def is_group(self) -> bool:
        return self.variadic

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
    fixed = sum(not r.is_group for r in cls.ods_results)
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
    NRegions, AtLeastNOperands, OneSuccessor, ...) for `found` against the
    declaration, in OpDefinition.cpp's words: only the operand counts and
    the successor counts say what they found."""
    if variadic and found >= fixed or not variadic and found == fixed:
        return None
    if what == "successor":
        counted = (f"at least {fixed} successors" if variadic
                   else "1 successor" if fixed == 1 else f"{fixed} successors")
        return f"requires {counted} but found {found}"
    found_text = f", but found {found}" if what == "operand" else ""
    if variadic:
        return f"expected {fixed} or more {what}s{found_text}"
    if fixed == 0:
        return f"requires zero {what}s"
    if fixed == 1:
        return {"operand": "requires a single operand", "result": "requires one result",
                "region": "requires one region"}[what]
    return f"expected {fixed} {what}s{found_text}"


def count_rules(cls) -> tuple:
    """(what, fixed count, whether a group may add more) of the regions,
    results, successors and operands `cls` declares, in ODS's trait order;
    each class computes them once."""
    return tuple((what, sum(not d.is_group for d in declared),
                  any(d.is_group for d in declared))
                 for what, declared in (("region", cls.ods_regions),
                                        ("result", cls.ods_results),
                                        ("successor", cls.ods_successors),
                                        ("operand", cls.ods_operands)))


def count_error(op) -> str | None:
    """The region, result, successor and operand counts against the op's
    declaration."""
    found = (len(op.regions), len(op.results), len(op.successors), len(op.operands))
    for (what, fixed, variadic), count in zip(op.ods_count_rules, found):
        if count != fixed or variadic:
            message = _count_error(what, count, fixed, variadic)
            if message:
                return f"'{op.op_name}' op {message}"
    return None


def declared_constraint(cls, declaration):
    """The type constraint of a declared operand or result: its own, or the
    one its buildable type in `ods_types` implies (ODS `Index:$i`)."""
    if declaration.constraint is not None:
        return declaration.constraint
    return buildable_type_constraint(cls.ods_types.get(declaration.name))


def _constraint_plan(cls, declared) -> tuple:
    """(constraint, is_group, prefix of its description, whether it is an
    optional group) per declaration."""
    return tuple((declared_constraint(cls, d), d.is_group, "variadic of " if d.variadic else "",
                  d.optional)
                 for d in declared)


def constraint_plans(cls) -> tuple:
    """What `constraint_error` checks of `cls`, computed once per class:
    (kind, plan, number of single declarations) for operands and results."""
    return tuple((kind, _constraint_plan(cls, declared), sum(not d.is_group for d in declared))
                 for kind, declared in (("operand", cls.ods_operands),
                                        ("result", cls.ods_results)))


# (op class, operand types, result types, segment sizes) -> the answer of
# constraint_error: a module repeats few signatures over many ops.
_CONSTRAINT_ANSWERS: dict = {}


def constraint_error(op) -> str | None:
    """ODS's operand and result type constraints: the first value of a type
    its declaration does not admit, worded as mlir-opt's generated verifier
    words it ("operand #0 must be floating-point-like, but got 'i32'").
    Group sizes come from `operandSegmentSizes`, else a group takes what
    the single declarations leave."""
    sizes = None
    if op.has_trait(AttrSizedOperandSegments):
        segments = op.properties.get("operandSegmentSizes")
        sizes = segments.value if segments is not None else None
    key = (op.__class__, tuple([v.type for v in op.operands]),
           tuple([r.type for r in op.results]), sizes)
    try:
        return _CONSTRAINT_ANSWERS[key]
    except KeyError:
        pass
    except TypeError:       # an unhashable segment list: not kept
        return _constraint_error(op, sizes)
    if len(_CONSTRAINT_ANSWERS) > 4096:
        _CONSTRAINT_ANSWERS.clear()
    answer = _CONSTRAINT_ANSWERS[key] = _constraint_error(op, sizes)
    return answer


def _constraint_error(op, sizes) -> str | None:
    for kind, plan, singles in op.ods_constraint_plans:
        values = op.operands if kind == "operand" else op.results
        group_sizes = sizes if kind == "operand" else None
        rest = len(values) - singles
        start = 0
        for index, (constraint, is_group, prefix, optional) in enumerate(plan):
            size = (group_sizes[index] if group_sizes is not None
                    else rest if is_group else 1)
            if optional and size > 1:
                return (f"'{op.op_name}' op {kind} group starting at #{start} requires 0 or 1 "
                        f"element, but found {size}")
            if constraint is not None:
                for position in range(start, min(start + size, len(values))):
                    type = values[position].type
                    if not constraint(type):
                        return (f"'{op.op_name}' op {kind} #{position} must be {prefix}"
                                f"{constraint.description}, but got '{type}'")
            start += size
    return None


def region_constraint_error(op) -> str | None:
    """ODS's region constraints (SizedRegion<N>), checked after the type
    constraints: a variadic declaration covers the regions the single ones
    before it leave."""
    declared = op.ods_regions
    for index, region in enumerate(op.regions):
        if index < len(declared):
            definition = declared[index]
        elif declared and declared[-1].variadic:
            definition = declared[-1]
        else:
            return None
        if definition.blocks is not None and len(region.blocks) != definition.blocks:
            return (f"'{op.op_name}' op region #{index} ('{definition.name}') failed to verify "
                    f"constraint: region with {definition.blocks} blocks")
    return None


def declares_constraints(cls) -> bool:
    """Whether any declared operand or result of `cls` carries a type
    constraint, or is an optional group (at most one value)."""
    return any(declared_constraint(cls, d) is not None or d.optional
               for d in cls.ods_operands + cls.ods_results)
