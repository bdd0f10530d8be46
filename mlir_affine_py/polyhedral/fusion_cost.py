"""The interchange cost model (docs/loop-interchange.md,
`analysis/cost_model.NestModel`) extended across the statements of a fused
loop, to choose among the valid colourings of the fusion conflict graph.

Design notes
------------
- A cluster of a level (statements sharing the loop at that level, each on
  its chosen dimension) is scored as one virtual nest: virtual loop 0 is the
  fused loop, virtual loop k > 0 the k-th loop inside it.  Inside, each
  statement is taken to run its remaining dimensions in the order that is
  cheapest for it alone, and fused with the others at every inner level (an
  optimistic completion: the inner levels decide for themselves later).
- Every access of every member is re-expressed over the virtual loops, so
  two statements reading `A[i][j]` on the same fused loops are one reference
  group (spatial reuse across statements) and a value one of them re-reads
  counts once (temporal reuse); trip counts are the largest of the members'
  (averaged over the domain, symbols taken as `default_trip_count`).
- Parallelism: the remaining dependences among the members, as distance
  ranges on the virtual loops (`fusion_conflict_graph.distance_range`).
- A reduction (a statement whose stored element does not move along the
  innermost loop) is kept in a register by LLVM only while no other store
  in that loop may alias it; memrefs are not known apart, so an innermost
  loop fusing a reduction with a store to another memref keeps the
  reduction in memory and loses vectorization of the other statement
  (mvt: 1.5x slower than the two loops apart).  Such a fusion is not
  offered (`spoils_reduction`); the loops around it may still be fused.
- A nest's base term (its iteration count) is left out: fusing two nests
  that share nothing then costs exactly what the two nests cost apart, and
  ties go to less fusion.
"""

from __future__ import annotations

import itertools

from ..analysis.cost_model import LinearForm, NestModel, access_info, average_trip_counts
from ..analysis.dependence import DependenceComponent
from .fusion_conflict_graph import distance_range

MAX_COMPLETION_DEPTH = 5     # inner orders enumerated up to this many loops


class VirtualLoop:
    """The key of one loop of a virtual nest (the cost model keys loops by
    their induction variables)."""

    def __init__(self, depth: int):
        self.depth = depth

    def __repr__(self):
        return f"v{self.depth}"


class FusionCost:
    def __init__(self, scop, line_size: int, parallelism_weight: int, default_trip_count: int):
        self.scop = scop
        self.line_size = line_size
        self.weight = parallelism_weight
        self.trips = {s: average_trip_counts(s.loops, default_trip_count)[0] for s in scop.statements}
        self.accesses = {s: [access_info(op) for op in s.reads + s.writes] for s in scop.statements}
        self.keys = [VirtualLoop(k) for k in range(scop.depth + 1)]
        self._completions: dict = {}
        self._distances: dict = {}
        self._costs: dict = {}

    # ----------------------------------------------------- one statement
    def completion(self, statement, free: tuple) -> tuple:
        """The cheapest order of `free` dims for `statement` alone."""
        key = (statement, free)
        if key not in self._completions:
            orders = (itertools.permutations(free) if len(free) <= MAX_COMPLETION_DEPTH
                      else [free])
            self._completions[key] = min(orders, key=lambda order: (
                self._model({statement: order}, {}).score(range(len(order)))[3], order))
        return self._completions[key]

    def spoils_reduction(self, dims: dict, schedule) -> bool:
        """Whether fusing `dims` makes an innermost loop holding a reduction
        and a store to another memref (see the design notes)."""
        if any(k != d for s, d in dims.items() for k in schedule.free_dims(s)):
            return False
        writes = {s: [a for a in self.accesses[s] if a.op in s.writes] for s in dims}
        for s, d in dims.items():
            if writes[s] and not any(a.uses(s.ivs[d]) for a in writes[s]):
                memrefs = {a.memref for a in writes[s]}
                if any(a.memref not in memrefs for t in dims if t is not s for a in writes[t]):
                    return True
        return False

    # ------------------------------------------------------- one cluster
    def cost(self, dims: dict, schedule) -> float:
        """The cost of the statements of `dims` fused on those dimensions."""
        key = (frozenset(dims.items()), schedule.version)
        if key not in self._costs:
            orders = {}
            for s, d in dims.items():
                rest = tuple(k for k in schedule.free_dims(s) if k != d)
                orders[s] = (d,) + self.completion(s, rest)
            model = self._model(orders, schedule.remaining)
            total = model.score(range(len(model.ivs)))[3]
            self._costs[key] = total - model.total_iterations
        return self._costs[key]

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
