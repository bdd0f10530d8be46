"""Unroll-and-jam as a schedule: the outer loop `p` of a nest strip-mined
by F, its point loop moved inside the inner loop `q` (optionally skewed,
`q' = q + f p`) and unrolled, for nests the syntactic unroll-and-jam of
`transforms/loop_unroll_jam.py` cannot take: the inner loop's bounds
depending on `p` (a triangle), statements of `p`'s body around `q`.

Definitions
-----------
- The region is `p`; its statements run in `p` alone (*outer* statements)
  or in `p` and one of the innermost loops `q` directly inside it (*inner*
  statements).
- Each statement instance gets the time `[G, phase, Q, o, p, b1, b2]`: the
  group `G = o_p + F floor((p - o_p)/F)` (groups of F iterations from the
  origin `o_p`), the phase (the position of its inner loop in `p`'s body:
  the copies run one inner loop after the other), the position `Q` along
  the new inner axis, an order `o` at one Q (outer statements first), the
  point `p`, then the statement's positions in the bodies of `p` and `q`
  (the 2d+1 form's `b1`, `b2`).  An inner statement has `Q = q + f p`,
  `o = 1`; an outer statement before an inner loop runs in its phase at
  its lower bound, one after the last at its upper bound (the first value
  past its last iteration), both `+ f p` with `o = 0`: each copy runs its
  part of `p`'s body where its own iterations of `q` begin and end.
- The schedule is legal when every exact dependence runs forward under it
  (`dependences.is_legal`, one isl inclusion); nothing else is assumed.
  isl's AST generator makes the loops over G and Q and unrolls the one
  over p (`unroll`), one guarded copy per point of a group.
"""

from __future__ import annotations

import islpy as isl

from ..analysis.affine_access import NotAffine
from ..dialects.affine import AffineForOp
from .codegen import generate, replace_region
from .context import CONTEXT
from .dependences import compute_dependences, is_legal
from .scop import StrictWriter, extract

# Dimensions of the jammed time vector [G, phase, Q, o, p, b1, b2].
GROUP, PHASE, AXIS, POINT = 0, 1, 2, 4


class NestJam:
    """The loop `outer` and the innermost loops directly inside it, read as
    a SCoP, to test and apply jammed schedules."""

    def __init__(self, outer: AffineForOp):
        self.outer = outer
        self.inner = [op for op in outer.body.ops if isinstance(op, AffineForOp)]
        loops = [op for op in outer.walk() if isinstance(op, AffineForOp)]
        if not self.inner or loops != [outer, *self.inner]:
            raise NotAffine("the loop does not hold innermost loops only")
        self.scop = extract(outer)
        self.dependences = compute_dependences(self.scop)
        self.bounds = {loop: self._bounds(loop) for loop in self.inner}

    def _bounds(self, inner) -> tuple:
        """`inner`'s lower and upper bound as isl expressions of i0 (`p`)
        and the parameters; single results only."""
        writer = StrictWriter("x", {self.outer.induction_var: "i0"}, self.scop.params,
                              self.scop.loops)
        lower = writer.map_results(inner.lower_bound_map, inner.lower_bound_operands)
        upper = writer.map_results(inner.upper_bound_map, inner.upper_bound_operands)
        if len(lower) != 1 or len(upper) != 1 or writer.exists or inner.step != 1:
            raise NotAffine("an inner loop's bounds are not single affine expressions")
        return lower[0], upper[0]

    def inner_statements(self) -> dict:
        """{inner loop: its statements}."""
        found: dict = {loop: [] for loop in self.inner}
        for s in self.scop.statements:
            if len(s.ivs) == 2:
                found[s.loops[1]].append(s)
        return found

    def schedule(self, factor: int, skew: int = 0) -> isl.UnionMap:
        """Each inner loop a phase of the group, in the body's order: the
        copies run it jammed, each with the statements of `p`'s body before
        it at its lower bound and, for the last, those after it at its
        upper bound (the design notes).  Groups start at `p`'s lower bound
        where it is a constant, else at multiples of `factor`."""
        lower = self.outer.lower_bound_map
        origin = lower.get_single_constant_result() if lower.is_single_constant() else 0
        positions = {loop: self.outer.body.ops.index(loop) for loop in self.inner}
        parts = []
        for s in self.scop.statements:
            b1 = s.schedule[2]
            if len(s.ivs) == 2:
                loop = s.loops[1]
                axis, order, b2 = f"i1 + {skew}*i0", 1, s.schedule[4]
            else:
                after = [loop for loop in self.inner if positions[loop] > _op_position(s)]
                loop = after[0] if after else self.inner[-1]
                bound = self.bounds[loop][0] if after else self.bounds[loop][1]
                axis, order, b2 = f"({bound}) + {skew}*i0", 0, 0
            group = f"{origin} + {factor}*floor((i0 - ({origin}))/{factor})"
            parts.append(f"{s.tuple_text} -> [{group}, {positions[loop]}, {axis}, {order}, i0, "
                         f"{b1}, {b2}]")
        text = f"[{self.scop.param_text()}] -> {{ {'; '.join(parts)} }}"
        return isl.UnionMap(text, context=CONTEXT).intersect_domain(self.scop.domain)

    def is_legal(self, schedule: isl.UnionMap) -> bool:
        return is_legal(self.dependences, schedule)

    def apply(self, schedule: isl.UnionMap) -> list:
        """Replace the nest by its jammed code; the caller checks
        `is_legal` first.  Returns the new ops."""
        new_ops = generate(self.scop, schedule, loop_types=(
            {GROUP: "atomic", PHASE: "atomic", AXIS: "separate", POINT: "unroll"},))
        replace_region(self.scop, new_ops)
        return new_ops


def _op_position(statement) -> int:
    """The position in `p`'s body of the statement's last op (its store)."""
    op = statement.ops[-1]
    while op.parent_op is not None and not isinstance(op.parent_op, AffineForOp):
        op = op.parent_op
    return op.parent.ops.index(op)
