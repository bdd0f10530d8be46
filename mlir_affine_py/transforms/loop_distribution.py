"""Loop distribution by the strongly connected components of the
dependence graph (Allen and Kennedy's `codegen`, one loop level at a time).

A loop whose body holds several parts (each nested loop is a part; runs of
other ops form parts) is replaced by one copy of the loop per group of
parts, as the seed design describes, but only as far as that is legal:

* the parts are the nodes of a graph with an edge from part p to part q
  when an access of q may depend on an access of p at this loop's level or
  inside it (for q after p: the dependence carried by this loop or
  loop-independent; for q before p: carried by this loop, which
  distribution would reverse).  An analysis failure counts as a dependence;
* an SSA value one part defines and another uses is recomputed in the
  user's copy when its definition is pure; otherwise (a loaded value, say)
  the two parts are tied together, as by a dependence cycle;
* each strongly connected component of the graph becomes one copy of the
  loop holding its parts in their original order; the copies follow a
  topological order of the components, the earliest original part first,
  so a loop whose parts are all independent keeps its order;
* a loop with iter_args, or with an op the pass does not understand, stays
  whole (its inner loops may still be distributed).

Inner loops are distributed first, so an outer loop sees the finest parts.
The work happens on a copy of the nest inserted before it, so the caller can
keep the distributed copy (`commit`) or throw it away (`discard`) after
seeing whether it enables an interchange.
"""

from __future__ import annotations

import heapq

from ..analysis.affine_access import (MemRefAccess, enclosing_affine_ops, is_memory_access,
                                      is_recomputable, loop_ivs)
from ..dialects.affine import AffineForOp
from ..ir.rewriter import IRMapping, IRRewriter
from .interchange_decisions import unsupported_op_reason


class DistributionPlan:
    """The loops that stand where the nest stood, once distributed (on a
    copy), and why loops were kept whole."""

    def __init__(self, original, new_roots, notes, splits: int):
        self.original = original
        self.new_roots = list(new_roots)
        self.notes = list(notes)    # (line, what and why), innermost first
        self.distributed = splits > 0

    def commit(self) -> None:
        rewriter = IRRewriter()
        if self.original.results:
            # Only an undistributed loop may have results: its copy stands for it.
            rewriter.replace_all_uses_with(self.original.results, self.new_roots[0].results)
        rewriter.erase_op(self.original)

    def discard(self) -> None:
        rewriter = IRRewriter()
        for root in self.new_roots:
            rewriter.erase_op(root)
        self.new_roots = []


def distribute_nest(root: AffineForOp, analysis) -> DistributionPlan:
    """Distribute a copy of the nest at `root` (inserted right before it) as
    far as the dependences allow; the plan says whether anything was split."""
    rewriter = IRRewriter.before_op(root)
    copy = rewriter.clone(root)
    kept: list = []
    splits = [0]
    new_roots = _distribute(copy, analysis, kept, splits)
    return DistributionPlan(root, new_roots, kept, splits[0])


def _distribute(loop: AffineForOp, analysis, kept: list, splits: list) -> list:
    """Distribute `loop` (and, first, the loops inside it); returns the loops
    that now stand where `loop` stood."""
    for child in [op for op in loop.body.ops if isinstance(op, AffineForOp)]:
        _distribute(child, analysis, kept, splits)
    if len(_split_parts(loop.body.ops[:-1])) <= 1:
        return [loop]
    reason = "it has iter_args" if loop.inits else unsupported_op_reason(loop)
    if reason:
        kept.append((_line(loop), f"is not distributed: {reason}"))
        return [loop]
    # Sinking pure values changes the body; keep the body as it was when the
    # loop ends up whole.
    original = loop.clone()
    _sink_pure_values(loop)
    parts = _split_parts(loop.body.ops[:-1])
    groups, why = dependence_groups(loop, parts, analysis) if len(parts) > 1 else ([], "")
    if len(groups) <= 1:
        rewriter = IRRewriter.before_op(loop)
        rewriter.insert(original)
        rewriter.erase_op(loop)
        if why:
            kept.append((_line(original), f"is not distributed: {why}"))
        return [original]
    # The copy kept in case the loop stayed whole is not needed: drop its uses.
    IRRewriter().erase_op(original)
    splits[0] += 1
    if len(groups) < len(parts):
        kept.append((_line(loop), f"is distributed in part only: {why}"))
    return _split_loop(loop, [[op for index in group for op in parts[index]] for group in groups])


def dependence_groups(loop, parts, analysis):
    """The parts of `loop`'s body grouped by the strongly connected components
    of their dependence graph, in the order the copies of the loop must run;
    and, when some parts are tied together, a sentence saying why."""
    edges, ties = _dependence_graph(loop, parts, analysis)
    components = strongly_connected_components(len(parts), edges)
    order = topological_order(components, edges)
    owner = {node: c for c, component in enumerate(components) for node in component}
    why = next((text for source, target, text in ties if owner[source] == owner[target]), "")
    return order, why


def _dependence_graph(loop, parts, analysis):
    depth = len(loop_ivs(enclosing_affine_ops(loop))) + 1
    accesses = [_accesses(part) for part in parts]
    edges = {index: set() for index in range(len(parts))}
    ties: list = []

    def depends(sources, targets, depths) -> str:
        for src in sources:
            for dst in targets:
                for d in depths:
                    result = analysis.check(src, dst, d, want_components=False)
                    if result.kind == "failure":
                        return f"a dependence cannot be analysed ({result.reason})"
                    if result.has_dependence:
                        return (f"a dependence from the access on line {_line(src.op)} to the "
                                f"access on line {_line(dst.op)}")
        return ""

    for later in range(len(parts)):
        for earlier in range(later):
            backward = depends(accesses[later], accesses[earlier], [depth])
            if backward:
                edges[later].add(earlier)
                ties.append((later, earlier, f"{backward} is carried by the loop on line {_line(loop)}"))
            if depends(accesses[earlier], accesses[later], [depth, depth + 1]):
                edges[earlier].add(later)
    for user, definer, op in _values_crossing(parts):
        if not is_recomputable(op) or not _operands_recomputable(op, parts):
            edges[user].add(definer)
            edges[definer].add(user)
            ties.append((user, definer, f"the value of '{op.op_name}' on line {_line(op)} is used "
                                        f"by another part and cannot be recomputed"))
    return edges, ties


def _line(op):
    return op.pos[0] if op.pos else "?"


def strongly_connected_components(count: int, edges: dict) -> list:
    """Tarjan's algorithm, iteratively; each component as sorted node list."""
    index_of, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in range(count):
        if start in index_of:
            continue
        work = [(start, iter(sorted(edges[start])))]
        index_of[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            advanced = False
            for succ in successors:
                if succ not in index_of:
                    index_of[succ] = low[succ] = counter
                    counter += 1
                    stack.append(succ)
                    on_stack.add(succ)
                    work.append((succ, iter(sorted(edges[succ]))))
                    advanced = True
                    break
                if succ in on_stack:
                    low[node] = min(low[node], index_of[succ])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index_of[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                found.append(sorted(component))
    return found


def topological_order(components: list, edges: dict) -> list:
    """The components in an order that respects every edge, the one holding
    the earliest part first whenever there is a choice."""
    owner = {node: c for c, component in enumerate(components) for node in component}
    preds = {c: set() for c in range(len(components))}
    for node, succs in edges.items():
        for succ in succs:
            if owner[node] != owner[succ]:
                preds[owner[succ]].add(owner[node])
    ready = [(components[c][0], c) for c in preds if not preds[c]]
    heapq.heapify(ready)
    order = []
    while ready:
        _, c = heapq.heappop(ready)
        order.append(components[c])
        for other in preds:
            if c in preds[other]:
                preds[other].discard(c)
                if not preds[other]:
                    heapq.heappush(ready, (components[other][0], other))
    return order


def _values_crossing(parts):
    """(user part, defining part, defining op) for every SSA value used
    in a part other than the one defining it."""
    owner = {op: index for index, part in enumerate(parts) for op in part}
    for index, part in enumerate(parts):
        for op in part:
            for nested in op.walk():
                for value in nested.operands:
                    definer = value.defining_op
                    if definer in owner and owner[definer] != index:
                        yield index, owner[definer], definer


def _operands_recomputable(op, parts) -> bool:
    """The values `op` uses from the loop's parts are recomputable too."""
    inside = {o for part in parts for o in part}
    for value in op.operands:
        definer = value.defining_op
        if definer in inside and (not is_recomputable(definer)
                                  or not _operands_recomputable(definer, parts)):
            return False
    return True


def _sink_pure_values(loop) -> None:
    """Recompute pure values right before their uses in other parts, then drop
    the definitions nothing uses any more: a part made only of address
    arithmetic for other parts disappears, and recomputation lands in the
    innermost loop that needs it, which keeps the parts perfect nests."""
    parts = _split_parts(loop.body.ops[:-1])
    owner = {op: index for index, part in enumerate(parts) for op in part}
    for index, part in enumerate(parts):
        for op in part:
            for user in list(op.walk()):
                for i, value in enumerate(list(user.operands)):
                    definer = value.defining_op
                    if definer in owner and owner[definer] != index and is_recomputable(definer):
                        user.set_operand(i, _materialize(value, user, index, owner))
    changed = True
    rewriter = IRRewriter()
    while changed:
        changed = False
        for op in list(loop.body.ops[:-1]):
            if is_recomputable(op) and all(not r.uses for r in op.results):
                rewriter.erase_op(op)
                changed = True


def _materialize(value, before, part_index, owner):
    """A copy of `value` computed right before `before`, cloning the pure
    definitions it needs that live in other parts."""
    definer = value.defining_op
    if definer not in owner or owner[definer] == part_index or not is_recomputable(definer):
        return value
    operands = [_materialize(v, before, part_index, owner) for v in definer.operands]
    clone = IRRewriter.before_op(before).clone(definer, IRMapping(zip(definer.operands, operands)))
    return clone.results[value.index]


def _split_parts(ops) -> list:
    parts, run = [], []
    for op in ops:
        if isinstance(op, AffineForOp):
            if run:
                parts.append(run)
                run = []
            parts.append([op])
        else:
            run.append(op)
    if run:
        parts.append(run)
    return parts


def _accesses(part) -> list:
    found = []
    for op in part:
        found.extend(MemRefAccess(o) for o in op.walk() if is_memory_access(o))
    return found


def _split_loop(loop: AffineForOp, parts) -> list:
    rewriter = IRRewriter()
    owner = {}
    for index, part in enumerate(parts):
        for op in part:
            owner[op] = index
    new_loops = []
    for index, part in enumerate(parts):
        new_loop = _empty_copy(loop)
        body = new_loop.body
        mapping = IRMapping({loop.induction_var: new_loop.induction_var})
        recomputed: list = []
        for op in part:
            for nested in op.walk():
                for value in nested.operands:
                    definer = value.defining_op
                    if definer in owner and owner[definer] != index and value not in mapping:
                        _recompute(definer, owner, index, mapping, recomputed)
        rewriter.set_insertion_point(body.terminator)
        for op in recomputed:
            rewriter.insert(op)
        for op in part:
            rewriter.move_op_before(op, body.terminator)
            for nested in op.walk():
                for i, value in enumerate(nested.operands):
                    if value in mapping:
                        nested.set_operand(i, mapping[value])
        new_loops.append(new_loop)
    rewriter.set_insertion_point(loop)
    for new_loop in new_loops:
        rewriter.insert(new_loop)
    rewriter.erase_op(loop)
    return new_loops


def _recompute(op, owner, index, mapping, out) -> None:
    for value in op.operands:
        definer = value.defining_op
        if definer in owner and owner[definer] != index and value not in mapping:
            _recompute(definer, owner, index, mapping, out)
    clone = op.clone(mapping)
    out.append(clone)


def _empty_copy(loop: AffineForOp) -> AffineForOp:
    """A loop with `loop`'s bounds, step and attributes and an empty body."""
    new = AffineForOp.build((loop.lower_bound_map, loop.lower_bound_operands),
                            (loop.upper_bound_map, loop.upper_bound_operands), loop.step)
    new.attributes = dict(loop.attributes)
    new.pos = loop.pos
    return new
