"""Making an imperfect nest perfect by loop distribution.

A loop whose body holds several parts (each nested loop is a part; runs of
other ops form parts) is replaced by one copy of the loop per part, in order,
as the seed design describes.  Unlike the seed's implementation, a loop is
distributed only when that is legal:

* no dependence goes from an access in a later part to an access in an
  earlier part with the source iteration of the distributed loop strictly
  before the destination's (distribution would run the destination first);
* every op in the loop is understood (affine accesses, pure ops, loops);
* an SSA value one part defines and another uses is recomputed in the user's
  copy when its definition is pure; otherwise (a loaded value, say) the nest
  is left alone;
* the loop has no iter_args.

The work happens on a copy of the nest inserted before it, so the caller can
keep the distributed copy (`commit`) or throw it away (`discard`) after
seeing whether it enables an interchange.
"""

from __future__ import annotations

from ..analysis.affine_access import (MemRefAccess, enclosing_affine_ops, is_memory_access,
                                      is_recomputable, loop_ivs)
from ..dialects.affine import AffineForOp
from ..ir.rewriter import IRMapping, IRRewriter


class Illegal(Exception):
    pass


class DistributionPlan:
    def __init__(self, original, new_roots=(), failure: str = ""):
        self.original = original
        self.new_roots = list(new_roots)
        self.failure = failure

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
    """Distribute a copy of the nest at `root` until every loop holds a single
    part; on failure the copy is removed and the reason returned."""
    block = root.parent
    existing = {id(op) for op in block.ops}
    rewriter = IRRewriter.before_op(root)
    copy = rewriter.clone(root)
    try:
        new_roots = _distribute(copy, analysis)
    except Illegal as reason:
        for op in [op for op in block.ops if id(op) not in existing]:
            rewriter.erase_op(op)
        return DistributionPlan(root, failure=str(reason))
    return DistributionPlan(root, new_roots)


def _distribute(loop: AffineForOp, analysis) -> list:
    """Distribute `loop` (and, first, the loops inside it); returns the loops
    that now stand where `loop` stood."""
    for child in [op for op in loop.body.ops if isinstance(op, AffineForOp)]:
        _distribute(child, analysis)
    if len(_split_parts(loop.body.ops[:-1])) <= 1:
        return [loop]
    if loop.inits:
        raise Illegal("a distributed loop would have iter_args")
    reason = _unsupported(loop)
    if reason:
        raise Illegal(reason)
    _sink_pure_values(loop)
    parts = _split_parts(loop.body.ops[:-1])
    if len(parts) <= 1:
        return [loop]
    _check_dependences(loop, parts, analysis)
    _check_values(loop, parts)
    return _split_loop(loop, parts)


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


def _unsupported(loop) -> str | None:
    from .loop_interchange import unsupported_op_reason
    return unsupported_op_reason(loop)


def _accesses(part) -> list:
    found = []
    for op in part:
        found.extend(MemRefAccess(o) for o in op.walk() if is_memory_access(o))
    return found


def _check_dependences(loop, parts, analysis) -> None:
    depth = len(loop_ivs(enclosing_affine_ops(loop))) + 1
    accesses = [_accesses(part) for part in parts]
    for later in range(len(parts)):
        for earlier in range(later):
            for src in accesses[later]:
                for dst in accesses[earlier]:
                    result = analysis.check(src, dst, depth, want_components=False)
                    if result.kind == "failure":
                        raise Illegal(f"cannot analyse a dependence between parts: {result.reason}")
                    if result.has_dependence:
                        line = src.op.pos[0] if src.op.pos else "?"
                        target = dst.op.pos[0] if dst.op.pos else "?"
                        raise Illegal(f"distribution is illegal: a dependence from the access on "
                                      f"line {line} to the earlier access on line {target} is "
                                      f"carried by the distributed loop")


def _check_values(loop, parts) -> None:
    """Every value crossing parts must be recomputable."""
    owner = {}
    for index, part in enumerate(parts):
        for op in part:
            owner[op] = index
    for index, part in enumerate(parts):
        for op in part:
            for nested in op.walk():
                for value in nested.operands:
                    definer = value.defining_op
                    if definer in owner and owner[definer] != index:
                        _check_recomputable(definer, owner)


def _check_recomputable(op, owner) -> None:
    if not is_recomputable(op):
        raise Illegal(f"the value of '{op.op_name}' on line {op.pos[0] if op.pos else '?'} "
                      f"is used by another part and cannot be recomputed")
    for value in op.operands:
        if value.defining_op in owner:
            _check_recomputable(value.defining_op, owner)


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
