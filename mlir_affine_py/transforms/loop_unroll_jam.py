"""`-affine-loop-unroll-jam`: mlir/lib/Dialect/Affine/Transforms/
LoopUnrollAndJam.cpp, with `loopUnrollJamByFactor` of Utils/LoopUtils.cpp.

The pass unroll-jams the function's first op when it is an affine.for, by
`unroll-jam-factor`:

- Nothing happens when the trip count is a constant below the factor, or
  when a bound of a loop inside depends on a value defined in the loop.
- A trip count the factor does not divide leaves a cleanup loop, as for
  unrolling (transforms/loop_unrolling.py).
- The body is cut into sub-blocks, the runs of ops between affine.for ops at
  every depth; copy i of each sub-block (its IV `iv + i * step` by an
  affine.apply made when the IV is used) goes right after the sub-block,
  copies f - 1 down to 1.
- Every loop inside with iter_args (the unrolled one too) is rebuilt with f
  sets of them; after the unrolled loop, the sets of each reduction it
  carries are combined by the reduction's op and replace its result.
"""

from __future__ import annotations

from ..dialects.affine import AffineForOp
from ..ir.core import Block, Region
from ..ir.rewriter import IRMapping
from ..ir.traits import FunctionOpInterface
from ..passes import Option, Pass
from .affine_parallelize import supported_reductions
from .loop_unrolling import generate_cleanup_loop, iv_bump
from .loop_utils import (composed_constant_trip_count, composed_trip_count_divisor,
                         promote_if_single_iteration, reduction_combiner, set_loop_step)


class AffineLoopUnrollAndJam(Pass):
    argument = "affine-loop-unroll-jam"
    summary = "Unroll and jam affine loops"
    pass_name = "AffineLoopUnrollAndJam"
    op_interface = FunctionOpInterface

    unroll_jam_factor = Option(4, "Use this unroll jam factor for all loops (default 4)",
                               type=int, unsigned=True)

    def run_on_operation(self, op) -> None:
        if not op.regions or not op.regions[0].blocks:
            return
        entry = op.regions[0].blocks[0]
        if entry.ops and isinstance(entry.ops[0], AffineForOp):
            loop_unroll_jam_by_factor(entry.ops[0], self.unroll_jam_factor)


def inner_bounds_invariant(loop: AffineForOp) -> bool:
    """areInnerBoundsInvariant: every bound operand of the loops in `loop`
    (itself included) is defined outside `loop`."""
    for inner in loop.walk():
        if isinstance(inner, AffineForOp):
            for value in list(inner.lower_bound_operands) + list(inner.upper_bound_operands):
                owner = value.defining_op
                where = owner if owner is not None else value.owner.parent_op
                if where is loop or loop.is_ancestor_of(where):
                    return False
    return True


def jam_sub_blocks(op) -> list:
    """JamBlockGatherer: the runs of consecutive ops that are not affine.for
    (terminators left out), in the blocks of `op` and of the loops in them."""
    found = []
    for region in op.regions:
        for block in region.blocks:
            run = []
            for child in block.ops[:-1]:
                if isinstance(child, AffineForOp):
                    if run:
                        found.append(run)
                        run = []
                    found.extend(jam_sub_blocks(child))
                else:
                    run.append(child)
            if run:
                found.append(run)
    return found


def with_more_iter_args(loop: AffineForOp, inits, yielded) -> AffineForOp:
    """replaceWithAdditionalYields: the loop rebuilt with `inits` appended
    to its inits and `yielded` to its yield; its results replaced by the
    first of the new loop's."""
    old_body = loop.body
    new_inits = list(loop.inits) + list(inits)
    new = AffineForOp.build_generic(
        (list(loop.lower_bound_operands), list(loop.upper_bound_operands), new_inits),
        [v.type for v in new_inits],
        {k: loop.properties[k] for k in ("lowerBoundMap", "upperBoundMap", "step")},
        [Region([Block(
            [arg.type for arg in old_body.args] + [v.type for v in inits])])])
    new.pos = loop.pos
    body = new.body
    for arg, init in zip(body.args[1:], new_inits):
        arg.pos = init.location     # AffineForOp::build: an iter_arg at its init's location
    for old, fresh in zip(old_body.args, body.args):
        old.replace_all_uses_with(fresh)
    for child in list(old_body.ops):
        old_body.ops.remove(child)
        body.append(child)
    terminator = body.ops[-1]
    terminator.set_operands(list(terminator.operands) + list(yielded))
    block = loop.parent
    block.insert(block.ops.index(loop), new)
    for old, fresh in zip(loop.results, new.results):
        old.replace_all_uses_with(fresh)
    loop.erase()
    return new


def loop_unroll_jam_by_factor(loop: AffineForOp, factor: int) -> bool:
    """`loopUnrollJamByFactor`; whether it succeeded."""
    trip = composed_constant_trip_count(loop)
    if factor == 1:
        return not (trip == 1 and not promote_if_single_iteration(loop))
    if len(loop.body.ops) == 1:
        return True
    if trip is not None and trip < factor:
        return False
    if not inner_bounds_invariant(loop):
        return False
    sub_blocks = jam_sub_blocks(loop)
    with_iter_args = [inner for inner in loop.walk() if isinstance(inner, AffineForOp)
                      and inner.inits]
    reductions = supported_reductions(loop) if loop.inits else []
    if composed_trip_count_divisor(loop) % factor != 0:
        if len(loop.lower_bound_map.results) != 1 or len(loop.upper_bound_map.results) != 1:
            return False
        generate_cleanup_loop(loop, factor)
    maps = [IRMapping() for _ in range(factor - 1)]
    rebuilt = []
    for old in with_iter_args:
        inits, yielded = list(old.inits), list(old.body.ops[-1].operands)
        count = len(inits)
        new = with_more_iter_args(old, inits * (factor - 1), yielded * (factor - 1))
        rebuilt.append(new)
        if old is loop:
            loop = new
        args, results = new.body.args[1:], new.results
        for i in range(factor - 1, 0, -1):
            for j in range(count):
                maps[i - 1][args[j]] = args[i * count + j]
                maps[i - 1][results[j]] = results[i * count + j]
    step = loop.step
    set_loop_step(loop, step * factor)
    iv = loop.induction_var
    for i in range(factor - 1, 0, -1):
        for run in sub_blocks:
            block = run[-1].parent
            at = block.ops.index(run[-1]) + 1
            if iv.uses:
                bump = iv_bump(loop.pos, iv, i * step)
                block.insert(at, bump)
                at += 1
                maps[i - 1][iv] = bump.results[0]
            for op in run:
                block.insert(at, op.clone(maps[i - 1]))
                at += 1
        for new in rebuilt:
            count = len(new.inits) // factor
            controls = len(new.operands) - len(new.inits)
            terminator = new.body.ops[-1]
            operands = list(new.operands)
            yielded = list(terminator.operands)
            for j in range(count):
                operands[controls + i * count + j] = maps[i - 1].get(operands[controls + j],
                                                                     operands[controls + j])
                yielded[i * count + j] = maps[i - 1].get(yielded[j], yielded[j])
            new.set_operands(operands)
            terminator.set_operands(yielded)
    if loop.results:
        block = loop.parent
        at = block.ops.index(loop) + 1
        count = len(loop.results) // factor
        for kind, position, _ in reductions:
            lhs, made = loop.results[position], []
            for i in range(factor - 1, 0, -1):
                combined = reduction_combiner(kind).build(lhs, loop.results[i * count + position])
                combined.pos = loop.pos
                block.insert(at, combined)
                at += 1
                made.append(combined)
                lhs = combined.results[0]
            original = loop.results[position]
            for user, index in list(original.uses):
                if user not in made:
                    user.set_operand(index, lhs)
    promote_if_single_iteration(loop)
    return True
