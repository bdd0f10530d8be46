"""The IR core: values with use lists, operations, blocks and regions.

Mirrors MLIR's structure (mlir/include/mlir/IR/Operation.h, Block.h, Region.h)
with plain Python lists: an operation owns its operands, results, attributes and
regions; a block owns its arguments and a list of operations; a region owns a
list of blocks.  Op-specific behaviour lives in subclasses of `Operation`
registered by name (see `mlir_affine_py.dialects`).
"""

from __future__ import annotations

from typing import Iterator

from . import printing
from .traits import (HasParent, IsolatedFromAbove, SingleBlockImplicitTerminator, Terminator,
                     trait_closure)


class Value:
    """An SSA value.  `uses` lists (operation, operand index) pairs."""

    __slots__ = ("type", "uses")

    def __init__(self, type):
        self.type = type
        self.uses: list[tuple[Operation, int]] = []

    def replace_all_uses_with(self, new: "Value") -> None:
        for op, index in self.uses:
            op.operands[index] = new
            new.uses.append((op, index))
        self.uses = []

    @property
    def defining_op(self) -> "Operation | None":
        return None

    @property
    def location(self):
        """Value::getLoc, as an op's `pos`: its op's location, or a block
        argument's own (its op's when it has none)."""
        op = self.defining_op
        if op is not None:
            return op.pos
        pos = getattr(self, "pos", None)
        if pos is None:
            holder = self.owner.parent_op
            pos = holder.pos if holder is not None else None
        return pos

    def __str__(self) -> str:
        """The value's name as the printer writes it (`%arg3`, `%0`, `%c0`)."""
        return printing.value_name(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}: {printing.type_to_string(self.type)}>"


class OpResult(Value):
    __slots__ = ("owner", "index")

    def __init__(self, type, owner: "Operation", index: int):
        # Value.__init__ inlined: ops and blocks make many of these.
        self.type = type
        self.uses = []
        self.owner = owner
        self.index = index

    @property
    def defining_op(self) -> "Operation":
        return self.owner


class BlockArgument(Value):
    """A block's argument; `pos` is its location, as an op's (see Operation),
    None for one whose op's location stands for it."""

    __slots__ = ("owner", "index", "pos")

    def __init__(self, type, owner: "Block", index: int, pos=None):
        self.type = type      # Value.__init__ inlined, as in OpResult
        self.uses = []
        self.owner = owner
        self.index = index
        self.pos = pos


# The whole-op verifier, installed by ir/verifier.py (a layer above).
VERIFIER: list = []

class Operation:
    """An operation in its generic shape.

    `properties` holds the op's inherent attributes (printed as `<{...}>` in
    generic form) and `attributes` the discardable ones; both are ordered dicts
    from name to Attribute.  `pos` is the op's location (MLIR's `getLoc()`):
    the source position (line, column) it was read at, which stands for
    the file location there; the location written after it with
    `loc(...)` (an `ir.attributes.LocationAttr`); or None, unknown (ops
    created by transformations, which take the location of the op they
    replace where upstream does).  Diagnostics about the op are reported
    there.
    """

    __slots__ = ("operands", "results", "attributes", "properties", "regions",
                 "successors", "parent", "pos", "op_name")

    # Overridden by registered op classes.
    name: str = ""
    # The op's traits (ir/traits.py), declared by each op class of its own;
    # an op without them (an unregistered one) has none.
    traits: tuple = ()
    _trait_keys: frozenset = frozenset()
    # Derived from the traits (see __init_subclass__), read on hot paths.
    is_terminator = False
    isolated_from_above = False
    parent_trait = None         # the op's HasParent trait, if it has one
    implicit_terminator = None  # its SingleBlockImplicitTerminator trait, if any
    # The dialect of unprefixed op names in the op's regions (OpAsmOpInterface
    # getDefaultDialect); "" for none.
    default_dialect = ""
    # Whether each block of the op's regions must end with a terminator: a
    # registered op's unless it has NoTerminator (dialects/base.py).
    needs_terminators = False
    # Whether the op has ODS invariants to check (`verify_invariants`): a
    # registered op's class says so (dialects/base.py), an unregistered op
    # declares none.
    checks_invariants = False
    # Whether the class has an `ensure_implicit_structure` of its own (the
    # builder calls none where it has not: most ops imply nothing).
    implies_structure = False
    # Name given to `self.op_name` by generic ops; registered ops use `name`.

    def __init__(self, operands=(), result_types=(), attributes=None,
                 properties=None, regions=(), successors=(), name=None, pos=None):
        self.op_name = name or self.name
        self.operands = operands = list(operands)
        for index, value in enumerate(operands):
            value.uses.append((self, index))
        if not result_types:
            self.results = []
        elif len(result_types) == 1:    # most ops: no comprehension's call
            self.results = [OpResult(result_types[0], self, 0)]
        else:
            self.results = [OpResult(t, self, i) for i, t in enumerate(result_types)]
        self.attributes = attributes if attributes is not None else {}
        self.properties = properties if properties is not None else {}
        self.regions: list[Region] = list(regions)
        if regions:
            for region in self.regions:
                region.parent = self
        self.successors: list[Block] = list(successors)
        self.parent: Block | None = None
        self.pos = pos

    def signature_error(self) -> str | None:
        """The op's shape against its declaration (see RegisteredOp); an
        unregistered op declares none."""
        return None

    def declared_count_error(self) -> str | None:
        """The op's counts against its declaration (see RegisteredOp)."""
        return None

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.verify is not Operation.verify:
            # The class's own checks, written as MLIR writes them (`verify`),
            # become its `verify_own`; `verify` stays the whole verifier.
            cls.verify_own = cls.verify
            cls.verify = Operation.verify
        own = cls.__dict__.get("traits", ())
        # Whether the class states its traits (an empty tuple included):
        # the tests ask it of every registered op.
        cls.declares_traits = "traits" in cls.__dict__
        cls.traits = own
        cls._trait_keys = keys = trait_closure(own)
        cls.is_terminator = Terminator in keys
        cls.implies_structure = (cls.ensure_implicit_structure
                                 is not Operation.ensure_implicit_structure)
        cls.isolated_from_above = IsolatedFromAbove in keys
        cls.parent_trait = next((t for t in own if isinstance(t, HasParent)), None)
        cls.implicit_terminator = next(
            (t for t in own if isinstance(t, SingleBlockImplicitTerminator)), None)

    @classmethod
    def has_trait(cls, trait) -> bool:
        """Whether the op has `trait` (a class of ir/traits.py), declared or
        implied by one declared."""
        return trait in cls._trait_keys

    def ensure_implicit_structure(self) -> None:
        """What the op's custom parser adds that its text leaves out: an
        implicit terminator, a body the op's kind implies.  The generic form
        spells all of it, and MLIR's generic parser adds nothing."""

    def finish_parse(self) -> None:
        """Fix-ups after parsing, in either form (properties spelt with
        their default value forgotten, ...)."""

    # ------------------------------------------------------------------ access
    @property
    def result(self) -> OpResult:
        return self.results[0]

    @property
    def parent_op(self) -> "Operation | None":
        block = self.parent
        if block is None or block.parent is None:
            return None
        return block.parent.parent

    def set_operand(self, index: int, value: Value) -> None:
        old = self.operands[index]
        old.uses.remove((self, index))
        self.operands[index] = value
        value.uses.append((self, index))

    def set_operands(self, values) -> None:
        self.drop_operand_uses()
        self.operands = list(values)
        for index, value in enumerate(self.operands):
            value.uses.append((self, index))

    def drop_operand_uses(self) -> None:
        for index, value in enumerate(self.operands):
            try:
                value.uses.remove((self, index))
            except ValueError:
                pass

    def walk(self, order: str = "pre") -> Iterator["Operation"]:
        """This op and every op nested in its regions, in pre-order (an op
        before the ops inside it) or, with order="post", post-order (MLIR's
        default: the ops inside an op first, so inner loops come before the
        loops around them).

        The ops are collected before the first one is yielded, so the code
        that receives them may move or erase them (and others): every op is
        visited once, as the IR stood when the walk began.  A pass that
        reorders loop nests should walk in post-order; in pre-order it
        would meet the loops it just moved inward again."""
        if order not in ("pre", "post"):
            raise ValueError(f"walk order must be 'pre' or 'post', not {order!r}")
        ops = []
        if order == "pre":
            stack = [self]
            while stack:
                op = stack.pop()
                ops.append(op)
                for region in reversed(op.regions):
                    for block in reversed(region.blocks):
                        stack.extend(reversed(block.ops))
            return iter(ops)
        pending: list[tuple[Operation, bool]] = [(self, False)]
        while pending:
            op, expanded = pending.pop()
            if expanded:
                ops.append(op)
                continue
            pending.append((op, True))
            for region in reversed(op.regions):
                for block in reversed(region.blocks):
                    pending.extend((child, False) for child in reversed(block.ops))
        return iter(ops)

    def is_ancestor_of(self, other: "Operation | None") -> bool:
        while other is not None:
            if other is self:
                return True
            other = other.parent_op
        return False

    def erase(self) -> None:
        self.drop_operand_uses()
        for op in list(self.walk())[1:]:
            op.drop_operand_uses()
        if self.parent is not None:
            self.parent.ops.remove(self)
            self.parent = None

    def clone(self, mapping: dict | None = None) -> "Operation":
        """Deep copy with operands remapped through `mapping` (value -> value)."""
        mapping = {} if mapping is None else mapping
        regions = [region.clone(mapping) for region in self.regions]
        new = type(self).__new__(type(self))
        Operation.__init__(
            new, [mapping.get(v, v) for v in self.operands],
            [r.type for r in self.results], dict(self.attributes),
            dict(self.properties), regions, list(self.successors),
            self.op_name, self.pos)
        for old, fresh in zip(self.results, new.results):
            mapping[old] = fresh
        return new

    # ------------------------------------------------------------ op protocol
    def verify_own(self) -> str | None:
        """The op's own checks (MLIR's `verify` hook): an error message
        when the op is malformed.  An op class writes them as `verify`, which
        the class creation keeps here (`__init_subclass__`)."""
        return None

    def verify_regions(self) -> str | None:
        """The op's checks once the ops inside it are verified (MLIR's
        `verifyRegions` hook): an error message, or None."""
        return None

    def verify(self) -> bool:
        """Verify the op and everything nested in it, as mlir-opt verifies
        a module (MLIR's `mlir::verify`, the Python bindings' `verify()`):
        True, or VerificationError carrying mlir-opt's diagnostics.  The
        verifier is a layer above the IR (ir/verifier.py): it installs
        itself in `VERIFIER` when imported, as every dialect imports it."""
        if not VERIFIER:
            raise RuntimeError("no verifier loaded: import mlir_affine_py.dialects first")
        return VERIFIER[0](self)

    def print(self, p) -> None:
        """Custom assembly; the default is the generic form."""
        p.print_generic_op(self)

    def __str__(self) -> str:
        """The op as MLIR text, as the printer writes it: a top-level module
        as the command line prints it, any other op in local scope."""
        return printing.op_text(self)

    def __repr__(self) -> str:
        where = f" at {self.pos[0]}:{self.pos[1]}" if self.pos else ""
        return f"<{self.op_name}{where}>"


class Block:
    __slots__ = ("args", "ops", "parent")

    def __init__(self, arg_types=()):
        self.args = ([BlockArgument(t, self, i) for i, t in enumerate(arg_types)]
                     if arg_types else [])      # most blocks: no comprehension's call
        self.ops: list[Operation] = []
        self.parent: Region | None = None

    def add_arg(self, type, pos=None) -> BlockArgument:
        arg = BlockArgument(type, self, len(self.args), pos)
        self.args.append(arg)
        return arg

    def append(self, op: Operation) -> Operation:
        op.parent = self
        self.ops.append(op)
        return op

    def insert(self, index: int, op: Operation) -> Operation:
        op.parent = self
        self.ops.insert(index, op)
        return op

    @property
    def parent_op(self) -> Operation | None:
        return self.parent.parent if self.parent is not None else None

    @property
    def terminator(self) -> Operation | None:
        if self.ops and self.ops[-1].is_terminator:
            return self.ops[-1]
        return None

    def is_entry(self) -> bool:
        return self.parent is not None and self.parent.blocks[0] is self

    def clone_into(self, new: "Block", mapping: dict) -> None:
        for old_arg in self.args:
            mapping[old_arg] = new.add_arg(old_arg.type, old_arg.pos)
        for op in self.ops:
            new.append(op.clone(mapping))


class Region:
    __slots__ = ("blocks", "parent")

    def __init__(self, blocks=()):
        self.blocks: list[Block] = []
        self.parent: Operation | None = None
        for block in blocks:
            self.append(block)

    def append(self, block: Block) -> Block:
        block.parent = self
        self.blocks.append(block)
        return block

    @property
    def entry(self) -> Block:
        return self.blocks[0]

    def holds(self, op: "Operation") -> bool:
        """Region::isAncestor of `op`'s region: `op` stands in this region
        or in a region nested in it."""
        current: Operation | None = op
        while current is not None:
            block = current.parent
            if block is None:
                return False
            region = block.parent
            if region is self:
                return True
            if region is None:
                return False
            current = region.parent
        return False

    def clone(self, mapping: dict) -> "Region":
        region = Region()
        new_blocks = [region.append(Block()) for _ in self.blocks]
        for old, new in zip(self.blocks, new_blocks):
            mapping[old] = new
        for old, new in zip(self.blocks, new_blocks):
            old.clone_into(new, mapping)
        # Successors are remapped once every block exists.
        for new in new_blocks:
            for op in new.ops:
                op.successors = [mapping.get(b, b) for b in op.successors]
        return region


# ---------------------------------------------------------------- registry
class OpRegistry(dict):
    """Op name -> op class.  Some dialect modules are imported only when
    needed (dialects/__init__.py): `complete`, while set, imports them, and
    a name not found or a walk over every op calls it first.  (The methods
    of plain `dict` read only the ops loaded so far, as the parser's choice
    of grammar does.)"""

    complete = None

    def _completed(self) -> bool:
        if self.complete is None:
            return False
        self.complete()
        return True

    def __missing__(self, name):
        if self._completed():
            return self[name]
        raise KeyError(name)

    def get(self, name, default=None):
        found = dict.get(self, name)
        if found is None and self.complete is not None:
            self.complete()
            found = dict.get(self, name)
        return default if found is None else found

    def __contains__(self, name) -> bool:
        return dict.__contains__(self, name) or (self._completed()
                                                 and dict.__contains__(self, name))

    def __iter__(self):
        self._completed()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._completed()
        return dict.__len__(self)

    def keys(self):
        self._completed()
        return dict.keys(self)

    def values(self):
        self._completed()
        return dict.values(self)

    def items(self):
        self._completed()
        return dict.items(self)


OP_CLASSES: OpRegistry = OpRegistry()


def register_op(cls: type[Operation]) -> type[Operation]:
    OP_CLASSES[cls.name] = cls
    return cls
