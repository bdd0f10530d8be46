"""The interchange cost model (docs/loop-interchange.md, after the
affine-loop-interchange seed design):

    total(P) = W * parallelism(P) + spatial(P) + temporal(P)

Every term is a sum of per-position contributions that depend only on the
loop placed at that position and the set of loops outside it, so the search
(transforms/loop_interchange.py) can run a dynamic program over subsets of
loops instead of scoring all d! orders.  `transition_cost(outer, loop)` is
that contribution.

Short inner loops (a refinement measured with tools/bench_kernels.py): a
loop whose constant trip count, times those of the loops inside it, is at
most `unroll_limit` (16) is unrolled completely by the code generator (LLVM
does so at -O3), so it is no loop at run time: it contributes no spatial
cost of its own, and the loop right outside it is charged as the innermost
loop, for a body that holds every unrolled copy of each access (copies that
differ in a leading subscript touch lines of their own, copies that differ
only in the last subscript widen one walk).  Without this, an innermost
loop of 5 iterations is charged a whole line per invariant access each time
it runs, and a 5-deep convolution kept its 5x5 filter loops outside the
image walk, 1.4x slower than the order that unrolls the filter row inside
it.  Nests whose loops all run more than 16 times are scored as before.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..dialects.affine import AffineApplyOp
from ..dialects.arith import ConstantOp
from ..ir import attributes as A
from ..ir.affine_expr import (AffineBinaryOpExpr, AffineConstantExpr,
                              AffineDimExpr, AffineSymbolExpr)
from ..ir.types import element_bytes

DEFAULT_TRIP_COUNT = 128
UNROLL_LIMIT = 16


# ------------------------------------------------------------ linear forms
@dataclass
class LinearForm:
    """sum(coeffs[v] * v) + constant, plus values used non-linearly."""

    coeffs: dict = field(default_factory=dict)
    constant: int = 0
    nonlinear: set = field(default_factory=set)

    def scaled(self, factor: int) -> "LinearForm":
        return LinearForm({v: c * factor for v, c in self.coeffs.items()},
                          self.constant * factor, set(self.nonlinear))

    def plus(self, other: "LinearForm") -> "LinearForm":
        coeffs = dict(self.coeffs)
        for v, c in other.coeffs.items():
            coeffs[v] = coeffs.get(v, 0) + c
        return LinearForm({v: c for v, c in coeffs.items() if c},
                          self.constant + other.constant, self.nonlinear | other.nonlinear)

    def values(self) -> set:
        return set(self.coeffs) | self.nonlinear


def linearize_value(value) -> LinearForm:
    op = value.defining_op
    if isinstance(op, AffineApplyOp):
        return linearize(op.map.results[0], op.operands, op.map.num_dims)
    if isinstance(op, ConstantOp) and isinstance(op.value, A.IntegerAttr):
        return LinearForm({}, op.value.value)
    return LinearForm({value: 1})


def linearize(expr, operands, num_dims: int) -> LinearForm:
    """The linear part of an affine expression over SSA leaves (composing
    affine.apply); variables under mod/floordiv/ceildiv or multiplied by a
    symbol are recorded as non-linear."""
    if isinstance(expr, AffineConstantExpr):
        return LinearForm({}, expr.value)
    if isinstance(expr, AffineDimExpr):
        return linearize_value(operands[expr.position])
    if isinstance(expr, AffineSymbolExpr):
        return linearize_value(operands[num_dims + expr.position])
    assert isinstance(expr, AffineBinaryOpExpr)
    lhs = linearize(expr.lhs, operands, num_dims)
    rhs = linearize(expr.rhs, operands, num_dims)
    if expr.kind == "add":
        return lhs.plus(rhs)
    if expr.kind == "mul":
        if not rhs.values():
            return lhs.scaled(rhs.constant)
        if not lhs.values():
            return rhs.scaled(lhs.constant)
    return LinearForm({}, 0, lhs.values() | rhs.values())


# ------------------------------------------------------------ the model
@dataclass
class AccessInfo:
    """One load/store seen from the nest: its memref, access matrix rows
    (one LinearForm per subscript) and element size."""

    op: object
    memref: object
    rows: list
    element_size: int

    def uses(self, iv) -> bool:
        return any(iv in row.coeffs or iv in row.nonlinear for row in self.rows)

    def matrix_key(self, ivs) -> tuple:
        return tuple(tuple(row.coeffs.get(iv, 0) for iv in ivs) +
                     (frozenset(row.nonlinear & set(ivs)) and True,) for row in self.rows)


def access_info(op) -> AccessInfo:
    map = op.map
    operands = list(op.map_operands)
    rows = [linearize(e, operands, map.num_dims) for e in map.results]
    return AccessInfo(op, op.memref, rows, element_bytes(op.memref.type.element_type))


@dataclass
class NestModel:
    ivs: list                   # induction variables, outermost first
    trips: list                 # trip count per loop
    accesses: list              # AccessInfo
    dependences: list           # component lists (one DependenceComponent per loop)
    line_size: int = 64
    parallelism_weight: int = 100
    lines: list = field(default_factory=list)
    unroll_limit: int = UNROLL_LIMIT
    around: int = 1             # iterations of the loops enclosing the nest

    def __post_init__(self):
        self.total_iterations = 1
        for n in self.trips:
            self.total_iterations *= n
        self.lines = [self.cache_lines(loop) for loop in range(len(self.ivs))]
        # Only loops with constant bounds can be unrolled completely (a
        # symbolic trip count is a guess).
        self.constant_trip = [_has_constant_bounds(iv) for iv in self.ivs]

    # ---- spatial locality
    def reference_groups(self, loop: int) -> list:
        """Carr-McKinley-Tseng groups for `loop` innermost: same memref and
        access matrix with constants differing only in the last subscript by
        less than a cache line; or joined by a loop-independent dependence
        or a small constant one carried only by `loop`."""
        groups: list = []
        for access in self.accesses:
            for group in groups:
                if self._same_group(group[0], access, loop):
                    group.append(access)
                    break
            else:
                groups.append([access])
        return groups

    def _same_group(self, a: AccessInfo, b: AccessInfo, loop: int) -> bool:
        if a.memref is not b.memref or len(a.rows) != len(b.rows):
            return False
        if a.matrix_key(self.ivs) != b.matrix_key(self.ivs):
            return False
        if not a.rows:
            return True  # two accesses to the same 0-d memref: one element
        constants_a = [r.constant for r in a.rows]
        constants_b = [r.constant for r in b.rows]
        others_a = [frozenset(r.coeffs.items()) for r in a.rows]
        others_b = [frozenset(r.coeffs.items()) for r in b.rows]
        if others_a != others_b:
            return False
        elements_per_line = max(1, self.line_size // a.element_size)
        if constants_a[:-1] == constants_b[:-1] and \
                abs(constants_a[-1] - constants_b[-1]) < elements_per_line:
            return True
        # Same matrix, constants differing in other subscripts: group-temporal
        # reuse when the difference is a small distance along one loop.
        # Along `loop`, the later reference finds the element within the
        # walk; along a loop outside it, the lines one walk of `loop` brings
        # in are touched again a walk or two later (A[j-1][i], A[j][i],
        # A[j+1][i] with i innermost bring in one new row per j, not three),
        # taking those lines to stay in cache for that long.
        delta = [cb - ca for ca, cb in zip(constants_a, constants_b)]
        for iv in self.ivs:
            column = [r.coeffs.get(iv, 0) for r in a.rows]
            if not any(column):
                continue
            ratios = {d // c for d, c in zip(delta, column) if c and d % c == 0}
            consistent = all((c == 0 and d == 0) or (c and d % c == 0) for d, c in zip(delta, column))
            if consistent and len(ratios) == 1 and abs(next(iter(ratios))) <= 2:
                return True
        return False

    def strided_references(self, loop: int) -> int:
        """With `loop` innermost: the references it walks with a stride of a
        cache line or more, which are accessed one element at a time (no
        vector load or store serves them).  Only breaks ties of the total
        cost: the line counts of two orders can be equal while one of them
        walks fewer references element by element.  Loads and stores count
        alike: which of the two costs more when strided depends on the size
        (docs/benchmark.md, the transpose)."""
        iv = self.ivs[loop]
        count = 0
        for access in self.accesses:
            if not access.uses(iv):
                continue
            stride = self._last_subscript_stride(access, iv)
            if stride is None or stride * access.element_size >= self.line_size:
                count += 1
        return count

    def cache_lines(self, loop: int) -> float:
        iv = self.ivs[loop]
        n = self.trips[loop]
        total = 0.0
        for group in self.reference_groups(loop):
            access = group[0]
            if not access.uses(iv):
                total += 1
                continue
            stride = self._last_subscript_stride(access, iv)
            elements_per_line = max(1, self.line_size // access.element_size)
            if stride is not None and stride * access.element_size < self.line_size:
                total += n * stride / elements_per_line
            else:
                total += n
        return total

    @staticmethod
    def _last_subscript_stride(access: AccessInfo, iv):
        """|coefficient| of `iv` when it appears only (and linearly) in the
        last subscript, else None."""
        if not access.rows:
            return None
        *outer, last = access.rows
        if any(iv in row.coeffs or iv in row.nonlinear for row in outer):
            return None
        if iv in last.nonlinear:
            return None
        return abs(last.coeffs.get(iv, 0)) or None

    def unrolled_lines(self, loop: int, unrolled: list) -> float:
        """lines(loop) for a body that holds the fully unrolled loops
        `unrolled`: each copy of an access that differs in a leading
        subscript is a walk of its own; copies that differ only in the last
        subscript extend one walk by their span."""
        iv = self.ivs[loop]
        n = self.trips[loop]
        total = 0.0
        for group in self.reference_groups(loop):
            access = group[0]
            elements_per_line = max(1, self.line_size // access.element_size)
            copies, span = 1, 0
            for other in unrolled:
                other_iv = self.ivs[other]
                if any(other_iv in row.coeffs or other_iv in row.nonlinear for row in access.rows[:-1]) \
                        or (access.rows and other_iv in access.rows[-1].nonlinear):
                    copies *= self.trips[other]
                elif access.rows and other_iv in access.rows[-1].coeffs:
                    span += abs(access.rows[-1].coeffs[other_iv]) * (self.trips[other] - 1)
            extra = span / elements_per_line
            if not access.uses(iv):
                lines = 1 + extra
            else:
                stride = self._last_subscript_stride(access, iv)
                if stride is not None and stride * access.element_size < self.line_size:
                    lines = n * stride / elements_per_line + extra
                else:
                    lines = n * (1 + extra)
            total += lines * copies
        return total

    def spatial_lines(self, outer: frozenset, loop: int) -> float:
        """Lines charged for one run of `loop` with `outer` outside it,
        counting short inner loops as unrolled (see the module docstring)."""
        inner = [o for o in range(len(self.ivs)) if o != loop and o not in outer]
        if not inner:
            if self._unrollable([loop]):
                return 0.0
            return self.lines[loop]
        if self._unrollable(inner):
            if self._unrollable(inner + [loop]):
                return 0.0
            return self.unrolled_lines(loop, inner)
        return self.lines[loop]

    def unrolled_loops(self, order) -> list:
        """The innermost loops of `order` that the model takes as unrolled
        completely (see the module docstring)."""
        inner: list = []
        for loop in reversed(order):
            if not self._unrollable(inner + [loop]):
                break
            inner.append(loop)
        return inner

    def _unrollable(self, loops: list) -> bool:
        product = 1
        for loop in loops:
            if not self.constant_trip[loop]:
                return False
            product *= self.trips[loop]
        return product <= self.unroll_limit

    # ---- the per-position contributions
    def inner_iterations(self, outer: frozenset, loop: int) -> int:
        """Iterations of the loops inside `loop` when `outer` are outside it."""
        product = 1
        for other in range(len(self.ivs)):
            if other != loop and other not in outer:
                product *= self.trips[other]
        return product

    def outer_iterations(self, outer: frozenset) -> int:
        product = 1
        for other in outer:
            product *= self.trips[other]
        return product

    def transition(self, outer: frozenset, loop: int):
        """(parallelism, spatial, temporal) contributed by placing `loop`
        right inside the loops `outer`."""
        spatial = self.spatial_lines(outer, loop) * self.outer_iterations(outer)
        carries = False
        for components in self.dependences:
            if all(components[o].is_zero for o in outer if o < len(components)) \
                    and loop < len(components) and not components[loop].is_zero:
                carries = True
                break
        parallelism = self.inner_iterations(outer, loop) if carries else 0
        spatial *= self.around
        temporal = 0
        inner = [o for o in range(len(self.ivs)) if o != loop and o not in outer]
        inner_product = self.inner_iterations(outer, loop)
        for access in self.accesses:
            if access.uses(self.ivs[loop]) and not any(access.uses(self.ivs[o]) for o in inner):
                temporal -= inner_product
        if not outer:
            temporal += self.total_iterations
            # An access that uses no loop of the nest reuses across all of it.
            for access in self.accesses:
                if not any(access.uses(iv) for iv in self.ivs):
                    temporal -= self.total_iterations
        return parallelism, spatial, temporal * self.around

    def legal_step(self, satisfied: frozenset, loop: int):
        """Adding `loop` after the loops that satisfied the dependences in
        `satisfied` (indices): None if illegal, else the new satisfied set."""
        newly = set()
        for index, components in enumerate(self.dependences):
            if index in satisfied or loop >= len(components):
                continue
            lb = components[loop].lb
            if lb is None or lb < 0:
                return None
            if lb > 0:
                newly.add(index)
        return satisfied | newly if newly else satisfied

    def score(self, order) -> tuple:
        """(parallelism, spatial, temporal, total) of a full order."""
        outer: frozenset = frozenset()
        parallelism = spatial = temporal = 0
        for loop in order:
            p, s, t = self.transition(outer, loop)
            parallelism += p
            spatial += s
            temporal += t
            outer = outer | {loop}
        total = self.parallelism_weight * parallelism + spatial + temporal
        return parallelism, spatial, temporal, total

    def is_legal(self, order) -> bool:
        satisfied: frozenset = frozenset()
        for loop in order:
            satisfied = self.legal_step(satisfied, loop)
            if satisfied is None:
                return False
        return True


def _has_constant_bounds(iv) -> bool:
    """True when `iv` belongs to an affine.for with constant bounds."""
    owner = getattr(iv, "owner", None)
    loop: Any = getattr(owner, "parent_op", None)
    try:
        maps = (loop.lower_bound_map, loop.upper_bound_map)
    except AttributeError:
        return False
    return all(m.num_dims == 0 and m.num_symbols == 0 for m in maps)


def average_trip_counts(loops, default_trip_count: int = DEFAULT_TRIP_COUNT) -> tuple:
    """(trip count per loop, whether a symbol was assumed) for a band whose
    bounds may depend on its outer loops: each loop's trip count is its
    average over the band's domain, taking every outer loop at the middle of
    its range (exact for bounds affine in the outer IVs, as the average of
    an affine function over a polytope is its value at the centroid, up to
    rounding).  Symbols, and values the bounds cannot see through, are
    `default_trip_count`, the value the rest of the model assumes for a
    symbolic trip count."""
    middle: dict = {}
    assumed = [False]

    def value(leaf) -> float:
        if leaf in middle:
            return middle[leaf]
        assumed[0] = True
        return float(default_trip_count)

    def evaluate(expr, operands, num_dims) -> float:
        form = linearize(expr, list(operands), num_dims)
        if form.nonlinear:
            assumed[0] = True
        return form.constant + sum(c * value(v) for v, c in form.coeffs.items())

    trips = []
    for loop in loops:
        lows = [evaluate(e, loop.lower_bound_operands, loop.lower_bound_map.num_dims)
                for e in loop.lower_bound_map.results]
        highs = [evaluate(e, loop.upper_bound_operands, loop.upper_bound_map.num_dims)
                 for e in loop.upper_bound_map.results]
        low, high = max(lows), min(highs)
        trip = max(0.0, (high - low) / loop.step)
        middle[loop.induction_var] = low + max(trip - 1, 0) * loop.step / 2
        trips.append(max(1, round(trip)))
    return trips, assumed[0]
