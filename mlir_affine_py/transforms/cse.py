"""-cse: common subexpression elimination, as mlir-opt's pass does it
(mlir/lib/Transforms/CSE.cpp).

Design notes
------------
- **Value numbering in dominance scopes.**  The ops of a block are visited
  in order, and the blocks of a region along its dominator tree; a table
  of the ops seen so far (keyed by `ir/equivalence.py`'s key) is scoped, so
  that an op is replaced only by an equivalent op that dominates it.  The
  regions of an op are visited before the op, with the outer table unless
  the op is (or, unregistered, might be) IsolatedFromAbove.
- **What may be replaced.**  An op with no memory effect (asked of the
  traits of its class, `ir/side_effects.py`); an op that only reads, when
  an equivalent op in the same block reads first and no op between them
  writes or may write.  Terminators are kept, and ops whose regions hold
  more than one block.  An op that is trivially dead is erased.
- **Regions without SSA dominance** (graph regions, an unregistered op's):
  a single block is visited in order and only the uses not yet visited are
  replaced; a region of several blocks is left alone.
"""

from __future__ import annotations

from ..ir.equivalence import equivalence_key
from ..ir.rewriter import IRRewriter
from ..ir.side_effects import is_op_trivially_dead, is_registered, may_write, only_reads
from ..ir.traits import HasOnlyGraphRegion, is_memory_effect_free
from ..ir.verifier import dominators
from ..passes import Pass


class ScopedTable:
    """llvm::ScopedHashTable: inserting shadows the entry of an outer scope
    until the inner scope is left."""

    def __init__(self):
        self.entries: dict = {}
        self.scopes: list[list] = []

    def push(self) -> None:
        self.scopes.append([])

    def pop(self) -> None:
        for key in reversed(self.scopes.pop()):
            stack = self.entries[key]
            stack.pop()
            if not stack:
                del self.entries[key]

    def lookup(self, key):
        stack = self.entries.get(key)
        return stack[-1] if stack else None

    def insert(self, key, op) -> None:
        self.entries.setdefault(key, []).append(op)
        self.scopes[-1].append(key)


def has_ssa_dominance(region) -> bool:
    """DominanceInfo::hasSSADominance: not in a graph region, nor in the
    region of an op nothing is known of."""
    op = region.parent
    return op is None or (is_registered(op) and not op.has_trait(HasOnlyGraphRegion))


def dominator_tree_children(region) -> dict:
    """Block -> the blocks it immediately dominates, in region order; the
    blocks not reachable from the entry are in no list."""
    dom = dominators(region)
    children: dict = {block: [] for block in dom}
    for block in region.blocks:
        if block in dom and block is not region.blocks[0]:
            idom = max((d for d in dom[block] if d is not block), key=lambda d: len(dom[d]))
            children[idom].append(block)
    return children


class CSE(Pass):
    """Eliminate common subexpressions."""

    argument = "cse"
    summary = "Eliminate common sub-expressions"
    pass_name = "CSE"

    def run_on_operation(self, op) -> None:
        self.to_erase: list = []
        table = ScopedTable()
        for region in op.regions:
            self.simplify_region(table, region)
        rewriter = IRRewriter()
        for dead in self.to_erase:
            rewriter.erase_op(dead)

    def simplify_region(self, table: ScopedTable, region) -> None:
        if not region.blocks:
            return
        ssa = has_ssa_dominance(region)
        if len(region.blocks) == 1:
            table.push()
            self.simplify_block(table, region.blocks[0], ssa)
            table.pop()
            return
        if not ssa:
            return
        children = dominator_tree_children(region)
        # Depth first along the dominator tree, a scope per node.
        table.push()
        self.simplify_block(table, region.blocks[0], ssa)
        stack = [iter(children[region.blocks[0]])]
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
                table.pop()
                continue
            table.push()
            self.simplify_block(table, child, ssa)
            stack.append(iter(children[child]))

    def simplify_block(self, table: ScopedTable, block, ssa: bool) -> None:
        for op in list(block.ops):
            if op.regions:
                if op.isolated_from_above or not is_registered(op):
                    nested = ScopedTable()
                    for region in op.regions:
                        self.simplify_region(nested, region)
                else:
                    for region in op.regions:
                        self.simplify_region(table, region)
            self.simplify_operation(table, op, ssa)

    def simplify_operation(self, table: ScopedTable, op, ssa: bool) -> bool:
        # An unregistered op might be a terminator.
        if op.is_terminator or not is_registered(op):
            return False
        if is_op_trivially_dead(op):
            self.to_erase.append(op)
            return True
        if any(len(region.blocks) > 1 for region in op.regions):
            return False
        if not is_memory_effect_free(op):
            if not only_reads(op):
                return False
            key = equivalence_key(op)
            existing = table.lookup(key)
            if (existing is not None and existing.parent is op.parent
                    and not self.written_between(existing, op)):
                self.replace(table, op, existing, ssa)
                return True
            table.insert(key, op)
            return False
        key = equivalence_key(op)
        existing = table.lookup(key)
        if existing is not None:
            self.replace(table, op, existing, ssa)
            return True
        table.insert(key, op)
        return False

    @staticmethod
    def written_between(first, last) -> bool:
        """An op between `first` and `last` (of one block) writes, or
        states no effects, so may write; an op with recursive effects is
        asked for those of the ops it holds."""
        ops = first.parent.ops
        return any(may_write(between) for between in ops[ops.index(first) + 1:ops.index(last)])

    def replace(self, table: ScopedTable, op, existing, ssa: bool) -> None:
        if ssa:
            for old, new in zip(op.results, existing.results):
                old.replace_all_uses_with(new)
            self.to_erase.append(op)
            return
        # Without dominance a use may come before: only the uses by ops not
        # yet visited (not in the table) are replaced.
        for old, new in zip(op.results, existing.results):
            for user, index in list(old.uses):
                if table.lookup(equivalence_key(user)) is None:
                    user.set_operand(index, new)
        if all(not result.uses for result in op.results):
            self.to_erase.append(op)
