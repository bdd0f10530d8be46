"""The fusion conflict graph (FCG) and its convex colouring, after Acharya,
Bondhugula and Cohen, "An Approach for Finding Permutations Quickly:
Fusion and Dimension matching" (seed `fusion-conflict-graph-permutations.md`,
sections 3.1-3.4: BUILDFCG, COLORFCG, PERMUTEANDFUSE).

Design notes
------------
- A vertex is one dimension of one statement, `(S, i)`.  A colour is one
  level of the new schedule: the vertices coloured c are the loop each
  statement runs at depth c; statements whose vertices share a colour, in one
  run of the SCC order, share that loop (they are fused).
- The transformation at a level is, per statement, `phi_S(i) = i_a + c0_S`:
  one original dimension (a permutation) and a constant shift.  The question
  each test asks is the paper's relaxed feasibility problem restricted to
  these coefficients: do shifts exist that keep every dependence between
  the statements weakly forward at this level, `phi_T(t) - phi_S(s) >= 0`
  for all `(s, t)` in the dependence polyhedra?  For one dependence
  `S -> T` it holds iff `c0_T - c0_S >= max(s_a - t_b)` over the polyhedron
  (`shift_bound`, isl's exact optimum over the polyhedron, +inf when no
  constant shift is enough).  Shifts are bounded by `MAX_SHIFT`: the
  question is whether the loops can run together, not one after the other
  inside one loop.  Between two statements the shifts are feasible
  iff each direction is bounded and the two bounds do not form a positive
  cycle; along a dependence of S on itself, iff `max(s_a - t_a) <= 0`.  The
  optimum is over the integer points of the dependence polyhedra, so the
  answer is exact for the instances the program runs, and rational and
  integer shifts coincide (a constant shift is an integer bound).
- BUILDFCG (`build_fcg`): a self edge on `(S, i)` where `i` cannot be the
  loop at this level under S's own dependences; an edge `(S, i) - (T, j)`
  between statements joined by a dependence where fusing i with j violates
  one; every two dimensions of one statement are joined (each statement runs
  one loop per level).
- Dependences already satisfied at outer levels are removed before the
  graph of an inner level is built (`Schedule.remaining`): exactly, by
  intersecting each dependence polyhedron with the instances the outer
  rows of the new schedule do not separate.
- COLORFCG (`color_level`): per group of statements fused so far, the SCCs
  of the remaining dependence graph in topological order (ties to the
  original order); each SCC is either coloured with the cluster before it
  (fused) or starts a new one (a cut between the two SCCs, which satisfies
  the dependences between them).  Which dimensions, and whether to fuse,
  is asked of a `chooser` (the pass's cost model); only valid colourings
  are offered.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import islpy as isl

from ..analysis.affine_access import NotAffine

MAX_SCC_ASSIGNMENTS = 64    # dimension assignments tried per SCC
# A fusion needing a larger shift runs most of one loop's iterations apart
# from the other's (a reduction fused with its consumer is shifted by the
# whole trip count): no reuse, and isl peels the ends into guarded loops.
MAX_SHIFT = 4


# --------------------------------------------------------- the LP tests
def _dim_aff(wrapped: isl.Set, index: int) -> isl.Aff:
    space = isl.LocalSpace.from_space(wrapped.get_space())
    return isl.Aff.var_on_domain(space, isl.dim_type.set, index)


def shift_bound(dependence: isl.Map, a: int, b: int):
    """max(s_a - t_b) over the dependence `S[s] -> T[t]`: the least
    `c0_T - c0_S` that keeps it forward when dim a of S is fused with dim b
    of T; None when no constant is enough, -inf (float) when empty."""
    if dependence.is_empty():
        return float("-inf")
    wrapped = dependence.wrap()
    n_in = dependence.dim(isl.dim_type.in_)
    value = wrapped.max_val(_dim_aff(wrapped, a) - _dim_aff(wrapped, n_in + b))
    if value.is_infty() or value.is_nan():
        return None
    if value.is_neginfty():
        return float("-inf")
    return int(value.to_python())


def distance_range(dependence: isl.Map, a: int, b: int) -> tuple:
    """(min, max) of t_b - s_a over the dependence; None for unbounded."""
    wrapped = dependence.wrap()
    n_in = dependence.dim(isl.dim_type.in_)
    aff = _dim_aff(wrapped, n_in + b) - _dim_aff(wrapped, a)
    low, high = wrapped.min_val(aff), wrapped.max_val(aff)
    return (None if low.is_infty() or low.is_neginfty() or low.is_nan() else int(low.to_python()),
            None if high.is_infty() or high.is_neginfty() or high.is_nan() else int(high.to_python()))


# ------------------------------------------------------ the schedule
@dataclass
class Row:
    """One level of a statement's new schedule: the scalar position of its
    cluster (`beta`), then the loop `dim` (None: no loop left) with `shift`;
    `carried`: whether that loop carries a dependence between statements
    of its cluster (or of one statement), which keeps it from running in
    parallel."""

    beta: int
    dim: int | None = None
    shift: int = 0
    carried: bool = False


@dataclass
class Schedule:
    """The new schedule as it is built level by level, and the dependences
    its rows do not yet satisfy."""

    statements: list
    remaining: dict                       # (S, T) -> isl.Map
    rows: dict = field(default_factory=dict)   # statement -> [Row]
    version: int = 0                      # bumped whenever `remaining` shrinks

    def __post_init__(self):
        for s in self.statements:
            self.rows.setdefault(s, [])

    def used(self, statement) -> set:
        return {row.dim for row in self.rows[statement] if row.dim is not None}

    def free_dims(self, statement) -> list:
        used = self.used(statement)
        return [k for k in range(len(statement.ivs)) if k not in used]

    def satisfy(self, clusters: list) -> None:
        """Drop what the level just built satisfies: dependences between
        clusters (the cut), and instances the fused loop separates."""
        cluster_of = {s: k for k, cluster in enumerate(clusters) for s in cluster.members}
        self.version += 1
        for (s, t), dep in list(self.remaining.items()):
            if cluster_of[s] != cluster_of[t]:
                if cluster_of[s] > cluster_of[t] and not dep.is_empty():
                    raise NotAffine("a cut reverses a dependence")
                del self.remaining[(s, t)]
                continue
            cluster = clusters[cluster_of[s]]
            if cluster.dims.get(s) is None or cluster.dims.get(t) is None:
                continue
            wrapped = dep.wrap()
            n_in = dep.dim(isl.dim_type.in_)
            gap = (_dim_aff(wrapped, n_in + cluster.dims[t]) - _dim_aff(wrapped, cluster.dims[s])
                   + (cluster.shifts[t] - cluster.shifts[s]))
            kept = wrapped.intersect(isl.Set.from_basic_set(gap.zero_basic_set())).unwrap()
            if not kept.is_equal(dep):
                for member in cluster.members:
                    self.rows[member][-1].carried = True
            if kept.is_empty():
                del self.remaining[(s, t)]
            else:
                self.remaining[(s, t)] = kept.coalesce()


# ------------------------------------------------------------- BUILDFCG
@dataclass
class FusionConflictGraph:
    vertices: list                         # (statement, dim)
    self_edges: set = field(default_factory=set)
    edges: set = field(default_factory=set)   # frozenset({(S, i), (T, j)})
    bounds: dict = field(default_factory=dict)  # ((S, i), (T, j)) -> shift bound

    def colourable(self, vertex) -> bool:
        return vertex not in self.self_edges

    def conflict(self, u, v) -> bool:
        return frozenset((u, v)) in self.edges


def build_fcg(schedule: Schedule, statements: list) -> FusionConflictGraph:
    """BUILDFCG over the free dimensions of `statements`, with the
    dependences the schedule has not satisfied yet."""
    graph = FusionConflictGraph([(s, d) for s in statements for d in schedule.free_dims(s)])
    for s in statements:
        self_dep = schedule.remaining.get((s, s))
        for d in schedule.free_dims(s):
            if self_dep is not None and not self_dep.is_empty():
                bound = shift_bound(self_dep, d, d)
                if bound is None or bound > 0:
                    graph.self_edges.add((s, d))
        free = schedule.free_dims(s)
        graph.edges.update(frozenset(((s, i), (s, j))) for i in free for j in free if i < j)
    position = {s: k for k, s in enumerate(statements)}
    joined: dict = {}
    for (a, b), dep in schedule.remaining.items():
        if a is not b and a in position and b in position and not dep.is_empty():
            s, t = sorted((a, b), key=position.get)
            joined.setdefault((s, t), []).append(((a, b), dep))
    for (s, t), deps in sorted(joined.items(), key=lambda item: (position[item[0][0]],
                                                                 position[item[0][1]])):
        for i in schedule.free_dims(s):
            for j in schedule.free_dims(t):
                if _fusion_conflict(graph, deps, (s, i), (t, j)):
                    graph.edges.add(frozenset(((s, i), (t, j))))
    return graph


def _fusion_conflict(graph, deps, u, v) -> bool:
    """Whether no shifts fuse vertex u with v (the pair's LP is infeasible)."""
    forward = backward = float("-inf")
    for (src, _), dep in deps:
        a, b = (u[1], v[1]) if src is u[0] else (v[1], u[1])
        bound = shift_bound(dep, a, b)
        if bound is None or bound > MAX_SHIFT:
            return True
        if src is u[0]:
            forward = max(forward, bound)      # c0_v - c0_u >= forward
        else:
            backward = max(backward, bound)    # c0_u - c0_v >= backward
        graph.bounds[(u, v) if src is u[0] else (v, u)] = bound
    return forward + backward > 0


# -------------------------------------------------------------- shifts
def solve_shifts(schedule: Schedule, dims: dict):
    """Integer shifts (smallest 0) fusing the statements of `dims` on the
    given dimensions, or None when a positive cycle forbids it (longest
    paths over c0_T - c0_S >= shift_bound)."""
    members = list(dims)
    constraints = []
    for (s, t), dep in schedule.remaining.items():
        if s in dims and t in dims and s is not t and not dep.is_empty():
            bound = shift_bound(dep, dims[s], dims[t])
            if bound is None or bound > MAX_SHIFT:
                return None
            if bound != float("-inf"):
                constraints.append((s, t, bound))
    shift = {s: 0 for s in members}
    for _ in range(len(members) + 1):
        changed = False
        for s, t, bound in constraints:
            if shift[t] < shift[s] + bound:
                shift[t] = shift[s] + bound
                changed = True
        if not changed:
            low = min(shift.values(), default=0)
            if max(shift.values(), default=0) - low > MAX_SHIFT:
                return None
            return {s: v - low for s, v in shift.items()}
    return None


# ------------------------------------------------------------- COLORFCG
def sccs_in_order(statements: list, remaining: dict) -> list:
    """SCCs of the dependence graph among `statements`, in a topological
    order that keeps the original order where the dependences leave it free."""
    index = {s: k for k, s in enumerate(statements)}
    successors = {s: set() for s in statements}
    for (s, t), dep in remaining.items():
        if s in index and t in index and s is not t and not dep.is_empty():
            successors[s].add(t)
    reach = {s: _reachable(s, successors) for s in statements}
    components, seen = [], set()
    for s in statements:
        if s in seen:
            continue
        component = [t for t in statements if t in reach[s] and s in reach[t] or t is s]
        seen.update(component)
        components.append(component)
    comp_of = {s: k for k, comp in enumerate(components) for s in comp}
    preds = {k: {comp_of[s] for s in statements for t in comp if t in successors[s]} - {k}
             for k, comp in enumerate(components)}
    order, done = [], set()
    while len(order) < len(components):
        k = next(k for k in range(len(components)) if k not in done and preds[k] <= done)
        order.append(components[k])
        done.add(k)
    return order


def _reachable(start, successors) -> set:
    seen, stack = {start}, [start]
    while stack:
        for t in successors[stack.pop()]:
            if t not in seen:
                seen.add(t)
                stack.append(t)
    return seen


@dataclass
class Cluster:
    """Statements sharing one loop at a level (or one statement with no loop
    left, `dims[s] is None`)."""

    members: list
    dims: dict
    shifts: dict

    @property
    def open(self) -> bool:
        return all(d is not None for d in self.dims.values())


def scc_assignments(graph: FusionConflictGraph, scc: list, schedule: Schedule) -> list:
    """The valid colourings of one SCC alone: a free dimension per
    statement, no self edge, no conflict edge among them, shifts feasible."""
    choices = [[d for d in schedule.free_dims(s) if graph.colourable((s, d))] for s in scc]
    found = []
    for combo in itertools.product(*choices):
        vertices = list(zip(scc, combo))
        if any(graph.conflict(u, v) for u, v in itertools.combinations(vertices, 2)):
            continue
        dims = dict(vertices)
        if len(scc) > 1 and solve_shifts(schedule, dims) is None:
            continue
        found.append(dims)
        if len(found) >= MAX_SCC_ASSIGNMENTS:
            break
    return found


def fuses_with(graph, schedule, cluster: Cluster, dims: dict):
    """Shifts of `cluster` joined by the SCC coloured `dims`, or None when an
    FCG edge or a shift cycle forbids it."""
    if not cluster.open:
        return None
    for u in cluster.dims.items():
        for v in dims.items():
            if graph.conflict(u, v):
                return None
    return solve_shifts(schedule, {**cluster.dims, **dims})


def color_level(schedule: Schedule, groups: list, chooser, note) -> list:
    """One colour (level) of COLORFCG over every group fused so far;
    returns the clusters of this level, in order, and records the rows."""
    clusters_all = []
    for group in groups:
        graph = build_fcg(schedule, group)
        note(graph, group)
        clusters: list = []
        for scc in sccs_in_order(group, schedule.remaining):
            if not any(schedule.free_dims(s) for s in scc):
                clusters.append(Cluster(scc, {s: None for s in scc}, {s: 0 for s in scc}))
                continue
            options = scc_assignments(graph, scc, schedule)
            if not options:
                raise NotAffine(f"no dimension of {', '.join(s.name for s in scc)} "
                                f"can be coloured at level {len(schedule.rows[scc[0]])}")
            current = clusters[-1] if clusters else None
            fusable = []
            if current is not None:
                for dims in options:
                    shifts = fuses_with(graph, schedule, current, dims)
                    if shifts is not None:
                        fusable.append((dims, shifts))
            fuse, dims, shifts = chooser(current, scc, options, fusable)
            if fuse:
                current.members.extend(scc)
                current.dims.update(dims)
                current.shifts = shifts
            else:
                shifts = solve_shifts(schedule, dims) or {s: 0 for s in scc}
                clusters.append(Cluster(list(scc), dict(dims), shifts))
        clusters_all.extend(clusters)
    for beta, cluster in enumerate(clusters_all):
        for s in cluster.members:
            schedule.rows[s].append(Row(beta, cluster.dims[s], cluster.shifts.get(s, 0)))
    schedule.satisfy(clusters_all)
    return clusters_all
