"""The greedy pattern rewrite driver (mlir/lib/Transforms/Utils/
GreedyPatternRewriteDriver.cpp, FoldUtils.cpp's OperationFolder,
RegionUtils.cpp's simplifyRegions), as `-canonicalize` runs it.

Design notes
------------
* **Folds and patterns live on the op classes.**  `op.fold(constants)`
  gets the constant attribute of each operand (None where the operand is
  not a constant) and answers None (no fold), [] (the op changed in
  place) or one Value or Attribute per result.  An op class lists its
  canonicalization patterns in `canonicalization_patterns`: functions
  `(op, rewriter) -> bool` that change the IR through the rewriter only
  and say whether they did.  A fold's attribute is made an op by
  `materialize_constant(attr, type)` of the folded op's class (its
  dialect's materializeConstant).  Ops with the Commutative trait have
  their constant operands moved last, as OpTrait::IsCommutative folds.
* **Worklist.**  Each iteration fills it with the ops of the region in
  pre-order (post-order bottom-up) and pops the last: an op is erased when
  trivially dead, folded, or rewritten by its first pattern that applies.
  The rewriter tells the driver what changed: created and modified ops
  (and their ancestors) are pushed, the defining ops of an erased op's
  operands with at most one other user are pushed, erased ops leave the
  worklist.  Iterations go on while something changed (at most
  `max_iterations`).
* **Constants** (OperationFolder::insertKnownConstant): while the worklist
  is filled, each constant moves to the front of the entry block of its
  nearest IsolatedFromAbove ancestor's region, unless it already sits
  among the constants there, and a constant equal to one already there
  (same dialect, value and type) is replaced by it.  A constant that no
  longer stands for one place of the source (replacing others, hoisted
  out of its block or above a later op) takes the unknown location, the
  folder's erasedFoldedLocation.
* **Regions** are simplified after each iteration: blocks unreachable
  from the entry go, and ops whose results nothing live uses and that
  would be trivially dead (cycles included).
* **Chosen ops** (`OpPatternsDriver`, applyOpPatternsGreedily): the
  worklist starts with the given ops, in their order, and takes only them
  (and, by the strictness asked, the ops created or moved on the way);
  one sweep, no region simplification.
"""

from __future__ import annotations

from .ir.attributes import UNKNOWN_LOC
from .ir.core import Operation, Value
from .ir.rewriter import IRRewriter
from .ir.side_effects import is_op_trivially_dead, is_registered, would_op_be_trivially_dead
from .ir.traits import CastOpInterface, Commutative, ConstantLike
from .ir.verifier import dominators


class Worklist:
    """Ops to visit, each once: pushed at the end, popped from the end."""

    def __init__(self):
        self.ops: list = []
        self.index: dict = {}

    def push(self, op) -> None:
        if op not in self.index:
            self.index[op] = len(self.ops)
            self.ops.append(op)

    def pop(self):
        while self.ops:
            op = self.ops.pop()
            if op is not None:
                del self.index[op]
                return op
        return None

    def remove(self, op) -> None:
        at = self.index.pop(op, None)
        if at is not None:
            self.ops[at] = None

    def reverse(self) -> None:
        self.ops.reverse()
        self.index = {op: at for at, op in enumerate(self.ops) if op is not None}

    def clear(self) -> None:
        self.ops, self.index = [], {}

    def __bool__(self) -> bool:
        return bool(self.index)


def constant_value(op):
    """m_Constant on an op: its value attribute when it is ConstantLike."""
    if op.has_trait(ConstantLike):
        return op.properties.get("value")
    return None


def fold_operation(op):
    """Operation::fold: the op's own fold, then the traits' (a cast to its
    own type is its operand; a commutative op's constants move last, in
    place)."""
    constants = [None if value.defining_op is None else constant_value(value.defining_op)
                 for value in op.operands]
    fold = getattr(op, "fold", None)
    if fold is not None:
        result = fold(constants)
        if result is not None:
            return result
    if (op.has_trait(CastOpInterface) and op.operands
            and [v.type for v in op.operands] == [r.type for r in op.results]):
        return list(op.operands)        # foldCastInterfaceOp: a cast to its own type
    if (op.has_trait(Commutative) and len(op.operands) == 2
            and constants[0] is not None and constants[1] is None):
        lhs, rhs = op.operands
        op.set_operand(0, rhs)
        op.set_operand(1, lhs)
        return []
    return None


def insertion_region(block):
    """OperationFolder::getInsertionRegion: the region of the nearest
    ancestor that is (or, unregistered, might be) IsolatedFromAbove."""
    region = block.parent
    while True:
        holder = region.parent
        if holder is None or holder.isolated_from_above or not is_registered(holder):
            return region
        if holder.parent is None or holder.parent.parent is None:
            return region
        region = holder.parent.parent


class OperationFolder:
    """The constants the driver keeps unique, per insertion region."""

    def __init__(self, rewriter):
        self.rewriter = rewriter
        self.scopes: dict = {}          # region -> {(dialect, value, type): op}
        self.owned: dict = {}           # op -> its key in its region's table

    def insert_known_constant(self, op, value) -> bool:
        """Keep `op` (moved to the front of its insertion block) and return
        True, or replace it by the equal constant kept already and return
        False."""
        block = op.parent
        if op in self.owned:
            if block.ops[0] is not op and block.ops[block.ops.index(op) - 1] not in self.owned:
                self.rewriter.move_op_before(op, block.ops[0])
                op.pos = UNKNOWN_LOC
            return True
        region = insertion_region(block)
        table = self.scopes.setdefault(region, {})
        key = (op.op_name.partition(".")[0], value, op.results[0].type)
        existing = table.get(key)
        if existing is not None:
            self.rewriter.replace_op(op, existing.results)
            existing.pos = UNKNOWN_LOC
            return False
        entry = region.blocks[0]
        if block is not entry:
            self.rewriter.move_op_before(op, entry.ops[0])
            op.pos = UNKNOWN_LOC
        elif entry.ops[0] is not op and entry.ops[entry.ops.index(op) - 1] not in self.owned:
            self.rewriter.move_op_before(op, entry.ops[0])
        table[key] = op
        self.owned[op] = (region, key)
        return True

    def notify_removal(self, op) -> None:
        found = self.owned.pop(op, None)
        if found is not None:
            region, key = found
            table = self.scopes.get(region, {})
            if table.get(key) is op:
                del table[key]


class PatternRewriter(IRRewriter):
    """An IRRewriter that tells a listener (the driver) what it changes."""

    def __init__(self, listener=None):
        super().__init__()
        self.listener = listener

    def insert(self, op: Operation) -> Operation:
        super().insert(op)
        if self.listener is not None:
            self.listener.notify_inserted(op)
        return op

    def replace_all_uses_with(self, old, new) -> None:
        if not isinstance(old, Value):
            super().replace_all_uses_with(old, new)     # pair by pair, back here
            return
        users = [user for user, _ in old.uses]
        super().replace_all_uses_with(old, new)
        if self.listener is not None:
            for user in users:
                self.listener.notify_modified(user)

    def replace_op(self, op: Operation, values) -> None:
        if isinstance(values, Operation):
            values = values.results
        for old, new in zip(op.results, list(values)):
            self.replace_all_uses_with(old, new)
        self.erase_op(op)

    def erase_op(self, op: Operation) -> None:
        if self.listener is not None:
            for nested in op.walk(order="post"):
                self.listener.notify_erased(nested)
        super().erase_op(op)

    def modify_op_in_place(self, op: Operation, change) -> None:
        change()
        if self.listener is not None:
            self.listener.notify_modified(op)

    def inline_block_before(self, source, dest, dest_index=None, arg_values=()) -> None:
        moved = list(source.ops)
        super().inline_block_before(source, dest, dest_index, arg_values)
        if self.listener is not None:
            for op in moved:
                self.listener.notify_inserted(op)

    def move_op_before(self, op: Operation, existing: Operation) -> None:
        super().move_op_before(op, existing)
        if self.listener is not None:
            self.listener.notify_inserted(op)

    def move_op_after(self, op: Operation, existing: Operation) -> None:
        super().move_op_after(op, existing)
        if self.listener is not None:
            self.listener.notify_inserted(op)


class GreedyPatternRewriteDriver:
    """applyPatternsGreedily on the regions of one op."""

    def __init__(self, region, top_down: bool = True, max_iterations: int = 10,
                 max_num_rewrites: int = -1, region_simplification: str = "normal",
                 enabled=None, disabled=frozenset()):
        self.region = region
        self.top_down = top_down
        self.max_iterations = max_iterations
        self.max_num_rewrites = max_num_rewrites
        self.region_simplification = region_simplification
        self.enabled, self.disabled = enabled, disabled
        self.worklist = Worklist()
        self.rewriter = PatternRewriter(self)
        self.folder = OperationFolder(self.rewriter)

    # -------------------------------------------------------- notifications
    def add_to_worklist(self, op) -> None:
        """The op and its ancestors up to the driver's region."""
        ancestors = []
        while op is not None:
            ancestors.append(op)
            block = op.parent
            region = block.parent if block is not None else None
            if region is self.region:
                for ancestor in ancestors:
                    self.worklist.push(ancestor)
                return
            if region is None:
                return
            op = region.parent

    def notify_inserted(self, op) -> None:
        self.add_to_worklist(op)

    def notify_modified(self, op) -> None:
        self.add_to_worklist(op)

    def notify_erased(self, op) -> None:
        for value in op.operands:
            producer = value.defining_op
            if producer is None:
                continue
            others = {user for user, _ in value.uses if user is not op}
            if len(others) <= 1:
                self.add_to_worklist(producer)
        self.worklist.remove(op)
        self.folder.notify_removal(op)

    # ---------------------------------------------------------------- run
    def simplify(self) -> bool:
        """Run to a fixed point; whether it converged."""
        iteration = 0
        changed = True
        while changed:
            iteration += 1
            if 0 <= self.max_iterations < iteration:
                return False
            self.fill_worklist()
            changed = self.process_worklist()
            if self.region_simplification != "disabled":
                changed |= simplify_regions(self.rewriter, [self.region])
        return True

    def fill_worklist(self) -> None:
        self.worklist.clear()
        ops = [op for block in self.region.blocks for top in list(block.ops)
               for op in top.walk(order="pre" if self.top_down else "post")]
        skipped: set = set()
        for op in ops:
            if op in skipped or self._erased(op):
                continue
            value = constant_value(op)
            if value is not None and not self.folder.insert_known_constant(op, value):
                skipped.update(op.walk())
                continue
            self.add_to_worklist(op)
        if self.top_down:
            self.worklist.reverse()

    @staticmethod
    def _erased(op) -> bool:
        return op.parent is None

    def process_worklist(self) -> bool:
        changed = False
        rewrites = 0
        while self.worklist and (self.max_num_rewrites < 0 or rewrites < self.max_num_rewrites):
            op = self.worklist.pop()
            if op is None or self._erased(op):
                continue
            if is_op_trivially_dead(op):
                self.rewriter.erase_op(op)
                changed = True
                continue
            if not op.has_trait(ConstantLike) and self.try_fold(op):
                changed = True
                continue
            if self.apply_patterns(op):
                changed = True
                rewrites += 1
        return changed

    def try_fold(self, op) -> bool:
        result = fold_operation(op)
        if result is None:
            return False
        if not result:
            self.notify_modified(op)
            return True
        replacements: list = []
        made: list = []
        self.rewriter.set_insertion_point(op)
        for value, result_value in zip(result, op.results):
            if not hasattr(value, "uses"):
                materialize = getattr(op, "materialize_constant", None)
                constant = materialize(value, result_value.type) if materialize else None
                if constant is None:
                    for done in made:
                        self.rewriter.erase_op(done)
                    return False
                value = self.rewriter.insert(constant).results[0]
                made.append(constant)
            replacements.append(value)
        self.rewriter.replace_op(op, replacements)
        return True

    def apply_patterns(self, op) -> bool:
        for pattern in getattr(op, "canonicalization_patterns", ()):
            name = getattr(pattern, "__name__", "")
            if name in self.disabled or (self.enabled is not None and name not in self.enabled):
                continue
            self.rewriter.set_insertion_point(op)
            if pattern(op, self.rewriter):
                return True
        return False


# ------------------------------------------------------- region simplification
def simplify_regions(rewriter, regions) -> bool:
    """mlir::simplifyRegions at the Normal level: unreachable blocks, then
    dead ops; whether anything changed."""
    changed = erase_unreachable_blocks(rewriter, regions)
    return run_region_dce(rewriter, regions) or changed


def _discard(rewriter, ops) -> None:
    """Erase `ops` (and what they hold) even where they use each other:
    their uses are dropped first, as MLIR drops the uses of dead code."""
    for op in ops:
        for nested in op.walk():
            nested.drop_operand_uses()
    for op in reversed(ops):
        for nested in op.walk(order="post"):
            if rewriter.listener is not None:
                rewriter.listener.notify_erased(nested)
            for result in nested.results:
                result.uses = []
        if op.parent is not None:
            op.parent.ops.remove(op)
            op.parent = None


def erase_unreachable_blocks(rewriter, regions) -> bool:
    """The blocks no path from their region's entry reaches go."""
    changed = False
    work = list(regions)
    while work:
        region = work.pop()
        if len(region.blocks) > 1:
            reachable = dominators(region)
            for block in [b for b in region.blocks[1:] if b not in reachable]:
                _discard(rewriter, list(block.ops))
                region.blocks.remove(block)
                block.parent = None
                changed = True
        for block in region.blocks:
            for op in block.ops:
                work.extend(op.regions)
    return changed


def run_region_dce(rewriter, regions) -> bool:
    """mlir::runRegionDCE on ops: an op is live when it is a terminator or
    would not be trivially dead, or when a live op uses one of its results;
    the others go."""
    ops = [op for region in regions for block in region.blocks for top in block.ops
           for op in top.walk()]
    live: set = set()
    stack = [op for op in ops if op.is_terminator or not would_op_be_trivially_dead(op)]
    while stack:
        op = stack.pop()
        if op in live:
            continue
        live.add(op)
        for value in op.operands:
            producer = value.defining_op
            if producer is not None and producer not in live:
                stack.append(producer)
    roots = {region.parent for region in regions}
    dead = [op for op in ops if op not in live and (op.parent_op in roots or op.parent_op in live)]
    if not dead:
        return False
    _discard(rewriter, dead)
    return True


# ------------------------------------------------------ chosen ops only
class _StrictWorklist(Worklist):
    """A worklist that takes only the ops of `allowed` (None: any op)."""

    def __init__(self, allowed):
        super().__init__()
        self.allowed = allowed

    def push(self, op) -> None:
        if self.allowed is None or op in self.allowed:
            super().push(op)


def _common_region(ops):
    """findCommonAncestor: the innermost region holding all of `ops` (None
    when one of them is not in a region)."""
    def regions(op):
        chain = []
        while op is not None and op.parent is not None:
            chain.append(op.parent.parent)
            op = op.parent.parent.parent if op.parent.parent is not None else None
        return chain
    chains = [regions(op) for op in ops]
    if not chains or any(not c for c in chains):
        return None
    for region in chains[0]:
        if all(any(region is r for r in c) for c in chains[1:]):
            return region
    return None


class OpPatternsDriver(GreedyPatternRewriteDriver):
    """applyOpPatternsGreedily (the MultiOpPatternRewriteDriver): `ops` are
    pushed in the order given and popped from the end, then whatever the
    rewrites push, within `strictness`: "existing" (only `ops`: ops created
    or moved on the way are not visited), "existing-and-new" or "any".
    One sweep of the worklist, no region simplification.  `patterns`
    (op class -> patterns) replaces the canonicalization patterns of the
    classes it names."""

    def __init__(self, ops, strictness: str = "existing", enabled=None,
                 disabled=frozenset(), patterns=None):
        ops = list(ops)
        super().__init__(_common_region(ops), region_simplification="disabled",
                         enabled=enabled, disabled=disabled)
        self.ops = ops
        self.patterns = patterns or {}
        self.strictness = strictness
        self.worklist: _StrictWorklist = _StrictWorklist(None if strictness == "any" else set(ops))

    def notify_inserted(self, op) -> None:
        if self.strictness == "existing-and-new":
            self.worklist.allowed.add(op)
        super().notify_inserted(op)

    def notify_erased(self, op) -> None:
        super().notify_erased(op)
        if self.worklist.allowed is not None:
            self.worklist.allowed.discard(op)

    def apply_patterns(self, op) -> bool:
        own = self.patterns.get(type(op))
        if own is None:
            return super().apply_patterns(op)
        for pattern in own:
            self.rewriter.set_insertion_point(op)
            if pattern(op, self.rewriter):
                return True
        return False

    def simplify(self) -> bool:
        """Whether the worklist ran empty (it always does here)."""
        for op in self.ops:
            self.worklist.push(op)
        self.process_worklist()
        return not self.worklist
