"""Exact dependences between statement instances, and schedule legality.

A dependence joins two instances that touch the same array element, at
least one of them writing, the source first in the original schedule:
flow (write then read), anti (read then write) and output (write then
write).  These are memory-based dependences computed with isl over the
access relations of `scop.py`; may-accesses (indices isl cannot see) only
add dependences, so the result is exact where the accesses are and
conservative elsewhere.  Instances of one statement keep the order of its
ops, so a dependence inside one instance needs no edge.

A new schedule is legal when every dependence, mapped through it, goes
lexicographically forward: `deps` is a subset of `new <<_lex new`.  That is
one isl inclusion test; nothing is taken as 'unknown' where isl decides.
"""

from __future__ import annotations

from dataclasses import dataclass

import islpy as isl

from .context import CONTEXT


@dataclass
class Dependences:
    flow: isl.UnionMap
    anti: isl.UnionMap
    output: isl.UnionMap

    @property
    def all(self) -> isl.UnionMap:
        return self.flow.union(self.anti).union(self.output).coalesce()


def compute_dependences(scop) -> Dependences:
    schedule = scop.schedule_map
    before = schedule.lex_lt_union_map(schedule)
    reads, writes = scop.reads, scop.writes

    def pairs(sources, targets):
        return sources.apply_range(targets.reverse()).intersect(before).coalesce()

    return Dependences(pairs(writes, reads), pairs(reads, writes), pairs(writes, writes))


def value_flow(scop) -> isl.UnionMap:
    """Value-based flow dependences: each read joined to the last write
    before it of the element it reads (Feautrier's dataflow, isl's
    `compute_flow`), not to every earlier write.  A scalar written in every
    iteration of a loop and read in the next has distance 1 here, however
    many iterations later a memory-based flow dependence would also join it
    to."""
    access = isl.UnionAccessInfo.from_sink(scop.reads).set_must_source(scop.writes) \
        .set_schedule_map(scop.schedule_map)
    return access.compute_flow().get_must_dependence().coalesce()


def is_legal(dependences, schedule: isl.UnionMap) -> bool:
    """Every dependence runs forward under `schedule` (statement instance ->
    time vector, all in one time space)."""
    relation = dependences.all if isinstance(dependences, Dependences) else dependences
    if relation.is_empty():
        return True
    return relation.is_subset(schedule.lex_lt_union_map(schedule))


def permute_band(schedule: isl.UnionMap, width: int, first: int, order) -> isl.UnionMap:
    """`schedule` (2d+1 form, `width` time dims) with the loop dims of a band
    that starts at loop depth `first` reordered: new depth first + k takes
    the loop at first + order[k]."""
    old = [f"t{k}" for k in range(width)]
    new = list(old)
    for k, source in enumerate(order):
        new[2 * (first + k) + 1] = old[2 * (first + source) + 1]
    permutation = isl.UnionMap(f"{{ [{', '.join(old)}] -> [{', '.join(new)}] }}", context=CONTEXT)
    return schedule.apply_range(permutation)


def band_distances(dependences, depth: int) -> list:
    """(low, high) distance bounds (None for unbounded) per loop of a band
    of `depth` loops around every statement, for each dependence relation:
    a summary for cost models, not for legality."""
    vectors = []
    for deltas in band_deltas(dependences, depth):
        space = isl.LocalSpace.from_space(deltas.get_space())
        bounds = []
        for k in range(depth):
            var = isl.Aff.var_on_domain(space, isl.dim_type.set, k)
            low, high = deltas.min_val(var), deltas.max_val(var)
            bounds.append((None if low.is_neginfty() else int(low.to_python()),
                           None if high.is_infty() else int(high.to_python())))
        vectors.append(bounds)
    return vectors


def band_deltas(dependences, depth: int) -> list:
    """Per dependence map, the set of its distance vectors along the
    `depth` loops of a band around every statement (parameters projected
    out: the distances for some value of them)."""
    relation = dependences.all if isinstance(dependences, Dependences) else dependences
    maps: list = []
    relation.foreach_map(maps.append)
    result = []
    for dep in maps:
        dep = dep.project_out(isl.dim_type.in_, depth, dep.dim(isl.dim_type.in_) - depth)
        dep = dep.project_out(isl.dim_type.out, depth, dep.dim(isl.dim_type.out) - depth)
        dep = dep.reset_tuple_id(isl.dim_type.in_).reset_tuple_id(isl.dim_type.out)
        deltas = dep.deltas()
        result.append(deltas.project_out(isl.dim_type.param, 0, deltas.dim(isl.dim_type.param)))
    return result
