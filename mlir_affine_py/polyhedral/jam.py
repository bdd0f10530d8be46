"""Unroll-and-jam as a schedule: the outer loop `p` of a nest strip-mined
by F, its point loop moved inside the inner loop `q` (optionally skewed,
`q' = q + f p`) and unrolled, for nests the syntactic unroll-and-jam of
`transforms/loop_unroll_jam.py` cannot take: the inner loop's bounds
depending on `p` (a triangle), statements of `p`'s body around `q`.

Definitions
-----------
- The region is `p`; its statements run in `p` alone (*outer* statements,
  before or after `q`) or in `p` and `q` (*inner* statements).  `q` is the
  only loop inside `p` and holds no loop.
- Each statement instance gets the time `[G, Q, o, p, b1, b2]`: the group
  `G = o_p + F floor((p - o_p)/F)` (groups of F iterations from the
  origin `o_p`), the position `Q` along the new inner axis, an order `o`
  at one Q (outer statements first), the point `p`, then the statement's
  positions in the bodies of `p` and `q` (the 2d+1 form's `b1`, `b2`).
  An inner statement has `Q = q + f p`, `o = 1`; an outer statement before
  `q` runs at `q`'s lower bound, one after it at `q`'s upper bound (the
  first value past its last iteration), both `+ f p` with `o = 0`: each
  copy runs its part of `p`'s body where its own iterations of `q` begin
  and end.
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

# Dimensions of the jammed time vector [G, Q, o, p, b1, b2].
GROUP, AXIS, POINT = 0, 1, 3


class NestJam:
    """The loop `outer` and the single innermost loop `inner` inside it,
    read as a SCoP, to test and apply jammed schedules."""

    def __init__(self, outer: AffineForOp, inner: AffineForOp):
        loops = [op for op in outer.walk() if isinstance(op, AffineForOp)]
        if loops != [outer, inner] or inner.parent_op is not outer:
            raise NotAffine("the loop does not hold exactly one loop, innermost")
        self.outer, self.inner = outer, inner
        self.scop = extract(outer)
        self.dependences = compute_dependences(self.scop)
        position = [s.schedule[2] for s in self.scop.statements if len(s.ivs) == 2]
        self.inner_position = position[0] if position else None
        self.bounds = self._inner_bounds()

    def _inner_bounds(self) -> tuple:
        """`q`'s lower and upper bound as isl expressions of i0 (`p`) and
        the parameters; single results only."""
        writer = StrictWriter("x", {self.outer.induction_var: "i0"}, self.scop.params,
                              self.scop.loops)
        lower = writer.map_results(self.inner.lower_bound_map, self.inner.lower_bound_operands)
        upper = writer.map_results(self.inner.upper_bound_map, self.inner.upper_bound_operands)
        if len(lower) != 1 or len(upper) != 1 or writer.exists or self.inner.step != 1:
            raise NotAffine("the inner loop's bounds are not single affine expressions")
        return lower[0], upper[0]

    def schedule(self, factor: int, skew: int = 0, origin: int = 0) -> isl.UnionMap:
        parts = []
        for s in self.scop.statements:
            b1 = s.schedule[2]
            if len(s.ivs) == 2:
                axis, order, b2 = f"i1 + {skew}*i0", 1, s.schedule[4]
            else:
                bound = self.bounds[0] if b1 < self.inner_position else self.bounds[1]
                axis, order, b2 = f"({bound}) + {skew}*i0", 0, 0
            group = f"{origin} + {factor}*floor((i0 - ({origin}))/{factor})"
            parts.append(f"{s.tuple_text} -> [{group}, {axis}, {order}, i0, {b1}, {b2}]")
        text = f"[{self.scop.param_text()}] -> {{ {'; '.join(parts)} }}"
        return isl.UnionMap(text, context=CONTEXT).intersect_domain(self.scop.domain)

    def is_legal(self, schedule: isl.UnionMap) -> bool:
        return is_legal(self.dependences, schedule)

    def apply(self, schedule: isl.UnionMap) -> list:
        """Replace the nest by its jammed code; the caller checks
        `is_legal` first.  Returns the new ops."""
        new_ops = generate(self.scop, schedule,
                           loop_types=({GROUP: "atomic", AXIS: "separate", POINT: "unroll"},))
        replace_region(self.scop, new_ops)
        return new_ops
