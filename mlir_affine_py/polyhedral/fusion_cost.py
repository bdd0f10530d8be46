"""The interchange cost model (docs/loop-interchange.md,
`analysis/cost_model.NestModel`) extended across the statements of a fused
loop, to choose among the valid colourings of the fusion conflict graph.

Design notes
------------
- A cluster of a level (statements sharing the loop at that level, each on
  its chosen dimension) costs what its members cost alone, minus the reuse
  fusion brings:

      cost(cluster) = sum over members S of alone(S, d_S) - reuse(cluster)

- alone(S, d): the interchange model's total for S as a nest of its free
  dimensions, d outermost and the others in the order cheapest for S (its
  own dependences give the parallelism term); trip counts are averaged over
  the domain, symbols taken as `default_trip_count`.
- reuse(cluster): a member that touches, in one iteration of the fused loop,
  the slice of an array an earlier member touched in that iteration (same
  memref, same coefficients of the fused loop in every subscript, which
  moves with it), in an iteration where both run (`overlap`, exact with
  isl), finds the slice in cache when its lines fit (a contiguous slice in
  256 KiB, a strided one, a line per element, in 32 KiB): the lines of that
  slice, once per iteration of the fused loop, are saved.  A larger strided
  slice (a column of 1500 rows takes 1500 lines) is gone by the time the
  later member reads it: deriche fused on such columns ran 1.3x slower.  A
  fusion that shares nothing saves nothing, so it costs what the loops cost
  apart, and ties go to less fusion.
- An innermost loop is not fused where fusion would keep LLVM from
  vectorizing it (`spoils_vectorization`): a reduction (a statement whose
  stored element does not move along the loop) is kept in a register only
  while no other store in the loop may alias it, and memrefs are not known
  apart (mvt fused innermost: 1.5x slower than the two loops apart); and a
  dependence between two members carried by the fused loop (a shifted
  fusion of two stencil sweeps) serializes it (jacobi-1d: 1.8x slower).
  Nor where a member would load, after an earlier member's store to
  another memref of the same type, the element of the same subscript
  (`_aliased_4k`): arrays of one shape allocated alike lie at the same
  offset modulo 4 KiB, and the processor, which matches a load against the
  stores before it on those low bits only, makes the load wait for the
  store (4K aliasing).  fdtd-2d's sweeps `ey[i][j]` and `ex[i][j]` fused
  innermost ran 3.4 times the original's time, and 1.08 times in the
  optimizer's parallel form; fused on `i` only, 0.90 and 0.99.
- With `min_parallel_work` (typed fusion, Acharya and Bondhugula), a loop is
  not fused where fusion would keep it from running in parallel
  (`spoils_parallelism`): the cluster is inside loops none of which is
  parallel (each carries a dependence, as a stencil's time loop does), one run of
  the loop of the cluster or of the joining statements, apart, executes at
  least `min_parallel_work` iterations of the loops inside (the
  parallelizer's rule, from the trip counts: below it, no loop apart would
  run in parallel either), and the
  fused loop would carry a dependence between the members that neither
  the cluster nor the joining statements carry apart (two sweeps of a time
  step fused with a shift).  Each sweep of jacobi-2d, heat-3d or fdtd-2d
  then keeps its parallel loop; fused, none had one.  A loop that carries
  a member's own dependence is sequential apart too, and is left to the
  weighed model.  So is an outermost loop: fused, it leaves the loops
  inside it with all but one trip count of the work, and tiling may
  distribute the nest again (correlation and covariance kept their four
  parallel loops either way, and apart ran 5% slower on one thread).
"""

from __future__ import annotations

import itertools

import islpy as isl

from ..analysis.cost_model import LinearForm, NestModel, access_info, average_trip_counts
from ..analysis.dependence import DependenceComponent
from ..ir.printing import value_name
from .context import CONTEXT
from .fusion_conflict_graph import distance_range, solve_shifts

MAX_COMPLETION_DEPTH = 5     # inner orders enumerated up to this many loops
# Bytes of lines a slice may take and still be found in cache: a contiguous
# slice (a row) in a second-level cache; a strided one (a column: a line per
# element, all mapping to a few sets when the stride is a power of two) in a
# first-level cache only.
CACHE_SIZE = 256 * 1024
STRIDED_CACHE_SIZE = 32 * 1024


class VirtualLoop:
    """The key of one loop of a virtual nest (the cost model keys loops by
    their induction variables)."""

    def __init__(self, depth: int):
        self.depth = depth

    def __repr__(self):
        return f"v{self.depth}"


class FusionCost:
    def __init__(self, scop, line_size: int, parallelism_weight: int, default_trip_count: int,
                 cache_size: int = CACHE_SIZE):
        self.scop = scop
        self.cache_size = cache_size
        self.line_size = line_size
        self.weight = parallelism_weight
        self.trips = {s: average_trip_counts(s.loops, default_trip_count)[0] for s in scop.statements}
        self.accesses = {s: [access_info(op) for op in s.reads + s.writes] for s in scop.statements}
        self.keys = [VirtualLoop(k) for k in range(scop.depth + 1)]
        self._distances: dict = {}
        self._costs: dict = {}

    # ----------------------------------------------------- one statement
    def alone(self, statement, first: int, schedule) -> float:
        """alone(S, d) of the design notes."""
        key = (statement, first, schedule.version)
        if key not in self._costs:
            rest = tuple(k for k in schedule.free_dims(statement) if k != first)
            own = {(statement, statement): schedule.remaining[(statement, statement)]} \
                if (statement, statement) in schedule.remaining else {}
            orders = (itertools.permutations(rest) if len(rest) <= MAX_COMPLETION_DEPTH else [rest])
            self._costs[key] = min(
                self._model({statement: (first,) + order}, own).score(range(len(rest) + 1))[3]
                for order in orders)
        return self._costs[key]

    # ------------------------------------------------------- one cluster
    def cost(self, dims: dict, schedule, shifts: dict | None = None) -> float:
        """The cost of the statements of `dims` fused on those dimensions."""
        return (sum(self.alone(s, d, schedule) for s, d in dims.items())
                - self.reuse(dims, schedule, shifts))

    def reuse(self, dims: dict, schedule, shifts: dict | None = None) -> float:
        saved = 0.0
        seen: dict = {}             # (memref, fused-loop column) -> members that touched it
        shifts = shifts or {}
        for s, d in dims.items():
            fused = s.ivs[d]
            trip = self.trips[s][d]
            free = {s.ivs[k]: self.trips[s][k] for k in schedule.free_dims(s) if k != d}
            mine = set()
            for access in self.accesses[s]:
                column = tuple(row.coeffs.get(fused, 0) for row in access.rows)
                if not any(column) or any(fused in row.nonlinear for row in access.rows):
                    continue
                key = (access.memref, column)
                lines = self._slice_lines(access, free)
                if key in seen and key not in mine and lines is not None and any(
                        self.overlap(t, s, (dims[t], shifts.get(t, 0)), (d, shifts.get(s, 0)), schedule)
                        for t in seen[key]):
                    saved += lines * trip
                mine.add(key)
            for key in mine:
                seen.setdefault(key, []).append(s)
        return saved

    def overlap(self, s, t, row_s: tuple, row_t: tuple, schedule) -> bool:
        """Whether some instances of s and t run in the same iteration of the
        fused loop (and of every loop they already share): statements fused
        on ranges that never meet (lu: a loop to i beside a loop from i)
        share no slice."""
        key = (s, t, row_s, row_t, schedule.version)
        if key not in self._costs:
            equal = []
            pairs = [(r.dim, r.shift, q.dim, q.shift) for r, q in zip(schedule.rows[s], schedule.rows[t])]
            for ds, hs, dt, ht in pairs + [row_s + row_t]:
                if ds is not None and dt is not None:
                    equal.append(f"i{ds} + {hs} = o{dt} + {ht}")
            outputs = ", ".join(f"o{k}" for k in range(len(t.ivs)))
            relation = isl.Map(f"[{self.scop.param_text()}] -> {{ {s.tuple_text} -> {t.name}[{outputs}] : "
                               f"{' and '.join(equal) or 'true'} }}", context=CONTEXT)
            relation = relation.intersect_domain(s.domain).intersect_range(t.domain)
            self._costs[key] = not relation.is_empty()
        return self._costs[key]

    def _slice_lines(self, access, free: dict):
        """Cache lines of the slice `access` touches in one iteration of the
        fused loop (its free inner loops run through), or None when the
        slice does not fit in the cache."""
        elements = 1
        for iv, trip in free.items():
            if access.uses(iv):
                elements *= trip
        contiguous = access.rows and any(
            access.rows[-1].coeffs.get(iv) in (1, -1) for iv in free
            if not any(iv in row.coeffs for row in access.rows[:-1]))
        per_line = max(1, self.line_size // access.element_size) if contiguous else 1
        lines = max(1.0, elements / per_line)
        capacity = self.cache_size if contiguous else STRIDED_CACHE_SIZE
        return lines if lines * self.line_size <= capacity else None

    def spoils_vectorization(self, dims: dict, shifts: dict, schedule) -> str | None:
        """Why fusing `dims` would keep the fused innermost loop from being
        vectorized (see the design notes), or None."""
        if any(k != d for s, d in dims.items() for k in schedule.free_dims(s)):
            return None
        writes = {s: [a for a in self.accesses[s] if a.op in s.writes] for s in dims}
        for s, d in dims.items():
            if writes[s] and not any(a.uses(s.ivs[d]) for a in writes[s]):
                memrefs = {a.memref for a in writes[s]}
                if any(a.memref not in memrefs for t in dims if t is not s for a in writes[t]):
                    return "an innermost loop with a reduction and a store to another memref"
        if self._carried(dims, shifts, schedule, own=False):
            return "a dependence between the statements carried by the fused innermost loop"
        aliased = self._aliased_4k(dims, shifts, schedule)
        if aliased is not None:
            store, load = aliased
            return (f"{load} would load, after the store to {store}, the element of the same "
                    f"subscript of an array of the same shape: 4K aliasing")
        return None

    def _aliased_4k(self, dims: dict, shifts: dict, schedule):
        """A store of one member and a load of a later member, of two
        memrefs of the same type at the same subscript in the fused
        innermost loop (see the design notes): their names, or None."""
        stores = []                         # (memref, subscript) stored by earlier members
        for s, d in dims.items():
            placed = {s.ivs[row.dim]: (level, row.shift) for level, row in
                      enumerate(schedule.rows[s]) if row.dim is not None}
            placed[s.ivs[d]] = (len(schedule.rows[s]), shifts.get(s, 0))
            mine = []
            for access in self.accesses[s]:
                subscript = _on_levels(access.rows, placed)
                if subscript is None:
                    continue
                if access.op in s.writes:
                    mine.append((access.memref, subscript))
                    continue
                for memref, other in stores:
                    if memref is not access.memref and memref.type == access.memref.type \
                            and other == subscript:
                        return value_name(memref), value_name(access.memref)
            stores.extend(mine)
        return None

    def spoils_parallelism(self, current, dims: dict, shifts: dict, schedule,
                           min_work: int) -> str | None:
        """Why joining the statements coloured `dims` to the cluster
        `current` (the cluster's shifts then `shifts`) would keep a loop
        that could run in parallel from doing so (see the design notes), or
        None."""
        enclosing = [row for s in current.members for row in schedule.rows[s]]
        if not enclosing or not all(row.carried for row in enclosing):
            return None                     # outermost, or inside a loop that can be parallel
        # Apart, the larger loop would run in parallel where its work pays.
        work = max(self.work(current.dims, schedule), self.work(dims, schedule))
        if work < min_work:
            return None
        apart = solve_shifts(schedule, dims) or {s: 0 for s in dims}
        if (self._carried(current.dims, current.shifts, schedule)
                or self._carried(dims, apart, schedule)):
            return None                     # sequential apart already
        carried = self._carried({**current.dims, **dims}, shifts, schedule)
        if carried is None:
            return None
        source, target = carried
        return (f"the fused loop would carry a dependence from {source.name} to {target.name}, "
                f"while apart neither loop carries one, no enclosing loop runs in parallel "
                f"and one run of a loop apart executes about {round(work)} iterations")

    def work(self, dims: dict, schedule) -> float:
        """Iterations of the innermost loops in one run of the loop of the
        statements `dims` (analysis/loop_work.estimated_work from the
        average trip counts)."""
        trip = max(self.trips[s][d] for s, d in dims.items())
        inner = 0.0
        for s, d in dims.items():
            body = 1.0
            for k in schedule.free_dims(s):
                if k != d:
                    body *= self.trips[s][k]
            inner += body
        return trip * inner

    def _carried(self, dims: dict, shifts: dict, schedule, own: bool = True):
        """A pair (S, T) of statements of `dims` with a dependence the loop
        `dims` with `shifts` carries, or None; without `own`, only pairs of
        two statements."""
        for (s, t), dep in schedule.remaining.items():
            if s not in dims or t not in dims or dep.is_empty() or (s is t and not own):
                continue
            low, high = distance_range(dep, dims[s], dims[t])
            offset = shifts.get(t, 0) - shifts.get(s, 0)
            if low is None or high is None or low + offset != 0 or high + offset != 0:
                return s, t
        return None

    def _model(self, orders: dict, remaining: dict) -> NestModel:
        depth = max(len(order) for order in orders.values())
        keys = self.keys[:depth]
        trips = [1] * depth
        accesses = []
        for s, order in orders.items():
            renaming = {s.ivs[d]: keys[k] for k, d in enumerate(order)}
            for k, d in enumerate(order):
                trips[k] = max(trips[k], self.trips[s][d])
            own = set(s.ivs)
            for access in self.accesses[s]:
                rows = [_renamed(row, renaming, own) for row in access.rows]
                accesses.append(type(access)(access.op, access.memref, rows, access.element_size))
        dependences = []
        for (s, t), dep in remaining.items():
            if s in orders and t in orders and not dep.is_empty():
                dependences.append(self._components(dep, orders[s], orders[t], keys))
        return NestModel(keys, trips, accesses, dependences, self.line_size, self.weight)

    def _components(self, dep, source: tuple, target: tuple, keys) -> list:
        components = []
        for k, loop in enumerate(keys):
            if k < len(source) and k < len(target):
                cache = (id(dep), source[k], target[k])
                if cache not in self._distances:
                    self._distances[cache] = (dep, distance_range(dep, source[k], target[k]))
                low, high = self._distances[cache][1]
            else:
                low = high = 0
            components.append(DependenceComponent(loop, low, high))
        return components


def _renamed(row: LinearForm, renaming: dict, own: set) -> LinearForm:
    """`row` over the virtual loops: the statement's IVs placed inside are
    renamed, those of outer levels (fixed there) dropped."""
    coeffs = {}
    for value, c in row.coeffs.items():
        if value in renaming:
            coeffs[renaming[value]] = c
        elif value not in own:
            coeffs[value] = c
    nonlinear = {renaming.get(v, v) for v in row.nonlinear if v in renaming or v not in own}
    return LinearForm(coeffs, row.constant, nonlinear)


def _on_levels(rows: list, placed: dict):
    """The subscript `rows` over the loop levels of the fused nest, where
    `placed` gives each induction variable its (level, shift), as a tuple
    comparable across statements; None where a row is not linear in them."""
    subscript = []
    for row in rows:
        if row.nonlinear:
            return None
        coeffs, constant = {}, row.constant
        for value, c in row.coeffs.items():
            if value not in placed:
                return None
            level, shift = placed[value]
            # The loop at `level` runs iv + shift: iv = v_level - shift.
            coeffs[level] = coeffs.get(level, 0) + c
            constant -= c * shift
        subscript.append((tuple(sorted((k, c) for k, c in coeffs.items() if c)), constant))
    return tuple(subscript)
