"""Building and rewriting IR: MLIR's OpBuilder, IRMapping and RewriterBase
(mlir/include/mlir/IR/Builders.h, IRMapping.h, PatternMatch.h).

Design notes
------------
* An insertion point is a block and the op before which new ops go (None:
  the end of the block), as MLIR's `Block::iterator`; it stays valid while
  ops are inserted before it.
* `create(OpClass, *args)` calls the op class's typed builder
  (`OpClass.build(*args)`, which makes a detached op) and inserts the op.
* Every change keeps the use lists exact: operands are set through
  `Operation.set_operand`, erased ops drop the uses of their operands (and
  of the ops nested in them), moved ops keep theirs.  `use_list_errors`
  checks that of a whole region tree.
* Ops are moved and erased here only; `Operation.erase`/`clone` and
  `Value.replace_all_uses_with` stay the primitives these calls use.
"""

from __future__ import annotations

from contextlib import contextmanager

from .attributes import fused_location_of
from .core import Block, Operation, Value


class IRMapping(dict):
    """Old value (or block) -> new one, as cloning fills it."""

    def map(self, old, new) -> None:
        self[old] = new

    def lookup(self, old):
        return self[old]

    def lookup_or_default(self, old):
        return self.get(old, old)

    def contains(self, old) -> bool:
        return old in self


def locate(op: Operation, loc) -> None:
    """Give a built op (without a location) `loc`, and so the implicit
    terminators its builder added, which upstream's ensureTerminator puts at
    the op's location."""
    op.pos = loc
    if op.implicit_terminator is not None:
        for region in op.regions:
            for block in region.blocks:
                if block.ops and block.ops[-1].is_terminator and block.ops[-1].pos is None:
                    block.ops[-1].pos = loc


class OpBuilder:
    """Creates ops at an insertion point.  An op inserted without a location
    (`pos` None) takes `loc`: the location of the op the insertion point
    was last set at (before or after), as upstream's rewrites give the ops
    they make `op.getLoc()` of the op they rewrite there."""

    def __init__(self, block: Block | None = None, before: Operation | None = None):
        self.block = block
        self.before = before
        self.loc = before.pos if before is not None else None

    @classmethod
    def at_end(cls, block: Block) -> "OpBuilder":
        return cls(block)

    @classmethod
    def before_op(cls, op: Operation) -> "OpBuilder":
        return cls(op.parent, op)

    # ------------------------------------------------------ insertion point
    def set_insertion_point(self, op: Operation) -> None:
        """Insert right before `op`."""
        self.block, self.before = op.parent, op
        self.loc = op.pos

    set_insertion_point_before = set_insertion_point

    def set_insertion_point_after(self, op: Operation) -> None:
        block = op.parent
        assert block is not None, "the op is in no block"
        index = block.ops.index(op)
        self.block = block
        self.before = block.ops[index + 1] if index + 1 < len(block.ops) else None
        self.loc = op.pos

    def fuse_locations(self, ops) -> None:
        """Ops inserted from here take the fused location of `ops`, as the
        patterns mlir-tblgen makes of DRR rules give the ops they build
        (`rewriter.getFusedLoc` of the matched ops)."""
        self.loc = fused_location_of(ops)

    def set_insertion_point_to_start(self, block: Block) -> None:
        self.block, self.before = block, (block.ops[0] if block.ops else None)

    def set_insertion_point_to_end(self, block: Block) -> None:
        self.block, self.before = block, None

    @property
    def insertion_block(self) -> Block | None:
        return self.block

    @contextmanager
    def insertion_guard(self):
        """Restore the insertion point on leaving (OpBuilder::InsertionGuard)."""
        saved = self.block, self.before, self.loc
        try:
            yield self
        finally:
            self.block, self.before, self.loc = saved

    # ------------------------------------------------------------ creation
    def insert(self, op: Operation) -> Operation:
        if self.block is None:
            raise ValueError("no insertion point")
        index = len(self.block.ops) if self.before is None else self.block.ops.index(self.before)
        if op.pos is None:
            locate(op, self.loc)
        return self.block.insert(index, op)

    def create(self, op_class, *args, **kwargs) -> Operation:
        """Build an `op_class` with its typed builder and insert it."""
        return self.insert(op_class.build(*args, **kwargs))

    def clone(self, op: Operation, mapping: IRMapping | None = None) -> Operation:
        """Insert a deep copy of `op`, its operands remapped through
        `mapping` (which receives the results' and nested values' copies)."""
        return self.insert(op.clone(IRMapping() if mapping is None else mapping))

    def create_block(self, region, arg_types=()) -> Block:
        """A new block at the end of `region`; new ops go to its end."""
        block = region.append(Block(arg_types))
        self.set_insertion_point_to_end(block)
        return block


class IRRewriter(OpBuilder):
    """OpBuilder plus the changes of RewriterBase."""

    def replace_all_uses_with(self, old, new) -> None:
        """Every use of `old` (a value, or a sequence of values matched with
        `new` one to one) becomes a use of `new`."""
        if isinstance(old, Value):
            if old is not new:
                old.replace_all_uses_with(new)
            return
        old, new = list(old), list(new)
        if len(old) != len(new):
            raise ValueError(f"replacing {len(old)} values with {len(new)}")
        for before, after in zip(old, new):
            self.replace_all_uses_with(before, after)

    def replace_op(self, op: Operation, values) -> None:
        """Uses of `op`'s results become uses of `values` (or of the results
        of the op `values`), then `op` is erased."""
        if isinstance(values, Operation):
            values = values.results
        self.replace_all_uses_with(op.results, values)
        self.erase_op(op)

    def erase_op(self, op: Operation) -> None:
        """Erase `op` and the ops nested in it; its results must be unused."""
        for result in op.results:
            if result.uses:
                raise ValueError(f"erasing '{op.op_name}' whose result #{result.index} "
                                 "is still used")
        op.erase()

    def erase_block(self, block: Block) -> None:
        for op in reversed(list(block.ops)):
            self.erase_op(op)
        region = block.parent
        assert region is not None, "the block is in no region"
        region.blocks.remove(block)
        block.parent = None

    # -------------------------------------------------------------- moves
    def _detach(self, op: Operation) -> None:
        if op.parent is not None:
            op.parent.ops.remove(op)
            op.parent = None

    def move_op_before(self, op: Operation, existing: Operation) -> None:
        if op is existing:
            return
        self._detach(op)
        block = existing.parent
        assert block is not None, "the op is in no block"
        block.insert(block.ops.index(existing), op)

    def move_op_after(self, op: Operation, existing: Operation) -> None:
        if op is existing:
            return
        self._detach(op)
        block = existing.parent
        assert block is not None, "the op is in no block"
        block.insert(block.ops.index(existing) + 1, op)

    def move_op_to_end(self, op: Operation, block: Block) -> None:
        self._detach(op)
        block.append(op)

    def splice(self, dest: Block, dest_index: int, ops) -> None:
        """Move `ops` (consecutive ops of one block, in order) into `dest`
        before its op at `dest_index` (Block::getOperations().splice)."""
        ops = list(ops)
        if not ops:
            return
        source = ops[0].parent
        if source is dest and ops[0] in dest.ops:
            start = dest.ops.index(ops[0])
            if start < dest_index:
                dest_index -= len(ops)
        for op in ops:
            self._detach(op)
        for offset, op in enumerate(ops):
            dest.insert(dest_index + offset, op)

    def inline_block_before(self, source: Block, dest: Block, dest_index: int | None = None,
                            arg_values=()) -> None:
        """Move the ops of `source` into `dest` before its op at `dest_index`
        (the end when None), the uses of `source`'s arguments replaced by
        `arg_values`; `source`, left empty, is removed from its region."""
        arg_values = list(arg_values)
        if len(arg_values) != len(source.args):
            raise ValueError(f"inlining a block of {len(source.args)} arguments "
                             f"with {len(arg_values)} values")
        for arg, value in zip(source.args, arg_values):
            self.replace_all_uses_with(arg, value)
        if dest_index is None:
            dest_index = len(dest.ops)
        self.splice(dest, dest_index, list(source.ops))
        if source.parent is not None:
            source.parent.blocks.remove(source)
            source.parent = None

    def merge_blocks(self, source: Block, dest: Block, arg_values=()) -> None:
        """Append the ops of `source` to `dest` (RewriterBase::mergeBlocks)."""
        self.inline_block_before(source, dest, None, arg_values)


def use_list_errors(root: Operation) -> list[str]:
    """The ways the use lists in `root` disagree with the operands: every
    operand is listed once among its value's uses, and every use listed
    for a value defined in `root` is an operand of an op in `root`."""
    errors = []
    ops = list(root.walk())
    live = {id(op) for op in ops}
    defined = []
    for op in ops:
        for index, value in enumerate(op.operands):
            count = sum(1 for user, i in value.uses if user is op and i == index)
            if count != 1:
                errors.append(f"operand #{index} of '{op.op_name}' is listed {count} times "
                              "among its value's uses")
        defined.extend(op.results)
        for region in op.regions:
            for block in region.blocks:
                defined.extend(block.args)
    for value in defined:
        for user, index in value.uses:
            if id(user) not in live:
                errors.append(f"a use by an op outside the IR ('{user.op_name}') is listed")
            elif index >= len(user.operands) or user.operands[index] is not value:
                errors.append(f"'{user.op_name}' is listed as using a value at operand "
                              f"#{index}, which is another value")
    return errors
