"""What the affine memory passes ask about memory between two ops.

Ports, by behaviour, the helpers of mlir/lib/Dialect/Affine/Utils/Utils.cpp
(`hasNoInterveningEffect`, `mayHaveEffect`), `MemRefAccess::operator==` of
Analysis/Utils.cpp, `getAffineAnalysisScope`, the op dominance of
mlir/IR/Dominance.h restricted to what the passes ask, and MLIR's
`LocalAliasAnalysis` (mlir/lib/Analysis/AliasAnalysis/LocalAliasAnalysis.cpp):
two values alias unless both come from distinct allocations, or one is a
local allocation and the other a value from outside its function.

Whether an affine access can reach another is decided by the exact
dependence analysis (dependence.py).
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp, AffineIfOp
from ..dialects.affine_parallel import AffineParallelOp
from ..ir.affine_expr import AffineConstantExpr
from ..ir.core import BlockArgument
from ..ir.traits import (ALLOCATE, AffineReadOpInterface, AffineWriteOpInterface,
                         FunctionOpInterface, MemoryEffectOpInterface, MemoryEffects,
                         NoMemoryEffect, RecursiveMemoryEffects, ViewLikeOpInterface,
                         EffectInstance)
from .affine_access import MemRefAccess
from .affine_flattener import compose_over_leaves, simplify_affine_expr
from .dependence import DependenceAnalysis


def is_affine_access(op) -> bool:
    return op.has_trait(AffineReadOpInterface) or op.has_trait(AffineWriteOpInterface)


def own_effects(op) -> list | None:
    """The effects an op states itself (MemoryEffectOpInterface), not
    those of the ops in its regions; None when it states none."""
    keys = op.__class__._trait_keys
    if MemoryEffects in keys:
        declared = next(t for t in op.__class__.traits if isinstance(t, MemoryEffects))
        return [EffectInstance(e.kind, e.value_of(op), op) for e in declared.effects]
    if MemoryEffectOpInterface in keys:
        return [EffectInstance(e.kind, e.value_of(op), op) for e in op.get_effects()]
    if NoMemoryEffect in keys:
        return []
    return None


def has_single_effect(op, value, kind: str) -> bool:
    """`hasSingleEffect<kind>(op, value)`: the op's effects on `value` are
    all of `kind`, and there is one."""
    effects = own_effects(op)
    if effects is None:
        return False
    found = False
    for effect in effects:
        if effect.value is not value:
            continue
        if effect.kind != kind:
            return False
        found = True
    return found


def has_effect(op, value, kind: str) -> bool:
    """`hasEffect<kind>(op, value)`: the op states an effect of `kind` on
    `value` (an effect on no value in particular does not count)."""
    effects = own_effects(op)
    if not effects:
        return False
    return any(e.kind == kind and e.value is value for e in effects)


# ------------------------------------------------------------ access maps
def accesses_equal(a, b) -> bool:
    """`MemRefAccess::operator==`: same memref and access maps whose
    difference, fully composed over the same operands, simplifies to 0."""
    if a.memref is not b.memref:
        return False
    map_a, map_b = a.map, b.map
    if len(map_a.results) != len(map_b.results):
        return False
    leaves: list = []
    for ea, eb in zip(map_a.results, map_b.results):
        ca = compose_over_leaves(ea, list(a.map_operands), map_a.num_dims, leaves)
        cb = compose_over_leaves(eb, list(b.map_operands), map_b.num_dims, leaves)
        diff = simplify_affine_expr(ca - cb, leaves, len(leaves))
        if not (isinstance(diff, AffineConstantExpr) and diff.value == 0):
            return False
    return True


def affine_analysis_scope(op):
    """`getAffineAnalysisScope`: the region around the nearest ancestor
    that is not an affine.for/if/parallel (None at the top)."""
    current = op
    while True:
        parent = current.parent_op
        if parent is None:
            return None
        if not isinstance(parent, (AffineForOp, AffineIfOp, AffineParallelOp)):
            return current.parent.parent
        current = parent


def surrounding_for_loops(op) -> list:
    """`getAffineForIVs`: the affine.for ops around `op` up to its affine
    scope, outermost first (other ops, affine.if included, are skipped)."""
    from ..ir.traits import AffineScope
    loops = []
    parent = op.parent_op
    while parent is not None and not parent.has_trait(AffineScope):
        if isinstance(parent, AffineForOp):
            loops.append(parent)
        parent = parent.parent_op
    loops.reverse()
    return loops


def num_common_surrounding_loops(a, b) -> int:
    count = 0
    for x, y in zip(surrounding_for_loops(a), surrounding_for_loops(b)):
        if x is not y:
            break
        count += 1
    return count


# -------------------------------------------------------------- dominance
def _ancestor_in_block_of_region(op, region):
    while op is not None and op.parent is not None and op.parent.parent is not region:
        op = op.parent_op
    return op if op is not None and op.parent is not None else None


def _block_dominators(region) -> dict:
    """Dominator sets of the blocks of a CFG region (iterative)."""
    blocks = region.blocks
    entry = blocks[0]
    preds: dict = {id(b): [] for b in blocks}
    for b in blocks:
        term = b.ops[-1] if b.ops else None
        for succ in (term.successors if term is not None else ()):
            preds[id(succ)].append(b)
    everything = {id(b) for b in blocks}
    dom = {id(b): set(everything) for b in blocks}
    dom[id(entry)] = {id(entry)}
    changed = True
    while changed:
        changed = False
        for b in blocks[1:]:
            ps = preds[id(b)]
            new = set.intersection(*(dom[id(p)] for p in ps)) if ps else set()
            new = new | {id(b)}
            if new != dom[id(b)]:
                dom[id(b)], changed = new, True
    return dom


def dominates(a, b) -> bool:
    """`DominanceInfo::dominates(a, b)` for ops: `a` is `b`, or `a` runs
    before `b` on every path into `b`."""
    if a is b:
        return True
    region = a.parent.parent
    ancestor = _ancestor_in_block_of_region(b, region)
    if ancestor is None:
        return False
    if ancestor is a:
        return True
    if ancestor.parent is a.parent:
        ops = a.parent.ops
        return ops.index(a) < ops.index(ancestor)
    return id(a.parent) in _block_dominators(region)[id(ancestor.parent)]


def post_dominates(a, b) -> bool:
    """`PostDominanceInfo::postDominates(a, b)` for two ops of one block
    (`a` after `b`); ops in different blocks are not compared, as the
    passes only ask it of ops of one region and give up otherwise."""
    if a is b:
        return True
    if a.parent is not b.parent:
        return False
    ops = a.parent.ops
    return ops.index(b) < ops.index(a)


# ---------------------------------------------------------------- aliasing
def _underlying(value) -> list:
    """`collectUnderlyingAddressValues`, through view-like ops."""
    seen = []
    while True:
        op = value.defining_op
        if op is None or not op.has_trait(ViewLikeOpInterface) or not op.operands:
            seen.append(value)
            return seen
        value = op.operands[0]


def _alloc_scope(value):
    """(has an allocation effect, the function the allocation lives in)."""
    if isinstance(value, BlockArgument):
        op = value.owner.parent_op
    else:
        op = value.defining_op
    if op is None:
        return False, None
    effects = own_effects(op)
    if not effects or not any(e.kind == ALLOCATE and e.value is value for e in effects):
        return False, None
    scope = op.parent_op
    while scope is not None and not scope.has_trait(FunctionOpInterface):
        scope = scope.parent_op
    return True, scope


def _alias_one(lhs, rhs) -> str:
    if lhs is rhs:
        return "must"
    lhs_alloc, lhs_scope = _alloc_scope(lhs)
    rhs_alloc, rhs_scope = _alloc_scope(rhs)
    if lhs_alloc == rhs_alloc:
        return "no" if lhs_alloc else "may"
    scope = lhs_scope if lhs_alloc else rhs_scope
    other = rhs if lhs_alloc else lhs
    if scope is None:
        return "may"
    if isinstance(other, BlockArgument):
        owner = other.owner.parent_op
        if owner is scope:
            return "no"
        return "may" if owner is not None and scope.is_ancestor_of(owner) else "no"
    defining = other.defining_op
    if defining is not None and scope.is_ancestor_of(defining):
        return "may"
    return "no"


def may_alias(a, b) -> bool:
    """`!LocalAliasAnalysis::alias(a, b).isNo()`."""
    if a is b:
        return True
    return any(_alias_one(x, y) != "no" for x in _underlying(a) for y in _underlying(b))


# ------------------------------------------------- intervening effects
class InterveningEffects:
    """`hasNoInterveningEffect<kind>(start, mem_op)`, with the dependence
    analysis shared across queries."""

    def __init__(self, analysis: DependenceAnalysis | None = None):
        self.analysis = analysis or DependenceAnalysis()
        self._accesses: dict = {}

    def access(self, op) -> MemRefAccess:
        found = self._accesses.get(id(op))
        if found is None or found.op is not op:
            found = self._accesses[id(op)] = MemRefAccess(op)
        return found

    def may_have_effect(self, src_op, dst_op, min_surrounding_loops: int) -> bool:
        """`mayHaveEffect`: whether the affine access `src_op` may reach
        `dst_op` at a depth deeper than `min_surrounding_loops`."""
        if src_op.memref is not dst_op.memref or \
                affine_analysis_scope(src_op) is not affine_analysis_scope(dst_op):
            return True
        src, dst = self.access(src_op), self.access(dst_op)
        loops = num_common_surrounding_loops(src_op, dst_op)
        for depth in range(loops + 1, min_surrounding_loops, -1):
            result = self.analysis.check(src, dst, depth, want_components=False)
            if result.kind != "none":
                return True
        return False

    def must_reach_at_innermost(self, src_op, dst_op) -> bool:
        """`mustReachAtInnermost`: the two accesses are in one affine
        analysis scope and `src_op` reaches `dst_op` within one iteration
        of their common loops."""
        if affine_analysis_scope(src_op) is not affine_analysis_scope(dst_op):
            return False
        depth = num_common_surrounding_loops(src_op, dst_op) + 1
        result = self.analysis.check(self.access(src_op), self.access(dst_op), depth,
                                     want_components=False)
        return result.kind == "dependence"

    def has_no_intervening_effect(self, kind: str, start, mem_op) -> bool:
        memref = mem_op.memref
        found = False

        def check(op) -> None:
            nonlocal found
            if found:
                return
            effects = own_effects(op)
            if effects is not None:
                if not any(e.kind == kind and (e.value is None or e.value is memref
                                               or may_alias(e.value, memref))
                           for e in effects):
                    return
                if is_affine_access(op):
                    minimum = num_common_surrounding_loops(start, mem_op)
                    found = self.may_have_effect(op, mem_op, minimum)
                    return
                found = True
                return
            if op.has_trait(RecursiveMemoryEffects):
                for region in op.regions:
                    for block in region.blocks:
                        for nested in block.ops:
                            check(nested)
                return
            found = True

        def recur(source, until) -> None:
            if source.parent.parent is not until.parent.parent:
                recur(source, until.parent_op)
                check(until.parent_op)
                return
            block = source.parent
            ops = block.ops
            for op in ops[ops.index(source) + 1:]:
                if op is until:
                    break
                check(op)
            if until.parent is block:
                return
            terminator = ops[-1] if ops else None
            todo = list(terminator.successors) if terminator is not None else []
            done = set()
            while todo:
                current = todo.pop()
                if id(current) in done:
                    continue
                done.add(id(current))
                for op in current.ops:
                    if op is until:
                        break
                    check(op)
                    if op is current.ops[-1]:
                        todo.extend(op.successors)

        recur(start, mem_op)
        return not found
