"""The graphs the polyhedral passes build, as Graphviz DOT text (what
mlir-opt's `--view-op-graph` family writes for the op graph): written by
`python -m mlir_affine_py.graphs` (graphs.py) and by
-affine-permute-and-fuse's `fcg-dot` option.  A region (a run of
consecutive top-level `affine.for` ops) is one DOT cluster.

- The *dependence graph*: a node per statement of the region's SCoP
  (`polyhedral/scop.py`: its store, where it is, the loops its dimensions
  are), and one edge per kind of dependence (flow, anti, output,
  `polyhedral/dependences.py`) from a statement to another or itself,
  labelled with its kind and its distance vector over the loops the two
  share, one `[min, max]` per loop as MLIR's dependence components
  (`-inf`/`+inf` unbounded): `[1, 1][0, 0]` is a distance (1, 0),
  `[1, +inf]` a direction `<`.
- The *fusion conflict graph* (`polyhedral/fusion_conflict_graph.py`) of
  each level and group of statements -affine-permute-and-fuse colours, a
  cluster each: a node per free dimension `(S, i)`, an edge per fusion
  conflict (red), a self edge where `i` cannot be the level's loop (red),
  and the edges joining the dimensions of one statement (grey, dashed: one
  loop per statement and level).  The colouring chosen fills the nodes: a
  node coloured `loop b` is the loop of cluster b at that level (its fill
  colour is b's), with its shift; white nodes are left for inner levels.
"""

from __future__ import annotations

import islpy as isl

from ..polyhedral.dependences import compute_dependences
from ..polyhedral.fusion import split_dependences
from ..polyhedral.fusion_conflict_graph import distance_range
from .loop_utils import statement_places

KIND_COLOURS = {"flow": "#c0392b", "anti": "#2471a3", "output": "#7d3c98"}
LOOP_COLOURS = ("#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                "#b3de69", "#fccde5", "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f")


def quote(text: str) -> str:
    """A DOT string: quotes and backslashes escaped, lines as `\\n`."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def shared_loops(source, target) -> int:
    """How many loops, from the outside, two statements share."""
    count = 0
    while (count < min(len(source.loops), len(target.loops))
           and source.loops[count] is target.loops[count]):
        count += 1
    return count


def distance_components(dependence: isl.Map, common: int) -> list:
    """(min, max) of target - source per shared loop (None: unbounded)."""
    return [distance_range(dependence, k, k) for k in range(common)]


def components_text(components: list) -> str:
    return "".join(f"[{'-inf' if low is None else low}, {'+inf' if high is None else high}]"
                   for low, high in components)


def dependence_edges(scop) -> list:
    """(kind, source, target, components), one per kind and pair of
    statements the dependences join, in the statements' order."""
    dependences = compute_dependences(scop)
    position = {s: k for k, s in enumerate(scop.statements)}
    edges = []
    for kind in ("flow", "anti", "output"):
        pairs = split_dependences(scop, getattr(dependences, kind))
        for (source, target), dep in sorted(pairs.items(), key=lambda item: (
                position[item[0][0]], position[item[0][1]])):
            if not dep.is_empty():
                components = distance_components(dep, shared_loops(source, target))
                edges.append((kind, source, target, components))
    return edges


def _statement_label(statement, line_offset: int) -> str:
    name, _, place = statement_places([statement], line_offset).partition(" = the ")
    return f"{name}\n{place}"


def dependence_cluster(number: int, scop, title: str, line_offset: int = 0) -> list:
    """The lines of one region's dependence graph, as a DOT cluster."""
    lines = [f"  subgraph cluster_{number} {{", f"    label={quote(title)};"]
    for s in scop.statements:
        lines.append(f"    {quote(f'r{number}.{s.name}')} "
                     f"[label={quote(_statement_label(s, line_offset))}];")
    for kind, source, target, components in dependence_edges(scop):
        label = f"{kind} {components_text(components)}".rstrip()
        lines.append(f"    {quote(f'r{number}.{source.name}')} -> "
                     f"{quote(f'r{number}.{target.name}')} "
                     f"[label={quote(label)}, color={quote(KIND_COLOURS[kind])}, "
                     f"fontcolor={quote(KIND_COLOURS[kind])}];")
    lines.append("  }")
    return lines


def fusion_clusters(number: int, plan, title: str) -> list:
    """The lines of the fusion conflict graphs of one region's plan, a DOT
    cluster per level and group, nodes filled with the colouring chosen."""
    lines = []
    for k, (level, group, graph) in enumerate(plan.graphs):
        names = ", ".join(s.name for s in group)
        lines += [f"  subgraph cluster_{number}_{k} {{",
                  f"    label={quote(f'{title}: level {level}, FCG of {names}')};"]

        def node(vertex, level=level):
            return quote(f"r{number}.l{level}.{vertex[0].name}.i{vertex[1]}")

        for statement, dim in graph.vertices:
            row = plan.schedule.rows[statement][level]
            label = f"{statement.name}:i{dim}"
            if row.dim == dim:
                shift = f" + {row.shift}" if row.shift else ""
                colour = LOOP_COLOURS[row.beta % len(LOOP_COLOURS)]
                lines.append(f"    {node((statement, dim))} [label={quote(f'{label}{shift}')}"
                             f", xlabel={quote(f'loop {row.beta}')}, style=filled, "
                             f"fillcolor={quote(colour)}];")
            else:
                lines.append(f"    {node((statement, dim))} [label={quote(label)}];")
        position = {v: n for n, v in enumerate(graph.vertices)}
        for vertex in sorted(graph.self_edges, key=lambda v: position[v]):
            lines.append(f"    {node(vertex)} -- {node(vertex)} [color=\"#c0392b\"];")
        for edge in sorted(graph.edges, key=lambda e: sorted(position[v] for v in e)):
            u, v = sorted(edge, key=lambda v: position[v])
            style = "color=\"#c0392b\"" if u[0] is not v[0] else "color=\"#aaaaaa\", style=dashed"
            lines.append(f"    {node(u)} -- {node(v)} [{style}];")
        lines.append("  }")
    return lines
