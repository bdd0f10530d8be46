"""PERMUTEANDFUSE: a new schedule for the statements of a SCoP, level by
level, from the convex colourings of the fusion conflict graph
(`fusion_conflict_graph.py`), the choice among them made by the cost model
extended across fused statements (`fusion_cost.py`).

Design notes
------------
- The schedule is in 2d+1 form: `S[i] -> [b0, phi0, b1, phi1, ..., bd]`,
  where `b_c` is the position of S's cluster at level c among the clusters
  of that level (a cut) and `phi_c = i_a + shift` the loop it runs there.
  The last scalar orders the statements of one innermost cluster by the
  dependences left (topologically, ties to the original order).
- The chooser: for an SCC after a cluster it may join, every valid
  colouring of the SCC alone is scored (a new cluster) and every one that
  joins the cluster is scored by the difference it makes to the cluster's
  cost; the cheapest wins, ties to a new cluster (less fusion), then to the
  lower dimensions (the original order).  A fusion must save at least
  `MIN_SAVING` of the SCC's cost alone: a smaller difference is a tie.
  A tie with a loop the statements already share in the source keeps
  them in it: a distribution is made only where the model finds it pays.
- A fusion is not offered where it would keep the fused innermost loop
  from being vectorized, nor, with `min_parallel_work` (typed fusion), where
  it would keep a loop from running in parallel (`fusion_cost.py`).
- The result is checked exactly with isl before it is applied
  (`dependences.is_legal`); an illegal schedule is never applied.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import islpy as isl

from ..analysis.affine_access import NotAffine
from ..remarks import MISSED, PASSED, whole_number
from .codegen import generate, replace_region
from .context import CONTEXT
from .dependences import compute_dependences, is_legal
from .fusion_conflict_graph import Schedule, color_level, sccs_in_order
from .fusion_cost import FusionCost
from .scop import extract

# A fusion must save this fraction of what the joining SCC costs alone: the
# model is not more precise than that, and a smaller saving (an array's
# row fetched once per outer iteration by an initialization fused with the
# product that then walks it hundreds of times) was measured a loss.
MIN_SAVING = 0.02


@dataclass
class FusionPlan:
    scop: object
    schedule: Schedule
    schedule_map: isl.UnionMap | None = None
    notes: list = field(default_factory=list)
    # The fusion decisions as optimization remarks (remarks.py): (kind, name, args).
    records: list = field(default_factory=list)
    changed: bool = False
    legal: bool = False
    fused: int = 0          # clusters of two statements or more, at all levels
    # Fusions not offered because the fused loop would no longer run in
    # parallel (typed fusion, `min_parallel_work`).
    kept_parallel: int = 0
    order: list = field(default_factory=list)   # statements by their last scalar
    # The fusion conflict graph of each level and group: (level, group, graph);
    # the colouring chosen is in `schedule.rows`.
    graphs: list = field(default_factory=list)

    def dims_text(self, statement) -> str:
        rows = self.schedule.rows[statement]
        names = [f"i{row.dim}" + (f"+{row.shift}" if row.shift else "")
                 for row in rows if row.dim is not None]
        return f"{statement.name}({', '.join(names)})"


def split_dependences(scop, relation: isl.UnionMap) -> dict:
    """(source statement, target statement) -> isl.Map of the dependences."""
    pairs = {}

    def add(dep):
        source = scop.statement(dep.get_tuple_name(isl.dim_type.in_))
        target = scop.statement(dep.get_tuple_name(isl.dim_type.out))
        key = (source, target)
        pairs[key] = pairs[key].union(dep).coalesce() if key in pairs else dep.coalesce()

    relation.foreach_map(add)
    return pairs


def plan_permute_and_fuse(ops, line_size: int = 64, parallelism_weight: int = 100,
                          default_trip_count: int = 128,
                          min_parallel_work: int | None = None) -> FusionPlan:
    """The schedule PERMUTEANDFUSE chooses for the region `ops`; raises
    NotAffine when the region is not a SCoP or no colouring exists.  With
    `min_parallel_work`, no fusion makes a loop that would run that many
    iterations in parallel sequential (`FusionCost.spoils_parallelism`)."""
    scop = extract(ops)
    if not scop.statements:
        raise NotAffine("the region has no statement")
    dependences = compute_dependences(scop).all
    plan = decide_schedule(scop, dependences, line_size, parallelism_weight, default_trip_count,
                           min_parallel_work)
    plan.schedule_map = _schedule_map(scop, plan.schedule, plan.order)
    plan.legal = is_legal(dependences, plan.schedule_map)
    return plan


def decide_schedule(scop, dependences: isl.UnionMap, line_size: int = 64,
                    parallelism_weight: int = 100, default_trip_count: int = 128,
                    min_parallel_work: int | None = None) -> FusionPlan:
    """The decision alone (FCG, colouring, cost), from the SCoP and its
    dependences: what tools/bench_fusion_scaling.py times."""
    schedule = Schedule(list(scop.statements), split_dependences(scop, dependences))
    cost = FusionCost(scop, line_size, parallelism_weight, default_trip_count)
    plan = FusionPlan(scop, schedule)
    say = plan.notes.append
    level = [0]

    def note(graph, group):
        plan.graphs.append((level[0], list(group), graph))
        if len(graph.vertices) > 1 or graph.self_edges:
            say(f"level {level[0]}: FCG of {', '.join(s.name for s in group)}: "
                f"{len(graph.vertices)} vertices, {len(graph.self_edges)} self edges, "
                f"{sum(1 for e in graph.edges if len({v[0] for v in e}) > 1)} fusion conflict edges")

    def chooser(current, scc, options, fusable):
        return _choose(cost, schedule, current, scc, options, fusable, level[0], plan,
                       min_parallel_work)

    groups = [list(scop.statements)]
    for level[0] in range(scop.depth):
        clusters = color_level(schedule, groups, chooser, note)
        plan.fused += sum(1 for c in clusters if len(c.members) > 1)
        groups = [c.members for c in clusters]
    finals = []
    for group in groups:
        for scc in sccs_in_order(group, schedule.remaining):
            if len(scc) > 1:
                raise NotAffine(f"{', '.join(s.name for s in scc)} depend on each other "
                                f"within one iteration")
            finals.append(scc[0])
    plan.changed = not _is_original(scop, schedule, finals)
    plan.order = finals
    return plan


def _choose(cost, schedule, current, scc, options, fusable, level, plan: FusionPlan,
            min_parallel_work=None):
    """The colouring of `scc` at `level`: alone, or fused with the cluster
    `current` when that saves more than MIN_SAVING (or keeps the loop as
    written at a tie).  Each fusion considered is a remark record: `Passed`
    `fused`, or `Missed` `not-fused` with the reason and both costs."""
    say, record = plan.notes.append, plan.records.append
    names = ", ".join(s.name for s in scc)

    def text(dims):
        return ", ".join(f"{s.name}:i{d}" for s, d in dims.items())

    alone = [(cost.cost(dims, schedule), k, dims) for k, dims in enumerate(options)]
    best_alone = min(alone, key=lambda item: (item[0], item[1]))
    choice = (False, best_alone[2], None)
    best = best_alone[0]
    kept = []
    for dims, shifts in fusable:
        why = cost.spoils_vectorization({**current.dims, **dims}, {**current.shifts, **shifts}, schedule)
        if why is None and min_parallel_work is not None:
            why = cost.spoils_parallelism(current, dims, shifts, schedule, min_parallel_work)
            plan.kept_parallel += why is not None
        if why is None:
            kept.append((dims, shifts))
        else:
            say(f"level {level}: {names}: fusion with {', '.join(s.name for s in current.members)} "
                f"on {text(dims)} not offered: {why}")
            record((MISSED, "not-fused", [f"{names} not fused", ("Level", level),
                                          ("SCC", names), ("Colouring", text(dims)),
                                          ("Reason", why)]))
    fusable = kept
    if fusable:
        base = cost.cost(current.dims, schedule, current.shifts)
        joined = [(cost.cost({**current.dims, **dims}, schedule, shifts) - base, k, dims, shifts)
                  for k, (dims, shifts) in enumerate(fusable)]
        best_joined = min(joined, key=lambda item: (item[0], item[1]))
        say(f"level {level}: {names}: {len(options)} colourings alone (best {text(best_alone[2])}, "
            f"cost {best_alone[0]:g}), {len(fusable)} fused with "
            f"{', '.join(s.name for s in current.members)} (best {text(best_joined[2])}, "
            f"added cost {best_joined[0]:g})")
        written = [item for item in joined if _as_written(current, item[2], item[3], level)]
        costs = [("Level", level), ("SCC", names),
                 ("With", ", ".join(s.name for s in current.members)),
                 ("CostAlone", whole_number(best)), ("AddedCostFused", whole_number(best_joined[0]))]
        if best_joined[0] < best - MIN_SAVING * abs(best):
            choice = (True, best_joined[2], best_joined[3])
            record((PASSED, "fused", [f"{names} fused", ("Colouring", text(best_joined[2])),
                                      *costs]))
        elif written and written[0][0] <= best + MIN_SAVING * abs(best):
            # A tie with the loop as written: kept, not distributed.
            choice = (True, written[0][2], written[0][3])
            say(f"level {level}: {names}: kept in the loop it shares with "
                f"{', '.join(s.name for s in current.members)} as written (a tie)")
            record((PASSED, "fused", [f"{names} kept fused as written",
                                      ("Colouring", text(written[0][2])), *costs,
                                      ("Reason", "a tie with the loop as written")]))
        else:
            why = ("fusing saves less than {:g}% of its cost alone, a tie".format(
                MIN_SAVING * 100) if best_joined[0] < best else "fusing costs more")
            record((MISSED, "not-fused", [f"{names} not fused", ("Colouring",
                                                                  text(best_alone[2])),
                                          *costs, ("Reason", why)]))
    elif len(options) > 1 or current is not None:
        why = "no fusion valid" if current is not None else "first SCC"
        say(f"level {level}: {names}: {len(options)} colourings ({why}), "
            f"best {text(best_alone[2])} cost {best_alone[0]:g}")
    return choice


def _as_written(current, dims, shifts, level) -> bool:
    """Whether joining `current` on `dims` is the source's own loop at
    `level`: every statement there on its own dimension `level`, unshifted,
    and sharing that loop with a member of the cluster in the source."""
    def own(s, d, shift):
        return d == level and not shift and level < len(s.loops)
    if not all(own(m, current.dims[m], current.shifts.get(m)) for m in current.members):
        return False
    return all(own(s, d, shifts.get(s)) and any(s.loops[level] is m.loops[level]
                                               for m in current.members)
               for s, d in dims.items())


def _is_original(scop, schedule, finals) -> bool:
    """Whether the new schedule is the written loop structure: every
    statement on its own dimensions, unshifted, sharing a loop exactly with
    the statements it shares that loop with in the source, in the order."""
    if finals != list(scop.statements):
        return False
    for s in scop.statements:
        for level, row in enumerate(schedule.rows[s]):
            expected = level if level < len(s.ivs) else None
            if row.dim != expected or row.shift:
                return False
    for s in scop.statements:
        for t in scop.statements:
            for level in range(min(len(s.loops), len(t.loops))):
                together = schedule.rows[s][level].beta == schedule.rows[t][level].beta
                if together != (s.loops[level] is t.loops[level]):
                    return False
    return True


def _schedule_map(scop, schedule, finals) -> isl.UnionMap:
    parts = []
    for s in scop.statements:
        entries = []
        for row in schedule.rows[s]:
            entries.append(str(row.beta))
            entries.append(f"i{row.dim} + {row.shift}" if row.dim is not None else "0")
        entries.append(str(finals.index(s)))
        parts.append(f"{s.tuple_text} -> [{', '.join(entries)}]")
    text = f"[{scop.param_text()}] -> {{ {'; '.join(parts)} }}"
    return isl.UnionMap(text, context=CONTEXT).intersect_domain(scop.domain)


def apply_plan(plan: FusionPlan) -> list:
    """Generate the plan's schedule with isl and put it in place of the
    region; returns the new ops."""
    if not plan.legal:
        raise NotAffine("the new schedule reverses a dependence")
    rows = plan.schedule.rows
    identity = {level for level in range(plan.scop.depth)
                if all(len(r) > level and r[level].dim == level and not r[level].shift
                       for r in rows.values())}

    def dim_source(t: int) -> int:
        return t if t % 2 and (t - 1) // 2 in identity else 0

    # Fused statements whose ranges differ (shifted, or with other bounds)
    # get the ends of their loop peeled rather than guards in its body,
    # which would keep the body from being vectorized.
    new_ops = generate(plan.scop, plan.schedule_map, dim_source, ("separate", "atomic", ""))
    replace_region(plan.scop, new_ops)
    return new_ops
